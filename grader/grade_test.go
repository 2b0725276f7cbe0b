package grader

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// loadTestExercise loads the echo-queens exercise the grade tests run.
func loadTestExercise(t *testing.T) *exercise.Exercise {
	t.Helper()
	ex, err := exercise.LoadDir(testExercise)
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

// command is submission.FromCommand for tests.
func command(t *testing.T, argv ...string) *submission.Submission {
	t.Helper()
	sub, err := submission.FromCommand(argv)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// patient is the time limit for tests that are not about limits: the
// machine running the tests may be loaded, and the exercise's 2s is for the
// limit tests.
const patient = 30 * time.Second

// python returns the Python interpreter itself: python3 on PATH may be a
// version manager's shell script (pyenv), which costs a second a run on a
// loaded machine. It is the one a run may reach (as root, runs may not
// enter /root, where pyenv keeps its own).
var python = sync.OnceValue(func() string {
	py, err := sandbox.LookPath("python3")
	if err != nil {
		return "python3"
	}
	out, err := exec.Command(py, "-c", "import sys; print(sys.executable)").Output()
	if p := strings.TrimSpace(string(out)); err == nil && p != "" {
		return p
	}
	return "python3"
})

// testExercise is a small exercise whose checks grade quickly.
const testExercise = "testdata/exercises/echo-queens"

func testSubmission(name string) string {
	return filepath.Join("testdata", "submissions", name)
}

// result returns the named check's result from r.
func result(t *testing.T, r *report.Report, name string) report.CheckResult {
	t.Helper()
	for _, c := range r.Checks {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("report has no check %q", name)
	return report.CheckResult{}
}

func checkNames(r *report.Report) []string {
	var names []string
	for _, c := range r.Checks {
		names = append(names, c.Name)
	}
	return names
}

func TestGradeGood(t *testing.T) {
	ex := loadTestExercise(t)
	r, err := Grade(context.Background(), ex, command(t, python(), testSubmission("good.py")), Options{Timeout: patient})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Checks {
		if c.Status != report.Pass || c.Score != c.MaxScore || c.Message != "" {
			t.Errorf("%s: got %s %d/%d %q; want pass\n%s", c.Name, c.Status, c.Score, c.MaxScore, c.Message, c.Log)
		}
		if len(c.Runs) == 0 || c.Duration <= 0 {
			t.Errorf("%s: got %d runs in %v; want some, in a measured time", c.Name, len(c.Runs), c.Duration)
		}
	}
	if !r.Passed || r.Score != 10 || r.MaxScore != 10 {
		t.Errorf("got passed %v, score %d/%d; want true, 10/10", r.Passed, r.Score, r.MaxScore)
	}
	if got, want := checkNames(r), ex.CheckNames(); !slices.Equal(got, want) {
		t.Errorf("got checks %q; want %q", got, want)
	}
	stdin := result(t, r, "stdin")
	if len(stdin.Runs) != 2 || stdin.Runs[0].Stdin != "4\n" || stdin.Runs[1].Stdin != "4\n" {
		t.Errorf("stdin check: got runs %+v; want two runs given 4", stdin.Runs)
	}
	run := result(t, r, "n4").Runs[0]
	if !slices.Equal(run.Args, []string{"nqueens", "4"}) || run.Command[len(run.Command)-1] != "4" ||
		!strings.HasPrefix(run.Stdout, "[[0, 1], [1, 3], [2, 0], [3, 2]]\n") || run.ExitCode != 0 || run.Death != "" {
		t.Errorf("n4: got run %+v", run)
	}
	if len(r.Protections) == 0 {
		t.Error("got no protections")
	}
}

// TestGradeMessages grades wrong submissions and checks the message each
// failing check gives, since the message is the first thing a student reads.
func TestGradeMessages(t *testing.T) {
	ex := loadTestExercise(t)
	tests := []struct {
		name   string
		argv   []string
		check  string
		status report.Status
		line   int
		want   string // in the message
	}{
		{"exit 0 on error", []string{"sh", "-c", "echo 'Usage: nqueens N'"}, "usage", report.Fail, 5,
			"nqueens: exited with status 0; an error must exit with a non-zero status (1)"},
		// Wrong twice over: both are said, at the line of the second.
		{"exit 0 and no usage", []string{"true"}, "usage", report.Fail, 7,
			`nqueens: exited with status 0; an error must exit with a non-zero status (1); and printed nothing on standard output; expected a line "Usage: nqueens N"`},
		{"wrong status", []string{"sh", "-c", "echo 'Usage: nqueens N'; exit 2"}, "usage", report.Fail, 6,
			"nqueens: exited with status 2; expected 1"},
		{"usage on stderr", []string{"sh", "-c", "echo 'Usage: nqueens N' >&2; exit 1"}, "usage", report.Fail, 7,
			`printed on standard error instead of standard output: "Usage: nqueens N"`},
		{"windows line endings", []string{"sh", "-c", "printf 'Usage: nqueens N\\r\\n'; exit 1"}, "usage", report.Fail, 7,
			`lines end with \r\n (Windows line endings)`},
		{"trailing period", []string{"sh", "-c", "echo 'Usage: nqueens N.'; exit 1"}, "usage", report.Fail, 7,
			"line 1 ends with a period"},
		{"stray stderr", []string{"sh", "-c", "echo 'Usage: nqueens N'; echo oops >&2; exit 1"}, "usage", report.Fail, 8,
			`printed to standard error, which must stay empty here: "oops"`},
		{"nothing printed", []string{"sh", "-c", "exit 1"}, "usage", report.Fail, 7,
			`printed nothing on standard output; expected a line "Usage: nqueens N"`},
		{"other text", []string{"sh", "-c", "echo 'usage is nqueens'; exit 1"}, "usage", report.Fail, 7,
			`standard output has no line "Usage: nqueens N"; it begins "usage is nqueens"`},
		{"crash with traceback", []string{"sh", "-c", "printf 'Traceback (most recent call last):\\n  File x\\nValueError: bad\\n' >&2; exit 1"}, "count", report.Fail, 3,
			`nqueens -count 6: crashed: ValueError: bad`},
		{"syntax error", []string{"sh", "-c", "printf '  File \"x.py\", line 54\n    for\n    ^\nIndentationError: bad\n' >&2; exit 1"}, "count", report.Fail, 3,
			`nqueens -count 6: exited with status 1; expected 0; standard error: "IndentationError: bad"`},
		{"matrix on stderr", []string{"sh", "-c", "printf '1 0\\n0 1\\n' >&2"}, "matrix", report.Fail, 4,
			`nqueens -matrix 5: printed nothing on standard output, but printed on standard error: "1 0"`},
		{"wrong count", []string{"sh", "-c", "echo 5"}, "count", report.Fail, 4, "printed 5; N = 6 has 4 solutions"},
		{"killed by a signal", []string{"sh", "-c", "kill -SEGV $$"}, "count", report.Fail, 3,
			"nqueens -count 6: killed by SIGSEGV"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Grade(context.Background(), ex, command(t, tt.argv...), Options{Run: []string{tt.check}, Timeout: patient})
			if err != nil {
				t.Fatal(err)
			}
			c := result(t, r, tt.check)
			if c.Status != tt.status || c.Line != tt.line || !strings.Contains(c.Message, tt.want) {
				t.Errorf("got %s at line %d: %q; want %s at line %d: %q\n%s", c.Status, c.Line, c.Message, tt.status, tt.line, tt.want, c.Log)
			}
			if c.Score != 0 {
				t.Errorf("got score %d; want 0", c.Score)
			}
		})
	}
}

// TestGradeWrong grades a submission wrong in several ways at once: the
// verdicts, the skip of a check whose need failed, and the structured detail.
func TestGradeWrong(t *testing.T) {
	ex := loadTestExercise(t)
	r, err := Grade(context.Background(), ex, command(t, "sh", testSubmission("wrong.sh")), Options{Timeout: patient})
	if err != nil {
		t.Fatal(err)
	}
	if r.Passed || r.Score >= r.MaxScore {
		t.Errorf("got passed %v, %d/%d; want a failing report", r.Passed, r.Score, r.MaxScore)
	}
	if c := result(t, r, "usage"); c.Status != report.Pass {
		t.Errorf("usage: got %s %q; want pass", c.Status, c.Message)
	}

	nan := result(t, r, "not-a-number")
	if nan.Status != report.Fail || !strings.Contains(nan.Message, "standard output differs from the expected output: line 1 ends with a period") {
		t.Errorf("not-a-number: got %s %q; want a trailing period failure", nan.Status, nan.Message)
	}
	if nan.Detail == nil || nan.Detail.Expected != "N must be a number\n" || nan.Detail.Actual != "N must be a number.\n" || nan.Detail.OutputLine != 1 {
		t.Errorf("not-a-number: got detail %+v", nan.Detail)
	}
	if nan.Hint != "" || nan.Title != "A word instead of N" || nan.MaxScore != 1 {
		t.Errorf("not-a-number: got title %q, hint %q, max %d", nan.Title, nan.Hint, nan.MaxScore)
	}

	n4 := result(t, r, "n4")
	if n4.Status != report.Fail || !strings.Contains(n4.Message, "diagonal") || n4.Line != 5 {
		t.Errorf("n4: got %s at line %d: %q; want a diagonal attack at line 5", n4.Status, n4.Line, n4.Message)
	}
	if n4.Detail == nil || n4.Detail.Board == nil || n4.Detail.OutputLine != 1 {
		t.Errorf("n4: got detail %+v; want a board at output line 1", n4.Detail)
	}

	sorted := result(t, r, "n6-sorted")
	if sorted.Status != report.Skip || sorted.SkippedBecause != "n4" || len(sorted.Runs) != 0 || !strings.Contains(sorted.Message, "n4") {
		t.Errorf("n6-sorted: got %s because %q: %q; want skipped because n4", sorted.Status, sorted.SkippedBecause, sorted.Message)
	}
	if sorted.Hint == "" {
		t.Error("n6-sorted: got no hint; want the header's")
	}
	if c := result(t, r, "env"); c.Status != report.Pass {
		t.Errorf("env: got %s %q; want pass", c.Status, c.Message)
	}
}

func TestGradeRunSelection(t *testing.T) {
	ex := loadTestExercise(t)
	sub := command(t, "sh", testSubmission("wrong.sh"))
	r, err := Grade(context.Background(), ex, sub, Options{Run: []string{"n6-sorted", "count"}, Timeout: patient})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := checkNames(r), []string{"usage", "n4", "n6-sorted", "count"}; !slices.Equal(got, want) {
		t.Errorf("got checks %q; want %q (the named ones, what they need, in order)", got, want)
	}
	if r.MaxScore != 5 || r.Score != 1 {
		t.Errorf("got %d/%d; want 1/5 (usage passes, n4 and count fail, n6-sorted is skipped)", r.Score, r.MaxScore)
	}

	_, err = Grade(context.Background(), ex, sub, Options{Run: []string{"n5"}})
	var uc *UnknownCheckError
	if !errors.As(err, &uc) || uc.Name != "n5" || uc.Suggestion != "n4" {
		t.Errorf("got %v; want *UnknownCheckError for n5 suggesting n4", err)
	}
}

// TestGradeParallelOrder makes count, the sixth check, wait for the checks
// after it: it finishes last, yet the report keeps the exercise's order. The
// wait also shows that checks run at once (with one slot held by count, the
// others still run) and that Options.Env reaches the runs.
func TestGradeParallelOrder(t *testing.T) {
	ex := loadTestExercise(t)
	marks := filepath.Join(t.TempDir(), "marks")
	if err := os.WriteFile(marks, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var finished []string
	start := time.Now()
	opts := Options{Parallel: 4, Timeout: patient, Env: []string{"ORDER_MARK=seen"}, OnCheck: func(c report.CheckResult) {
		mu.Lock()
		defer mu.Unlock()
		finished = append(finished, c.Name)
		// Appended in place, so that the run, which sees the file it
		// was given, sees each name as it comes.
		f, err := os.OpenFile(marks, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Error(err)
			return
		}
		fmt.Fprintln(f, c.Name)
		f.Close()
	}}
	r, err := Grade(context.Background(), ex, command(t, "sh", testSubmission("order.sh"), marks), opts)
	if err != nil {
		t.Fatal(err)
	}
	// count waited for the marks, not for its 30 s to run out: the wait
	// ends as the others finish.
	if took := time.Since(start); took > patient/2 {
		t.Errorf("grading took %v; want well under %v (count waits for the others' marks, and should have seen them)", took, patient)
	}
	if got, want := checkNames(r), ex.CheckNames(); !slices.Equal(got, want) {
		t.Errorf("got report order %q; want %q", got, want)
	}
	if len(finished) != len(ex.Checks) || finished[len(finished)-1] != "count" {
		t.Errorf("got OnCheck order %q; want every check, count (the slow one) last", finished)
	}

	// One at a time, checks run and finish in the exercise's order, skips
	// included.
	finished = nil
	opts = Options{Parallel: 1, Timeout: patient, OnCheck: func(c report.CheckResult) { finished = append(finished, c.Name) }}
	if _, err := Grade(context.Background(), ex, command(t, "sh", "-c", "exit 3"), opts); err != nil {
		t.Fatal(err)
	}
	if want := ex.CheckNames(); !slices.Equal(finished, want) {
		t.Errorf("parallel 1: got OnCheck order %q; want %q", finished, want)
	}
}

// TestGradeHiddenAlone grades an exercise whose hidden checks could start
// at once, beside visible ones, with room for all: no hidden check runs
// while a visible one does (a run of that one could learn the hidden
// check's input and report it), and a visible check that needs a hidden
// one runs after it, alone too. A check's time is the span from its
// start to its OnCheck: OnCheck is called before the scheduler starts
// anything else, so a later check's start is after an earlier's OnCheck.
func TestGradeHiddenAlone(t *testing.T) {
	dir := t.TempDir()
	check := func(title, needs string) string {
		s := "# title: " + title + "\n# points: 1\n"
		if needs != "" {
			s += "# needs: " + needs + "\n"
		}
		return s + "run p\nstdout '^done$'\n"
	}
	fixture.Write(t, dir, map[string]string{
		"exercise.toml": "title = \"Hidden\"\nprogram = \"p\"\nchecks = [\"v1\", \"h1\", \"v2\", \"h2\", \"v3\"]\npoints = 5\n" +
			"[visibility]\nh1 = \"hidden\"\nh2 = \"after_due_date\"\n",
		"tests/v1.txtar": check("Visible one", ""),
		"tests/h1.txtar": check("Hidden one", ""),
		"tests/v2.txtar": check("Visible two", ""),
		"tests/h2.txtar": check("Hidden two", ""),
		"tests/v3.txtar": check("Visible after a hidden one", "h1"),
	})
	ex, err := exercise.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	type span struct{ start, end time.Time }
	var mu sync.Mutex
	spans := map[string]span{}
	opts := Options{Parallel: 5, Timeout: patient, OnCheck: func(c report.CheckResult) {
		mu.Lock()
		defer mu.Unlock()
		now := time.Now()
		spans[c.Name] = span{now.Add(-c.Duration), now}
	}}
	r, err := Grade(context.Background(), ex, command(t, "sh", "-c", "sleep 0.3; echo done"), opts)
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != 5 {
		t.Fatalf("score %d; want 5: %+v", r.Score, r.Checks)
	}
	for _, h := range []string{"h1", "h2"} {
		for _, v := range []string{"v1", "v2", "v3"} {
			hs, vs := spans[h], spans[v]
			if !vs.end.Before(hs.start) && !hs.end.Before(vs.start) {
				t.Errorf("hidden %s (%v to %v) ran beside visible %s (%v to %v)", h, hs.start, hs.end, v, vs.start, vs.end)
			}
		}
	}
	if !spans["h1"].end.Before(spans["v3"].start) {
		t.Errorf("v3 started before h1, which it needs, had ended")
	}
}

// TestGradeBrokenScenario runs scenarios that break at run time for reasons
// that are the exercise's: the verdict is Error, never Fail.
func TestGradeBrokenScenario(t *testing.T) {
	tests := []struct {
		name, script, want string
	}{
		{"status before run", "status 0", "status before any run"},
		{"cd nowhere", "cd nowhere\nrun nqueens 4", "directory nowhere does not exist"},
		{"unknown condition", "[nosuchcond] run nqueens 4", `unknown condition "nosuchcond"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fixture.Copy(t, testExercise)
			fixture.Edit(t, dir, "tests/count.txtar", "run nqueens -count 6\ncount queens 6\n", tt.script+"\n")
			ex, err := exercise.LoadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Grade(context.Background(), ex, command(t, "sh", "-c", "echo 4"), Options{Run: []string{"count"}, Timeout: patient})
			if err != nil {
				t.Fatal(err)
			}
			c := result(t, r, "count")
			if c.Status != report.Error || !strings.Contains(c.Message, tt.want) || !strings.Contains(c.Message, "not your fault") {
				t.Errorf("got %s %q; want error %q", c.Status, c.Message, tt.want)
			}
		})
	}
}

// TestGradeLimits runs submissions that misbehave. Each verdict must name
// the limit, and the grader must return within the wall-clock limit plus a
// second.
func TestGradeLimits(t *testing.T) {
	ex := loadTestExercise(t)
	// Short, to keep the test quick, yet long enough for Python to start on
	// a loaded machine.
	const limit = 3 * time.Second
	t.Setenv("BOARDCHECK_TEST_SECRET", "s3cret")
	tests := []struct {
		name  string
		file  string
		check string
		want  string // in the message; "" for a pass
	}{
		{"sleeps forever", "sleep.sh", "matrix", "nqueens -matrix 5: timed out after 7s, having used almost no CPU"},
		{"child holds the pipe", "child.sh", "count", ""},
		{"prints without end", "flood.c", "matrix", "nqueens -matrix 5: printed more than 1 MiB on standard output"},
		{"allocates without end", "alloc.go", "matrix", "nqueens -matrix 5: used more than 64 MiB of memory"},
		{"crashes", "crash.c", "matrix", "nqueens -matrix 5: killed by SIGSEGV"},
		{"waits on stdin", "stdin.py", "matrix", "line 1"},
		{"prints its environment", "env.sh", "env", `standard output has no line "hello"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			build := t.TempDir()
			sub, err := submission.Prepare(context.Background(), testSubmission(tt.file), build)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			r, err := Grade(context.Background(), ex, sub, Options{Run: []string{tt.check}, Timeout: limit})
			elapsed := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			if wall := 2*limit + time.Second; elapsed > wall+time.Second {
				t.Errorf("grading took %v; want at most %v", elapsed.Round(time.Millisecond), wall+time.Second)
			}
			c := result(t, r, tt.check)
			switch {
			case tt.want == "" && c.Status != report.Pass:
				t.Errorf("got %s %q; want pass\n%s", c.Status, c.Message, c.Log)
			case tt.want != "" && (c.Status != report.Fail || !strings.Contains(c.Message, tt.want)):
				t.Errorf("got %s %q; want fail %q\n%s", c.Status, c.Message, tt.want, c.Log)
			}
			if leftover := processesLeft(t); len(leftover) > 0 {
				t.Errorf("processes left behind: %q", leftover)
			}
			switch tt.file {
			case "stdin.py":
				if run := c.Runs[0]; run.Stdout != "read 0 bytes\n" || run.Death != "" {
					t.Errorf("got stdout %q, death %q; want an empty standard input, read to its end", run.Stdout, run.Death)
				}
			case "env.sh":
				out := c.Runs[0].Stdout
				if strings.Contains(out, "BOARDCHECK_TEST_SECRET") || strings.Contains(out, "s3cret") {
					t.Errorf("the submission saw the grader's environment:\n%s", out)
				}
				for _, want := range []string{"GREETING=hello\n", "HOME=/", "PATH=", "LANG="} {
					if !strings.Contains(out, want) {
						t.Errorf("got environment\n%s\nwant it to contain %q", out, want)
					}
				}
			}
		})
	}
}

// processesLeft lists the command lines of running processes that are a
// `sleep 97x` from the test submissions.
func processesLeft(t *testing.T) []string {
	t.Helper()
	entries, _ := os.ReadDir("/proc")
	var found []string
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		cmd := strings.ReplaceAll(strings.TrimRight(string(data), "\x00"), "\x00", " ")
		if cmd == "sleep 971" || cmd == "sleep 972" {
			found = append(found, cmd)
		}
	}
	return found
}

func TestGradePathCompileError(t *testing.T) {
	ex := loadTestExercise(t)
	var seen []string
	r, err := GradePath(context.Background(), ex, testSubmission("broken.c"), Options{OnCheck: func(c report.CheckResult) { seen = append(seen, c.Name) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Checks) != len(ex.Checks)+1 {
		t.Fatalf("got %d checks; want build and the exercise's %d", len(r.Checks), len(ex.Checks))
	}
	b := r.Checks[0]
	if b.Name != "build" || b.Status != report.Fail || b.Message != "does not compile" || b.MaxScore != 0 ||
		b.Detail == nil || !strings.Contains(b.Detail.Actual, "broken.c") {
		t.Errorf("got build check %+v; want a failure showing the compiler's output", b)
	}
	for _, c := range r.Checks[1:] {
		if c.Status != report.Skip || c.SkippedBecause != "build" {
			t.Errorf("%s: got %s because %q; want skipped because build", c.Name, c.Status, c.SkippedBecause)
		}
	}
	if r.Passed || r.Score != 0 || r.MaxScore != 10 || len(seen) != len(r.Checks) {
		t.Errorf("got passed %v, %d/%d, %d OnCheck calls; want false, 0/10, %d", r.Passed, r.Score, r.MaxScore, len(seen), len(r.Checks))
	}
}

// TestGradePathCompileErrorInLanguage: the check a compile error fails is
// titled in the exercise's language, and says why as data (Reason) as well
// as in English, for a renderer to say in the report's language.
func TestGradePathCompileErrorInLanguage(t *testing.T) {
	ex, _ := loadTestExercise(t).In("ko")
	r, err := GradePath(context.Background(), ex, testSubmission("broken.c"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := r.Checks[0]
	if b.Title != "제출물이 컴파일됩니다" || b.Reason == nil || b.Reason.ID != "submission.no_compile" || b.Message != "does not compile" {
		t.Errorf("got build check titled %q, message %q, as data %+v; want the Korean title, submission.no_compile and its English words", b.Title, b.Message, b.Reason)
	}
}

func TestGradePathSubmissionError(t *testing.T) {
	ex := loadTestExercise(t)
	_, err := GradePath(context.Background(), ex, testSubmission("no-such-file.py"), Options{})
	var se *submission.Error
	if !errors.As(err, &se) {
		t.Errorf("got %v; want a *submission.Error", err)
	}
}

// TestGradeRunCannotStart removes the program after it was vetted: the run
// cannot start, which is an error of the grader's, not a failure.
func TestGradeRunCannotStart(t *testing.T) {
	ex := loadTestExercise(t)
	prog := filepath.Join(t.TempDir(), "prog")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\necho 4\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	sub := command(t, prog)
	os.Remove(prog)
	r, err := Grade(context.Background(), ex, sub, Options{Run: []string{"count"}, Timeout: patient})
	if err != nil {
		t.Fatal(err)
	}
	c := result(t, r, "count")
	if c.Status != report.Error || !strings.HasPrefix(c.Message, "grader error (not your fault): ") || strings.Contains(c.Message, "exercise error") {
		t.Errorf("got %s %q; want a grader error", c.Status, c.Message)
	}
}

// TestGradeCancel cancels a grading whose runs sleep: Grade must return
// soon after, with the context's error, and leave no process behind.
func TestGradeCancel(t *testing.T) {
	ex := loadTestExercise(t)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Grade(ctx, ex, command(t, "sh", testSubmission("sleep.sh")), Options{Timeout: patient})
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("Grade returned %v after the cancel; want soon after", elapsed.Round(time.Millisecond))
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v; want the context's error", err)
	}
	if leftover := processesLeft(t); len(leftover) > 0 {
		t.Errorf("processes left behind: %q", leftover)
	}
}
