package grader

import (
	"context"
	"testing"
)

// BenchmarkGrade grades the nqueens reference (this test binary acting as
// it) on every check of the nqueens exercise: the cost `grader check`
// adds to the runs themselves. Under "isolated", each run has the
// supervisor and whatever namespaces and cgroups the machine allows, as in
// real use; under "direct" the runs are started without the supervisor,
// which leaves the grader's own work (scenarios, checking, reports) and the
// programs. bench/run times the whole command against a shell script.
func BenchmarkGrade(b *testing.B) {
	ex, err := Lookup("nqueens")
	if err != nil {
		b.Fatal(err)
	}
	sub, err := BuiltinSubmission("nqueens")
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"isolated", "direct"} {
		b.Run(mode, func(b *testing.B) {
			if mode == "direct" {
				restore, ok := setIsolationForTest("direct")
				if !ok {
					b.Skip("no direct mode on this system")
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
