package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/script"
	"github.com/boardcheck/boardcheck/grader/submission"
)

// scriptT is the testscript.T the grader runs scenarios under: testscript is
// written for `go test`, and this gives it what it needs outside one. FailNow
// and Skip end the calling goroutine, as testing.T's do, so Run gives every
// script a goroutine of its own and waits for it.
type scriptT struct {
	verbose bool

	mu       sync.Mutex
	log      strings.Builder
	failed   bool
	skipped  bool
	skipMsg  string
	panicked string // a panic in the grader's own code, with its stack
}

var _ testscript.T = (*scriptT)(nil)

func (t *scriptT) Run(_ string, f func(testscript.T)) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer t.recoverPanic()
		f(t)
	}()
	<-done
}

// recoverPanic turns a panic in a command into an error verdict for this
// check instead of a crash of the whole grading. runtime.Goexit (from FailNow
// and Skip) is not a panic, and recover returns nil for it.
func (t *scriptT) recoverPanic() {
	if r := recover(); r != nil {
		t.mu.Lock()
		t.panicked = fmt.Sprintf("%v\n%s", r, debug.Stack())
		t.failed = true
		t.mu.Unlock()
	}
}

// Parallel is a no-op: the grader's scheduler decides what runs at once.
func (t *scriptT) Parallel() {}

// Log keeps what testscript logs. testscript logs its whole transcript at
// once, every run's output in it: unless verbose, only its start and end
// are kept (see cutLog), not a third and fourth copy of 32 MiB of output.
func (t *scriptT) Log(args ...any) {
	text, ok := "", len(args) == 1
	if ok {
		text, ok = args[0].(string)
	}
	if !ok {
		text = fmt.Sprint(args...)
	}
	if !t.verbose {
		text = cutLog(text)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.log.WriteString(text)
	t.log.WriteByte('\n')
}

// cutLog keeps the start and the end of a transcript longer than
// reportLogLimit, and says how much it left out between them.
func cutLog(log string) string {
	if len(log) <= reportLogLimit {
		return log
	}
	// The end keeps a little less than half, so that the whole, the
	// sentence between included, stays within reportLogLimit.
	head, _ := trimText([]byte(log), reportLogLimit/2)
	tail := strings.ToValidUTF8(log[len(log)-reportLogLimit/2+128:], "")
	cut := len(log) - len(head) - len(tail)
	return head + fmt.Sprintf("[... %d bytes cut; -v keeps them ...]\n", cut) + tail
}

func (t *scriptT) Fatal(args ...any) {
	t.Log(args...)
	t.FailNow()
}

func (t *scriptT) FailNow() {
	t.mu.Lock()
	t.failed = true
	t.mu.Unlock()
	runtime.Goexit()
}

func (t *scriptT) Skip(args ...any) {
	t.mu.Lock()
	t.skipped = true
	t.skipMsg = strings.TrimSpace(fmt.Sprintln(args...))
	t.mu.Unlock()
	runtime.Goexit()
}

func (t *scriptT) Verbose() bool { return t.verbose }

// runCheck runs one check's scenario and returns its verdict.
func (g *Runner) runCheck(c *exercise.Check) (r report.CheckResult) {
	start := time.Now()
	r = report.CheckResult{Name: c.Name, Title: c.Title, MaxScore: c.Points, Hint: c.Hint}
	// r is the named result so that the duration covers every return.
	defer func() { r.Duration = time.Since(start) }()
	g.seen.start(c.Name)

	// A folder of the check's own, named for nothing (a run knows its
	// working folder, and must not learn from it which check it is in:
	// a hidden one, whose input it would then report): the scenario, its
	// files, and each run's folder and copy of the submission.
	root, err := os.MkdirTemp(g.dir, "")
	if sandbox.LayerOff("workname") {
		// As the grader once named it, for the escape suite's proof.
		root = filepath.Join(g.dir, "work", c.Name)
		err = os.MkdirAll(root, 0o755)
	}
	if err != nil {
		return errorResult(r, fmt.Sprintf("making the work folder: %v", err))
	}
	defer submission.RemoveAll(root)
	scriptPath := filepath.Join(root, "scenario.txtar")
	if err := os.WriteFile(scriptPath, c.RunnableScript(g.takeWants != nil), 0o644); err != nil {
		return errorResult(r, fmt.Sprintf("writing the scenario: %v", err))
	}

	s := &checkRun{g: g, check: c}
	t := &scriptT{verbose: g.verbose}
	params := testscript.Params{
		Files: []string{scriptPath},
		Setup: func(env *testscript.Env) error {
			env.Values[stateKey{}] = s
			s.work = env.WorkDir
			// The exercise's messages, as $NAME; runs do not see them
			// (they see only what the scenario's env lines set).
			for name, text := range g.ex.Messages {
				env.Setenv(name, text)
			}
			return nil
		},
		Cmds:                g.cmds,
		UpdateScripts:       g.takeWants != nil,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		WorkdirRoot:         root,
	}
	// RunT itself may call t.Fatal, which ends its goroutine: not ours.
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer t.recoverPanic()
		testscript.RunT(t, params)
	}()
	<-done

	r.Runs = s.runs
	r.Log = cleanLog(t.log.String(), scriptPath, c.File)
	if !g.verbose {
		// testscript logs each run's whole output; a flood of it would
		// make the report as big as the output cap. Log cut it already,
		// unless a line the grader added made it longer.
		r.Log = cutLog(r.Log)
	}
	if !t.failed && s.exitZero != nil {
		// The script ended on a `! run` that exited 0, every line about
		// its output satisfied.
		t.failed, s.failure = true, s.exitZero
		s.exitZero = nil
	}
	switch {
	case t.panicked != "":
		r.Log += "\npanic: " + t.panicked
		return errorResult(r, "internal error running the scenario, please report it: "+firstLine(t.panicked))
	case t.skipped:
		r.Status = report.Skip
		m := say("scenario.skipped")
		if t.skipMsg != "" {
			// The scenario's skip line: its author's words.
			m = say("scenario.skipped_because", report.Text("why", t.skipMsg))
		}
		setReason(&r, m)
		return r
	case !t.failed:
		r.Status = report.Pass
		r.Score = c.Points
		if g.takeWants != nil {
			if err := g.takeWants(c, scriptPath); err != nil {
				return errorResult(r, fmt.Sprintf("reading the updated scenario: %v", err))
			}
		}
		return r
	}

	line, msg := failLine(t.log.String(), scriptPath)
	r.Line = line
	var reason report.Message
	if f := s.failure; f != nil {
		r.Status, reason, r.Detail = f.status, f.reason, f.detail
		if f.run > 0 {
			r.Line = runLine(c, f.run)
		}
	} else {
		r.Status, reason, r.Detail = explainBuiltin(s, c, line, msg)
	}
	if z := s.exitZero; z != nil && r.Status == report.Fail && z != s.failure {
		// The run exited 0 and its output is wrong too: say both, the
		// status first, as the run's command line shows it.
		rest, _ := onRunWhat(reason, s.lastName)
		reason = say("scenario.and", report.Nested("first", z.reason), report.Nested("then", rest))
	}
	switch {
	case r.Status == report.Error && s.failure != nil && s.failure.grader:
		if reason.ID == untranslatedID || reason.ID == diagnosticID {
			a, _ := reason.Arg("text")
			reason = diagnostic(strings.TrimPrefix(a.Text, "grader: "))
		}
		reason = say("scenario.grader_error", report.Nested("error", reason))
	case r.Status == report.Error:
		where := c.File
		if line > 0 {
			where += ":" + strconv.Itoa(line)
		}
		reason = say("scenario.exercise_error", report.Verbatim("where", where), report.Nested("error", reason))
	}
	if english(reason) == "" {
		reason = say("scenario.failed")
	}
	setReason(&r, reason)
	var cause *cause
	if r.Status == report.Fail && s.last != nil && (s.failure == nil || s.failure.run == 0 || s.failure.run == len(s.runs)) {
		// The run at fault is the last: name its cause, if it shows one.
		cause = g.causeOf(s.last, s.runs[len(s.runs)-1].Stdin != "")
	}
	switch {
	case r.Status == report.Fail && s.last != nil && s.last.WallTimedOut:
		// A faster search would not help a program that never searched.
		g.hint(&r, say(waitingHint))
	case r.Status == report.Fail && s.last != nil && s.last.TimedOut:
		// The check's hint guesses at wrong output, which a run that
		// never finished did not print.
		r.Hint = g.timeoutHint(c)
		if r.Hint == "" {
			g.hint(&r, say(defaultTimeoutHint))
		}
	case r.Status == report.Fail && s.last != nil && crashed(s.last.Signal):
		g.hint(&r, say(crashHint))
	case r.Status == report.Fail && holds(reason, stderrNotEmpty) && !speaksOfStderr(r.Hint):
		// The check's hint is about what it checks on standard output,
		// which may well be right.
		g.hint(&r, say(stderrHint))
	}
	if cause != nil {
		g.leadWith(cause, &r, reason, s.lastName, s.last)
		g.seen.markCaused(c.Name)
	}
	if d := r.Detail; d != nil && !g.verbose && s.last != nil && len(r.Runs) > 0 {
		d.Excerpt, d.ExcerptFrom = excerptAt(s.last.Stdout, r.Runs[len(r.Runs)-1].Stdout, d)
	}
	if d := r.Detail; d != nil {
		// Even with -v, which keeps every run's output whole: a report
		// diffs these line by line, and 16 million lines took gigabytes.
		d.Expected, _ = trimText([]byte(d.Expected), reportDetailLimit)
		d.Actual, _ = trimText([]byte(d.Actual), reportDetailLimit)
	}
	return r
}

// The grader's own hints, each a message said in the exercise's language
// like the hints it replaces:
const (
	// defaultTimeoutHint is the advice for a run out of time in an
	// exercise that gives none of its own: it names no puzzle, since it
	// serves every one.
	defaultTimeoutHint = "scenario.hint.timeout"
	// waitingHint is the advice for a run that the wall-clock limit
	// stopped while it waited of its own accord (see timeoutDeath),
	// whatever the exercise: it waited rather than searched.
	waitingHint = "scenario.hint.waiting"
	// stderrHint is the advice for a check that failed because the
	// program printed to standard error, which had to stay empty.
	stderrHint = "scenario.hint.stderr"
)

// hint gives r the grader's own hint m in place of the check's: as data,
// and in the words of the exercise's language, as the check's hint is,
// its verbatim parts not isolated (report.CheckResult.HintReason).
func (g *Runner) hint(r *report.CheckResult, m report.Message) {
	r.Hint, r.HintReason = i18n.For(g.ex.Lang).Say(m.Plain()), &m
}

// speaksOfStderr says whether an author's hint already gives advice about
// standard error, as a usage check's often does.
func speaksOfStderr(hint string) bool {
	h := strings.ToLower(hint)
	return strings.Contains(h, "stderr") || strings.Contains(h, "standard error")
}

// timeoutHint is the advice for check c when a run ran out of time: the
// check's own, else the exercise's; "" for neither, when the grader's
// (defaultTimeoutHint) serves.
func (g *Runner) timeoutHint(c *exercise.Check) string {
	switch {
	case c.TimeoutHint != "":
		return c.TimeoutHint
	case g.ex.TimeoutHint != "":
		return g.ex.TimeoutHint
	}
	return ""
}

// errorResult is the Error verdict of the grader's own trouble, which msg
// says in English (a Go error, for whoever reports it).
func errorResult(r report.CheckResult, msg string) report.CheckResult {
	r.Status = report.Error
	setReason(&r, say("scenario.grader_error", report.Nested("error", diagnostic(msg))))
	return r
}

// Runs is how many runs check c's scenario makes: its run commands.
func Runs(c *exercise.Check) int {
	n := 0
	for _, l := range c.Lines {
		if sl, err := script.ParseLine(l); err == nil && sl != nil && sl.Cmd == "run" {
			n++
		}
	}
	return n
}

// runLine returns the scenario line (1-based) of its n'th run command, 0
// if it has fewer.
func runLine(c *exercise.Check, n int) int {
	for i, l := range c.Lines {
		if sl, err := script.ParseLine(l); err == nil && sl != nil && sl.Cmd == "run" {
			if n--; n == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// failLine finds testscript's "FAIL: FILE:LINE: MESSAGE" for the script.
func failLine(log, scriptPath string) (int, string) {
	prefix := "FAIL: " + scriptPath + ":"
	i := strings.LastIndex(log, prefix)
	if i < 0 {
		return 0, ""
	}
	rest := log[i+len(prefix):]
	rest, _, _ = strings.Cut(rest, "\n")
	num, msg, _ := strings.Cut(rest, ": ")
	n, _ := strconv.Atoi(num)
	return n, msg
}

// cleanLog makes the transcript readable out of context: the scenario's own
// path instead of the temporary copy, and without the WORK= line testscript
// adds when work folders are kept.
func cleanLog(log, scriptPath, file string) string {
	log = strings.ReplaceAll(log, scriptPath, file)
	// The scenario's own cmp lines, as its author wrote them (see
	// exercise.Check.RunnableScript).
	log = strings.NewReplacer("> "+script.CmpCmd+" ", "> cmp ", "> ! "+script.CmpCmd+" ", "> ! cmp ",
		"> "+script.CmpenvCmd+" ", "> cmpenv ", "> ! "+script.CmpenvCmd+" ", "> ! cmpenv ").Replace(log)
	if strings.HasPrefix(log, "WORK=") {
		_, log, _ = strings.Cut(log, "\n")
	}
	return strings.TrimRight(log, "\n")
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
