package scenario

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/submission"
)

// sandboxRun runs a submission: sandbox.Run, which a test replaces to
// have the machine starve a run.
var sandboxRun = sandbox.Run

// Config is what a Runner needs besides the exercise and the submission.
type Config struct {
	Limits  sandbox.Limits // each run's: the exercise's, with the user's --timeout
	Dir     string         // a folder of the grading's own, for each check's scenario and runs
	Env     []string       // extra K=V for runs (rare)
	Verbose bool           // keep full logs and outputs
	// TakeWants, when set, has each `cmp` line whose second file is in
	// the archive rewrite that file to the run's output, and is given each
	// passing check with the path of its scenario so rewritten.
	TakeWants func(c *exercise.Check, scriptPath string) error
}

// Runner runs one exercise's checks against one submission, each check's
// scenario under testscript with the grader's commands, at once or one by
// one as its caller (the grader's scheduler) decides.
type Runner struct {
	ctx       context.Context
	ex        *exercise.Exercise
	sub       *submission.Submission
	src       *submission.Source // what its source shows, nil when unread
	limits    sandbox.Limits
	dir       string
	env       []string
	verbose   bool
	takeWants func(c *exercise.Check, scriptPath string) error
	cmds      map[string]func(*testscript.TestScript, bool, []string)
	// starved holds the names of the checks whose last try the machine
	// starved (see timeouts.go): to be run again, their verdict not the
	// submission's.
	starved sync.Map
	// seen keeps every run's output digest, for NameSameOutputs.
	seen seenRuns
}

// NewRunner returns a Runner of ex's checks against sub.
func NewRunner(ctx context.Context, ex *exercise.Exercise, sub *submission.Submission, cfg Config) *Runner {
	return &Runner{ctx: ctx, ex: ex, sub: sub, src: submission.ReadSource(sub), limits: cfg.Limits, dir: cfg.Dir, env: cfg.Env,
		verbose: cfg.Verbose, takeWants: cfg.TakeWants, cmds: testscriptCmds()}
}

// Check runs check c, perhaps beside other checks, and returns its verdict.
// again says the verdict is an error of the machine's, not the
// submission's: a run waited for a processor the machine was too busy to
// give until its wall-clock limit. Run it again alone before trusting it.
// Beside other checks a run is not slowed otherwise: its limit is on its
// own CPU time, and every run weighs the same to the scheduler.
func (g *Runner) Check(c *exercise.Check) (r report.CheckResult, again bool) {
	r = g.runCheck(c)
	_, again = g.starved.LoadAndDelete(c.Name)
	return r, again
}

// Run runs check c while no other check runs, and returns its verdict: up
// to starvedTries times while the machine starves it, after which the
// verdict is the error that says so.
func (g *Runner) Run(c *exercise.Check) report.CheckResult {
	for try := 1; ; try++ {
		r := g.runCheck(c)
		_, starved := g.starved.LoadAndDelete(c.Name)
		if starved && try == starvedTries {
			setReason(&r, say("scenario.starved_each_time", report.Nested("what", reasonOf(&r)), report.Int("count", try)))
		}
		if !starved || try == starvedTries || g.ctx.Err() != nil {
			return r
		}
	}
}

// reportOutputLimit is how much of each stream a Run keeps for the report
// unless Config.Verbose: enough to read, not enough to flood a terminal.
const reportOutputLimit = 4 << 10

// reportDetailLimit and reportLogLimit bound a failure's texts to diff and a
// check's transcript likewise: larger, since a diff needs both whole sides
// to be useful, but far below the output cap.
const (
	reportDetailLimit = 64 << 10
	reportLogLimit    = 32 << 10
)

// record turns a run into the report's Run, trimming its texts unless the
// user asked for everything.
func (g *Runner) record(args, argv []string, stdin []byte, res *sandbox.Result, death report.Message) report.Run {
	limit := reportOutputLimit
	if g.verbose {
		limit = -1
	}
	r := report.Run{
		Args:     slices.Clone(args),
		Command:  argv,
		ExitCode: res.ExitCode,
		Duration: res.Duration,
		CPU:      res.CPU,
		CPUWait:  res.CPUWait,
	}
	if death.ID != "" {
		r.Death = english(death)
		if death.ID != untranslatedID {
			r.DeathReason = &death
		}
	}
	var t1, t2, t3 bool
	r.Stdin, t1 = trimText(stdin, limit)
	r.Stdout, t2 = trimText(res.Stdout, limit)
	r.Stderr, t3 = trimText(res.Stderr, limit)
	r.Trimmed = t1 || t2 || t3 || res.StdoutOverflow || res.StderrOverflow
	r.StdoutLines, r.StderrLines = countLines(res.Stdout), countLines(res.Stderr)
	return r
}

// excerptContext is how many lines an excerpt shows on each side of the
// line at fault, and excerptLineLimit how much of each line it keeps.
const (
	excerptContext   = 3
	excerptLineLimit = 1 << 10
)

// excerptAt returns the lines of out around the line at fault of d, and
// the number of the first, when kept (the start of out that the report
// keeps) ends before that line: the report must show the line it names.
// A failure that diffs texts shows them whole, and needs none.
func excerptAt(out []byte, kept string, d *report.Detail) (string, int) {
	if d.OutputLine < 1 || d.Expected != "" || d.Actual != "" || strings.Count(kept, "\n") >= d.OutputLine {
		return "", 0
	}
	from := max(d.OutputLine-excerptContext, 1)
	var lines []string
	for i, n := 0, 1; i < len(out) && n <= d.OutputLine+excerptContext; n++ {
		end := bytes.IndexByte(out[i:], '\n')
		if end < 0 {
			end = len(out) - i
		}
		if n >= from {
			line, _ := trimText(out[i:i+end], excerptLineLimit)
			lines = append(lines, line)
		}
		i += end + 1
	}
	if len(lines) == 0 {
		return "", 0
	}
	return strings.Join(lines, "\n") + "\n", from
}

// countLines counts the lines of b, a last one without a newline included.
func countLines(b []byte) int {
	n := bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// trimText keeps at most limit bytes of b (all of it when limit < 0), cut at
// a line end where there is one and never inside a UTF-8 sequence.
func trimText(b []byte, limit int) (string, bool) {
	if limit < 0 || len(b) <= limit {
		return string(b), false
	}
	cut := b[:limit]
	if i := strings.LastIndexByte(string(cut), '\n'); i >= limit/2 {
		cut = cut[:i+1]
	}
	for len(cut) > 0 && !utf8.Valid(cut) {
		cut = cut[:len(cut)-1]
	}
	return string(cut), true
}
