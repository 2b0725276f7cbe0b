package scenario

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// testExercise is grader's test exercise, whose checks run quickly.
const testExercise = "../testdata/exercises/echo-queens"

// runAlone runs ex's check name against the command argv, as the only
// check running, and returns its verdict.
func runAlone(t *testing.T, ex *exercise.Exercise, name string, cfg Config, argv ...string) report.CheckResult {
	t.Helper()
	sub, err := submission.FromCommand(argv)
	if err != nil {
		t.Fatal(err)
	}
	c := ex.Check(name)
	if c == nil {
		t.Fatalf("%s has no check %q", ex.ID, name)
	}
	cfg.Dir = t.TempDir()
	return NewRunner(context.Background(), ex, sub, cfg).Run(c)
}

// TestTimeoutDeath: a run out of time is told what the kernel's figures
// say: it used its CPU time (computing all along, however busy the machine
// was), or the wall-clock limit stopped it while it waited of its own
// accord; a run the machine starved is not the student's to be told
// anything of, and is no failure (starvedMessage).
func TestTimeoutDeath(t *testing.T) {
	l := sandbox.Limits{Time: 10 * time.Second}
	wall := l.Wall() // 21s
	for _, tt := range []struct {
		name string
		res  sandbox.Result
		want string
	}{
		{"computing", sandbox.Result{TimedOut: true, CPU: 10 * time.Second, CPUWait: 15 * time.Second, Duration: 25 * time.Second},
			"timed out: it used all of its 10s of CPU time, computing all along (a search too slow for this input, or one that never ends)"},
		{"asleep", sandbox.Result{TimedOut: true, WallTimedOut: true, CPU: 20 * time.Millisecond, Duration: wall},
			"timed out after 21s, having used almost no CPU (less than 0.1s of its 10s): it was waiting, not computing (on a sleep, or on another process it started; not on standard input, which ends at once here)"},
		{"half asleep", sandbox.Result{TimedOut: true, WallTimedOut: true, CPU: 3 * time.Second, CPUWait: 2 * time.Second, Duration: wall},
			"timed out after 21s, having used only 3s of its 10s of CPU time: it was waiting, not computing (on a sleep, or on another process it started; not on standard input, which ends at once here)"},
		{"starved", sandbox.Result{TimedOut: true, WallTimedOut: true, CPU: 3 * time.Second, CPUWait: 17 * time.Second, Duration: wall},
			"stopped after 21s of wall-clock time, having waited 17s of it for a processor the machine was too busy to give"},
	} {
		if got := english(runDeath(&tt.res, l)); got != tt.want {
			t.Errorf("%s: got %q; want %q", tt.name, got, tt.want)
		}
	}
	starved := sandbox.Result{TimedOut: true, WallTimedOut: true, CPU: 3 * time.Second, CPUWait: 17 * time.Second, Duration: wall}
	want := "nqueens 12: the machine was too busy to judge this run: in 21s it waited 17s for a processor and had only 3s of its 10s of CPU time; " +
		"grade it again when the machine is less busy"
	if got := english(starvedMessage("nqueens 12", &starved, l)); got != want {
		t.Errorf("starvedMessage: got %q; want %q", got, want)
	}
}

// TestStarvedRunsAgain: a check whose run the machine starved (it waited
// for a processor until its wall-clock limit) is an error, not a failure,
// and is to be run again; run alone, it is tried again while it is
// starved, up to starvedTries times, and the first try the machine lets
// finish is the verdict. A machine that stays too busy leaves the error,
// which says so.
func TestStarvedRunsAgain(t *testing.T) {
	ex, err := exercise.LoadDir(testExercise)
	if err != nil {
		t.Fatal(err)
	}
	starve := 0 // how many runs, from now, the machine starves
	tries := 0
	sandboxRun = func(ctx context.Context, spec sandbox.Spec) (*sandbox.Result, error) {
		tries++
		if starve > 0 {
			starve--
			l := spec.Limits.WithDefaults()
			return &sandbox.Result{ExitCode: -1, TimedOut: true, WallTimedOut: true, Duration: l.Wall(),
				CPU: l.Time / 10, CPUWait: l.Wall() - l.Time/5}, nil
		}
		return sandbox.Run(ctx, spec)
	}
	defer func() { sandboxRun = sandbox.Run }()
	sub, err := submission.FromCommand([]string{"sh", "-c", "echo hello"})
	if err != nil {
		t.Fatal(err)
	}
	c := ex.Checks[0]
	newRunner := func() *Runner {
		dir := t.TempDir()
		if err := os.Mkdir(filepath.Join(dir, "scripts"), 0o755); err != nil {
			t.Fatal(err)
		}
		return NewRunner(context.Background(), ex, sub, Config{Dir: dir, Limits: sandbox.Limits{Time: time.Second}})
	}
	const busy = "the machine was too busy to judge this run"

	starve, tries = 1, 0
	r, again := newRunner().Check(c)
	if r.Status != report.Error || !again || !strings.Contains(r.Message, busy) || !strings.HasPrefix(r.Message, "grader error (not your fault): ") {
		t.Errorf("starved beside others: %s %q, again %v; want an error of the grader's, saying the machine was busy, to be run again", r.Status, r.Message, again)
	}
	if len(r.Runs) != 1 || !strings.HasPrefix(r.Runs[0].Death, "stopped after 3s of wall-clock time, having waited 2.8s") {
		t.Errorf("starved run's death: %+v; want it stopped by the wall clock, having waited for a processor", r.Runs)
	}

	starve, tries = 2, 0
	r = newRunner().Run(c)
	if tries != 3 || r.Status == report.Error {
		t.Errorf("starved twice, alone: %d tries, %s %q; want 3 tries, the last one's own verdict", tries, r.Status, r.Message)
	}

	starve, tries = 10, 0
	r = newRunner().Run(c)
	if tries != starvedTries || r.Status != report.Error || !strings.Contains(r.Message, busy) || !strings.HasSuffix(r.Message, "(run 3 times alone, it was starved each time)") {
		t.Errorf("starved every time, alone: %d tries, %s %q; want %d tries and an error saying so", tries, r.Status, r.Message, starvedTries)
	}
}

// gradeHello runs check "hello" of a one-check exercise (the manifest's
// extra lines, the check's script) on the shell script sub, alone, with the
// exercise's time limit or, if set, timeLimit.
func gradeHello(t *testing.T, manifest, script, sub string, timeLimit time.Duration) report.CheckResult {
	t.Helper()
	dir := t.TempDir()
	fixture.Write(t, dir, map[string]string{
		"ex/exercise.toml":     "title = \"Hello\"\nprogram = \"p\"\nchecks = [\"hello\"]\npoints = 1\n" + manifest + "\n",
		"ex/tests/hello.txtar": script,
		"sub.sh":               sub + "\n",
	})
	ex, err := exercise.LoadDir(filepath.Join(dir, "ex"))
	if err != nil {
		t.Fatal(err)
	}
	limits := ex.Limits
	if timeLimit > 0 {
		limits.Time = timeLimit
	}
	return runAlone(t, ex, "hello", Config{Limits: limits}, "sh", filepath.Join(dir, "sub.sh"))
}

// TestTimeoutHint: a run that ran out of time computing gets the advice for
// time, in the exercise's words (a check's own, else the manifest's), or the
// grader's, which names no puzzle; one that ran out of time waiting gets the
// grader's advice for waiting, whatever the exercise says of speed; a check
// that failed otherwise keeps its hint.
func TestTimeoutHint(t *testing.T) {
	const script = `# title: Says hello
# points: 1
# hint: Print hello.
%s
run p
stdout '^hello$'
`
	const busy = "while :; do :; done" // computes until killed
	for _, tt := range []struct {
		name, manifest, header, sub, want string
	}{
		{"the check's", `timeout_hint = "Use Warnsdorff's rule."`, "# timeout-hint: Mind the 50×50 board.", busy, "Mind the 50×50 board."},
		{"the exercise's", `timeout_hint = "Use Warnsdorff's rule."`, "", busy, "Use Warnsdorff's rule."},
		{"the grader's", "", "", busy, english(say(defaultTimeoutHint))},
		{"waiting", `timeout_hint = "Use Warnsdorff's rule."`, "# timeout-hint: Mind the 50×50 board.", "sleep 30", english(say(waitingHint))},
		{"no time-out", `timeout_hint = "Use Warnsdorff's rule."`, "", "echo bye", "Print hello."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := gradeHello(t, tt.manifest, strings.Replace(script, "%s\n", tt.header+"\n", 1), tt.sub, 500*time.Millisecond)
			if c.Status != report.Fail || c.Hint != tt.want {
				t.Errorf("got %s, hint %q; want fail, hint %q", c.Status, c.Hint, tt.want)
			}
		})
	}
}

// TestStderrHint: a check failed by a line on standard error, where there
// must be none, gets the grader's advice about standard error, unless the
// check's own hint already speaks of it; failed otherwise, it keeps its own.
func TestStderrHint(t *testing.T) {
	const script = `# title: Says hello
# points: 1
# hint: %s
run p
stdout '^hello$'
! stderr .
`
	for _, tt := range []struct {
		name, hint, sub, want string
	}{
		{"about standard output", "Print hello.", "echo hello; echo debug >&2", english(say(stderrHint))},
		{"about standard error", "Print hello, and nothing to stderr.", "echo hello; echo debug >&2", "Print hello, and nothing to stderr."},
		{"standard output wrong", "Print hello.", "echo bye", "Print hello."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if c := gradeHello(t, "", strings.Replace(script, "%s", tt.hint, 1), tt.sub, 0); c.Status != report.Fail || c.Hint != tt.want {
				t.Errorf("got %s (%s), hint %q; want fail, hint %q", c.Status, c.Message, c.Hint, tt.want)
			}
		})
	}
}

// TestRunTrimsOutput checks that a run's output is cut for the report
// unless Verbose asks for all of it.
func TestRunTrimsOutput(t *testing.T) {
	ex, err := exercise.LoadDir(testExercise)
	if err != nil {
		t.Fatal(err)
	}
	limits := ex.Limits
	limits.Time = 30 * time.Second // not a limit test: the machine may be loaded
	for _, verbose := range []bool{false, true} {
		c := runAlone(t, ex, "count", Config{Limits: limits, Verbose: verbose}, "sh", "-c", "seq 1 5000")
		run := c.Runs[0]
		full := len(run.Stdout) > 20000 && strings.HasSuffix(run.Stdout, "\n5000\n")
		switch {
		case verbose && (!full || run.Trimmed):
			t.Errorf("verbose: got %d bytes, trimmed %v; want all of it", len(run.Stdout), run.Trimmed)
		case !verbose && (len(run.Stdout) > reportOutputLimit || !run.Trimmed || !strings.HasPrefix(run.Stdout, "1\n2\n")):
			t.Errorf("got %d bytes, trimmed %v; want at most %d from the start, trimmed", len(run.Stdout), run.Trimmed, reportOutputLimit)
		}
	}
}

// TestScenarioFileChangedFromOutside: a scenario's file that changes while
// a run in a root of its own runs (here rewritten by the test, as another
// process on the machine would) is the machine's fault, not the student's:
// the check is broken, not failed, and says so. Without a root of its own
// the run could have written it, and the check fails (TestEscapeLayers,
// want.sh, in cmd/grader).
func TestScenarioFileChangedFromOutside(t *testing.T) {
	if !sandbox.OwnRoot() {
		t.Skip("runs have no root of their own on this machine")
	}
	dir := t.TempDir()
	fixture.Write(t, dir, map[string]string{
		"ex/exercise.toml":     "title = \"Hello\"\nprogram = \"p\"\nchecks = [\"hello\"]\npoints = 1\n",
		"ex/tests/hello.txtar": "# title: Says hello\n# points: 1\nrun p\ncmp stdout want.txt\n-- want.txt --\nhello\n",
		"sub.sh":               "sleep 1\necho hello\n",
	})
	ex, err := exercise.LoadDir(filepath.Join(dir, "ex"))
	if err != nil {
		t.Fatal(err)
	}
	sub, err := submission.FromCommand([]string{"sh", filepath.Join(dir, "sub.sh")})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Limits: sandbox.Limits{Time: 30 * time.Second}, Dir: filepath.Join(dir, "grading")}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The run's folder is made after the scenario's files are recorded
	// and before the run starts: rewrite want.txt once it appears (in the
	// check's folder, whose name is no one's to know).
	rewrote := make(chan error, 1)
	go func() {
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if runs, _ := filepath.Glob(filepath.Join(cfg.Dir, "*", "run1")); len(runs) == 1 {
				rewrote <- os.WriteFile(filepath.Join(filepath.Dir(runs[0]), "script-scenario", "want.txt"), []byte("mine\n"), 0o644)
				return
			}
		}
		rewrote <- errors.New("the run's folder never appeared")
	}()
	c := NewRunner(context.Background(), ex, sub, cfg).Run(ex.Check("hello"))
	if err := <-rewrote; err != nil {
		t.Fatal(err)
	}
	const want = "grader error (not your fault): the scenario's own file want.txt changed while p ran"
	if c.Status != report.Error || !strings.HasPrefix(c.Message, want) {
		t.Errorf("got %s: %q; want error: %q...", c.Status, c.Message, want)
	}
}

// TestCrashExplained: a run killed by a signal the grader did not send is
// told what the signal usually means, and one that crashed gets the advice
// for a crash rather than the check's hint about its output.
func TestCrashExplained(t *testing.T) {
	const script = `# title: Says hello
# points: 1
# hint: Print hello.
run p
stdout '^hello$'
`
	for _, tt := range []struct {
		name, sub, message, hint string
	}{
		{"segmentation fault", "kill -SEGV $$", "p: killed by SIGSEGV, a segmentation fault: it read or wrote memory it may not", english(say(crashHint))},
		{"its own kill", "kill -KILL $$", "p: killed by SIGKILL, a signal the grader did not send: no limit of the grader's was reached", "Print hello."},
		{"another signal", "kill -USR1 $$", "p: killed by SIGUSR1, a signal the grader did not send", "Print hello."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := gradeHello(t, "", script, tt.sub, 0)
			if c.Status != report.Fail || !strings.HasPrefix(c.Message, tt.message) || c.Hint != tt.hint {
				t.Errorf("got %s: %q, hint %q; want fail: %q..., hint %q", c.Status, c.Message, c.Hint, tt.message, tt.hint)
			}
		})
	}
}

// TestExecRefused: the student's own program that the kernel will not
// start where runs are (here a #! line naming /proc/self/exe, which exists
// on the machine and which a run's root and Landlock refuse) fails the
// check, as the student's to fix; it is not the grader broken. (Grading
// says so before any check, in "The program starts": this is what a check
// says of a program that got past that.)
func TestExecRefused(t *testing.T) {
	if !sandbox.OwnRoot() {
		t.Skip("runs have no root of their own on this machine")
	}
	dir := t.TempDir()
	fixture.Write(t, dir, map[string]string{
		"ex/exercise.toml":     "title = \"Hello\"\nprogram = \"p\"\nchecks = [\"hello\"]\npoints = 1\n",
		"ex/tests/hello.txtar": "# title: Says hello\n# points: 1\nrun p\nstdout '^hello$'\n",
		"self.sh":              "#!/proc/self/exe\necho hello\n",
	})
	ex, err := exercise.LoadDir(filepath.Join(dir, "ex"))
	if err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "self.sh")
	os.Chmod(prog, 0o755)
	sub := &submission.Submission{Path: prog, Command: []string{prog}, Lang: "executable", Files: []string{prog}}
	c := NewRunner(context.Background(), ex, sub, Config{Limits: sandbox.Limits{Time: 30 * time.Second}, Dir: t.TempDir()}).Run(ex.Check("hello"))
	const want = "p: could not be started: permission denied (the kernel refused to run p where the grader runs programs)"
	if c.Status != report.Fail || c.Message != want {
		t.Errorf("got %s: %q; want fail: %q", c.Status, c.Message, want)
	}
}

// TestCmpFlood: a scenario's cmp compares as testscript's does, failing,
// passing and negated alike, and diffs in the transcript only texts small
// enough to diff: 2 million lines are not diffed (testscript's diff of 16
// million took the grader 1.5 GB), and the verdict names the first
// difference all the same.
func TestCmpFlood(t *testing.T) {
	const want = "-- want.txt --\nthe expected line\n"
	tests := []struct {
		name, script, sub string
		status            report.Status
		msg, log          string
	}{
		{"flood", "run p\ncmp stdout want.txt\n" + want, "yes '' | head -n 2000000; echo hello", report.Fail,
			`standard output differs from the expected output: line 1 is ""; expected "the expected line"`,
			"(not diffed here: stdout has 2000006 bytes in 2000002 lines, want.txt 18 bytes in 2 lines)"},
		{"small", "run p\ncmp stdout want.txt\n" + want, "echo other", report.Fail,
			`standard output differs from the expected output: line 1 is "other"; expected "the expected line"`,
			"\n-other\n+the expected line\n"},
		{"same", "run p\ncmp stdout want.txt\n" + want, "echo the expected line", report.Pass, "", ""},
		{"negated", "run p\n! cmp stdout want.txt\n" + want, "echo the expected line", report.Fail,
			"standard output must differ from want.txt, but they are the same", ""},
		{"cmpenv", "env W=expected\nrun p\ncmpenv stdout want.txt\n-- want.txt --\nthe $W line\n", "echo the expected line", report.Pass, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := gradeHello(t, "", "# title: Says hello\n# points: 1\n"+tt.script, tt.sub, 30*time.Second)
			if r.Status != tt.status || r.Message != tt.msg {
				t.Errorf("got %s %q; want %s %q\n%s", r.Status, r.Message, tt.status, tt.msg, r.Log)
			}
			if !strings.Contains(r.Log, tt.log) {
				t.Errorf("transcript does not hold %q:\n%s", tt.log, r.Log)
			}
			if len(r.Log) > reportLogLimit {
				t.Errorf("transcript of %d bytes; want at most %d", len(r.Log), reportLogLimit)
			}
		})
	}
}
