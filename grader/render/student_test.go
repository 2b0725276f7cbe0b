package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// hiddenSecrets are what hiddenReport's hidden checks must not show a
// student: their titles, names, messages, hints, what their runs printed,
// and their times (n4's 52 ms, usage-two-arguments' 35 ms, and the whole
// grading's 1.234 s, which holds them), as any format writes a time.
var hiddenSecrets = []string{
	"N = 4: every solution", "[n4]", "share a diagonal", "check r1-c1", "[[0, 0], [1, 2]",
	"Two arguments print the usage", "usage-two-arguments", "nqueens 4 5", "nqueens.n4", `"n4"`,
	"0.052", "52ms", "52 ms", "0.035", "35ms", "35 ms", "1.234", "1.23s", "1.2s",
}

// TestForStudentFormats renders hiddenReport in every format a student
// reads, verbose too: none shows anything of a hidden check but that it
// exists and its verdict, and each still shows the visible checks. TAP and
// JUnit are students' too: a student's CI job prints the one and keeps the
// other for them to read (docs/workflows/check-solution.yml).
func TestForStudentFormats(t *testing.T) {
	for _, name := range []string{"text", "html", "github", "prairielearn", "vpl", "classroom", "tap", "junit"} {
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

// TestJUnitHidden: a single report's JUnit, the student's, gives a hidden
// check a testcase of its placeholder with no time, and the suite the time
// of the checks it shows (40+33+60+2 ms), not the whole grading's; the
// class file of grader batch, the instructor's, keeps the hidden checks'
// titles, names, output and times.
func TestJUnitHidden(t *testing.T) {
	var one bytes.Buffer
	if err := renderJUnit(&one, hiddenReport(), Options{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<testsuite name="nqueens: sol.py" tests="8" failures="4" errors="1" skipped="2" time="0.135">`,
		`<testcase name="A hidden check" classname="nqueens.hidden-1" time="0.000"></testcase>`,
		`<testcase name="A hidden check" classname="nqueens.hidden-2" time="0.000">`,
	} {
		if !strings.Contains(one.String(), want) {
			t.Errorf("the student's JUnit lacks %s:\n%s", want, one.String())
		}
	}
	var class bytes.Buffer
	if err := JUnitClass(&class, "nqueens", []ClassReport{{Student: "ana", Report: hiddenReport()}}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`time="1.234"`,
		`<testcase name="N = 4: every solution" classname="nqueens.n4" time="0.052">`,
		`<testcase name="Two arguments print the usage" classname="nqueens.usage-two-arguments" time="0.035">`,
		"share a diagonal",
	} {
		if !strings.Contains(class.String(), want) {
			t.Errorf("the class JUnit, the instructor's, lacks %s:\n%s", want, class.String())
		}
	}
}

// TestForStudentSkippedByHidden: a visible check skipped because a hidden
// one did not pass names the hidden one by its placeholder, in its
// message as data (Reason, which a renderer may say in the report's
// language) as well as in its English words and in every student's format.
func TestForStudentSkippedByHidden(t *testing.T) {
	r := hiddenReport()
	needs := report.Say("skip.needs", report.Verbatim("check", "n4"))
	r.Checks = append(r.Checks, report.CheckResult{
		Name: "n6", Title: "N = 6: every solution", Status: report.Skip, MaxScore: 1,
		SkippedBecause: "n4", Reason: &needs, Message: "not run: it needs n4 to pass first",
	})
	v := ForStudent(r)
	c := v.Checks[len(v.Checks)-1]
	if got := fmt.Sprintf("%s %q %+v", c.SkippedBecause, c.Message, c.Reason); strings.Contains(got, "n4") {
		t.Errorf("the skipped check still names the hidden check n4: %s", got)
	}
	for _, name := range []string{"text", "html", "github", "prairielearn", "vpl", "classroom", "tap", "junit"} {
		f, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"en", "ar"} {
			r.Lang = lang
			var buf bytes.Buffer
			if err := f.Render(&buf, r, Options{Verbose: true}); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out := readable(t, name, buf.String())
			if strings.Contains(out, "needs n4") || strings.Contains(out, "n4 to pass") || strings.Contains(out, "\u2068n4\u2069") {
				t.Errorf("%s (%s) names the hidden check a skipped check waits on:\n%s", name, lang, out)
			}
		}
	}
}

// TestForStudentHiddenInLanguage: a hidden check's title and message are
// the catalog's, in the report's language, its message as data too; the
// text report of an Arabic report says them in Arabic.
func TestForStudentHiddenInLanguage(t *testing.T) {
	r := hiddenReport()
	r.Lang = "ar"
	v := ForStudent(r)
	var hidden *report.CheckResult
	for i, c := range v.Checks {
		if c.Name == "hidden-2" { // n4, which fails
			hidden = &v.Checks[i]
		}
	}
	if hidden == nil {
		t.Fatalf("no check hidden-2 in %+v", v.Checks)
	}
	if hidden.Title != "فحص مخفي" {
		t.Errorf("the hidden check's title in an Arabic report is %q; want the catalog's %q", hidden.Title, "فحص مخفي")
	}
	if hidden.Reason == nil || hidden.Reason.ID != "grader.hidden.fail" || !strings.HasPrefix(hidden.Message, "a hidden check failed: ") {
		t.Errorf("the hidden check's message is %q, as data %+v; want grader.hidden.fail, its English words in Message", hidden.Message, hidden.Reason)
	}
	var buf bytes.Buffer
	f, err := Lookup("text")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Render(&buf, r, Options{}); err != nil {
		t.Fatal(err)
	}
	if out := buf.String(); !strings.Contains(out, "فشل فحص مخفي") || strings.Contains(out, "A hidden check") || strings.Contains(out, "a hidden check failed") {
		t.Errorf("the Arabic text report does not say the hidden check in Arabic:\n%s", out)
	}
}
