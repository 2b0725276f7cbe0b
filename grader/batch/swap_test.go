package batch

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/exercise"
)

// TestEntryMadeLinkAfterListing: a class entry is checked when the class
// is listed and graded later, by path, which in a big class is minutes
// later: no race is needed. mallory.sh, a file at the listing, then a link
// to alice/hello.sh (alice's folder closed), and mallory/, a folder at the
// listing, then a link to alice/, were graded as root as mallory's
// (attack report F1b, F2c). Grading looks each up again beneath the class
// folder, following no link, and says what the listing would have said.
func TestEntryMadeLinkAfterListing(t *testing.T) {
	root := t.TempDir()
	exDir := filepath.Join(root, "steps")
	write(t, filepath.Join(exDir, "exercise.toml"), exerciseToml)
	write(t, filepath.Join(exDir, "tests", "usage.txtar"), usageTxtar)
	write(t, filepath.Join(exDir, "tests", "count.txtar"), countTxtar)
	ex, err := exercise.LoadDir(exDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ entry, pattern, link, target, want string }{
		{"mallory.sh", "", "mallory.sh", "alice/steps.sh", "mallory.sh is a link to alice/steps.sh: hand in the file itself"},
		{"mallory/steps.sh", "", "mallory", "alice", "mallory is a link to alice: hand in the folder itself"},
		// A folder above the submission's own (src), beneath the class.
		{"mallory/src/steps.sh", "src/*.sh", "mallory", "alice", "mallory is a link to alice: hand in the folder itself"},
	} {
		class := filepath.Join(t.TempDir(), "class")
		write(t, filepath.Join(class, "alice", "steps.sh"), "echo ALICE-ONLY\n")
		write(t, filepath.Join(class, "alice", "src", "steps.sh"), "echo ALICE-ONLY\n")
		write(t, filepath.Join(class, c.entry), rightSh)
		os.Chmod(filepath.Join(class, "alice"), 0o700)
		students, err := Students(class, c.pattern, "")
		if err != nil {
			t.Fatal(err)
		}
		var mallory *Student
		for i := range students {
			if students[i].Name == "mallory" {
				mallory = &students[i]
			}
		}
		if mallory == nil || mallory.Problem != "" {
			t.Fatalf("%s: mallory at the listing: %+v; want a submission", c.entry, mallory)
		}
		// Made a link after the listing, as mallory may in a drop-box.
		link := filepath.Join(class, c.link)
		if err := os.RemoveAll(link); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(c.target, link); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		rep, err := gradeOne(ctx, ex, *mallory, grader.Options{})
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", c.entry, err)
		}
		data, _ := json.Marshal(rep)
		if strings.Contains(string(data), "ALICE-ONLY") || !strings.Contains(string(data), jsonText(c.want)) {
			t.Errorf("%s made a link to %s after the listing: report %s; want refused: %q", c.link, c.target, data, c.want)
		}
	}
}

func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return strings.Trim(string(b), `"`)
}
