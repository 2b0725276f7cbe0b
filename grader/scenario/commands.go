package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/handin"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/script"
	"github.com/boardcheck/boardcheck/grader/submission"
)

// commandRuns runs each of the grader's own commands (script.Commands,
// documented in CONTRIBUTING.md, "Scenario commands"); keep it in step
// with script's table and sorted.
var commandRuns = map[string]func(s *checkRun, ts *testscript.TestScript, neg bool, args []string){
	"answer": (*checkRun).cmdAnswer,
	"count":  (*checkRun).cmdCount,
	"queens": (*checkRun).cmdQueens,
	"run":    (*checkRun).cmdRun,
	"status": (*checkRun).cmdStatus,
	"tour":   (*checkRun).cmdTour,
}

// checkRun is the state of one check's script while it runs: what the
// commands need and what they leave for the report.
type checkRun struct {
	g     *Runner
	check *exercise.Check
	work  string // $WORK

	runs     []report.Run
	last     *sandbox.Result // the last run, nil before the first
	lastName string          // the last run's arguments as a student reads them: "nqueens 4"
	stdin    *string         // set by a stdin line for the next run
	failure  *failure        // why the script failed, when one of our commands failed it
	// exitZero is the verdict on a `! run` that exited 0, held back while
	// the lines about that run's output go on: a wrong exit status must
	// not hide a wrong message. The next run, or the script's end, makes
	// it the failure; a failing line about the output joins it.
	exitZero *failure
	files    fileSnapshot // the scenario's files before the first run
}

// failure is a verdict our commands reach, richer than testscript's FAIL line.
type failure struct {
	status report.Status // Fail or Error
	reason report.Message
	detail *report.Detail
	// grader marks an Error that is the grader's own, not the scenario's.
	grader bool
	// run, when > 0, is the run (1 for the scenario's first) the verdict
	// is about, for a verdict reached after later lines ran.
	run int
}

type stateKey struct{}

func scenarioOf(ts *testscript.TestScript) *checkRun {
	return ts.Value(stateKey{}).(*checkRun)
}

// testscriptCmds adapts the table to testscript.Params.Cmds.
func testscriptCmds() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	cmds := make(map[string]func(*testscript.TestScript, bool, []string))
	for name, run := range commandRuns {
		cmds[name] = func(ts *testscript.TestScript, neg bool, args []string) {
			if neg && !script.Negatable(name) {
				scenarioOf(ts).broken(ts, "unsupported: ! %s", name)
			}
			run(scenarioOf(ts), ts, neg, args)
		}
	}
	cmds[script.StdinFileCmd] = func(ts *testscript.TestScript, neg bool, args []string) {
		s := scenarioOf(ts)
		if neg || len(args) != 1 {
			s.broken(ts, "usage: stdin filename")
		}
		data, err := readScenarioFile(ts.MkAbs(args[0]))
		if err != nil {
			s.broken(ts, "stdin: %v", err)
		}
		text := string(data)
		s.stdin = &text
	}
	cmds[script.CmpCmd] = cmdCmp(false)
	cmds[script.CmpenvCmd] = cmdCmp(true)
	return cmds
}

// fail ends the script with a verdict against the submission.
func (s *checkRun) fail(ts *testscript.TestScript, detail *report.Detail, m report.Message) {
	s.end(ts, &failure{status: report.Fail, reason: m, detail: detail})
}

// end ends the script with the verdict f, its words in testscript's log.
func (s *checkRun) end(ts *testscript.TestScript, f *failure) {
	s.failure = f
	ts.Fatalf("%s", english(f.reason))
}

// broken ends the script with an error that is the exercise's or the
// grader's, never the student's: said to its author, in English.
func (s *checkRun) broken(ts *testscript.TestScript, format string, args ...any) {
	s.end(ts, &failure{status: report.Error, reason: diagnostic(fmt.Sprintf(format, args...))})
}

// graderError ends the script with an error of the grader's own.
func (s *checkRun) graderError(ts *testscript.TestScript, m report.Message) {
	s.end(ts, &failure{status: report.Error, grader: true, reason: m})
}

// requireRun returns the last run, failing the script when there is none.
func (s *checkRun) requireRun(ts *testscript.TestScript, cmd string) *sandbox.Result {
	if s.last == nil {
		s.broken(ts, "%s before any run: a scenario must run the program first", cmd)
	}
	return s.last
}

// cmdRun runs the submission once. Its output becomes what testscript's
// stdout, stderr and cmp builtins look at.
func (s *checkRun) cmdRun(ts *testscript.TestScript, neg bool, args []string) {
	s.failOnExitZero(ts)
	a, err := script.ParseRun(args, s.g.ex.Program)
	if err != nil {
		s.broken(ts, "%v", err)
	}
	var stdin []byte
	switch {
	case a.Stdin != "":
		stdin, err = readScenarioFile(ts.MkAbs(a.Stdin))
		if err != nil {
			s.broken(ts, "run -stdin: %v", err)
		}
	case s.stdin != nil:
		stdin = []byte(*s.stdin)
	}
	s.stdin = nil

	var vars []string
	for _, k := range s.check.EnvNames {
		vars = append(vars, k+"="+ts.Getenv(k))
	}
	vars = append(vars, s.g.env...)
	argv := append(slices.Clone(s.g.sub.Command), a.Args[1:]...)
	if s.files == nil {
		s.files = snapshotFiles(s.work)
	}
	// Each run has a folder of its own, beside the scenario's and not in
	// it: the scenario's files (want.txt) are the grader's, not the run's.
	n := len(s.runs) + 1
	dir := filepath.Join(filepath.Dir(s.work), fmt.Sprintf("run%d", n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		s.graderError(ts, diagnostic(fmt.Sprintf("making the run's folder: %v", err)))
	}
	copies := filepath.Join(filepath.Dir(s.work), fmt.Sprintf("copy%d", n))
	defer os.RemoveAll(copies)
	binds, err := s.g.runCopies(copies)
	var refused *handin.RefusedError
	if errors.As(err, &refused) && refused.Why.ID != "" && !sandbox.LayerOff("copyrefused") {
		// What a run is given is the student's files or what their
		// build made of them: past handin's bounds or rules, it is
		// theirs to fix (submission.checkBuilt says so at the build,
		// where it can), not the grader's failure.
		s.fail(ts, nil, onRun(strings.Join(a.Args, " "), say("scenario.copy_refused", report.Nested("refused", refused.Message()))))
	}
	if err != nil {
		s.graderError(ts, diagnostic(err.Error()))
	}
	res, err := sandboxRun(s.g.ctx, sandbox.Spec{
		Argv:     argv,
		Dir:      dir,
		Env:      submission.Env(dir, vars...),
		Stdin:    stdin,
		Limits:   s.g.limits,
		ReadOnly: s.g.sub.Files,
		Binds:    binds,
		Hide:     hiddenPrograms(),
	})
	if changed := s.files.changed(s.work); changed != "" {
		if sandbox.OwnRoot() {
			// The run could not see the scenario's folder, so it did not
			// change it: something else on this machine did, and the
			// student is not to be blamed for what the check would
			// then compare against.
			s.graderError(ts, say("scenario.file_changed_elsewhere", report.Verbatim("file", changed), report.Verbatim("run", strings.Join(a.Args, " "))))
		}
		// Only a run without a root of its own can reach them; a check
		// that compared its output with a file it wrote would be fooled.
		s.fail(ts, nil, onRun(strings.Join(a.Args, " "), say("scenario.file_changed", report.Verbatim("file", changed))))
	}
	var moved *sandbox.MovedError
	if errors.As(err, &moved) {
		// The student's folder swapped for a link while it was graded
		// (the grader took what was there before): theirs.
		s.fail(ts, nil, onRun(strings.Join(a.Args, " "), say("scenario.moved", report.Verbatim("folder", handin.Shown(filepath.Dir(moved.At))))))
	}
	var ee *sandbox.ExecError
	if errors.As(err, &ee) && s.g.sub.Lang == "executable" {
		// The student's own program (a binary, a script run by its #!
		// line) that the kernel will not start where runs are: theirs
		// to fix, as submission.CheckShebang says of a #! line.
		s.fail(ts, nil, onRun(strings.Join(a.Args, " "), say("scenario.not_started", report.Verbatim("error", ee.Err.Error()), report.Verbatim("program", a.Args[0]))))
	}
	if err != nil {
		// submission.Prepare vetted the command, so this is the grader's own trouble
		// (no pipe, no folder), not the scenario's and not the student's.
		s.graderError(ts, diagnostic(err.Error()))
	}
	s.last = res
	s.lastName = strings.Join(a.Args, " ")
	death := runDeath(res, s.g.limits)
	s.runs = append(s.runs, s.g.record(a.Args, argv, stdin, res, death))
	s.g.seen.add(s.check.Name, a.Args, res, death.ID != "")
	if res.Starved() {
		// Nothing is known of the program: the machine's error, not the
		// student's, and the check is to be run again.
		s.g.starved.Store(s.check.Name, true)
		s.graderError(ts, starvedMessage(s.lastName, res, s.g.limits))
	}
	if death.ID != "" {
		// A crash or a limit fails whatever the scenario expected: `! run`
		// asks for an error exit, not for a program that dies. This comes
		// before the output is handed to testscript, which would copy it
		// into its buffers and its log: for a run that flooded its output
		// up to the cap those copies were most of the grader's memory,
		// and no later command of a failed check reads them.
		s.fail(ts, nil, onRun(s.lastName, then(comma(death, signalNote(res.Signal)), stderrNote(res.Stderr))))
	}
	// Through testscript's own buffers, so stdout, stderr and cmp see them.
	ts.Stdout().Write(res.Stdout)
	ts.Stderr().Write(res.Stderr)
	switch {
	case !neg && res.ExitCode != 0:
		s.fail(ts, nil, s.exitStatus(res, 0))
	case neg && res.ExitCode == 0:
		s.exitZero = &failure{status: report.Fail, run: len(s.runs),
			reason: onRun(s.lastName, say("scenario.exit_zero"))}
	}
}

// failOnExitZero ends the script with the held-back verdict on a `! run`
// that exited 0, if there is one.
func (s *checkRun) failOnExitZero(ts *testscript.TestScript) {
	if f := s.exitZero; f != nil {
		s.exitZero = nil
		s.end(ts, f)
	}
}

// exitNote explains a wrong exit status the submission did not choose:
// a C or C++ main declared void, whose status is whatever a register last
// held (10 after a putchar('\n')), which the compilers accept; or a Java
// file that java's source launcher could not compile alone, its classes
// being split over the files of its folder.
func (s *checkRun) exitNote(stderr []byte) report.Message {
	switch sub := s.g.sub; {
	case sub.VoidMain:
		return say("scenario.void_main")
	case sub.Split != nil && bytes.Contains(stderr, []byte("error: cannot find symbol")):
		return sub.Split.HintMessage(s.g.ex.ID)
	}
	return report.Message{}
}

// exitStatus is the verdict on the last run, which exited with a status
// other than want.
func (s *checkRun) exitStatus(res *sandbox.Result, want int) report.Message {
	return onRun(s.lastName, then(say("scenario.exit_status", report.Int("status", res.ExitCode), report.Int("want", want)),
		stderrNote(res.Stderr), s.exitNote(res.Stderr)))
}

// stderrNote quotes the line of standard error a student most needs, for a
// run that failed: the first, or for a Python traceback its last line, which
// names the exception.
func stderrNote(stderr []byte) report.Message {
	// Only the first and last lines matter; stderr may be 16 MiB, so
	// look at them in place rather than splitting it all.
	text := bytes.TrimSpace(stderr)
	if len(text) == 0 {
		return report.Message{}
	}
	line := text
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		line = text[:i]
	}
	// A Python traceback ends with the exception's line; so does the
	// error Python gives for a file it cannot parse, which starts with
	// the place (`  File "x.py", line 5`).
	if bytes.HasPrefix(line, []byte("Traceback (most recent call last)")) || bytes.HasPrefix(line, []byte(`File "`)) {
		line = text[bytes.LastIndexByte(text, '\n')+1:]
	}
	if len(line) > 1024 {
		line = line[:1024] // quoteLine keeps 120 characters of it
	}
	return say("scenario.stderr_line", quoted("line", quoteLine(string(line))))
}

// quoteLine shortens and quotes one line of a submission's output for a
// message.
func quoteLine(line string) string {
	line = strings.TrimRight(line, "\r")
	if r := []rune(line); len(r) > 120 {
		line = string(r[:120]) + "..."
	}
	return strconv.Quote(line)
}

func (s *checkRun) cmdStatus(ts *testscript.TestScript, _ bool, args []string) {
	want, err := script.ParseStatus(args)
	if err != nil {
		s.broken(ts, "%v", err)
	}
	res := s.requireRun(ts, "status")
	if s.exitZero != nil && want != 0 {
		// The run's verdict is held back already; name the status it
		// should have had.
		s.exitZero.reason = say("scenario.exit_zero_want", report.Nested("what", s.exitZero.reason), report.Int("status", want))
		return
	}
	if res.ExitCode != want {
		s.fail(ts, nil, s.exitStatus(res, want))
	}
}

func (s *checkRun) cmdQueens(ts *testscript.TestScript, _ bool, args []string) {
	q, err := script.ParseQueens(args, s.g.ex.Formats)
	if err != nil {
		s.broken(ts, "%v", err)
	}
	res := s.requireRun(ts, "queens")
	out, other, otherName := res.Stdout, res.Stderr, stderrStream
	if q.Stderr {
		out, other, otherName = res.Stderr, res.Stdout, stdoutStream
	}
	if f := checker.Queens(out, q.Spec); f != nil {
		if !f.Invalid {
			f.Tally = checker.TallyQueens(out, q.Spec)
		}
		s.checkerFailure(ts, f, out, other, otherName)
	}
}

// checkerFailure fails the script with the checker's verdict, saying first
// where the output went when it went to the other stream.
func (s *checkRun) checkerFailure(ts *testscript.TestScript, f *checker.Failure, out, other []byte, otherName stream) {
	if err := script.SpecError(f); err != nil {
		s.broken(ts, "%v", err)
	}
	d := &report.Detail{OutputLine: f.Line, Board: f.Board, Tour: f.Tour, Tally: f.Tally}
	if len(bytes.TrimSpace(out)) == 0 && len(bytes.TrimSpace(other)) > 0 {
		first, _, _ := bytes.Cut(bytes.TrimSpace(other), []byte("\n"))
		s.fail(ts, d, onRun(s.lastName, say("scenario.nothing_but_other", otherName.other().arg("stream"), otherName.arg("other"),
			quoted("line", quoteLine(string(first))))))
	}
	s.fail(ts, d, checkerMessage(f))
}

func (s *checkRun) cmdTour(ts *testscript.TestScript, _ bool, args []string) {
	spec, err := script.ParseTour(args, s.g.ex.Formats)
	if err != nil {
		s.broken(ts, "%v", err)
	}
	res := s.requireRun(ts, "tour")
	if f := checker.Tour(res.Stdout, spec); f != nil {
		s.checkerFailure(ts, f, res.Stdout, res.Stderr, stderrStream)
	}
}

func (s *checkRun) cmdCount(ts *testscript.TestScript, _ bool, args []string) {
	c, err := script.ParseCount(args)
	if err != nil {
		s.broken(ts, "%v", err)
	}
	res := s.requireRun(ts, "count")
	if f := checker.Count(res.Stdout, c.Piece, c.N); f != nil {
		s.checkerFailure(ts, f, res.Stdout, res.Stderr, stderrStream)
	}
}

// cmdAnswer checks the last run's output against the exercise's [puzzle]:
// its solutions, its count or a tour, in the exercise's format.
func (s *checkRun) cmdAnswer(ts *testscript.TestScript, _ bool, args []string) {
	a, err := script.ParseAnswer(args, s.g.ex.Context())
	if err != nil {
		s.broken(ts, "%v", err)
	}
	res := s.requireRun(ts, "answer")
	out, other, otherName := res.Stdout, res.Stderr, stderrStream
	if a.Stderr {
		out, other, otherName = res.Stderr, res.Stdout, stdoutStream
	}
	var f *checker.Failure
	switch {
	case a.Placement != nil:
		if f = checker.Placements(out, *a.Placement); f != nil && !f.Invalid {
			f.Tally = checker.TallyPlacements(out, *a.Placement)
		}
	case a.Count != nil:
		f = checker.Counts(out, *a.Count)
	case a.Tour != nil:
		f = checker.Tour(out, *a.Tour)
	}
	if f != nil {
		s.checkerFailure(ts, f, out, other, otherName)
	}
}
