package grader

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// TestTimeoutRunAgainAlone: a check that timed out while another ran beside
// it, having used some CPU but less than half its time, is run again alone
// before the verdict, and only that run's message may blame the machine.
func TestTimeoutRunAgainAlone(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"ex/exercise.toml": "title = \"Two\"\nprogram = \"p\"\nchecks = [\"a\", \"b\"]\npoints = 2\n",
		// Half a second of CPU, then a wait past the limit: starved, to
		// the grader, whatever else runs.
		"sub.py": "import time\nwhile time.process_time() < 0.5:\n    pass\ntime.sleep(30)\n",
	}
	for _, c := range []string{"a", "b"} {
		files["ex/tests/"+c+".txtar"] = "# title: Check " + c + "\n# points: 1\nrun p\n"
	}
	fixture.Write(t, dir, files)
	ex, err := exercise.LoadDir(filepath.Join(dir, "ex"))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r, err := Grade(context.Background(), ex, command(t, python(), filepath.Join(dir, "sub.py")), Options{Timeout: 2 * time.Second, Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Checks {
		if c.Status != report.Fail || !strings.Contains(c.Message, "running alone: the machine may be busy") {
			t.Errorf("check %s: got %s %q; want it run again alone, blaming the machine", c.Name, c.Status, c.Message)
		}
	}
	// Two at once, then each alone: three limits at the least.
	if took := time.Since(start); took < 6*time.Second {
		t.Errorf("grading took %v; want at least 6s (both checks run again alone)", took.Round(time.Millisecond))
	}
}
