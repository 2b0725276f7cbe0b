package grader

import (
	"context"
	"testing"

	"github.com/boardcheck/boardcheck/grader/builtin"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// BenchmarkGrade grades the nqueens reference (this test binary acting as
// it) on every check of the nqueens exercise, under each level of run
// isolation the machine allows, to show what each costs: "isolated" is real
// use (the supervisor, namespaces, read-only mounts, a cgroup); "reaper"
// keeps the supervisor and the cgroup but no namespaces; "reaper-polling"
// drops the cgroup too; "direct" starts the runs without the supervisor,
// which leaves the grader's own work (scenarios, checking, reports) and the
// programs. bench/run times the whole command against a shell script.
func BenchmarkGrade(b *testing.B) {
	ex, err := exercise.Lookup("nqueens")
	if err != nil {
		b.Fatal(err)
	}
	sub, err := builtin.Submission("nqueens")
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"isolated", "reaper", "reaper-polling", "direct"} {
		b.Run(mode, func(b *testing.B) {
			if mode != "isolated" {
				restore, ok := sandbox.SetIsolationForTest(mode)
				if !ok {
					b.Skipf("no %s mode on this system", mode)
				}
				defer restore()
			}
			for b.Loop() {
				rep, err := Grade(context.Background(), ex, sub, Options{})
				if err != nil {
					b.Fatal(err)
				}
				if rep.Score != rep.MaxScore {
					b.Fatalf("the reference scored %d of %d", rep.Score, rep.MaxScore)
				}
			}
		})
	}
}
