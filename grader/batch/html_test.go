package batch

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/exercise"
)

// class makes a class folder of shipped nqueens submissions: alice's
// passes, bob's prints the usage on standard error.
func class(t *testing.T) (*exercise.Exercise, string) {
	t.Helper()
	exDir := filepath.Join("..", "..", "exercises", "nqueens")
	ex, err := exercise.LoadDir(exDir)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for student, file := range map[string]string{"alice.py": "good/reverse.py", "bob.py": "bad/usage-on-stderr.py"} {
		data, err := os.ReadFile(filepath.Join(exDir, file))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, student), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return ex, dir
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var studentLink = regexp.MustCompile(`<a href="reports/([^"]+)\.html">`)

func links(page string) string {
	var out []string
	for _, m := range studentLink.FindAllStringSubmatch(page, -1) {
		out = append(out, m[1])
	}
	return strings.Join(out, " ")
}

// TestRunWritesPages checks that a batch writes a report page per student
// and a gradebook page linking to each.
func TestRunWritesPages(t *testing.T) {
	ex, dir := class(t)
	out := filepath.Join(t.TempDir(), "out")
	if _, err := Run(context.Background(), Options{Exercise: ex, Dir: dir, Out: out, Grade: grader.Options{Run: []string{"usage-no-argument"}}}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, want string }{
		{"reports/alice.html", `<span class="verdict">PASS</span>`},
		{"reports/bob.html", `<section class="check st-fail" id="check-usage-no-argument"`},
		{"index.html", `<tr data-student="bob">`},
		{"index.html", `<rect class="bar" data-check="usage-no-argument" data-students="1"`},
	} {
		if page := readFile(t, filepath.Join(out, tc.file)); !strings.Contains(page, tc.want) {
			t.Errorf("%s lacks %s", tc.file, tc.want)
		}
	}
	if got := links(readFile(t, filepath.Join(out, "index.html"))); got != "alice bob" {
		t.Errorf("gradebook links to %q; want alice bob", got)
	}

	// A report kept from a run that wrote no pages: that student has no
	// link, and is not graded again for it.
	os.Remove(filepath.Join(out, "reports", "alice.html"))
	if _, err := Run(context.Background(), Options{Exercise: ex, Dir: dir, Out: out, Grade: grader.Options{Run: []string{"usage-no-argument"}}}); err != nil {
		t.Fatal(err)
	}
	if got := links(readFile(t, filepath.Join(out, "index.html"))); got != "bob" {
		t.Errorf("after resuming without alice's page: links to %q; want bob", got)
	}
}

// TestMergeCopiesPages checks that merging two shards keeps every student's
// page and writes one gradebook page.
func TestMergeCopiesPages(t *testing.T) {
	ex, dir := class(t)
	base := t.TempDir()
	var outs []string
	for k := 1; k <= 2; k++ {
		out := filepath.Join(base, "shard"+string(rune('0'+k)))
		if _, err := Run(context.Background(), Options{Exercise: ex, Dir: dir, Out: out, Shard: Shard{K: k, N: 2},
			Grade: grader.Options{Run: []string{"usage-no-argument"}}}); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, out)
	}
	merged := filepath.Join(base, "all")
	if _, err := Merge(merged, outs); err != nil {
		t.Fatal(err)
	}
	if got := links(readFile(t, filepath.Join(merged, "index.html"))); got != "alice bob" {
		t.Errorf("merged gradebook links to %q; want alice bob", got)
	}
	if page := readFile(t, filepath.Join(merged, "reports", "bob.html")); !strings.Contains(page, `id="check-usage-no-argument"`) {
		t.Errorf("merged reports/bob.html is not bob's report page")
	}
}
