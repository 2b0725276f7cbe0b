package render

import (
	"strconv"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/report"
)

// traceback is a crash's standard error, the same in several checks.
const traceback = "Traceback (most recent call last):\n  File \"q.py\", line 16, in <module>\n    n = int(input())\nEOFError: EOF when reading a line\n"

// crashedEverywhere is a report whose checks crashed alike: one traceback,
// under three checks whose messages differ.
func crashedEverywhere() *report.Report {
	r := &report.Report{Exercise: "nqueens"}
	for _, n := range []string{"4", "abc", "x"} {
		r.Checks = append(r.Checks, report.CheckResult{
			Name: "n" + n, Title: "N = " + n, Status: report.Fail, MaxScore: 1,
			Message: "nqueens " + n + ": waited for input that is not given",
			Runs:    []report.Run{{Args: []string{"nqueens", n}, ExitCode: 1, Stdout: "Enter N: ", Stderr: traceback}},
		})
	}
	return r
}

// TestTracebackOnce: a traceback that several checks' runs printed alike is
// quoted once, under the first, in the text report and in VPL's; the others
// say whose it is.
func TestTracebackOnce(t *testing.T) {
	var vpl strings.Builder
	if err := renderVPL(&vpl, crashedEverywhere(), Options{}); err != nil {
		t.Fatal(err)
	}
	for format, out := range map[string]string{"text": renderPlain(t, crashedEverywhere()), "vpl": vpl.String()} {
		if n := strings.Count(out, "EOFError: EOF when reading a line"); n != 1 {
			t.Errorf("%s: the traceback is quoted %d times; want once:\n%s", format, n, out)
		}
		if n := strings.Count(out, "standard error: the same as under n4 above"); n != 2 {
			t.Errorf("%s: %d later checks say whose traceback it is; want 2:\n%s", format, n, out)
		}
	}
}

// TestTextPartOfOutput: "this report shows part of the output" comes with
// some of it; under a picture that stands for the output, it is not said.
func TestTextPartOfOutput(t *testing.T) {
	r := &report.Report{Exercise: "nqueens", Checks: []report.CheckResult{{
		Name: "n10", Title: "N = 10", Status: report.Fail, MaxScore: 1,
		Message: "17 of 724 solutions missing",
		Detail:  &report.Detail{Board: &checker.BoardPicture{N: 4, Piece: 'Q', Suggestion: sq(0, 1, 1, 3, 2, 0, 3, 2)}},
		Runs: []report.Run{{Args: []string{"nqueens", "10"}, Stdout: strings.Repeat("[[0, 1]]\n", 50),
			Trimmed: true, StdoutLines: 707}},
	}}}
	if out := renderPlain(t, r); strings.Contains(out, "shows part of the output") {
		t.Errorf("the report promises output it does not show:\n%s", out)
	}
}

// TestTextExcerptBeyondKept: a line at fault past what the report keeps of
// standard output is shown all the same, marked, from the detail's
// excerpt, with the gaps around it counted.
func TestTextExcerptBeyondKept(t *testing.T) {
	r := &report.Report{Exercise: "nqueens", Checks: []report.CheckResult{{
		Name: "n10", Title: "N = 10", Status: report.Fail, MaxScore: 1,
		Message: `line 708: expected [[r, c], ...], got "[[0, 9], [1"`,
		Detail: &report.Detail{OutputLine: 708, ExcerptFrom: 705,
			Excerpt: "[[0, 8]]\n[[0, 8]]\n[[0, 9]]\n[[0, 9], [1\n"},
		Runs: []report.Run{{Args: []string{"nqueens", "10"}, Stdout: strings.Repeat("[[0, 1]]\n", 50),
			Trimmed: true, StdoutLines: 708}},
	}}}
	out := renderPlain(t, r)
	for _, want := range []string{"... 704 more lines\n", "> 708  [[0, 9], [1\n", "  705  [[0, 8]]\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("got\n%s\nwant %q", out, want)
		}
	}
}

// TestTextFocus: a watch's report shows every failure by its message and
// the one to fix first in full, last, above the summary: on a 50-row
// terminal a dozen failures in full scrolled it off the screen.
func TestTextFocus(t *testing.T) {
	r := &report.Report{Exercise: "nqueens"}
	for i := range 12 {
		n := strconv.Itoa(i + 4)
		r.Checks = append(r.Checks, report.CheckResult{
			Name: "n" + n, Title: "Every solution for N = " + n, Status: report.Fail, MaxScore: 1,
			Message: "line " + n + ": queens at row 0 col " + n + " and row 2 col 3 share a diagonal",
			Hint:    "Check the diagonals.",
			Runs: []report.Run{{Args: []string{"nqueens", n}, Stdout: strings.Repeat("[[0, 1], [1, 3]]\n", 30),
				Stderr: "debug " + n + "\n"}},
		})
	}
	var b strings.Builder
	if err := renderText(&b, r, Options{Focus: true, Width: 100}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) > 50 {
		t.Errorf("the report is %d lines; want it to fit a 50-row terminal:\n%s", len(lines), out)
	}
	if n := strings.Count(out, "hint: Check the diagonals."); n != 1 {
		t.Errorf("%d failures shown in full; want 1:\n%s", n, out)
	}
	detail := strings.LastIndex(out, "$ nqueens 4")
	if detail < 0 || detail < strings.Index(out, "Every solution for N = 15") {
		t.Errorf("the failure to fix first (n4) is not shown in full below the list:\n%s", out)
	}
	if !strings.Contains(lines[len(lines)-1], "fix first: Every solution for N = 4 [n4]") {
		t.Errorf("the summary is not the last line:\n%s", out)
	}
}
