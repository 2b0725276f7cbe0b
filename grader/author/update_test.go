package author

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// TestUpdate writes a small exercise's expected outputs and statement from
// the reference, with a message of the manifest's wording: every want file a
// cmp reads becomes the reference's output, a cmpenv one stays the author's
// (though the hint's quote of the reworded message follows the manifest),
// the table of checks, the examples and the statement's quotes of the
// reworded message are rewritten, and then the folder verifies.
func TestUpdate(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	files := map[string]string{
		"exercise.toml": `title = "tiny"
program = "nqueens"
reference = "builtin:nqueens"
checks = ["usage", "too-small", "n4"]
points = 3

[messages]
too_small = "N must be 4 or more"
`,
		"tests/usage.txtar":     "# title: usage\n# points: 1\n! run nqueens\ncmp stdout want.txt\n-- want.txt --\nstale\n",
		"tests/too-small.txtar": "# title: too small\n# points: 1\n# hint: Print N must be at least 4.\n! run nqueens 3\ncmpenv stdout want.txt\n-- want.txt --\n$too_small\n",
		"tests/n4.txtar":        "# title: n4\n# points: 1\nrun nqueens 4\ncmp stdout all.txt\n-- all.txt --\n",
		"README.md": "# tiny\n\nBelow 4, print `N must be at least 4`.\n\n## Examples\n\n    $ nqueens 3\n    N must be at least 4\n\n" +
			"    $ nqueens 4\n\n    $ nqueens; echo \"exit=$?\"\n    Usage: nqueens N\n\nThat is all.\n\n" +
			"| check | points |\n|---|---|\n| usage | 2 |\n\nThe end.\n",
	}
	dir := filepath.Join(t.TempDir(), "tiny")
	fixture.Write(t, dir, files)
	ex, err := exercise.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	changed, err := Update(context.Background(), ex)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"README.md", "tests/n4.txtar", "tests/too-small.txtar", "tests/usage.txtar"}; !slices.Equal(changed, want) {
		t.Errorf("Update changed %q; want %q", changed, want)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for name, want := range map[string]string{
		"tests/usage.txtar":     "# title: usage\n# points: 1\n! run nqueens\ncmp stdout want.txt\n-- want.txt --\nUsage: nqueens N\n",
		"tests/too-small.txtar": strings.Replace(files["tests/too-small.txtar"], "N must be at least 4", "N must be 4 or more", 1),
		"tests/n4.txtar":        "# title: n4\n# points: 1\nrun nqueens 4\ncmp stdout all.txt\n-- all.txt --\n[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 2], [1, 0], [2, 3], [3, 1]]\n",
		"README.md": "# tiny\n\nBelow 4, print `N must be 4 or more`.\n\n## Examples\n\n    $ nqueens 3\n    N must be 4 or more\n\n" +
			"    $ nqueens 4\n    [[0, 1], [1, 3], [2, 0], [3, 2]]\n    [[0, 2], [1, 0], [2, 3], [3, 1]]\n\n" +
			"    $ nqueens; echo \"exit=$?\"\n    Usage: nqueens N\n    exit=1\n\nThat is all.\n\n" +
			"| check | points |\n|---|---|\n| usage | 1 |\n| too small | 1 |\n| n4 | 1 |\n\nThe end.\n",
	} {
		if got := read(name); got != want {
			t.Errorf("%s after Update:\n%s\nwant:\n%s", name, got, want)
		}
	}

	ex, err = exercise.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Verify(context.Background(), ex, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range r.Items {
		if it.Kind != ItemGood && it.Kind != ItemBad && it.Kind != ItemValidOutput && it.Kind != ItemInvalidOutput && !it.OK() {
			t.Errorf("after Update, %s: %q", it.Name, it.Problems)
		}
	}
	if again, err := Update(context.Background(), ex); err != nil || len(again) != 0 {
		t.Errorf("a second Update changed %q (%v); want nothing", again, err)
	}

	builtin, err := exercise.Lookup("nqueens")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Update(context.Background(), builtin); err == nil || !strings.Contains(err.Error(), "is builtin") {
		t.Errorf("Update(builtin nqueens) = %v; want an error saying it is builtin", err)
	}
}
