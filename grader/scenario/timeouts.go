package scenario

import (
	"time"

	"github.com/boardcheck/boardcheck/grader/report"
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
func timeoutDeath(res *sandbox.Result, l sandbox.Limits) report.Message {
	l = l.WithDefaults()
	limit := report.Verbatim("limit", l.Time.String())
	if !res.WallTimedOut {
		return say("scenario.timeout.cpu", limit)
	}
	used := say("scenario.timeout.almost_no_cpu", report.Nested("cpu", roundTenth(res.CPU)), limit)
	if !waited(res, l) {
		used = say("scenario.timeout.only_cpu", report.Nested("cpu", roundTenth(res.CPU)), limit)
	}
	return say("scenario.timeout.wall", report.Verbatim("wall", l.Wall().String()), report.Nested("used", used))
}

// starvedMessage is the error of a check whose run the machine starved,
// in words an instructor and a student read: whose fault it is not, and
// the figures that say so.
func starvedMessage(run string, res *sandbox.Result, l sandbox.Limits) report.Message {
	l = l.WithDefaults()
	return onRun(run, say("scenario.starved", report.Verbatim("wall", l.Wall().String()), report.Nested("wait", roundTenth(res.CPUWait)),
		report.Nested("cpu", roundTenth(res.CPU)), report.Verbatim("limit", l.Time.String())))
}

// waited says whether a run that the wall-clock limit stopped used so
// little CPU that it can only have waited: under a twentieth of its CPU
// time.
func waited(res *sandbox.Result, l sandbox.Limits) bool {
	return res.WallTimedOut && !res.Starved() && res.CPU < l.WithDefaults().Time/20
}

// runDeath is how a run ended when it did not exit by itself, the zero
// Message when it did: sandbox.Result.Death, as data, with the grader's own
// words for a time-out.
func runDeath(res *sandbox.Result, l sandbox.Limits) report.Message {
	if res.TimedOut && !res.Starved() {
		return timeoutDeath(res, l)
	}
	words := res.Death(l)
	if words == "" {
		return report.Message{}
	}
	l = l.WithDefaults()
	var m report.Message
	switch {
	case res.TimedOut:
		// Starved: said by starvedMessage, never to a student as a death.
	case res.OutOfMemory:
		m = say("scenario.death.memory", report.Verbatim("size", sandbox.FormatSize(l.Memory)))
	case res.TooManyProcs:
		m = say("scenario.death.procs", report.Int("count", l.Procs))
	case res.TooManyThreads:
	case res.StdoutOverflow:
		m = say("scenario.death.stdout_overflow", report.Verbatim("size", sandbox.FormatSize(l.Output)))
	case res.StderrOverflow:
		m = say("scenario.death.stderr_overflow", report.Verbatim("size", sandbox.FormatSize(l.Output)))
	case res.Signal != "":
		m = say("scenario.death.signal", report.Verbatim("signal", res.Signal))
	case res.ExitCode < 0:
		m = say("scenario.death.killed")
	}
	// The sandbox's own words where these do not say the same.
	if m.ID == "" || english(m) != words {
		return untranslated(words)
	}
	return m
}

// roundTenth says a duration to the tenth of a second, "less than 0.1s"
// below it.
func roundTenth(d time.Duration) report.Message {
	if d < 100*time.Millisecond {
		return say("scenario.duration_under_tenth")
	}
	return say("scenario.duration", report.Verbatim("duration", d.Round(100*time.Millisecond).String()))
}
