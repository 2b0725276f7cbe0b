package grader

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/scenario"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/suggest"
)

// Options tune one grading.
type Options struct {
	Timeout  time.Duration            // overrides every run's time limit when > 0
	Run      []string                 // only these checks (by name, or title in any case) and what they need (unknown -> error)
	Parallel int                      // max scenarios at once; 0 = runtime.GOMAXPROCS(0), the cores this process may use
	Verbose  bool                     // keep full logs and outputs
	Env      []string                 // extra K=V for runs (rare)
	OnCheck  func(report.CheckResult) // called as each check finishes (for progress), on any goroutine

	// TakeWants, when set, has each `cmp` line whose second file is in
	// the archive rewrite that file to the run's output, and is given each
	// passing check with the path of its scenario so rewritten: the way
	// authoring (grader verify -update) writes expected outputs from the
	// reference.
	TakeWants func(c *exercise.Check, scriptPath string) error

	// Class, for grader batch, is the class folder GradePath's path is
	// beneath: its entries are the students', and no folder beneath it on
	// the way to the submission, nor a class entry that is a file, is
	// followed where it is a link (submission.PrepareIn).
	Class string
}

// UnknownCheckError is a name in Options.Run that is no check of the
// exercise.
type UnknownCheckError struct {
	Exercise, Name string
	Suggestion     string // the closest check name, or ""
}

func (e *UnknownCheckError) Error() string {
	if e.Suggestion != "" {
		return fmt.Sprintf("grader: exercise %s has no check %q (did you mean %q?)", e.Exercise, e.Name, e.Suggestion)
	}
	return fmt.Sprintf("grader: exercise %s has no check %q", e.Exercise, e.Name)
}

// grading is one Grade call's shared state.
type grading struct {
	ctx  context.Context
	opts Options
	run  *scenario.Runner
	// named are the checks Options.Run names itself, not those it pulls
	// in as needs: they run even when a need did not pass.
	named map[string]bool
}

// Grade runs the submission through the exercise's checks and reports the
// verdicts. Independent checks run in parallel; a check starts once every
// check it needs has finished, and is skipped if one of them did not pass.
// The report lists checks in the exercise's order whatever finished first.
//
// The error is for the grader's own failures (and an unknown Options.Run
// name); everything the submission does wrong is in the report.
func Grade(ctx context.Context, ex *exercise.Exercise, sub *submission.Submission, opts Options) (*report.Report, error) {
	start := time.Now()
	checks, err := selectChecks(ex, opts.Run)
	if err != nil {
		return nil, err
	}
	limits := ex.Limits
	if opts.Timeout > 0 {
		limits.Time = opts.Timeout
	}
	dir, err := os.MkdirTemp("", "grader-")
	if err != nil {
		return nil, fmt.Errorf("grader: %w", err)
	}
	defer submission.RemoveAll(dir)
	run := scenario.NewRunner(ctx, ex, sub, scenario.Config{Limits: limits, Dir: dir, Env: opts.Env, Verbose: opts.Verbose, TakeWants: opts.TakeWants})
	g := &grading{ctx: ctx, opts: opts, run: run, named: namedChecks(ex, opts.Run)}

	results := g.schedule(checks)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("grader: grading interrupted: %w", err)
	}
	// Runs of different checks compared: the same output for every N.
	run.NameSameOutputs(results)
	r := &report.Report{
		Exercise:   ex.ID,
		Title:      ex.Title,
		Lang:       ex.Lang,
		Submission: sub.Path,
		Command:    sub.Command,
		Built:      sub.Built,
		Compiled:   sub.Compiled,
		Checks:     results,
		Passed:     true,
	}
	r.BuiltReason = sub.BuiltReason
	withProtections(r, limits)
	withVisibility(ex, r)
	for _, c := range results {
		r.Score += c.Score
		r.MaxScore += c.MaxScore
		if c.Status != report.Pass {
			r.Passed = false
		}
	}
	r.Duration = time.Since(start)
	return r, nil
}

// selectChecks returns the exercise's checks named in run and, transitively,
// the checks they need, in the exercise's order; all of them when run is
// empty.
func selectChecks(ex *exercise.Exercise, run []string) ([]*exercise.Check, error) {
	if len(run) == 0 {
		return ex.Checks, nil
	}
	want := make(map[string]bool)
	var add func(name string) error
	add = func(name string) error {
		if want[name] {
			return nil
		}
		c := ex.Check(name)
		if c == nil {
			// A student sees titles in the report, not names, so a
			// title names its check too.
			c = checkByTitle(ex, name)
		}
		if c == nil {
			return &UnknownCheckError{Exercise: ex.ID, Name: name, Suggestion: suggest.Closest(name, ex.CheckNames())}
		}
		if want[c.Name] {
			return nil
		}
		want[c.Name] = true
		for _, n := range c.Needs {
			if err := add(n); err != nil {
				return err
			}
		}
		return nil
	}
	for _, name := range run {
		if err := add(strings.TrimSpace(name)); err != nil {
			return nil, err
		}
	}
	var checks []*exercise.Check
	for _, c := range ex.Checks {
		if want[c.Name] {
			checks = append(checks, c)
		}
	}
	return checks, nil
}

// namedChecks returns the names of the checks run names (by name or title),
// without the checks they need.
func namedChecks(ex *exercise.Exercise, run []string) map[string]bool {
	named := make(map[string]bool)
	for _, name := range run {
		name = strings.TrimSpace(name)
		c := ex.Check(name)
		if c == nil {
			c = checkByTitle(ex, name)
		}
		if c != nil {
			named[c.Name] = true
		}
	}
	return named
}

// checkByTitle returns the check whose title is title, ignoring case, or nil.
func checkByTitle(ex *exercise.Exercise, title string) *exercise.Check {
	for _, c := range ex.Checks {
		if strings.EqualFold(c.Title, title) {
			return c
		}
	}
	return nil
}

// schedule runs the checks, at most opts.Parallel at once. One loop decides
// what runs next: of the checks whose needs have all finished, the first in
// the exercise's order, so that progress follows the report's order as far
// as parallelism allows and -parallel 1 runs the checks exactly in order.
// A check whose need did not pass is skipped as soon as that is known.
// Load-time validation rules out cycles, so every check gets its turn.
func (g *grading) schedule(checks []*exercise.Check) []report.CheckResult {
	parallel := g.opts.Parallel
	if parallel <= 0 {
		// The cores this process may use (Go counts a container's CPU
		// quota), not the machine's: with one scenario per core of a
		// 32-core host in a container allowed one, each run got a few
		// percent of a core, and a correct search timed out looking as
		// if it had waited.
		parallel = runtime.GOMAXPROCS(0)
	}
	results := make([]report.CheckResult, len(checks))
	index := make(map[string]int, len(checks))
	for i, c := range checks {
		index[c.Name] = i
	}
	state := make([]checkState, len(checks))
	type outcome struct {
		i     int
		r     report.CheckResult
		rerun bool // starved by the machine: to be run again alone
	}
	rerun := make([]bool, len(checks))
	done := make(chan outcome)
	left, active, activeHidden := len(checks), 0, 0
	finish := func(i int, r report.CheckResult) {
		results[i], state[i] = r, finished
		left--
		g.finished(r)
	}
	hidden := func(c *exercise.Check) bool { return !c.Visibility.Shown() && !sandbox.LayerOff("hiddenlast") }
	for left > 0 {
		// Start or skip every check that can go, first to last; a skip may
		// free a later check, so scan again until nothing changes. The
		// visible checks go first: a hidden check starts only once no
		// visible one runs or can start, and none starts beside it, so
		// that no run of a visible check is alive to learn a hidden
		// check's input from its runs (through an inode both see, or
		// the machine's load), and report it.
		for changed := true; changed; {
			changed = false
			for i, c := range checks {
				if state[i] != pending {
					continue
				}
				if h := hidden(c); (h && active > activeHidden) || (!h && activeHidden > 0) || (h && visibleReady(checks, state, index, hidden)) {
					continue
				}
				ready, failed := true, ""
				for _, n := range c.Needs {
					switch j := index[n]; {
					case state[j] != finished:
						ready = false
					case results[j].Status != report.Pass && failed == "":
						failed = n
					}
				}
				switch {
				case !ready:
				case failed != "" && !g.named[c.Name]:
					finish(i, skipped(c, failed))
					changed = true
				case g.ctx.Err() != nil:
					finish(i, notRun(c, "grading interrupted before this check ran"))
					changed = true
				case active < parallel:
					state[i] = running
					active++
					if hidden(c) {
						activeHidden++
					}
					go func() {
						// Starved by a busy machine, it is judged
						// again alone, below.
						leave := enterRuns(!c.Visibility.Shown())
						r, again := g.run.Check(c)
						leave()
						// Asked for by name, it ran whatever its
						// needs did; the report says so.
						r.RanDespite = failed
						done <- outcome{i, r, again}
					}()
				}
			}
		}
		if left == 0 {
			break
		}
		if active == 0 {
			// Nothing runs and nothing can start: a need outside the
			// selection. selectChecks rules it out; never wait for ever.
			for i, c := range checks {
				if state[i] == pending {
					finish(i, notRun(c, "grader error (not your fault): a check it needs was not scheduled"))
				}
			}
			break
		}
		o := <-done
		active--
		if hidden(checks[o.i]) {
			activeHidden--
		}
		rerun[o.i] = o.rerun
		finish(o.i, o.r)
	}
	// The checks a busy machine starved, run again with nothing beside
	// them (and again while it starves them): the verdict is this run's.
	for i, c := range checks {
		if rerun[i] && g.ctx.Err() == nil {
			leave := enterRuns(!c.Visibility.Shown())
			r := g.run.Run(c)
			leave()
			r.RanDespite = results[i].RanDespite
			results[i] = r
		}
	}
	// A check skipped for a need that passed when run again runs now, in
	// order, so that a chain of them follows its needs.
	for i, c := range checks {
		if results[i].Status != report.Skip || g.ctx.Err() != nil || results[i].SkippedBecause == "" {
			continue
		}
		ready := true
		for _, n := range c.Needs {
			ready = ready && results[index[n]].Status == report.Pass
		}
		if ready {
			leave := enterRuns(!c.Visibility.Shown())
			results[i] = g.run.Run(c)
			leave()
		}
	}
	return results
}

// checkState is where a check is in schedule.
type checkState int

const (
	pending checkState = iota
	running
	finished
)

// visibleReady says whether a visible check waits to start: its needs all
// finished (a check to be skipped for one counts: it is, at once).
func visibleReady(checks []*exercise.Check, state []checkState, index map[string]int, hidden func(*exercise.Check) bool) bool {
	for i, c := range checks {
		if state[i] != pending || hidden(c) {
			continue
		}
		ready := true
		for _, n := range c.Needs {
			ready = ready && state[index[n]] == finished
		}
		if ready {
			return true
		}
	}
	return false
}

func skipped(c *exercise.Check, because string) report.CheckResult {
	r := report.CheckResult{
		Name: c.Name, Title: c.Title, Status: report.Skip, MaxScore: c.Points, Hint: c.Hint,
		SkippedBecause: because,
	}
	say(&r, report.Say("skip.needs", report.Verbatim("check", because)))
	return r
}

// say gives c the message m: as data, for the renderers to say in the
// report's language, and as its English words, the English catalog's.
func say(c *report.CheckResult, m report.Message) {
	c.Reason, c.Message = &m, i18n.For(i18n.English).Say(m)
}

// hint gives c the grader's own hint m: as data, and in the words of the
// exercise's language, as a check's own hint is, its verbatim parts not
// isolated (report.CheckResult.HintReason).
func hint(ex *exercise.Exercise, c *report.CheckResult, m report.Message) {
	c.Hint, c.HintReason = i18n.For(ex.Lang).Say(m.Plain()), &m
}

// notRun is the Error verdict on a check the grader could not run.
func notRun(c *exercise.Check, msg string) report.CheckResult {
	return report.CheckResult{Name: c.Name, Title: c.Title, Status: report.Error, MaxScore: c.Points, Hint: c.Hint, Message: msg}
}

func (g *grading) finished(r report.CheckResult) {
	if g.opts.OnCheck != nil {
		g.opts.OnCheck(r)
	}
}

// GradePath prepares the submission at path (compiling it once, in a
// temporary folder) and grades it. A compile error is the report: a failing
// check "build" showing the compiler's output, every other check skipped
// because of it. A script its interpreter cannot parse is likewise a failing
// check "starts". A *submission.Error (no such file, no interpreter, ...) is
// returned as the error.
func GradePath(ctx context.Context, ex *exercise.Exercise, path string, opts Options) (*report.Report, error) {
	start := time.Now()
	checks, err := selectChecks(ex, opts.Run)
	if err != nil {
		return nil, err
	}
	buildDir, err := os.MkdirTemp("", "grader-build-")
	if err != nil {
		return nil, fmt.Errorf("grader: %w", err)
	}
	defer submission.RemoveAll(buildDir)
	// The build and the check that the program starts run the student's
	// compiler and program, and say what they met (a compiler's
	// messages, the program's complaint): they are visible runs.
	leave := enterRuns(false)
	defer leave()
	var sub *submission.Submission
	if opts.Class != "" {
		sub, err = submission.PrepareIn(ctx, opts.Class, path, buildDir)
	} else {
		sub, err = submission.Prepare(ctx, path, buildDir)
	}
	var ce *submission.CompileError
	if errors.As(err, &ce) {
		first := report.CheckResult{
			Name:   report.BuildCheck,
			Title:  i18n.For(ex.Lang).T("grader.title.build"),
			Status: report.Fail,
		}
		if ce.Output != "" || ce.Why == nil {
			// What the compiler said; a build it finished but that
			// failed all the same (ce.Why) may have said nothing.
			first.Detail = &report.Detail{Actual: ce.Output}
		}
		if ce.Why != nil {
			say(&first, *ce.Why)
		} else {
			say(&first, submission.NoCompile())
		}
		if ce.Split != nil {
			hint(ex, &first, ce.Split.HintMessage(ex.ID))
		}
		return firstFailedReport(ex, checks, path, ce.Command, first, report.Say("skip.no_compile"), opts, start), nil
	}
	if err != nil {
		return nil, err
	}
	if problem, fails := submission.CheckShebang(ctx, sub, buildDir); fails {
		line := "#!" + strings.TrimSuffix(sub.Shebang, "\r")
		first := report.CheckResult{
			Name:   report.StartCheck,
			Title:  i18n.For(ex.Lang).T("grader.title.starts"),
			Status: report.Fail,
			Detail: &report.Detail{Actual: line},
		}
		say(&first, submission.NoStart(problem))
		hint(ex, &first, submission.ShebangHint(line))
		return firstFailedReport(ex, checks, path, sub.Command, first, report.Say("skip.no_start"), opts, start), nil
	}
	if out, fails := submission.CheckStarts(ctx, sub, buildDir); fails {
		first := report.CheckResult{
			Name:   report.StartCheck,
			Title:  i18n.For(ex.Lang).T("grader.title.starts"),
			Status: report.Fail,
			Detail: &report.Detail{Actual: out},
		}
		say(&first, submission.NoStart(submission.Complaint(out, path)))
		hint(ex, &first, submission.StartsHint(sub.Command[0], path))
		if py2 := python2(sub); py2 != nil {
			// Python 3's error (a TabError, a missing parenthesis) is
			// the symptom; the cause is the language's version.
			say(&first, submission.Python2Start(py2, submission.Complaint(out, path)))
			hint(ex, &first, submission.Python2HintMessage())
		}
		return firstFailedReport(ex, checks, path, sub.Command, first, report.Say("skip.no_start"), opts, start), nil
	}
	leave()
	return Grade(ctx, ex, sub, opts)
}

// python2 is the first line of Python 2 in sub's source, nil for none.
func python2(sub *submission.Submission) *submission.Place {
	if src := submission.ReadSource(sub); src != nil {
		return src.Python2
	}
	return nil
}

// firstFailedReport is the report of a submission that failed before any
// check could run: first, then every check skipped because of it.
func firstFailedReport(ex *exercise.Exercise, checks []*exercise.Check, path string, command []string, first report.CheckResult, skipMsg report.Message, opts Options, start time.Time) *report.Report {
	limits := ex.Limits
	if opts.Timeout > 0 {
		limits.Time = opts.Timeout
	}
	r := &report.Report{
		Exercise:   ex.ID,
		Title:      ex.Title,
		Lang:       ex.Lang,
		Submission: path,
		Command:    command,
	}
	withProtections(r, limits)
	r.Checks = append(r.Checks, first)
	if opts.OnCheck != nil {
		opts.OnCheck(first)
	}
	for _, c := range checks {
		s := skipped(c, first.Name)
		say(&s, skipMsg)
		r.Checks = append(r.Checks, s)
		r.MaxScore += c.Points
		if opts.OnCheck != nil {
			opts.OnCheck(s)
		}
	}
	withVisibility(ex, r)
	r.Duration = time.Since(start)
	return r
}

// withVisibility copies each check's visibility into r's verdicts on it.
func withVisibility(ex *exercise.Exercise, r *report.Report) {
	for i := range r.Checks {
		for _, c := range ex.Checks {
			if c.Name == r.Checks[i].Name {
				r.Checks[i].Visibility = c.Visibility
			}
		}
	}
}
