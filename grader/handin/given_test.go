//go:build unix

package handin

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// TestGivenLinks: as root, a path the grader is given is followed through
// links root owns alone. grader check h2/mallory/work/hw, where work is
// mallory's link to ../alice, graded alice's program as mallory's, past
// her closed folder (attack report F1c): the link is refused, by each way
// of opening, naming it and its owner. A link root owns is followed, and
// as another user every link is (the machine's permissions decide).
func TestGivenLinks(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "h2", "alice", "hw"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "h2", "alice", "hw", "hello.sh"), []byte("echo ALICE-ONLY\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "h2", "mallory"), 0o755)
	os.Chmod(filepath.Join(dir, "h2", "alice"), 0o700)
	work := filepath.Join(dir, "h2", "mallory", "work")
	if err := os.Symlink("../alice", work); err != nil {
		t.Fatal(err)
	}
	student := os.Getuid() // the link's owner: the test's own user, or as root a student's
	if student == 0 {
		student = 1001
		if err := os.Lchown(work, student, student); err != nil {
			t.Fatal(err)
		}
	}
	// Root's own link to mallory's: root's is followed, mallory's not.
	via := filepath.Join(dir, "h2", "via")
	if err := os.Symlink("mallory/work", via); err != nil {
		t.Fatal(err)
	}
	rootOwns := os.Getuid() == 0
	defer func(was func() bool) { asRoot = was }(asRoot)

	type way struct {
		name string
		open func(base, rel string) (beneath, error)
	}
	ways := []way{
		{"os.Root", openRootIn},
		{"os.Root, one folder", func(base, rel string) (beneath, error) { return openRoot(filepath.Join(base, rel)) }},
	}
	if runtime.GOOS == "linux" && haveOpenat2() {
		ways = append(ways,
			way{"openat2", openIn},
			way{"openat2, one folder", func(base, rel string) (beneath, error) { return openBeneath(filepath.Join(base, rel)) }})
	}
	for _, w := range ways {
		t.Run(w.name, func(t *testing.T) {
			asRoot = func() bool { return true }
			for _, c := range []struct {
				base, link string // the folder above hw; the link refused in it
			}{
				{work, work},
				{via, work}, // named by its own path: the path given does not spell it
			} {
				if c.base == via && !rootOwns {
					continue // only root makes a link root owns
				}
				b, err := w.open(c.base, "hw")
				var oe *OwnerError
				if !errors.As(err, &oe) || oe.Name != c.link || oe.Owner != student || oe.Target != "../alice" {
					if b != nil {
						b.close()
					}
					t.Errorf("as root, %s/hw: %v; want %s refused, a link owned by user %d", c.base, err, c.link, student)
					continue
				}
				want := c.link + " is a link owned by user " + strconv.Itoa(student) + ", and as root the grader follows only links that root owns: give the folder's own path"
				if err.Error() != want {
					t.Errorf("as root, %s/hw: %q; want %q", c.base, err, want)
				}
			}
			// The folder's own path, with no link on it, is read.
			own := filepath.Join(dir, "h2", "alice")
			if b, err := w.open(own, "hw"); err != nil {
				t.Errorf("as root, %s/hw: %v; want it opened", own, err)
			} else {
				b.close()
			}
			if rootOwns {
				// A link root owns, followed.
				mine := filepath.Join(dir, "mine")
				if err := os.Symlink("h2/alice", mine); err != nil {
					t.Fatal(err)
				}
				defer os.Remove(mine)
				b, err := w.open(mine, "hw")
				if err != nil {
					t.Errorf("as root, %s/hw, a link root owns: %v; want it followed", mine, err)
				} else {
					b.close()
				}
			}
			// As another user, the link is followed.
			asRoot = func() bool { return false }
			b, err := w.open(work, "hw")
			if err != nil {
				t.Errorf("as another user, %s/hw: %v; want it followed", work, err)
			} else {
				b.close()
			}
		})
	}
	// A path given relative to the working folder names the link as given.
	t.Chdir(filepath.Join(dir, "h2"))
	asRoot = func() bool { return true }
	_, err := OpenDir(filepath.Join("mallory", "work", "hw"))
	var oe *OwnerError
	if !errors.As(err, &oe) || oe.Name != filepath.Join("mallory", "work") {
		t.Errorf("as root, mallory/work/hw from h2: %v; want mallory/work refused, named so", err)
	}
}
