package grader

import (
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// TestBound: a submission's bound follows the exercise's limits: its runs,
// counted in its scenarios, each twice its wall-clock limit (twice the time
// limit, --timeout's when given, and a second) and twenty seconds, after
// what preparing it may take; --run counts the checks it chooses alone.
func TestBound(t *testing.T) {
	dir := t.TempDir()
	fixture.Write(t, dir, map[string]string{
		"exercise.toml":     "title = \"Two\"\nprogram = \"p\"\nchecks = [\"one\", \"three\"]\npoints = 2\n[limits]\ntime = \"4s\"\n",
		"tests/one.txtar":   "# title: One run\n# points: 1\nrun p\n",
		"tests/three.txtar": "# title: Three runs\n# points: 1\nrun p 1\n! run p\nstatus 1\nrun p 2\nstdout x\n",
	})
	ex, err := exercise.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		opts Options
		want time.Duration
	}{
		{"the exercise's limits", Options{}, submission.PrepareBound + 4*(2*9*time.Second+20*time.Second)},
		{"--timeout", Options{Timeout: 10 * time.Second}, submission.PrepareBound + 4*(2*21*time.Second+20*time.Second)},
		{"--run", Options{Run: []string{"one"}}, submission.PrepareBound + 1*(2*9*time.Second+20*time.Second)},
	} {
		if got := Bound(ex, tt.opts); got != tt.want {
			t.Errorf("%s: Bound = %v; want %v", tt.name, got, tt.want)
		}
	}
}
