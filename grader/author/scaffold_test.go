package author

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/exercise"
)

// TestScaffoldSkeleton checks that a new exercise loads at once, and that
// verify says what remains: the reference first, the empty folders after.
func TestScaffoldSkeleton(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target, err := Scaffold(dir, "closed-rooks", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "closed-rooks"); target != want {
		t.Errorf("Scaffold returned %s; want %s", target, want)
	}
	for _, f := range []string{"exercise.toml", "README.md", "tests/usage.txtar", "good", "bad", "valid-output", "invalid-output"} {
		if _, err := os.Stat(filepath.Join(target, f)); err != nil {
			t.Errorf("skeleton lacks %s: %v", f, err)
		}
	}
	ex, err := exercise.LoadDir(target)
	if err != nil {
		t.Fatalf("the skeleton does not load: %v", err)
	}
	if ex.Program != "closed-rooks" || len(ex.Checks) != 1 || ex.Checks[0].Points != 100 {
		t.Errorf("got program %q, %d checks; want closed-rooks and one check of 100 points", ex.Program, len(ex.Checks))
	}
	r, err := Verify(context.Background(), ex, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.OK || r.Problems() != 1 || !strings.Contains(r.Items[0].Problems[0], "names no reference program") {
		t.Errorf("verify on the skeleton: OK %v, %d problems, first item %+v; want exactly the missing reference", r.OK, r.Problems(), r.Items[0])
	}
	for _, kind := range []string{ItemGood, ItemBad, ItemValidOutput, ItemInvalidOutput} {
		found := false
		for _, it := range r.Items {
			if it.Kind == kind && len(it.Warnings) == 1 && strings.HasPrefix(it.Warnings[0], "empty: ") {
				found = true
			}
		}
		if !found {
			t.Errorf("verify on the skeleton gave no warning that %s/ is empty", kind)
		}
	}
}

// TestScaffoldFrom copies a builtin exercise whole: the copy loads with the
// same checks and reference.
func TestScaffoldFrom(t *testing.T) {
	t.Parallel()
	src, err := exercise.Lookup("nqueens-sorted")
	if err != nil {
		t.Fatal(err)
	}
	target, err := Scaffold(t.TempDir(), "my-sorted", src)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := exercise.LoadDir(target)
	if err != nil {
		t.Fatalf("the copy does not load: %v", err)
	}
	if ex.ID != "my-sorted" || ex.Reference != src.Reference || len(ex.Checks) != len(src.Checks) || len(ex.Bad) != len(src.Bad) {
		t.Errorf("copy: ID %s, reference %q, %d checks, %d bad; want my-sorted, %q, %d, %d",
			ex.ID, ex.Reference, len(ex.Checks), len(ex.Bad), src.Reference, len(src.Checks), len(src.Bad))
	}
	if items := verifyOutputs(context.Background(), ex); len(items) == 0 {
		t.Error("the copy has no valid-output/ or invalid-output/")
	}
}

// TestScaffoldRefuses checks that nothing is ever overwritten, and that a
// malformed ID is refused before anything is written.
func TestScaffoldRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	keep := filepath.Join(dir, "taken", "mine.txt")
	if err := os.WriteFile(keep, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Scaffold(dir, "taken", nil)
	var exists *ExistsError
	if !errors.As(err, &exists) || exists.Path != filepath.Join(dir, "taken") {
		t.Errorf("Scaffold over an existing folder: got %v; want an *ExistsError naming it", err)
	}
	if data, _ := os.ReadFile(keep); string(data) != "mine" {
		t.Errorf("the existing folder's file was changed")
	}
	if _, err := os.Stat(filepath.Join(dir, "taken", "exercise.toml")); err == nil {
		t.Errorf("Scaffold wrote into an existing folder")
	}
	for _, id := range []string{"", "a b", "../up", "-x"} {
		if _, err := Scaffold(dir, id, nil); err == nil || !strings.Contains(err.Error(), "must be a single word") {
			t.Errorf("Scaffold(%q): got %v; want a refusal", id, err)
		}
	}
}
