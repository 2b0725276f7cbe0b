package scenario

import (
	"strings"
	"sync"
	"time"

	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// A run that times out is judged by the processor time it used, since wall
// time alone cannot tell a slow program from a starved or a waiting one:
//
//   - almost none: it was waiting (on a sleep, on a child; not on standard
//     input, which a run gets closed), and more time would not help;
//   - most of the limit: it computed all along, and is too slow;
//   - in between: it was slowed down by other runs. The grader itself runs
//     checks in parallel, so such a check is run again alone before the
//     verdict, and the report blames a busy machine only if it times out
//     alone too.

// waitingCPU is the share of the time limit under which a run that timed
// out is taken to have waited rather than computed.
const waitingCPU = 20

// timeoutDeath says how a run that timed out ended, for a student.
// alone says no other check of the grading ran beside it.
func timeoutDeath(res *sandbox.Result, l sandbox.Limits, alone bool) string {
	msg := "timed out after " + l.Time.String()
	used := "less than 0.1s"
	if res.CPU >= 100*time.Millisecond {
		used = res.CPU.Round(100 * time.Millisecond).String()
	}
	switch {
	case waited(res, l):
		return msg + ", having used almost no CPU (" + used + "): it was waiting, not computing " +
			"(on a sleep, or on another process it started; not on standard input, which ends at once here)"
	case res.CPU < l.Time/2 && alone:
		return msg + " (it used " + used + " of CPU, running alone: the machine may be busy; try again, or raise --timeout)"
	}
	return msg
}

// waited says whether a run that timed out used so little CPU that it
// must have been waiting, not computing.
func waited(res *sandbox.Result, l sandbox.Limits) bool {
	return res.CPU < l.WithDefaults().Time/waitingCPU
}

// runDeath is sandbox.Result.Death with the grader's own words for a time-out.
func runDeath(res *sandbox.Result, l sandbox.Limits, alone bool) string {
	if res.TimedOut {
		return timeoutDeath(res, l.WithDefaults(), alone)
	}
	return res.Death(l)
}

// starvedTimeout reports whether a failed check's last run timed out having
// used less than half its time in CPU: a run that other runs may have
// slowed down.
func starvedTimeout(r report.CheckResult, limit time.Duration) bool {
	if r.Status != report.Fail || len(r.Runs) == 0 {
		return false
	}
	last := r.Runs[len(r.Runs)-1]
	return strings.HasPrefix(last.Death, "timed out") && last.CPU >= limit/waitingCPU && last.CPU < limit/2
}

// company tracks which running checks had others beside them.
type company struct {
	mu      sync.Mutex
	running map[string]bool // check name -> shared the machine at some point
}

// start records that check name began; it shares the machine with each
// check already running, and they with it.
func (c *company) start(name string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running == nil {
		c.running = map[string]bool{}
	}
	shared := len(c.running) > 0
	for n := range c.running {
		c.running[n] = true
	}
	c.running[name] = shared
}

// shared reports whether another check has run beside check name since it
// started.
func (c *company) shared(name string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.running[name]
}

// end records that check name finished, and reports whether another check
// ran at some point beside it.
func (c *company) end(name string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	shared := c.running[name]
	delete(c.running, name)
	return shared
}
