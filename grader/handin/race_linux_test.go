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

// TestOpenIn: a folder reached beneath its base with no link followed,
// by each way of keeping the rule; a link on the way, the folder itself
// among them, is a *LinkError naming it. And a name RefuseLink refuses is
// refused as a link even when it leads inside the folder, and when it is
// made one between Open's lookup and its open.
func TestOpenIn(t *testing.T) {
	base := t.TempDir()
	for _, f := range []string{"homes/alice/hw/prog.py", "homes/mallory/hw/prog.py", "box/aaron.py", "box/alice/prog.py"} {
		os.MkdirAll(filepath.Join(base, filepath.Dir(f)), 0o755)
		os.WriteFile(filepath.Join(base, f), []byte("print('x')\n"), 0o644)
	}
	for link, target := range map[string]string{"homes/mallory/work": "../alice", "homes/mallory/hwlink": "hw", "box/mallory.py": "alice/prog.py"} {
		if err := os.Symlink(target, filepath.Join(base, link)); err != nil {
			t.Fatal(err)
		}
	}
	ways := map[string]func(string, string) (beneath, error){"os.Root": openRootIn}
	if haveOpenat2() {
		ways["openat2"] = openIn
	}
	defer func() { testBeforeOpen = nil }()
	for way, open := range ways {
		t.Run(way, func(t *testing.T) {
			for rel, want := range map[string]string{
				"homes/mallory/hw":      "",
				".":                     "",
				"homes/mallory/hwlink":  "homes/mallory/hwlink is a link to hw",
				"homes/mallory/work/hw": "homes/mallory/work is a link to ../alice",
			} {
				b, err := open(base, rel)
				got := ""
				if err != nil {
					var le *LinkError
					if !errors.As(err, &le) {
						t.Errorf("%s: %v; want a *LinkError", rel, err)
					}
					got = err.Error()
				} else {
					b.close()
				}
				if got != want {
					t.Errorf("openIn(%s): %q; want %q", rel, got, want)
				}
			}
			b, err := open(base, "box")
			if err != nil {
				t.Fatal(err)
			}
			d := &Dir{path: filepath.Join(base, "box"), b: b}
			defer d.Close()
			d.RefuseLink("mallory.py")
			want := "mallory.py is a link to alice/prog.py: hand in the file itself"
			if _, err := d.ReadFile(context.Background(), "mallory.py"); err == nil || err.Error() != want {
				t.Errorf("ReadFile(mallory.py -> alice/prog.py), refused as a link: %v; want %q", err, want)
			}
			// aaron.py, a file when looked up, a link when opened.
			aaron, other := filepath.Join(base, "box/aaron.py"), filepath.Join(base, "box/mallory.py")
			d.RefuseLink("aaron.py")
			testBeforeOpen = func(string) { exchange(t, aaron, other) }
			data, err := d.ReadFile(context.Background(), "aaron.py")
			testBeforeOpen = nil
			exchange(t, aaron, other)
			if want := "aaron.py is a link to alice/prog.py: hand in the file itself"; err == nil || err.Error() != want {
				t.Errorf("ReadFile(aaron.py), made a link after its lookup: %q, %v; want %q", data, err, want)
			}
		})
	}
}
