package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/submission"
)

func TestParseInterspersed(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		pos     string
		verbose bool
		run     string
		timeout time.Duration
		err     string
	}{
		{args: []string{"nqueens", "sol.py"}, pos: "nqueens sol.py"},
		{args: []string{"-v", "nqueens", "sol.py"}, pos: "nqueens sol.py", verbose: true},
		{args: []string{"nqueens", "sol.py", "-v"}, pos: "nqueens sol.py", verbose: true},
		{args: []string{"nqueens", "--run", "n4", "sol.py", "--run=n6,n8"}, pos: "nqueens sol.py", run: "n4,n6,n8"},
		{args: []string{"--timeout", "2s", "nqueens", "--", "-v.py"}, pos: "nqueens -v.py", timeout: 2 * time.Second},
		{args: []string{"nqueens", "sol.py", "--timeout", "0"}, err: `check: invalid value "0" for flag -timeout: want a positive duration with a unit, such as 30s or 2m`},
		{args: []string{"nqueens", "sol.py", "--timeout", "10"}, err: `check: invalid value "10" for flag -timeout: want a positive duration with a unit, such as 30s or 2m`},
		{args: []string{"nqueens", "sol.py", "--timeout", "-1s"}, err: `check: invalid value "-1s" for flag -timeout: want a positive duration with a unit, such as 30s or 2m`},
		{args: []string{"--run", "a,,b"}, err: `check: invalid value "a,,b" for flag -run: want a check name, or several separated by commas`},
		{args: []string{"nqueens", "-x"}, err: "check: flag provided but not defined: -x"},
		{args: []string{"nqueens", "sol.py", "--timeout"}, err: "check: flag needs an argument: -timeout"},
	} {
		fs, f := checkFlagSet()
		pos, err := parse(fs, tt.args)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("parse(%q): got error %q; want %q", tt.args, got, tt.err)
			continue
		}
		if err != nil {
			var u *usageError
			if !errors.As(err, &u) {
				t.Errorf("parse(%q): got %T; want a usage error", tt.args, err)
			}
			continue
		}
		if g := strings.Join(pos, " "); g != tt.pos {
			t.Errorf("parse(%q): got positional %q; want %q", tt.args, g, tt.pos)
		}
		if f.verbose != tt.verbose || f.run.String() != tt.run || f.timeout.d != tt.timeout {
			t.Errorf("parse(%q): got -v %v, --run %q, --timeout %v; want %v, %q, %v",
				tt.args, f.verbose, f.run.String(), f.timeout.d, tt.verbose, tt.run, tt.timeout)
		}
	}
}

func TestParseHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"nqueens", "--help"}} {
		fs, _ := checkFlagSet()
		if _, err := parse(fs, args); !errors.Is(err, errHelp) {
			t.Errorf("parse(%q): got %v; want errHelp", args, err)
		}
	}
}

func TestColor(t *testing.T) {
	for _, tt := range []struct {
		flag     string
		terminal bool
		env      map[string]string
		want     bool
	}{
		{"", true, nil, true},
		{"", false, nil, false},
		{"auto", true, map[string]string{"NO_COLOR": "1"}, false},
		{"auto", true, map[string]string{"NO_COLOR": ""}, true}, // NO_COLOR counts only when not empty
		{"auto", true, map[string]string{"TERM": "dumb"}, false},
		{"always", false, map[string]string{"NO_COLOR": "1"}, true},
		{"never", true, nil, false},
	} {
		var f colorFlag
		if tt.flag != "" {
			if err := f.Set(tt.flag); err != nil {
				t.Fatal(err)
			}
		}
		sys := stdio{terminal: tt.terminal, getenv: func(k string) string { return tt.env[k] }}
		if got := f.enabled(sys); got != tt.want {
			t.Errorf("--color=%s, terminal %v, env %v: got colour %v; want %v", tt.flag, tt.terminal, tt.env, got, tt.want)
		}
	}
	var f colorFlag
	if err := f.Set("yes"); err == nil || err.Error() != "want auto, always or never" {
		t.Errorf("--color=yes: got %v", err)
	}
}

func TestVerdict(t *testing.T) {
	r := func(passed bool, statuses ...report.Status) *report.Report {
		rep := &report.Report{Passed: passed}
		for _, s := range statuses {
			rep.Checks = append(rep.Checks, report.CheckResult{Status: s})
		}
		return rep
	}
	for _, tt := range []struct {
		name string
		rep  *report.Report
		want int
	}{
		{"all pass", r(true, report.Pass, report.Pass), exitPass},
		{"a fail", r(false, report.Pass, report.Fail), exitFail},
		{"a skip", r(false, report.Pass, report.Skip), exitFail},
		{"an error beats a fail", r(false, report.Fail, report.Error, report.Skip), exitBroken},
		{"engine says not passed", r(false, report.Pass), exitFail},
	} {
		if got := verdict(tt.rep); got != tt.want {
			t.Errorf("%s: got exit status %d; want %d", tt.name, got, tt.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	names := []string{"list", "show", "check", "help", "version"}
	for _, tt := range []struct{ in, want string }{
		{"chek", "; did you mean check?"},
		{"lst", "; did you mean list?"},
		{"verison", "; did you mean version?"},
		{"grade", ""},
		{"x", ""},
	} {
		if got := didYouMean(tt.in, names); got != tt.want {
			t.Errorf("didYouMean(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestHelpMatchesDoc keeps cmd/grader's doc comment, which is the command's
// manual, in step with the help text on exit statuses and flags.
func TestHelpMatchesDoc(t *testing.T) {
	src, err := os.ReadFile("../../cmd/grader/main.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	for _, m := range regexp.MustCompile(`(?m)^  (\d+) +(.*)$`).FindAllStringSubmatch(exitStatusHelp, -1) {
		if !regexp.MustCompile(`(?m)^//\t` + m[1] + ` +` + regexp.QuoteMeta(m[2]) + `$`).MatchString(doc) {
			t.Errorf("cmd/grader/main.go lacks exit status line %q", m[0])
		}
	}
	fs, _ := checkFlagSet()
	fs.VisitAll(func(f *flag.Flag) {
		if !regexp.MustCompile(`(?m)^//\t-{1,2}` + f.Name + `\b`).MatchString(doc) {
			t.Errorf("cmd/grader/main.go does not document check's flag -%s", f.Name)
		}
	})
	for _, c := range commands {
		if !strings.Contains(doc, "//\tgrader "+c.name) {
			t.Errorf("cmd/grader/main.go's usage lacks grader %s", c.name)
		}
		if !strings.Contains(usageText(), "  grader "+c.name) {
			t.Errorf("grader help lacks grader %s", c.name)
		}
		if helpText(c.name) == "" {
			t.Errorf("no help text for %s", c.name)
		}
	}
}

// TestReport checks how each kind of error becomes a message and an exit
// status.
func TestReport(t *testing.T) {
	for _, tt := range []struct {
		name string
		err  error
		cmd  string
		want string
		code int
	}{
		{"none", nil, "check", "", exitPass},
		{"a report's verdict", exitCode(exitFail), "check", "", exitFail},
		{"usage", usageErrorf("check: missing the submission"), "check",
			"grader: check: missing the submission\nrun \"grader help check\" for usage\n", exitUsage},
		{"usage of help", usageErrorf("help: unknown command"), "help",
			"grader: help: unknown command\nrun \"grader help\" for usage\n", exitUsage},
		{"unknown exercise", &exercise.UnknownError{ID: "nqeens", Suggestion: "nqueens"}, "check",
			"grader: unknown exercise \"nqeens\"; did you mean nqueens?\nrun \"grader list\" to see every exercise\n", exitUsage},
		{"unknown check", &grader.UnknownCheckError{Exercise: "nqueens", Name: "n5"}, "check",
			"grader: exercise nqueens has no check \"n5\"\n", exitUsage},
		{"submission", &submission.Error{Path: "a.py", Problem: "no such file", Fix: "check the path"}, "check",
			"grader: submission a.py: no such file: check the path\n", exitUsage},
		{"broken exercise", &exercise.Error{File: "ex/tests/a.txtar", Line: 3, Err: errors.New("bad")}, "check",
			"grader: ex/tests/a.txtar:3: bad\n", exitBroken},
		{"anything else", errors.New("writing the report: disk full"), "check",
			"grader: writing the report: disk full\n", exitBroken},
		{"a student's name", errors.New("grader: merge: student \x1b[2Jevil\r was graded in both a and b"), "merge",
			"grader: merge: student \\x1b[2Jevil\\r was graded in both a and b\n", exitBroken},
		{"interrupted", fmt.Errorf("grader: grading interrupted: %w", context.Canceled), "check",
			"grader: interrupted\n", exitInterrupted},
	} {
		var stderr strings.Builder
		code := reportError(stdio{stderr: &stderr}, tt.err, tt.cmd, i18n.English)
		if code != tt.code || stderr.String() != tt.want {
			t.Errorf("%s: got exit status %d and %q; want %d and %q", tt.name, code, stderr.String(), tt.code, tt.want)
		}
	}
}

// TestTimeLeft: the batch's estimate goes by this run's pace, and says 0s
// only when no student is left, never while the last ones run.
func TestTimeLeft(t *testing.T) {
	s := time.Second
	for _, tt := range []struct {
		elapsed, since     time.Duration
		graded, left, jobs int
		want               time.Duration
		known              bool
	}{
		{0, 0, 0, 10, 2, 0, false},           // nothing graded yet: no estimate
		{10 * s, 0, 10, 10, 2, 10 * s, true}, // 2 s each, 2 at a time: 5 rounds of 2 s
		{10 * s, 0, 10, 10, 1, 10 * s, true},
		{10 * s, 0, 10, 1, 2, 2 * s, true},                       // the last one alone takes a whole 2 s
		{10 * s, 1500 * time.Millisecond, 10, 1, 2, 1 * s, true}, // counted down, rounded up
		{10 * s, 9 * s, 10, 1, 2, 1 * s, true},                   // late: still not 0s
		{10 * s, 0, 1, 1, 4, 10 * s, true},                       // one graded of 4 at once
		{10 * s, 0, 10, 0, 2, 0, true},                           // done
	} {
		got, known := timeLeft(tt.elapsed, tt.since, tt.graded, tt.left, tt.jobs)
		if got != tt.want || known != tt.known {
			t.Errorf("timeLeft(%v, %v, %d, %d, %d) = %v, %v; want %v, %v",
				tt.elapsed, tt.since, tt.graded, tt.left, tt.jobs, got, known, tt.want, tt.known)
		}
	}
}
