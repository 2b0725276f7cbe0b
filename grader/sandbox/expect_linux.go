//go:build linux

package sandbox

import (
	"context"
	"sync/atomic"
)

// expected is how many runs the live expectations (ExpectRuns) still have to
// come, summed over all of them; counting says whether any caller has made
// one at all.
var (
	expected atomic.Int64
	counting atomic.Bool
)

// An expectation is one caller's count of its runs still to come.
type expectation struct{ left atomic.Int64 }

type expectationKey struct{}

// ExpectRuns says that the runs made under the returned context, about n of
// them, are one caller's (a grading's), and done says that it will make no
// more. With every caller's count the sandbox starts no spare supervisor
// that no run will take: the spare started after a grading's last run cost
// about 5 ms of processor time, on a machine whose cores that grading keeps
// busy. Until some caller calls it, every run starts the next one's spare.
//
// The count only decides whether a run starts a supervisor ahead of time,
// never whether a run can start. A run past the count (a check run again
// alone after a starved time-out) starts its own supervisor, as the first
// run does; runs made under no expectation (a compile before a grading)
// count nothing off, and they and done give back what the caller did not
// run, so that one caller's runs do not use up another's in grader batch.
func ExpectRuns(ctx context.Context, n int) (_ context.Context, done func()) {
	e := &expectation{}
	e.left.Store(int64(n))
	expected.Add(int64(n))
	counting.Store(true)
	return context.WithValue(ctx, expectationKey{}, e), func() { expected.Add(-e.left.Swap(0)) }
}

// claimExpected counts off a run of ctx's caller as it takes a supervisor:
// counted then, not when it starts, two runs taking the last two
// supervisors at once leave none to be started for a run that will not come.
func claimExpected(ctx context.Context) {
	e, ok := ctx.Value(expectationKey{}).(*expectation)
	if !ok {
		return
	}
	for {
		left := e.left.Load()
		if left <= 0 {
			return
		}
		if e.left.CompareAndSwap(left, left-1) {
			expected.Add(-1)
			return
		}
	}
}

// runsAhead says whether a run may still come that has not taken its
// supervisor.
func runsAhead() bool {
	return !counting.Load() || expected.Load() > 0
}
