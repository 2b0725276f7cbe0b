package batch

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/exercise"
)

// TestRerunRegradesWhatChanged: a rerun keeps a report only when the
// submission, the exercise and the grader's version it was graded from are
// this run's; it grades again exactly the others, and says why.
func TestRerunRegradesWhatChanged(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	ex, class, _ := makeClass(t, 6, out)
	ctx := context.Background()
	run := func(ex *exercise.Exercise, mod func(*Options)) *Result {
		t.Helper()
		opts := Options{Exercise: ex, Dir: class, Out: out, Version: "v1"}
		if mod != nil {
			mod(&opts)
		}
		res, err := Run(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	score := func(student string) int {
		t.Helper()
		r, err := ReadRow(filepath.Join(out, ReportsDir, student+".json"))
		if err != nil {
			t.Fatal(err)
		}
		return r.Score
	}
	run(ex, nil)
	if score("s001") != 3 {
		t.Fatalf("s001 (right) scored %d; want 3", score("s001"))
	}

	// The student fixes nothing but breaks s001 and adds a file to the
	// folder of s005: those two are graded again, no one else.
	write(t, filepath.Join(class, "s001.sh"), wrongSh)
	write(t, filepath.Join(class, "s005", "more.txt"), "more")
	same := func() *exercise.Exercise { return ex }
	for _, tt := range []struct {
		name    string
		ex      func() *exercise.Exercise
		mod     func(*Options)
		want    Regraded
		resumed int
	}{
		{"two changed", same, nil, Regraded{Submissions: 2}, 4},
		{"nothing changed", same, nil, Regraded{}, 6},
		{"grader version", same, func(o *Options) { o.Version = "v2" }, Regraded{Grader: 6}, 0},
		{"--timeout", same, func(o *Options) { o.Version = "v2"; o.Grade.Timeout = 5e9 }, Regraded{Exercise: 6}, 0},
		{"--regrade", same, func(o *Options) { o.Version = "v2"; o.Grade.Timeout = 5e9; o.Regrade = true }, Regraded{Forced: 6}, 0},
		{"exercise", func() *exercise.Exercise { return changedExercise(t, ex) }, func(o *Options) { o.Version = "v2"; o.Grade.Timeout = 5e9 }, Regraded{Exercise: 6}, 0},
	} {
		res := run(tt.ex(), tt.mod)
		if res.Regraded != tt.want || res.Resumed != tt.resumed || res.Graded != 6-tt.resumed {
			t.Errorf("%s: regraded %+v, kept %d, graded %d; want %+v, %d, %d",
				tt.name, res.Regraded, res.Resumed, res.Graded, tt.want, tt.resumed, 6-tt.resumed)
		}
	}
	if score("s001") != 1 {
		t.Errorf("s001, now wrong, scored %d; want 1", score("s001"))
	}

	// A report written before reports said what they were graded from is
	// graded again.
	path := filepath.Join(out, ReportsDir, "s002.json")
	data, _ := os.ReadFile(path)
	i := strings.Index(string(data), `"graded"`)
	if i < 0 {
		t.Fatalf("s002's report records nothing of what it was graded from:\n%s", data)
	}
	os.WriteFile(path, []byte(strings.TrimRight(string(data[:i]), " \n,")+"\n}\n"), 0o644)
	if _, err := ReadRow(path); err != nil {
		t.Fatal(err)
	}
	res := run(changedExercise(t, ex), func(o *Options) { o.Version = "v2"; o.Grade.Timeout = 5e9 })
	if res.Regraded != (Regraded{Grader: 1}) {
		t.Errorf("a report without its digests: regraded %+v; want Grader 1", res.Regraded)
	}
}

// changedExercise is ex with one scenario's title reworded.
func changedExercise(t *testing.T, ex *exercise.Exercise) *exercise.Exercise {
	t.Helper()
	path := filepath.Join(ex.Source, "tests", "usage.txtar")
	write(t, path, strings.Replace(usageTxtar, "No argument prints the usage", "Without an argument, the usage", 1))
	changed, err := exercise.LoadDir(ex.Source)
	if err != nil {
		t.Fatal(err)
	}
	return changed
}

// TestRerunRegradesGraderErrors: a report with a check the grader could not
// judge (the machine too busy to time a run fairly, say) is no grade, and
// its message tells the instructor to run the batch again: the rerun grades
// that student again, though nothing changed, and keeps the others.
func TestRerunRegradesGraderErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	ex, class, _ := makeClass(t, 3, out)
	opts := Options{Exercise: ex, Dir: class, Out: out, Version: "v1"}
	if _, err := Run(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(out, ReportsDir, "s001.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	starved := strings.Replace(string(data), `"status": "pass"`, `"status": "error"`, 1)
	if starved == string(data) {
		t.Fatalf("s001's report has no passed check to turn into an error:\n%s", data)
	}
	write(t, path, starved)

	res, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Regraded != (Regraded{Errors: 1}) || res.Resumed != 2 || res.Graded != 1 {
		t.Errorf("regraded %+v, kept %d, graded %d; want Errors 1, 2, 1", res.Regraded, res.Resumed, res.Graded)
	}
	row, err := ReadRow(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range row.Checks {
		if c.Status == "error" {
			t.Errorf("after the rerun, s001's check %s still has status error", c.Name)
		}
	}
}
