package grader

import (
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/scenario"
	"github.com/boardcheck/boardcheck/grader/submission"
)

// Bound is the longest the grading of one submission may take, derived
// from the exercise's limits (and opts's --timeout and --run): every
// stage's own limit, added up, with room. Preparing the submission
// (submission.PrepareBound), then each run of each check chosen: twice its
// wall-clock limit (a run starved of the processor, or out of time beside
// other checks, is run again) and boundPerRun for the sandbox's work,
// whose slowest part, the launcher's answer, is bounded by 20 s. A
// machine so busy that a grading takes longer is one on which the grader
// cannot judge: grader batch stops a student's grading past it, so that no
// one submission, whatever the grader does with it, holds up the class.
func Bound(ex *exercise.Exercise, opts Options) time.Duration {
	checks, err := selectChecks(ex, opts.Run)
	if err != nil {
		checks = ex.Checks
	}
	limits := ex.Limits
	if opts.Timeout > 0 {
		limits.Time = opts.Timeout
	}
	b := submission.PrepareBound
	for _, c := range checks {
		b += time.Duration(scenario.Runs(c)) * (2*limits.Wall() + boundPerRun)
	}
	return b
}

// boundPerRun is what Bound allows a run beyond its time limits.
const boundPerRun = 20 * time.Second
