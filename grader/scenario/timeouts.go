package scenario

import (
	"fmt"
	"time"

	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// A run out of time is judged by the kernel's figures, since a time alone
// cannot tell a slow program from a starved or a waiting one:
//
//   - it used its CPU time (the limit is on that, over all its processes):
//     it computed all along, and the program is too slow or never ends,
//     however busy the machine was;
//   - the wall-clock limit stopped it, and it spent that time asleep or
//     blocked rather than waiting for a processor: it was waiting, of its
//     own accord, and more time would not help;
//   - the wall-clock limit stopped it while it waited for a processor the
//     machine gave to others (sandbox.Result.Starved): nothing is known of
//     the program. The check is the grader's error, not the student's,
//     and it is run again, alone, up to starvedTries times in all; only if
//     the machine stays that busy does the report keep the error.

// starvedTries is how many times in all a check whose run was starved is
// run before the grader gives up on judging it.
const starvedTries = 3

// timeoutDeath says how a run that timed out ended, for a student. A
// starved run is not the student's and is said by starvedMessage instead.
func timeoutDeath(res *sandbox.Result, l sandbox.Limits) string {
	l = l.WithDefaults()
	if !res.WallTimedOut {
		return "timed out: it used all of its " + l.Time.String() + " of CPU time, computing all along " +
			"(a search too slow for this input, or one that never ends)"
	}
	used := "almost no CPU (" + roundTenth(res.CPU) + " of its " + l.Time.String() + ")"
	if !waited(res, l) {
		used = "only " + roundTenth(res.CPU) + " of its " + l.Time.String() + " of CPU time"
	}
	return "timed out after " + l.Wall().String() + ", having used " + used + ": it was waiting, not computing " +
		"(on a sleep, or on another process it started; not on standard input, which ends at once here)"
}

// starvedMessage is the error of a check whose run the machine starved,
// in words an instructor and a student read: whose fault it is not, and
// the figures that say so.
func starvedMessage(run string, res *sandbox.Result, l sandbox.Limits) string {
	l = l.WithDefaults()
	return fmt.Sprintf("%s: the machine was too busy to judge this run: in %s it waited %s for a processor and had only %s of its %s of CPU time; "+
		"grade it again when the machine is less busy",
		run, l.Wall(), roundTenth(res.CPUWait), roundTenth(res.CPU), l.Time)
}

// waited says whether a run that the wall-clock limit stopped used so
// little CPU that it can only have waited: under a twentieth of its CPU
// time.
func waited(res *sandbox.Result, l sandbox.Limits) bool {
	return res.WallTimedOut && !res.Starved() && res.CPU < l.WithDefaults().Time/20
}

// runDeath is sandbox.Result.Death with the grader's own words for a time-out.
func runDeath(res *sandbox.Result, l sandbox.Limits) string {
	if res.TimedOut && !res.Starved() {
		return timeoutDeath(res, l)
	}
	return res.Death(l)
}

// roundTenth writes a duration to the tenth of a second, "less than 0.1s"
// below it.
func roundTenth(d time.Duration) string {
	if d < 100*time.Millisecond {
		return "less than 0.1s"
	}
	return d.Round(100 * time.Millisecond).String()
}
