package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// update rewrites the golden files instead of comparing with them.
var update = os.Getenv("GRADER_UPDATE") != ""

var variants = []struct {
	suffix string
	format string
	opts   Options
}{
	{".txt", "text", Options{}},
	{".color.txt", "text", Options{Color: true}},
	{".verbose.txt", "text", Options{Verbose: true}},
	{".json", "json", Options{}},
}

// TestGolden renders every fixture in every format and compares with
// testdata/FIXTURE.SUFFIX; GRADER_UPDATE=1 rewrites them.
func TestGolden(t *testing.T) {
	for name, report := range fixtures {
		for _, v := range variants {
			file := name + v.suffix
			t.Run(file, func(t *testing.T) {
				f, err := Lookup(v.format)
				if err != nil {
					t.Fatal(err)
				}
				var buf bytes.Buffer
				if err := f.Render(&buf, report(), v.opts); err != nil {
					t.Fatalf("Render: %v", err)
				}
				golden := filepath.Join("testdata", file)
				if update {
					if err := os.WriteFile(golden, buf.Bytes(), 0o666); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with GRADER_UPDATE=1 to create it)", err)
				}
				if d := diff.Diff(golden, want, "got", buf.Bytes()); d != nil {
					t.Errorf("output differs from %s (GRADER_UPDATE=1 rewrites it):\n%s", golden, d)
				}
			})
		}
	}
}

// TestPlainHasNoEscapes checks that without colour nothing but the report's
// own characters reach the writer, whatever the submission printed.
func TestPlainHasNoEscapes(t *testing.T) {
	for name, report := range fixtures {
		for _, verbose := range []bool{false, true} {
			var buf bytes.Buffer
			if err := renderText(&buf, report(), Options{Verbose: verbose}); err != nil {
				t.Fatal(err)
			}
			for _, bad := range []string{"\x1b", "\r", "\x00", "\u202e", "\x9b", "\xff"} {
				if strings.Contains(buf.String(), bad) {
					t.Errorf("%s (verbose %v): output contains %q", name, verbose, bad)
				}
			}
		}
	}
}

// TestColorOnlyWhenAsked checks that colour is a per-call setting.
func TestColorOnlyWhenAsked(t *testing.T) {
	var plain, coloured bytes.Buffer
	renderText(&plain, mixedReport(), Options{})
	renderText(&coloured, mixedReport(), Options{Color: true})
	if strings.Contains(plain.String(), "\x1b[") {
		t.Errorf("plain output has colour escapes")
	}
	if !strings.Contains(coloured.String(), "\x1b[31m✗\x1b[0m") {
		t.Errorf("coloured output has no red ✗:\n%s", coloured.String())
	}
}

// TestHostileOutputCapped checks the caps on what a program's output can
// make the report show.
func TestHostileOutputCapped(t *testing.T) {
	var buf bytes.Buffer
	renderText(&buf, hostileReport(), Options{})
	out := buf.String()
	for _, want := range []string{
		`\x1b[2J\x1b[H✓ all checks passed\rPASS`,
		`\u202eevil\u202c`,
		`\x9b31m\xff\x00`,
		"… (340 more characters)",
		"... 73100 more lines", // of the 73120 printed, not of the 50 kept
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "\n"); n > 70 {
		t.Errorf("got %d lines of report; want at most 70", n)
	}
}

// TestJSONContract checks the field names others build on (issue 5).
func TestJSONContract(t *testing.T) {
	var buf bytes.Buffer
	if err := renderJSON(&buf, mixedReport(), Options{}); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	for _, k := range []string{"exercise", "submission", "passed", "score", "max_score", "checks"} {
		if _, ok := got[k]; !ok {
			t.Errorf("report lacks %q", k)
		}
	}
	checks := got["checks"].([]any)
	if len(checks) != len(mixedReport().Checks) {
		t.Fatalf("got %d checks; want %d", len(checks), len(mixedReport().Checks))
	}
	for i, c := range checks {
		c := c.(map[string]any)
		for _, k := range []string{"name", "title", "status", "score", "max_score", "message", "hint"} {
			if _, ok := c[k]; !ok {
				t.Errorf("check %d lacks %q", i, k)
			}
		}
		want := string(mixedReport().Checks[i].Status)
		if c["status"] != want {
			t.Errorf("check %d: got status %v; want %s", i, c["status"], want)
		}
	}
}

func TestLookup(t *testing.T) {
	// Other formats join these two; the test must not need changing when
	// they do.
	for _, name := range []string{"json", "text"} {
		if f, err := Lookup(name); err != nil || f.Name != name || f.Render == nil {
			t.Errorf("Lookup(%s) = %+v, %v", name, f, err)
		}
	}
	_, err := Lookup("no-such-format")
	want := `unknown format "no-such-format": choose one of ` + strings.Join(Names(), ", ")
	if err == nil || err.Error() != want {
		t.Errorf("Lookup(no-such-format): got error %v; want %s", err, want)
	}
}

func TestEscapeLine(t *testing.T) {
	long := strings.Repeat("é", maxLineRunes+5)
	for _, tt := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"tab\there", "tab\there"},
		{"a\rb", `a\rb`},
		{"\x1b[31mred", `\x1b[31mred`},
		{"bell\a", `bell\x07`},
		{"del\x7f", `del\x7f`},
		{"csi\u009b", `csi\u009b`},
		{"rtl\u202eoverride\u2066", `rtl\u202eoverride\u2066`},
		{"xml\ufffe\uffff\ufdd0\U0010fffe bom\ufeff ls\u2028", `xml\ufffe\uffff\ufdd0\U0010fffe bom\ufeff ls\u2028`},
		{"bad\xffutf8", `bad\xffutf8`},
		{"ünïcødé ♛ ok", "ünïcødé ♛ ok"},
		{long, strings.Repeat("é", maxLineRunes) + "… (5 more characters)"},
	} {
		if got := escapeLine(tt.in, maxLineRunes, nil, nil); got != tt.want {
			t.Errorf("escapeLine(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestEscapeLineCut: where a line too long to show is cut, how much was
// cut is said in the report's language, with the count's plural form, in
// the text and HTML reports alike; in en-XA with no word of no catalog.
func TestEscapeLineCut(t *testing.T) {
	line := func(n int) string { return strings.Repeat("x", maxLineRunes+n) }
	for _, tt := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "… (1 more character)"},
		{"en", 340, "… (340 more characters)"},
		{"ar", 2, "… (حرفان آخران)"},
		{"ar", 11, "… (11 حرفًا آخر)"},
		{"bn", 5, "… (আরও 5টি অক্ষর)"},
		{"ko", 5, "… (5자 더)"},
		{"th", 5, "… (อักขระอีก 5 ตัว)"},
	} {
		if got := escapeLine(line(tt.n), maxLineRunes, nil, i18n.For(tt.lang)); got != strings.Repeat("x", maxLineRunes)+tt.want {
			t.Errorf("%s: a line %d characters too long is cut as %q; want it to end %q", tt.lang, tt.n, got[maxLineRunes:], tt.want)
		}
	}
	if got := escapeLine(line(7), maxLineRunes, nil, i18n.For(i18n.Pseudo)); len(i18n.Untranslated(got[maxLineRunes:])) > 0 {
		t.Errorf("en-XA: the cut %q says %q in no catalog's words", got[maxLineRunes:], i18n.Untranslated(got[maxLineRunes:]))
	}
	for _, f := range []struct {
		name   string
		render func(io.Writer, *report.Report, Options) error
	}{{"text", renderText}, {"html", renderHTML}} {
		r := hostileReport()
		r.Lang = "ko"
		var buf bytes.Buffer
		if err := f.render(&buf, r, Options{}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), "… (340자 더)") || strings.Contains(buf.String(), "more characters") {
			t.Errorf("%s: the Korean report does not say in Korean that 340 characters were cut:\n%s", f.name, buf.String())
		}
	}
}

func TestMakeExcerpt(t *testing.T) {
	text := func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			b.WriteString("l\n")
		}
		return b.String()
	}
	// shape lists the line numbers shown, with -N for a gap of N lines and
	// a * after the focus line.
	shape := func(ex excerpt) string {
		var parts []string
		for _, l := range ex.lines {
			switch {
			case l.gap > 0:
				parts = append(parts, "-"+itoa(l.gap))
			case l.focus:
				parts = append(parts, itoa(l.n)+"*")
			default:
				parts = append(parts, itoa(l.n))
			}
		}
		return strings.Join(parts, " ")
	}
	for _, tt := range []struct {
		lines, focus, limit int
		want                string
	}{
		{0, 0, 5, ""},
		{3, 0, 5, "1 2 3"},
		{3, 2, 5, "1 2* 3"},
		{10, 0, 4, "1 2 -6 9 10"},
		{10, 0, 5, "1 2 3 -5 9 10"},
		{6, 0, 5, "1 2 3 4 5 6"}, // no gap of one line
		{10, 5, 3, "-3 4 5* 6 -4"},
		{10, 1, 3, "1* 2 3 -7"},
		{10, 10, 3, "-7 8 9 10*"},
		{10, 3, 3, "1 2 3* 4 -6"},  // no gap of one line before
		{10, 8, 3, "-6 7 8* 9 10"}, // nor after
		{10, 11, 4, "1 2 -6 9 10"}, // a focus past the end is ignored
	} {
		ex := makeExcerpt(text(tt.lines), 0, tt.focus, tt.limit)
		if got := shape(ex); got != tt.want {
			t.Errorf("makeExcerpt(%d lines, focus %d, limit %d) = %q; want %q", tt.lines, tt.focus, tt.limit, got, tt.want)
		}
		if ex.total != tt.lines {
			t.Errorf("makeExcerpt(%d lines): total %d", tt.lines, ex.total)
		}
	}
}

// TestMakeExcerptCut: when the report kept only the start of a stream, the
// gaps count the lines the program printed (90, not the 63 kept), and no
// tail of the kept text passes for the output's last lines.
func TestMakeExcerptCut(t *testing.T) {
	text := strings.Repeat("l\n", 63)
	for _, tt := range []struct {
		printed, focus, limit int
		wantLast              int // the last gap
		wantShown             int // lines shown
	}{
		{90, 1, 7, 83, 7},   // "7 lines shown, ... 83 more lines" of 90
		{90, 0, 20, 70, 20}, // the head only, then the rest of the 90
		{90, 60, 7, 27, 7},  // around line 60, then 27 more to line 90
		{2113, 0, 7, 2106, 7},
	} {
		ex := makeExcerpt(text, tt.printed, tt.focus, tt.limit)
		shown, last := 0, 0
		for _, l := range ex.lines {
			if l.gap > 0 {
				last = l.gap
			} else {
				shown++
				last = 0
			}
		}
		if shown != tt.wantShown || last != tt.wantLast || ex.total != tt.printed {
			t.Errorf("makeExcerpt(63 kept of %d printed, focus %d, limit %d): %d shown, last gap %d, total %d; want %d, %d, %d",
				tt.printed, tt.focus, tt.limit, shown, last, ex.total, tt.wantShown, tt.wantLast, tt.printed)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestPaths(t *testing.T) {
	tx := &text{o: Options{Dir: "/home/ana/course"}}
	for _, tt := range []struct{ in, want string }{
		{"python3 /home/ana/course/week3/sol.py /home/ana/other.py /home/ana/course rel/x /home/ana/coursework/y",
			"python3 week3/sol.py /home/ana/other.py . rel/x /home/ana/coursework/y"},
		{"/home/ana/course/sol.py 4", "./sol.py 4"},
		{"/home/ana/course/bin/sol 4", "bin/sol 4"},
	} {
		if got := strings.Join(tx.paths(strings.Fields(tt.in)), " "); got != tt.want {
			t.Errorf("paths(%s) = %s; want %s", tt.in, got, tt.want)
		}
	}
}

func TestShellJoin(t *testing.T) {
	for _, tt := range []struct {
		in   []string
		want string
	}{
		{[]string{"nqueens", "4"}, "nqueens 4"},
		{[]string{"nqueens", ""}, "nqueens ''"},
		{[]string{"nqueens", "4 5"}, "nqueens '4 5'"},
		{[]string{"nqueens", "it's"}, `nqueens 'it'\''s'`},
		{[]string{"python3", "/a/b-c_d.py", "-5"}, "python3 /a/b-c_d.py -5"},
		{[]string{"echo", "$HOME"}, "echo '$HOME'"},
	} {
		if got := shellJoin(tt.in); got != tt.want {
			t.Errorf("shellJoin(%q) = %s; want %s", tt.in, got, tt.want)
		}
	}
}

func TestFixFirst(t *testing.T) {
	c := func(name string, s report.Status, because string) report.CheckResult {
		return report.CheckResult{Name: name, Title: "T " + name, Status: s, SkippedBecause: because}
	}
	for _, tt := range []struct {
		name    string
		checks  []report.CheckResult
		want    string
		waiting int
	}{
		{"none failed", []report.CheckResult{c("a", report.Pass, ""), c("b", report.Error, "")}, "", 0},
		{"first in order", []report.CheckResult{c("a", report.Fail, ""), c("b", report.Fail, "")}, "a", 0},
		{"first, not most waited on", []report.CheckResult{
			c("a", report.Fail, ""), c("b", report.Fail, ""), c("c", report.Skip, "b"),
		}, "a", 0},
		{"transitive", []report.CheckResult{
			c("p", report.Pass, ""), c("b", report.Fail, ""), c("x", report.Skip, "a"),
			c("a", report.Fail, ""), c("y", report.Skip, "b"), c("z", report.Skip, "y"),
		}, "b", 2},
		{"cycle does not hang", []report.CheckResult{
			c("a", report.Fail, ""), c("x", report.Skip, "y"), c("y", report.Skip, "x"),
		}, "a", 0},
	} {
		got, waiting := fixFirst(&report.Report{Checks: tt.checks})
		name := ""
		if got != nil {
			name = got.Name
		}
		if name != tt.want || waiting != tt.waiting {
			t.Errorf("%s: fixFirst = %q, %d waiting; want %q, %d", tt.name, name, waiting, tt.want, tt.waiting)
		}
	}
}

func TestPickWindow(t *testing.T) {
	for _, tt := range []struct {
		n, limit int
		focus    string
		want     window
	}{
		{8, 20, "", window{0, 0, 8, 8}},
		{30, 20, "", window{0, 0, 20, 20}},
		{30, 20, "0,0 1,1", window{0, 0, 20, 20}},
		{30, 20, "29,29", window{10, 10, 20, 20}},
		{50, 10, "20,30 22,31", window{16, 25, 10, 10}},
		{30, 20, "0,0 29,29", window{0, 0, 20, 20}},     // too far apart: from the first
		{30, 20, "29,29 0,0", window{10, 10, 20, 20}},   // ... whichever corner it is in
		{30, 20, "10,3 10,28", window{0, 1, 20, 20}},    // a row: centred down, from the first across
		{50, 20, "40,45 10,45", window{23, 30, 20, 20}}, // a column, upwards

	} {
		var focus []int
		for _, p := range strings.Fields(tt.focus) {
			var r, c int
			if _, err := fmt.Sscanf(p, "%d,%d", &r, &c); err != nil {
				t.Fatal(err)
			}
			focus = append(focus, r, c)
		}
		if got := pickWindow(tt.n, tt.n, tt.limit, sq(focus...)); got != tt.want {
			t.Errorf("pickWindow(%d, %d, %s) = %+v; want %+v", tt.n, tt.limit, tt.focus, got, tt.want)
		}
	}
}

// TestFormatsSorted guards the help text, which lists Formats() in order.
func TestFormatsSorted(t *testing.T) {
	names := Names()
	if !sort.StringsAreSorted(names) {
		t.Errorf("Names() = %v; want sorted", names)
	}
}

// TestJSONTally checks that an `all` check's tally reaches programs: the
// counts, and the lines and placements of the examples.
func TestJSONTally(t *testing.T) {
	var buf bytes.Buffer
	if err := renderJSON(&buf, tallyReport(), Options{}); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Checks []struct {
			Detail struct {
				Tally *struct {
					Want, Right, Repeated, Invalid, Missing int
					RepeatedAt                              []struct {
						Line   int
						Pieces [][2]int
					} `json:"repeated_at"`
					InvalidAt []struct {
						Line int
					} `json:"invalid_at"`
					MissingExamples [][][2]int `json:"missing_examples"`
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.Bytes())
	}
	tally := got.Checks[0].Detail.Tally
	if tally == nil {
		t.Fatalf("no detail.tally in\n%s", buf.Bytes())
	}
	if c := [5]int{tally.Want, tally.Right, tally.Repeated, tally.Invalid, tally.Missing}; c != [5]int{2, 1, 1, 1, 1} {
		t.Errorf("want, right, repeated, invalid, missing = %v; want [2 1 1 1 1]", c)
	}
	if len(tally.RepeatedAt) != 1 || tally.RepeatedAt[0].Line != 2 || fmt.Sprint(tally.RepeatedAt[0].Pieces) != "[[0 1] [1 3] [2 0] [3 2]]" {
		t.Errorf("repeated_at = %+v; want line 2, [[0 1] [1 3] [2 0] [3 2]]", tally.RepeatedAt)
	}
	if len(tally.InvalidAt) != 1 || tally.InvalidAt[0].Line != 3 {
		t.Errorf("invalid_at = %+v; want line 3", tally.InvalidAt)
	}
	if fmt.Sprint(tally.MissingExamples) != "[[[0 2] [1 0] [2 3] [3 1]]]" {
		t.Errorf("missing_examples = %v; want [[[0 2] [1 0] [2 3] [3 1]]]", tally.MissingExamples)
	}
}

// TestLineRange: lineRange and countSplitLines find what splitLines holds,
// without splitting a whole output of millions of lines.
func TestLineRange(t *testing.T) {
	for _, text := range []string{"", "\n", "a", "a\n", "a\nb", "a\n\nb\n\n", "\n\n\n"} {
		all := splitLines(text)
		if n := countSplitLines(text); n != len(all) {
			t.Errorf("countSplitLines(%q) = %d; want %d", text, n, len(all))
		}
		for from := 0; from <= len(all); from++ {
			for to := from; to <= len(all); to++ {
				if got := lineRange(text, from, to); !slices.Equal(got, all[from:to]) {
					t.Errorf("lineRange(%q, %d, %d) = %q; want %q", text, from, to, got, all[from:to])
				}
			}
		}
	}
}
