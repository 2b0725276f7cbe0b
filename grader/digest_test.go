package grader

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/boardcheck/boardcheck/grader/exercise"
)

// TestExerciseDigest: the digest changes with what a grade depends on (a
// scenario, the manifest's limits, --timeout, --run), and only with that:
// the statement and verify's submissions leave it alone, unless the
// reference is one of them.
func TestExerciseDigest(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("exercise.toml", "title = \"Steps\"\nprogram = \"steps\"\nchecks = [\"usage\"]\npoints = 1\n")
	write("tests/usage.txtar", "# title: Usage\n# points: 1\n! run steps\nstdout '^Usage$'\n")
	write("README.md", "# Steps\n")
	write("good/a.sh", "echo Usage\n")
	digest := func(opts Options) string {
		t.Helper()
		ex, err := exercise.LoadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		d, err := ExerciseDigest(ex, opts)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	base := digest(Options{})
	for _, tt := range []struct {
		name    string
		change  func()
		opts    Options
		changed bool
	}{
		{"nothing", func() {}, Options{}, false},
		{"the statement", func() { write("README.md", "# Steps, reworded\n") }, Options{}, false},
		{"a good submission", func() { write("good/b.sh", "echo Usage\n") }, Options{}, false},
		{"a bad submission", func() { write("bad/c.sh", "echo nope\n") }, Options{}, false},
		{"--timeout", func() {}, Options{Timeout: 5e9}, true},
		{"--run", func() {}, Options{Run: []string{"usage"}}, true},
		{"a scenario", func() { write("tests/usage.txtar", "# title: Usage!\n# points: 1\n! run steps\nstdout '^Usage$'\n") }, Options{}, true},
		{"the limits", func() {
			write("exercise.toml", "title = \"Steps\"\nprogram = \"steps\"\nchecks = [\"usage\"]\npoints = 1\n[limits]\ntime = \"3s\"\n")
		}, Options{}, true},
		{"the reference, in good/", func() {
			write("exercise.toml", "title = \"Steps\"\nprogram = \"steps\"\nchecks = [\"usage\"]\npoints = 1\nreference = \"good/a.sh\"\n")
			base = digest(Options{})
			write("good/a.sh", "echo 'Usage'\n")
		}, Options{}, true},
	} {
		tt.change()
		got := digest(tt.opts)
		if (got != base) != tt.changed {
			t.Errorf("%s: digest changed %t; want %t", tt.name, got != base, tt.changed)
		}
		base = digest(Options{})
	}
}

// TestDigestPathLinks: a class entry that is a link, or was made one after
// the class was listed, is never read for its digest (as root, a digest of
// alice's closed folder through mallory -> alice): a folder is an error, a
// file stands for its refusal.
func TestDigestPathLinks(t *testing.T) {
	class := filepath.Join(t.TempDir(), "class")
	if err := os.MkdirAll(filepath.Join(class, "alice"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(class, "alice", "prog.py"), []byte("print('alice')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"mallory": "alice", "m.py": "alice/prog.py"} {
		if err := os.Symlink(target, filepath.Join(class, link)); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	if d, err := DigestPath(ctx, filepath.Join(class, "mallory")); err == nil {
		t.Errorf("DigestPath(mallory -> alice) = %s; want an error, alice's folder unread", d)
	}
	alice, _ := DigestPath(ctx, filepath.Join(class, "alice", "prog.py"))
	if d, err := DigestPath(ctx, filepath.Join(class, "m.py")); err != nil || d == alice {
		t.Errorf("DigestPath(m.py -> alice/prog.py) = %s, %v; want the digest of a refused link, not alice's file's (%s)", d, err, alice)
	}
}
