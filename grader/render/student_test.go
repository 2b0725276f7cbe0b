package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// hiddenSecrets are what hiddenReport's hidden checks must not show a
// student: their titles, names, messages, hints and what their runs printed.
var hiddenSecrets = []string{
	"N = 4: every solution", "[n4]", "share a diagonal", "check r1-c1", "[[0, 0], [1, 2]",
	"Two arguments print the usage", "usage-two-arguments", "nqueens 4 5",
}

// TestForStudentFormats renders hiddenReport in every format a student
// reads, verbose too: none shows anything of a hidden check but that it
// exists and its verdict, and each still shows the visible checks.
func TestForStudentFormats(t *testing.T) {
	for _, name := range []string{"text", "html", "github", "prairielearn", "vpl", "classroom"} {
		f, err := Lookup(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, verbose := range []bool{false, true} {
			var buf bytes.Buffer
			if err := f.Render(&buf, hiddenReport(), Options{Verbose: verbose}); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out := readable(t, name, buf.String())
			for _, s := range hiddenSecrets {
				if strings.Contains(out, s) {
					t.Errorf("%s (verbose %t) shows %q of a hidden check:\n%s", name, verbose, s, out)
				}
			}
			if !strings.Contains(out, report.HiddenTitle) || !strings.Contains(out, "A word is not a number") {
				t.Errorf("%s (verbose %t) does not list the hidden checks as %q beside the visible ones:\n%s", name, verbose, report.HiddenTitle, out)
			}
		}
	}
}

// readable is a rendering as text to search: classroom's is base64.
func readable(t *testing.T, format, out string) string {
	if format != "classroom" {
		return out
	}
	doc, err := decodeClassroom(out)
	if err != nil {
		t.Fatalf("classroom: %v", err)
	}
	data, _ := json.Marshal(doc)
	return string(data)
}

// TestForStudentKeeps makes sure the view changes nothing else: a report
// without hidden checks is the same report, the verdicts and points of the
// hidden ones are kept, and the instructor's formats keep everything.
func TestForStudentKeeps(t *testing.T) {
	r := mixedReport()
	if ForStudent(r) != r {
		t.Error("a report without hidden checks was copied")
	}
	h := hiddenReport()
	v := ForStudent(h)
	for i, c := range v.Checks {
		o := h.Checks[i]
		if c.Status != o.Status || c.Score != o.Score || c.MaxScore != o.MaxScore {
			t.Errorf("check %d: %s %d/%d; want %s %d/%d", i, c.Status, c.Score, c.MaxScore, o.Status, o.Score, o.MaxScore)
		}
	}
	if h.Checks[3].Title != "N = 4: every solution" {
		t.Error("ForStudent changed the report it was given")
	}
	var buf bytes.Buffer
	if err := renderJSON(&buf, h, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "share a diagonal") || !strings.Contains(buf.String(), `"visibility": "hidden"`) {
		t.Errorf("the JSON report lost a hidden check's message or visibility:\n%s", buf.String())
	}
}

// TestGradescopeVisibility: Gradescope is told which tests to hide, in its
// own words, and keeps their output for the instructor; the summary it
// shows beside the score does not name a hidden check.
func TestGradescopeVisibility(t *testing.T) {
	var buf bytes.Buffer
	if err := renderGradescope(&buf, hiddenReport(), Options{}); err != nil {
		t.Fatal(err)
	}
	var doc gsResults
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"n4": "hidden", "usage-two-arguments": "after_due_date"}
	for _, tc := range doc.Tests {
		w := want[tc.Tags[0]]
		if w == "" {
			w = "visible"
		}
		if tc.Visibility != w {
			t.Errorf("test %s: visibility %q; want %q", tc.Tags[0], tc.Visibility, w)
		}
		if tc.Tags[0] == "n4" && !strings.Contains(tc.Output, "share a diagonal") {
			t.Errorf("test n4: output %q; want it whole, for Gradescope to hide", tc.Output)
		}
	}
	if strings.Contains(doc.Output, "N = 4") {
		t.Errorf("the summary names the hidden check: %q", doc.Output)
	}
}
