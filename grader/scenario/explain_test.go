package scenario

import (
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

func TestExplainDiff(t *testing.T) {
	tests := []struct {
		name          string
		actual, other string
		want          string // the expected output
		msg           string
		line          int
	}{
		{"wrong stream", "", "Usage: nqueens N\n", "Usage: nqueens N\n",
			"the expected text was printed on standard error instead of standard output", 0},
		{"nothing", "", "", "Usage: nqueens N\n",
			`printed nothing on standard output; expected "Usage: nqueens N"`, 0},
		{"windows", "a\r\nb\r\n", "", "a\nb\n",
			`standard output differs from the expected output: lines end with \r\n (Windows line endings)`, 0},
		{"no final newline", "a\nb", "", "a\nb\n",
			"standard output differs from the expected output: the last line does not end with a newline", 0},
		{"extra blank lines", "a\nb\n\n\n", "", "a\nb\n",
			"standard output differs from the expected output: extra blank lines at the end", 0},
		{"trailing spaces", "a\nb  \n", "", "a\nb\n",
			"standard output differs from the expected output: line 2 has trailing spaces", 2},
		{"trailing period", "N must be a number.\n", "", "N must be a number\n",
			"standard output differs from the expected output: line 1 ends with a period that should not be there", 1},
		{"missing period", "Done\n", "", "Done.\n",
			"standard output differs from the expected output: line 1 is missing its final period", 1},
		{"case", "usage: nqueens N\n", "", "Usage: nqueens N\n",
			"standard output differs from the expected output: line 1 differs in upper and lower case", 1},
		{"other line", "a\nx\nc\n", "", "a\nb\nc\n",
			`standard output differs from the expected output: line 2 is "x"; expected "b"`, 2},
		{"missing line", "a\n", "", "a\nb\n",
			`standard output differs from the expected output: line 2 is missing: expected "b"`, 2},
		{"extra line", "a\nb\n", "", "a\n",
			`standard output differs from the expected output: line 2 should not be there: "b"`, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d := explainDiff(stdoutStream, tt.actual, tt.other, tt.want)
			if msg := english(m); msg != tt.msg {
				t.Errorf("got %q; want %q", msg, tt.msg)
			}
			if d.Expected != tt.want || d.Actual != tt.actual || d.OutputLine != tt.line {
				t.Errorf("got detail %+v; want expected %q, actual %q, line %d", d, tt.want, tt.actual, tt.line)
			}
		})
	}
}

func TestNearMiss(t *testing.T) {
	tests := []struct {
		pattern, text, want string
		line                int
	}{
		{`^Usage: nqueens N$`, "Usage: nqueens N\r\n", `lines end with \r\n (Windows line endings), e.g. line 1`, 1},
		{`^Usage: nqueens N$`, "x\nUsage: nqueens N \n", "line 2 has trailing spaces", 2},
		{`^Usage: nqueens N$`, "  Usage: nqueens N\n", "line 1 has leading spaces", 1},
		{`^Usage: nqueens N$`, "Usage: nqueens N.\n", "line 1 ends with a period that should not be there", 1},
		{`^N must be a number\.$`, "N must be a number\n", "line 1 is missing its final period", 1},
		{`^usage: nqueens n$`, "Usage: nqueens N\n", "line 1 differs in upper and lower case", 1},
		{`^Usage: nqueens N$`, "USAGE: NQUEENS N\n", `line 1 differs in upper and lower case: "USAGE: NQUEENS N"`, 1},
		{`^Usage: nqueens N$`, "something else\n", "", 0},
	}
	for _, tt := range tests {
		m, line := nearMiss(regexp.MustCompile("(?m)"+tt.pattern), tt.text)
		got := ""
		if m.ID != "" {
			got = english(m)
		}
		if got != tt.want || line != tt.line {
			t.Errorf("nearMiss(%q, %q) = %q, %d; want %q, %d", tt.pattern, tt.text, got, line, tt.want, tt.line)
		}
	}
}

func TestTrimText(t *testing.T) {
	long := strings.Repeat("ab\n", 100)
	got, trimmed := trimText([]byte(long), 50)
	if !trimmed || len(got) > 50 || !strings.HasSuffix(got, "\n") {
		t.Errorf("got %q, %v; want at most 50 bytes ending a line, trimmed", got, trimmed)
	}
	got, trimmed = trimText([]byte("héllo"), 2)
	if !trimmed || got != "h" {
		t.Errorf("got %q, %v; want \"h\": never half a UTF-8 sequence", got, trimmed)
	}
	got, trimmed = trimText([]byte(long), -1)
	if trimmed || got != long {
		t.Errorf("got %d bytes, %v; want all of it untrimmed", len(got), trimmed)
	}
}

// TestRecordLineCounts checks that a run's line counts are those of the
// whole output, not of the copy trimmed for the report.
func TestRecordLineCounts(t *testing.T) {
	out := strings.Repeat("0 1 0 0\n", 5000) + "last"
	g := &Runner{}
	r := g.record([]string{"nqueens", "4"}, []string{"prog", "4"}, nil,
		&sandbox.Result{Stdout: []byte(out), Stderr: []byte("oops\n")}, report.Message{})
	if !r.Trimmed || len(r.Stdout) >= len(out) {
		t.Fatalf("Trimmed %v, kept %d of %d bytes; want the output trimmed", r.Trimmed, len(r.Stdout), len(out))
	}
	if r.StdoutLines != 5001 || r.StderrLines != 1 {
		t.Errorf("StdoutLines %d, StderrLines %d; want 5001, 1", r.StdoutLines, r.StderrLines)
	}
	if got := (&Runner{}).record(nil, nil, nil, &sandbox.Result{}, report.Message{}); got.StdoutLines != 0 {
		t.Errorf("StdoutLines of no output = %d; want 0", got.StdoutLines)
	}
}

// TestExplainDiffFlood: an output of millions of lines is explained by its
// first difference without a slice of its lines: once 16 bytes a line, 256
// MB of the grader's for 16 MiB of newlines.
func TestExplainDiffFlood(t *testing.T) {
	actual := strings.Repeat("\n", 4<<20) + "hello\n"
	other := strings.Repeat("\n", 4<<20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, d := explainDiff(stdoutStream, actual, other, "the expected line\n")
	runtime.ReadMemStats(&after)
	if got, want := english(m), `standard output differs from the expected output: line 1 is ""; expected "the expected line"`; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
	if d.OutputLine != 1 {
		t.Errorf("got line %d; want 1", d.OutputLine)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("explainDiff allocated %d bytes for %d lines; want under 1 MiB", alloc, lineCount(actual))
	}
}

// TestLines: lines yields what strings.Split holds.
func TestLines(t *testing.T) {
	for _, text := range []string{"", "\n", "a", "a\n", "a\nb", "a\n\nb\n\n", "\n\n\n"} {
		var got []string
		for i, l := range lines(text) {
			if i != len(got) {
				t.Fatalf("%q: index %d; want %d", text, i, len(got))
			}
			got = append(got, l)
		}
		if want := strings.Split(text, "\n"); !slices.Equal(got, want) || lineCount(text) != len(want) {
			t.Errorf("%q: got %q, count %d; want %q", text, got, lineCount(text), want)
		}
		for n := range len(got) + 2 {
			want := ""
			if n >= 1 && n <= len(got) {
				want = got[n-1]
			}
			if l := lineAt(text, n); l != want {
				t.Errorf("lineAt(%q, %d) = %q; want %q", text, n, l, want)
			}
		}
	}
}
