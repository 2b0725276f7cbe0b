package submission

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// exchange swaps the names a and b at once (renameat2 RENAME_EXCHANGE), as
// a student's process may do in a loop while the grader grades.
func exchange(t *testing.T, a, b string) {
	t.Helper()
	if err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE); err != nil {
		t.Skipf("no RENAME_EXCHANGE here: %v", err)
	}
}

// linkErr is err as an *Error for a link: its words and the link it names.
func linkErr(t *testing.T, err error) (string, string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		return "not an *Error: " + errString(err), ""
	}
	return e.Problem + ": " + e.Fix, e.Link
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestPrepareNamedLink: the file named to grader check, or a class entry,
// that is itself a link is refused, even where the link stays inside its
// folder: that folder may be a drop-box every student writes in, and
// box/mallory.sh -> alice/prog.sh, alice's folder closed, was graded as
// root as mallory's (attack report F1a). A file picked inside a student's
// own folder may still be a link inside it.
func TestPrepareNamedLink(t *testing.T) {
	dir := t.TempDir()
	box := filepath.Join(dir, "box")
	writeProg(t, box, "alice/prog.sh", "echo ALICE-ONLY\n", 0o644)
	os.Chmod(filepath.Join(box, "alice"), 0o700)
	mallory := filepath.Join(box, "mallory.sh")
	if err := os.Symlink("alice/prog.sh", mallory); err != nil {
		t.Fatal(err)
	}
	want := "is a link to alice/prog.sh: hand in the file itself"
	_, err := Prepare(context.Background(), mallory, t.TempDir())
	if got, link := linkErr(t, err); got != want || link != mallory {
		t.Errorf("Prepare(box/mallory.sh -> alice/prog.sh): %q (link %q); want %q naming the file", got, link, want)
	}
	_, err = PrepareIn(context.Background(), box, mallory, t.TempDir())
	if got, link := linkErr(t, err); got != want || link != mallory {
		t.Errorf("PrepareIn(box, box/mallory.sh -> alice/prog.sh): %q (link %q); want %q naming the file", got, link, want)
	}
	// In a class entry's folder, the student's own: followed inside it.
	writeProg(t, box, "bob/src/run.sh", "echo hello\n", 0o644)
	if err := os.Symlink("src/run.sh", filepath.Join(box, "bob", "run.sh")); err != nil {
		t.Fatal(err)
	}
	if sub, err := PrepareIn(context.Background(), box, filepath.Join(box, "bob", "run.sh"), t.TempDir()); err != nil || sub.Lang != "shell" {
		t.Errorf("PrepareIn(box, box/bob/run.sh -> src/run.sh): %+v, %v; want it graded", sub, err)
	}
}

// TestPrepareOwnFolderSwapped: the submission's own folder is refused
// where it is a link by the open that reads it, not by a look before it.
// homes/mallory/hw, a folder, is swapped with hwlink -> ../alice/hw after
// the grader has looked at the path and before it opens the folder (the
// test's hook, at that very point: no race): as root the grader graded
// alice's program as mallory's (attack report F2b).
func TestPrepareOwnFolderSwapped(t *testing.T) {
	dir := t.TempDir()
	writeProg(t, dir, "homes/alice/hw/hello.sh", "echo ALICE-ONLY\n", 0o644)
	writeProg(t, dir, "homes/mallory/hw/hello.sh", "echo hello\n", 0o644)
	hw, hwlink := filepath.Join(dir, "homes/mallory/hw"), filepath.Join(dir, "homes/mallory/hwlink")
	if err := os.Symlink("../alice/hw", hwlink); err != nil {
		t.Fatal(err)
	}
	defer func() { testBeforeOwnOpen = nil }()
	swapped := 0
	testBeforeOwnOpen = func() { exchange(t, hw, hwlink); swapped++ }
	for _, c := range []struct{ path, want, link string }{
		{filepath.Join(hw, "hello.sh"), "is in " + hw + ", a link to ../alice/hw: grade the folder itself, not a link to it", hw},
		{hw, "is a link to ../alice/hw: grade the folder itself, not a link to it", hw},
	} {
		sub, err := Prepare(context.Background(), c.path, t.TempDir())
		got, link := linkErr(t, err)
		if sub != nil {
			got = "graded: " + sub.Command[len(sub.Command)-1]
		}
		if got != c.want || link != c.link {
			t.Errorf("Prepare(%s), hw swapped for a link after the grader looked: %q (link %q); want %q", c.path, got, link, c.want)
		}
		exchange(t, hw, hwlink) // back
	}
	if swapped != 2 {
		t.Errorf("the hook ran %d times; want 2", swapped)
	}
}

// TestPrepareInSwapped: in grader batch, a class entry checked when the
// class was listed is looked up again, beneath the class folder with no
// link followed, when it is graded: class/mallory, a folder, swapped with
// .mlink -> alice (attack report F2c), and class/mallory.sh, a file,
// swapped with a link to alice/prog.sh (F1b), are refused as links.
func TestPrepareInSwapped(t *testing.T) {
	class := filepath.Join(t.TempDir(), "class")
	writeProg(t, class, "alice/hello.sh", "echo ALICE-ONLY\n", 0o644)
	writeProg(t, class, "mallory/hello.sh", "echo hello\n", 0o644)
	writeProg(t, class, "mallory.sh", "echo hello\n", 0o644)
	os.Chmod(filepath.Join(class, "alice"), 0o700)
	for link, target := range map[string]string{".mlink": "alice", ".flink": "alice/hello.sh"} {
		if err := os.Symlink(target, filepath.Join(class, link)); err != nil {
			t.Fatal(err)
		}
	}
	defer func() { testBeforeOwnOpen = nil }()
	entry := filepath.Join(class, "mallory")
	for _, c := range []struct{ path, swap, want, link string }{
		{filepath.Join(entry, "hello.sh"), ".mlink", "is in " + entry + ", a link to alice: grade the folder itself, not a link to it", entry},
		{entry + ".sh", ".flink", "is a link to alice/hello.sh: hand in the file itself", entry + ".sh"},
	} {
		a, b := c.link, filepath.Join(class, c.swap)
		testBeforeOwnOpen = func() { exchange(t, a, b) }
		sub, err := PrepareIn(context.Background(), class, c.path, t.TempDir())
		testBeforeOwnOpen = nil
		got, link := linkErr(t, err)
		if sub != nil {
			got = "graded: " + sub.Command[len(sub.Command)-1]
		}
		if got != c.want || link != c.link {
			t.Errorf("PrepareIn(%s), swapped for a link after the listing: %q (link %q); want %q", c.path, got, link, c.want)
		}
		exchange(t, a, b) // back
	}
}

// TestPrepareStudentsLinkAbove: as root, a link on the path given that
// root does not own is refused, naming it as the path given spells it:
// grader check h2/mallory/work/hw, where work is mallory's link to
// ../alice, built and ran alice's program as mallory's, past her closed
// folder (attack report F1c).
func TestPrepareStudentsLinkAbove(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root makes a link another user owns; handin's TestGivenLinks tests the rule as any user")
	}
	dir := t.TempDir()
	writeProg(t, dir, "h2/alice/hw/hello.sh", "echo ALICE-ONLY\n", 0o644)
	os.Chmod(filepath.Join(dir, "h2/alice"), 0o700)
	os.MkdirAll(filepath.Join(dir, "h2/mallory"), 0o755)
	work := filepath.Join(dir, "h2/mallory/work")
	if err := os.Symlink("../alice", work); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(work, 1001, 1001); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	const want = "its path leads through h2/mallory/work, a link owned by user 1001, and as root the grader follows only links that root owns: give its own path, without the link"
	for _, path := range []string{"h2/mallory/work/hw", "h2/mallory/work/hw/hello.sh"} {
		sub, err := Prepare(context.Background(), path, t.TempDir())
		got, link := linkErr(t, err)
		if sub != nil {
			got = "graded: " + sub.Command[len(sub.Command)-1]
		}
		if got != want || link != "h2/mallory/work" {
			t.Errorf("Prepare(%s): %q (link %q); want %q", path, got, link, want)
		}
	}
	// Its own path is graded.
	if sub, err := Prepare(context.Background(), "h2/alice/hw", t.TempDir()); err != nil || sub.Lang != "shell" {
		t.Errorf("Prepare(h2/alice/hw): %+v, %v; want it graded", sub, err)
	}
	// From a working folder reached through the link ($PWD): named by
	// its own path, which the path given does not spell.
	t.Chdir(filepath.Join(work, "hw"))
	sub, err := Prepare(context.Background(), "hello.sh", t.TempDir())
	got, link := linkErr(t, err)
	if sub != nil {
		got = "graded: " + sub.Command[len(sub.Command)-1]
	}
	if w := strings.Replace(want, "h2/mallory/work", work, 1); got != w || link != work {
		t.Errorf("Prepare(hello.sh) in %s/hw: %q (link %q); want %q", work, got, link, w)
	}
}
