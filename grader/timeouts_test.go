package grader

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// TestTimeoutsBesideEachOther: checks run side by side are judged by
// their own CPU time, which the others do not change: a program that
// computes half a second, then sleeps, is told it was waiting, and one
// that computes without end that it used all of its CPU time. Neither is
// run again, and neither message blames the machine. (Before, time limits
// were wall-clock, and both were run again alone, the first then told "the
// machine may be busy; try again, or raise --timeout".)
func TestTimeoutsBesideEachOther(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"ex/exercise.toml": "title = \"Two\"\nprogram = \"p\"\nchecks = [\"a\", \"b\"]\npoints = 2\n",
		"sleeps.py":        "import time\nwhile time.process_time() < 0.5:\n    pass\ntime.sleep(30)\n",
		"loops.py":         "while True:\n    pass\n",
	}
	for _, c := range []string{"a", "b"} {
		files["ex/tests/"+c+".txtar"] = "# title: Check " + c + "\n# points: 1\nrun p\n"
	}
	fixture.Write(t, dir, files)
	ex, err := exercise.LoadDir(filepath.Join(dir, "ex"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ sub, want string }{
		// Half a second and the interpreter's start: 500ms or 600ms.
		{"sleeps.py", `^p: timed out after 5s, having used only [56]00ms of its 2s of CPU time: it was waiting, not computing`},
		{"loops.py", `^p: timed out: it used all of its 2s of CPU time, computing all along`},
	} {
		start := time.Now()
		r, err := Grade(context.Background(), ex, command(t, python(), filepath.Join(dir, tt.sub)), Options{Timeout: 2 * time.Second, Parallel: 2})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: graded in %v", tt.sub, time.Since(start).Round(time.Millisecond))
		for _, c := range r.Checks {
			for _, run := range c.Runs {
				t.Logf("%s: %v %v cpu %v", c.Name, run.Command, run.Duration, run.CPU)
			}
		}
		for _, c := range r.Checks {
			if c.Status != report.Fail || !regexp.MustCompile(tt.want).MatchString(c.Message) || strings.Contains(c.Message, "machine") {
				t.Errorf("%s, check %s: got %s %q; want fail %q", tt.sub, c.Name, c.Status, c.Message, tt.want)
			}
		}
	}
}
