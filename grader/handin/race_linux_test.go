package handin

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
// a student's process may do in a loop while the grader reads.
func exchange(t *testing.T, a, b string) {
	t.Helper()
	if err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE); err != nil {
		t.Skipf("no RENAME_EXCHANGE here: %v", err)
	}
}

// TestHardLinkSwapped: the rule on hard links is kept on the file opened,
// not on the name looked up. Between Open's lookup of hello.py (the
// student's own, one name, 0644) and its open, the name is swapped with
// x.py, a hard link to a file only root may read: as root the grader read
// that file (a /etc/shadow line quoted in a report). The swap is made at
// that very point by the test's hook, not raced.
func TestHardLinkSwapped(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "shadow")
	if err := os.WriteFile(secret, []byte("root:$6$SECRET:19000\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Chmod(secret, 0o600)
	ways := map[string]func(string) (beneath, error){"os.Root": openRoot}
	if haveOpenat2() {
		ways["openat2"] = openBeneath
	}
	defer func(was func() bool) { asRoot = was }(asRoot)
	asRoot = func() bool { return true }
	defer func() { testBeforeOpen = nil }()
	for way, open := range ways {
		t.Run(way, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "mallory")
			os.Mkdir(dir, 0o755)
			hello, x := filepath.Join(dir, "hello.py"), filepath.Join(dir, "x.py")
			if err := os.WriteFile(hello, []byte("print('hello')\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Link(secret, x); err != nil {
				t.Skipf("no hard links here: %v", err)
			}
			b, err := open(dir)
			if err != nil {
				t.Fatal(err)
			}
			d := &Dir{path: dir, b: b}
			defer d.Close()
			swaps := 0
			testBeforeOpen = func(name string) {
				if name == "hello.py" {
					exchange(t, hello, x)
					swaps++
				}
			}
			data, err := d.ReadFile(context.Background(), "hello.py")
			testBeforeOpen = nil
			if swaps == 0 {
				t.Fatal("the hook never ran: Open does not call testBeforeOpen")
			}
			want := "hello.py is a hard link to a file that not every user may read: hand in a copy of the file (cp), not a link to it"
			var r *RefusedError
			if strings.Contains(string(data), "SECRET") || !errors.As(err, &r) || r.Error() != want {
				t.Errorf("ReadFile(hello.py), swapped after its lookup with a hard link to a closed file: %q, %v; want refused: %q", data, err, want)
			}
			// The copy a run sees (CopyTo looks each file up, then reads it):
			// the same, left out and named.
			exchange(t, hello, x) // back: hello.py the student's own again
			swaps = 0
			testBeforeOpen = func(name string) {
				if name == "hello.py" && swaps == 0 {
					exchange(t, hello, x)
					swaps++
				}
			}
			dst := filepath.Join(t.TempDir(), "copy")
			refused, err := d.CopyTo(context.Background(), "hello.py", dst)
			testBeforeOpen = nil
			if got, _ := os.ReadFile(dst); strings.Contains(string(got), "SECRET") || err != nil || len(refused) != 1 || refused[0].Error() != want {
				t.Errorf("CopyTo(hello.py), swapped after its lookup: copy %q, refused %v, %v; want it refused: %q", got, refused, err, want)
			}
		})
	}
}
