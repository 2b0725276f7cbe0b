package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardcheck/boardcheck/grader/report"
)

func renderPlain(t *testing.T, r *report.Report) string {
	t.Helper()
	var b strings.Builder
	if err := renderText(&b, r, Options{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTextCheckLines: a student reads a check's name beside its title, and a
// skipped check names what it waits on in words they can find in the report.
func TestTextCheckLines(t *testing.T) {
	r := &report.Report{Exercise: "nqueens", Checks: []report.CheckResult{
		{Name: "n4", Title: "Every solution for N = 4", Status: report.Fail, MaxScore: 12, Message: "wrong"},
		{Name: "n6", Title: "Every solution for N = 6", Status: report.Skip, MaxScore: 11, SkippedBecause: "n4"},
		{Name: "n8", Title: "Every solution for N = 8", Status: report.Skip, MaxScore: 16, SkippedBecause: "gone"},
	}}
	out := renderPlain(t, r)
	for _, want := range []string{
		"✗ Every solution for N = 4 [n4]  0/12\n",
		"~ Every solution for N = 6 [n6]  0/11  skipped: needs “Every solution for N = 4” [n4] to pass first\n",
		// A need missing from the report is named as it is.
		"skipped: needs gone to pass first\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("got\n%s\nwant a line %q", out, want)
		}
	}
}

// TestTextStderrOnce: when the failure is output on standard error, the
// stream is shown once, even if the report cut it shorter than the message's
// copy of it.
func TestTextStderrOnce(t *testing.T) {
	full := strings.Repeat("placing at 0 0\n", 300)
	r := &report.Report{Exercise: "queens-board", Checks: []report.CheckResult{{
		Name: "all-8", Title: "Every board for N = 8", Status: report.Fail, MaxScore: 1,
		Message: `printed to standard error: "placing at 0 0"`,
		Detail:  &report.Detail{Actual: full},
		Runs: []report.Run{{Args: []string{"queens-board", "--all", "8"}, Stdout: "Q\n",
			Stderr: full[:len(full)/2], Trimmed: true}},
	}}}
	out := renderPlain(t, r)
	if strings.Contains(out, "    output:") {
		t.Errorf("got\n%s\nwant no combined output block besides standard output and standard error", out)
	}
	if n := strings.Count(out, "standard error:\n"); n != 1 {
		t.Errorf("got %d standard error blocks; want 1", n)
	}
}

// TestStderrLineMarked: a failure at a line of standard error (a debug
// print where there must be none) marks that line, in the text and the
// HTML report, and no line of standard output, which may be right.
func TestStderrLineMarked(t *testing.T) {
	r := &report.Report{Exercise: "nqueens", Checks: []report.CheckResult{{
		Name: "n4", Title: "Every solution for N = 4", Status: report.Fail, MaxScore: 12,
		Message: `printed to standard error, which must stay empty here: "debug: n = 4"`,
		Detail:  &report.Detail{Actual: "debug: n = 4\n", OutputLine: 1},
		Runs: []report.Run{{Args: []string{"nqueens", "4"}, Stdout: "[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 2], [1, 0], [2, 3], [3, 1]]\n",
			Stderr: "debug: n = 4\n"}},
	}}}
	out := renderPlain(t, r)
	if !strings.Contains(out, "standard error:\n    > 1  debug: n = 4\n") {
		t.Errorf("the line of standard error at fault is not marked:\n%s", out)
	}
	if strings.Contains(out, "> 1  [[0, 1]") {
		t.Errorf("a line of standard output is marked for a failure on standard error:\n%s", out)
	}
	var b strings.Builder
	if err := renderHTML(&b, r, Options{}); err != nil {
		t.Fatal(err)
	}
	if html := b.String(); strings.Count(html, `class="ln focus"`) != 1 {
		t.Errorf("the HTML report marks %d lines; want the one of standard error", strings.Count(html, `class="ln focus"`))
	}
}

// TestLacksTool: a submission this machine lacks the interpreter for is
// not reported as a broken exercise to report, in the text or HTML report.
func TestLacksTool(t *testing.T) {
	r := &report.Report{Exercise: "nqueens", Checks: []report.CheckResult{{
		Name: report.UngradableCheck, Title: "The submission can be run", Status: report.Error,
		Message: "submission a.rb: ruby not found on PATH: install Ruby",
	}}}
	var h strings.Builder
	if err := renderHTML(&h, r, Options{}); err != nil {
		t.Fatal(err)
	}
	for format, out := range map[string]string{"text": renderPlain(t, r), "html": h.String()} {
		if strings.Contains(out, "please report it") || !strings.Contains(strings.ToLower(out), "this machine lacks what your program needs to run") {
			t.Errorf("%s report of a missing interpreter:\n%s", format, out)
		}
	}
}

// TestTextSummary: the report ends in one line a student can quote: the
// exercise, the score, how many checks fail and which to fix first.
func TestTextSummary(t *testing.T) {
	fail := func(name string) report.CheckResult {
		return report.CheckResult{Name: name, Title: "Title " + name, Status: report.Fail, MaxScore: 10, Message: "wrong"}
	}
	pass := report.CheckResult{Name: "ok", Title: "Fine", Status: report.Pass, Score: 78, MaxScore: 78}
	skip := report.CheckResult{Name: "later", Title: "Later", Status: report.Skip, MaxScore: 2, SkippedBecause: "n4"}
	broken := report.CheckResult{Name: "bad", Title: "Bad", Status: report.Error, MaxScore: 0, Message: "exercise error"}
	for _, tt := range []struct {
		checks []report.CheckResult
		passed bool
		want   string
	}{
		{[]report.CheckResult{pass}, true, "nqueens: 78/78, every check passed\n"},
		{[]report.CheckResult{pass, fail("n4"), fail("n6"), fail("n8"), fail("n10"), skip}, false,
			"nqueens: 78/120, 4 checks fail, fix first: Title n4 [n4] (1 skipped check waits on it)\n"},
		{[]report.CheckResult{pass, fail("n4")}, false, "nqueens: 78/88, 1 check fails, fix first: Title n4 [n4]\n"},
		{[]report.CheckResult{pass, broken}, false, "nqueens: 78/78, 1 could not be judged\n"},
	} {
		r := &report.Report{Exercise: "nqueens", Checks: tt.checks, Passed: tt.passed}
		for _, c := range tt.checks {
			r.Score += c.Score
			r.MaxScore += c.MaxScore
		}
		out := renderPlain(t, r)
		if !strings.Contains(out, "\n\n"+tt.want) {
			t.Errorf("got\n%s\nwant the last line %q", out, tt.want)
		}
	}
}

// TestTextSameWay: the same mistake on several boards is explained in full
// once; each later check that fails the same way, numbers aside, says so in
// one line. -v shows every one in full.
func TestTextSameWay(t *testing.T) {
	fail := func(name, msg string) report.CheckResult {
		return report.CheckResult{Name: name, Title: "N = " + name, Status: report.Fail, MaxScore: 1, Message: msg,
			Hint: "Run it with " + name + ".", Runs: []report.Run{{Args: []string{"nqueens", name}, Stdout: "[[0, 0]]\n"}}}
	}
	r := &report.Report{Exercise: "nqueens", Checks: []report.CheckResult{
		fail("4", "line 2: queens at row 1 col 3 and row 2 col 2 share an anti-diagonal"),
		fail("6", "line 1: queens at row 2 col 5 and row 3 col 4 share an anti-diagonal"),
		fail("8", "line 1: queens at row 2 col 5 and row 6 col 1 share a diagonal"),
	}}
	out := renderPlain(t, r)
	for _, want := range []string{
		"    fails the same way as 4: line 1: queens at row 2 col 5 and row 3 col 4 share an anti-diagonal\n",
		"    line 1: queens at row 2 col 5 and row 6 col 1 share a diagonal\n", // another way: in full
	} {
		if !strings.Contains(out, want) {
			t.Errorf("got\n%s\nwant a line %q", out, want)
		}
	}
	if n := strings.Count(out, "hint:"); n != 2 {
		t.Errorf("got %d hints; want 2 (the second check's explanation is the first's)\n%s", n, out)
	}
	var b strings.Builder
	if err := renderText(&b, r, Options{Verbose: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "the same way") {
		t.Errorf("-v: got\n%s\nwant every failure in full", b.String())
	}
}

// TestTextWrapsHints: on a terminal of Width columns a hint is wrapped at
// spaces, under its first line, where the terminal would break words; 0
// (a file, a pipe) keeps it on one line.
func TestTextWrapsHints(t *testing.T) {
	hint := "This check runs your program with N = 8 and checks every line: each solution once (92 solutions), written as the statement shows."
	r := &report.Report{Exercise: "nqueens", Checks: []report.CheckResult{{
		Name: "n8", Title: "N = 8", Status: report.Fail, MaxScore: 1, Message: "wrong", Hint: hint,
	}}}
	var b strings.Builder
	if err := renderText(&b, r, Options{Width: 60}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range strings.Split(b.String(), "\n") {
		if n := utf8.RuneCountInString(l); n > 60 {
			t.Errorf("line of %d columns on a terminal of 60: %q", n, l)
		}
		if strings.HasPrefix(l, "    hint: ") || strings.HasPrefix(l, "          ") {
			got = append(got, strings.TrimSpace(strings.TrimPrefix(l, "    hint: ")))
		}
	}
	if len(got) < 2 || strings.Join(got, " ") != hint {
		t.Errorf("hint lines %q; want %q wrapped at spaces", got, hint)
	}
	if out := renderPlain(t, r); !strings.Contains(out, "    hint: "+hint+"\n") {
		t.Errorf("Width 0: got\n%s\nwant the hint on one line", out)
	}
}
