package scenario

import (
	"bytes"
	"crypto/sha256"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/script"
)

// The most common knight's tour on the web has N fixed at 8: whatever the
// command line says, it prints the same 8×8 tour, and each check alone can
// only say that its line 1 is wrong. The grading as a whole has run it with
// several Ns and seen the same output each time, and says so, in the
// message of each check that failed on that output.

// seenRun is what the grading keeps of each run, to compare runs of
// different checks: its arguments (each number as its value, so that 4,
// +4 and 04 are one), how it ended, and its output's digest.
type seenRun struct {
	args  string
	shown string // the command line, as the report shows it
	exit  int
	died  bool
	sum   [sha256.Size]byte
	empty bool
	what  []byte // the output, for describeOutput: kept only while small
}

// seenRuns holds every check's runs, by check name, in order.
type seenRuns struct {
	mu   sync.Mutex
	runs map[string][]seenRun
	// caused are the checks whose message already leads with a cause of
	// their own run (causes.go), which says more than this comparison.
	caused map[string]bool
}

// maxDescribed bounds the output kept to describe it ("8×8 tour"): an
// output that large is described by its line count alone.
const maxDescribed = 64 << 10

// start forgets check name's runs: it runs (again).
func (s *seenRuns) start(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.runs == nil {
		s.runs, s.caused = map[string][]seenRun{}, map[string]bool{}
	}
	delete(s.runs, name)
	delete(s.caused, name)
}

// add records a run of check name.
func (s *seenRuns) add(name string, args []string, res *sandbox.Result, died bool) {
	r := seenRun{args: argsKey(args), shown: strings.Join(args, " "), exit: res.ExitCode, died: died,
		sum: sha256.Sum256(res.Stdout), empty: len(bytes.TrimSpace(res.Stdout)) == 0}
	if len(res.Stdout) <= maxDescribed {
		r.what = bytes.Clone(res.Stdout)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.runs == nil {
		s.runs, s.caused = map[string][]seenRun{}, map[string]bool{}
	}
	s.runs[name] = append(s.runs[name], r)
}

// markCaused records that check name's message names its cause already.
func (s *seenRuns) markCaused(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.caused != nil {
		s.caused[name] = true
	}
}

// argsKey is a run's arguments, the program's name left out, each that is
// a whole number as its value.
func argsKey(args []string) string {
	key := make([]string, 0, len(args))
	for _, a := range args[min(1, len(args)):] {
		if n, err := strconv.Atoi(strings.TrimSpace(a)); err == nil {
			a = strconv.Itoa(n)
		}
		key = append(key, a)
	}
	return strings.Join(key, "\x00")
}

// NameSameOutputs rewrites the message of each failed check whose last run
// printed what runs with other arguments printed too: it leads with that.
// It runs once every check has finished.
func (g *Runner) NameSameOutputs(results []report.CheckResult) {
	s := &g.seen
	s.mu.Lock()
	defer s.mu.Unlock()
	var all []seenRun
	for _, c := range g.ex.Checks {
		all = append(all, s.runs[c.Name]...)
	}
	for i := range results {
		r := &results[i]
		runs := s.runs[r.Name]
		if r.Status != report.Fail || s.caused[r.Name] || len(runs) == 0 || len(runs) != len(r.Runs) {
			continue
		}
		last := runs[len(runs)-1]
		if last.died || last.empty {
			continue
		}
		if msg := g.sameOutput(last, all); msg.ID != "" {
			rest, _ := onRunWhat(reasonOf(r), last.shown)
			setReason(r, onRun(last.shown, then(msg, rest)))
		}
	}
}

// sameOutput words what the runs show of last, the zero Message when no
// other arguments gave the same output.
func (g *Runner) sameOutput(last seenRun, all []seenRun) report.Message {
	others := map[string]string{} // arguments -> the command line shown
	every := true
	var order []string
	for _, r := range all {
		same := r.sum == last.sum && r.exit == last.exit && !r.died
		every = every && (same || r.died)
		if same && r.args != last.args {
			if _, ok := others[r.args]; !ok {
				order = append(order, r.args)
			}
			others[r.args] = r.shown
		}
	}
	what := report.Nested("what", describeOutput(last.what, g.toursKnights()))
	noun := g.argumentNoun()
	// The source says it reads no argument: two command lines printing
	// alike bear it out. Without the source, it takes three.
	readsNone := g.src != nil && !g.src.Args
	switch {
	case every && len(others) >= 1 && readsNone && noun != "":
		return say("scenario.same.whatever_n", what)
	case every && len(others) >= 1 && readsNone:
		return say("scenario.same.whatever_args_reads_none", what)
	case every && len(others) >= 2:
		return say("scenario.same.whatever_args", what, report.Int("count", len(others)+1))
	case len(others) >= 1 && bytes.Count(bytes.TrimSpace(last.what), []byte("\n")) >= 1:
		// Several lines alike for another number: a single line (a
		// message) may rightly be the same for several.
		var shown []string
		for _, a := range order {
			shown = append(shown, strconv.Quote(others[a]))
		}
		return say("scenario.same.as", what, report.Nested("runs", commandList(shown, 3)))
	}
	return report.Message{}
}

// toursKnights says whether the exercise's program tours a knight: a
// check of it judges a tour.
func (g *Runner) toursKnights() bool {
	return slices.ContainsFunc(g.ex.Checks, func(c *exercise.Check) bool {
		return slices.ContainsFunc(c.Lines, func(l string) bool {
			sl, err := script.ParseLine(l)
			return err == nil && sl != nil && sl.Cmd == "tour"
		})
	})
}

// describeOutput names an output for a message: "8×8 tour" (or board)
// for k lines of k cells, "line "..."" for one line, else "N lines".
func describeOutput(out []byte, tour bool) report.Message {
	if out == nil {
		return say("scenario.output")
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) == 1 {
		return say("scenario.output_line", quoted("text", quoteLine(lines[0])))
	}
	square := len(lines) >= 2
	for _, l := range lines {
		cells := strings.FieldsFunc(l, func(r rune) bool { return r == ' ' || r == '\t' || r == '|' })
		square = square && len(cells) == len(lines)
	}
	switch {
	case square && tour:
		return say("scenario.output_tour", report.Int("size", len(lines)))
	case square:
		return say("scenario.output_board", report.Int("size", len(lines)))
	}
	return say("scenario.output_lines", report.Int("count", len(lines)))
}

// commandList names quoted command lines, at most max of them: "a, b and
// c", or "a, b, c and 3 more".
func commandList(items []string, max int) report.Message {
	if len(items) <= max {
		return report.List(items)
	}
	return say("scenario.list.more", report.Nested("first", report.CommaList(items[:max])), report.Int("count", len(items)-max))
}
