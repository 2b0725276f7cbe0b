package grader

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
)

// TestTimeoutHint: a run that ran out of time gets the advice for time, in
// the exercise's words (a check's own, else the manifest's), or the grader's,
// which names no puzzle; a check that failed otherwise keeps its hint.
func TestTimeoutHint(t *testing.T) {
	const script = `# title: Says hello
# points: 1
# hint: Print hello.
%s
run p
stdout '^hello$'
`
	for _, tt := range []struct {
		name, manifest, header, sub, want string
	}{
		{"the check's", `timeout_hint = "Use Warnsdorff's rule."`, "# timeout-hint: Mind the 50×50 board.", "sleep 30", "Mind the 50×50 board."},
		{"the exercise's", `timeout_hint = "Use Warnsdorff's rule."`, "", "sleep 30", "Use Warnsdorff's rule."},
		{"the grader's", "", "", "sleep 30", defaultTimeoutHint},
		{"no time-out", `timeout_hint = "Use Warnsdorff's rule."`, "", "echo bye", "Print hello."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write := func(name, text string) {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write("ex/exercise.toml", "title = \"Hello\"\nprogram = \"p\"\nchecks = [\"hello\"]\npoints = 1\n"+tt.manifest+"\n")
			write("ex/tests/hello.txtar", strings.Replace(script, "%s\n", tt.header+"\n", 1))
			write("sub.sh", tt.sub+"\n")
			ex, err := exercise.LoadDir(filepath.Join(dir, "ex"))
			if err != nil {
				t.Fatal(err)
			}
			r, err := Grade(context.Background(), ex, command(t, "sh", filepath.Join(dir, "sub.sh")), Options{Timeout: 500 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if c := result(t, r, "hello"); c.Status != report.Fail || c.Hint != tt.want {
				t.Errorf("got %s, hint %q; want fail, hint %q", c.Status, c.Hint, tt.want)
			}
		})
	}
}
