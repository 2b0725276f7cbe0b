//go:build unix

package handin

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/i18n"
)

// TestRule reads a folder holding every kind of entry a student can hand
// in, by each way this system has of keeping to the rule (the kernel's
// openat2, and os.Root by hand): what is read, what is refused and the
// message that says why, and that nothing blocks or reads without end.
func TestRule(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "alice.go"), []byte("package main // alice's\n"), 0o600)
	dir := filepath.Join(t.TempDir(), "mallory")
	files := map[string]string{
		"nqueens.py":     "print('mine')\n",
		"src/board.py":   "BOARD = 8\n",
		"src/deep/x.txt": "x\n",
		".git/config":    "[core]\n", // no part of a submission
	}
	for name, data := range files {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(filepath.Join(dir, "nqueens.py"), 0o755)
	links := map[string]string{
		"zero.txt":      "/dev/zero",
		"classmate.go":  filepath.Join(outside, "alice.go"),
		"up.go":         "../" + filepath.Base(outside) + "/alice.go",
		"inside.py":     "src/board.py",
		"chain.py":      "inside.py",
		"out-chain.py":  "zero.txt",
		"nowhere.py":    "missing.py",
		"loop-a":        "loop-b",
		"loop-b":        "loop-a",
		"folder-link":   "src",
		"src/parent.py": "../nqueens.py",
		"pipe-link":     "pipe",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	sock, err := net.Listen("unix", filepath.Join(dir, "sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer sock.Close()
	big, err := os.Create(filepath.Join(dir, "big.bin"))
	if err != nil {
		t.Fatal(err)
	}
	big.Truncate(MaxFileSize + 1) // sparse: costs no disk
	big.Close()

	want := map[string]string{ // name: "file", "folder", or the refusal's message
		"nqueens.py":     "file",
		"src":            "folder",
		"src/board.py":   "file",
		"src/deep":       "folder",
		"src/deep/x.txt": "file",
		"inside.py":      "file",
		"chain.py":       "file",
		"src/parent.py":  "file",
		"zero.txt":       "zero.txt is a link to /dev/zero, outside your folder: hand in the file itself",
		"classmate.go":   "classmate.go is a link to " + filepath.Join(outside, "alice.go") + ", outside your folder: hand in the file itself",
		"up.go":          "up.go is a link to ../" + filepath.Base(outside) + "/alice.go, outside your folder: hand in the file itself",
		"out-chain.py":   "out-chain.py is a link to zero.txt, a link to /dev/zero, outside your folder: hand in the file itself",
		"nowhere.py":     "nowhere.py is a link to missing.py, which does not exist: hand in the file itself",
		"loop-b":         "loop-b is a link to loop-a, a link to loop-b, and so round in a loop: hand in the file itself",
		"loop-a":         "loop-a is a link to loop-b, a link to loop-a, and so round in a loop: hand in the file itself",
		"folder-link":    "folder-link is a link to src, a folder, which the grader does not follow: hand in the folder itself",
		"pipe":           "pipe is a named pipe (FIFO), not a file: hand in the file itself",
		"pipe-link":      "pipe-link is a link to pipe, a named pipe (FIFO), not a file: hand in the file itself",
		"sock":           "sock is a socket, not a file: hand in the file itself",
		"big.bin":        "big.bin is larger than 64 MiB, the most the grader reads of one file: hand in your program's own files",
	}
	ways := beneathWays()
	for way, open := range ways {
		t.Run(way, func(t *testing.T) {
			b, err := open(dir)
			if err != nil {
				t.Fatal(err)
			}
			d := &Dir{path: dir, b: b}
			defer d.Close()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			got := map[string]string{}
			err = d.Walk(ctx, ".", func(e Entry) error {
				switch e.Kind {
				case File:
					got[e.Name] = "file"
				case Folder:
					got[e.Name] = "folder"
				default:
					got[e.Name] = e.Refused.Error()
					// As data too, the same words in English, and
					// others' in another language.
					m := e.Refused.Message()
					if en := i18n.For(i18n.English).Say(m); en != got[e.Name] || !strings.HasPrefix(e.Refused.Why.ID, "handin.") {
						t.Errorf("%s: as data (%s) says %q; want %q", e.Name, e.Refused.Why.ID, en, got[e.Name])
					}
					if ko := i18n.For("ko").Say(m); strings.Contains(ko, e.Refused.Problem) || strings.Contains(ko, e.Refused.Fix) {
						t.Errorf("%s: in Korean the refusal is %q: not Korean", e.Name, ko)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			delete(got, ".")
			for name, w := range want {
				if got[name] != w {
					t.Errorf("%s: got %q; want %q", name, got[name], w)
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("walk found %s, which the test did not make", name)
				}
			}
			// Reading: a file through a link inside; each refusal, as the
			// walk words it, without blocking on the pipe.
			if data, err := d.ReadFile(ctx, "chain.py"); err != nil || string(data) != files["src/board.py"] {
				t.Errorf("ReadFile(chain.py) = %q, %v; want src/board.py's", data, err)
			}
			for _, name := range []string{"zero.txt", "classmate.go", "pipe", "pipe-link", "big.bin", "sock"} {
				_, err := d.ReadFile(ctx, name)
				var r *RefusedError
				if !errors.As(err, &r) || r.Error() != want[name] {
					t.Errorf("ReadFile(%s): %v; want %q", name, err, want[name])
				}
			}
			// The copy a run sees: regular files and folders alone, links
			// inside made files, the refused left out and named.
			dst := filepath.Join(t.TempDir(), "copy")
			refused, err := d.CopyTo(ctx, ".", dst)
			if err != nil {
				t.Fatal(err)
			}
			if len(refused) != 12 {
				t.Errorf("the copy left out %d entries; want the 12 refused: %v", len(refused), refused)
			}
			for name, w := range want {
				fi, err := os.Lstat(filepath.Join(dst, name))
				switch {
				case w == "file" && (err != nil || !fi.Mode().IsRegular()):
					t.Errorf("the copy's %s: %v, %v; want a regular file", name, fi, err)
				case w == "folder" && (err != nil || !fi.IsDir()):
					t.Errorf("the copy's %s: %v; want a folder", name, err)
				case w != "file" && w != "folder" && err == nil:
					t.Errorf("the copy holds %s, which the rule refuses", name)
				}
			}
			if fi, err := os.Stat(filepath.Join(dst, "nqueens.py")); err != nil || fi.Mode().Perm() != 0o755 {
				t.Errorf("the copy's nqueens.py: %v, %v; want mode 0755, executable as handed in", fi, err)
			}
			// One file of the folder, named by its folder.
			e, err := d.Lookup("classmate.go")
			if err != nil || e.Kind != Refused || e.Link != filepath.Join(outside, "alice.go") {
				t.Errorf("Lookup(classmate.go) = %+v, %v; want refused, through its link", e, err)
			}
			if _, err := d.Lookup("absent.py"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("Lookup(absent.py): %v; want not exist", err)
			}
		})
	}
}

// TestBounds: a folder past the bounds is refused as a whole, naming it
// (and, too deep or too long a path, where), and a cancelled context stops
// a walk and a copy.
func TestBounds(t *testing.T) {
	dir := t.TempDir()
	for i := range MaxEntries + 1 {
		if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	err = d.Walk(context.Background(), ".", func(Entry) error { return nil })
	if want := "holds more than 10000 files and folders, the most the grader reads"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("walking %d files: %v; want %q", MaxEntries+1, err, want)
	}
	deep := t.TempDir()
	p := deep
	for range MaxDepth + 1 {
		p = filepath.Join(p, "d")
	}
	os.MkdirAll(p, 0o755)
	dd, _ := OpenDir(deep)
	defer dd.Close()
	// Named, the folder where the bound was passed, and what to do.
	want := filepath.Base(deep) + " holds folders more than 32 deep, the most the grader reads: " + strings.Repeat("d/", MaxDepth-1) + "d: hand in your program's own files, with shorter names and fewer folders inside folders"
	if err := dd.Walk(context.Background(), ".", func(Entry) error { return nil }); err == nil || err.Error() != want {
		t.Errorf("walking folders %d deep: %v; want %q", MaxDepth+1, err, want)
	}
	// 32 deep, the folder walked and 31 below it, is the most read.
	ok := t.TempDir()
	os.MkdirAll(filepath.Join(ok, strings.Repeat("d/", MaxDepth-1)), 0o755)
	do, _ := OpenDir(ok)
	defer do.Close()
	if err := do.Walk(context.Background(), ".", func(Entry) error { return nil }); err != nil {
		t.Errorf("walking folders %d deep: %v; want them read", MaxDepth-1, err)
	}
	// A path longer than MaxPath, in folders of 200-byte names: named by
	// its parts cut short (before, "cannot be read: file name too long",
	// naming nothing, once past the system's 4096 bytes: 22 such folders).
	long := t.TempDir()
	p = long
	for i := range 6 {
		p = filepath.Join(p, strconv.Itoa(10+i)+strings.Repeat("x", 198))
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Skipf("no path of %d bytes here: %v", len(p), err)
		}
	}
	dl, _ := OpenDir(long)
	defer dl.Close()
	part := func(i int) string { return strconv.Itoa(10+i) + strings.Repeat("x", 14) + "…" }
	want = filepath.Base(long) + " holds a path longer than 1024 bytes, the most the grader reads: " +
		strings.Join([]string{part(0), part(1), part(2), part(3), part(4), part(5)}, "/") + " (1205 bytes): hand in your program's own files, with shorter names and fewer folders inside folders"
	if err := dl.Walk(context.Background(), ".", func(Entry) error { return nil }); err == nil || err.Error() != want {
		t.Errorf("walking a path of %d bytes: %v; want %q", len(p)-len(long), err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := d.CopyTo(ctx, ".", filepath.Join(t.TempDir(), "c")); !errors.Is(err, context.Canceled) {
		t.Errorf("copying with a cancelled context: %v; want context.Canceled", err)
	}
	// A read that would never end, ended by its context.
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip(err)
	}
	defer zero.Close()
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := Copy(ctx, discard{}, zero, -1); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("copying /dev/zero without bound: %v; want the context's deadline", err)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestHardLinks: as root, a file with more than one name that not every
// user may read is refused (issue 29: a hard link to /etc/shadow, where
// fs.protected_hardlinks is 0, was read by the grader as root); a file
// with one name is read whatever its mode, and one every user may read
// whatever its names. As another user the machine's permissions decide.
func TestHardLinks(t *testing.T) {
	outside := t.TempDir()
	dir := filepath.Join(t.TempDir(), "mallory")
	os.Mkdir(dir, 0o755)
	write := func(name string, mode os.FileMode) {
		if err := os.WriteFile(name, []byte("x\n"), mode); err != nil {
			t.Fatal(err)
		}
		os.Chmod(name, mode)
	}
	write(filepath.Join(outside, "shadow"), 0o600)
	write(filepath.Join(outside, "public.txt"), 0o644)
	write(filepath.Join(dir, "own.py"), 0o600)
	for name, target := range map[string]string{"shadow.txt": "shadow", "public.txt": "public.txt"} {
		if err := os.Link(filepath.Join(outside, target), filepath.Join(dir, name)); err != nil {
			t.Skipf("no hard links here: %v", err)
		}
	}
	defer func(was func() bool) { asRoot = was }(asRoot)
	for _, root := range []bool{true, false} {
		asRoot = func() bool { return root }
		want := map[string]string{"own.py": "file", "public.txt": "file", "shadow.txt": "file"}
		if root {
			want["shadow.txt"] = "shadow.txt is a hard link to a file that not every user may read: hand in a copy of the file (cp), not a link to it"
		}
		d, err := OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for name, w := range want {
			e, err := d.Lookup(name)
			got := "file"
			switch {
			case err != nil:
				got = err.Error()
			case e.Kind == Refused:
				got = e.Refused.Error()
			}
			if got != w {
				t.Errorf("as root %v, %s: got %q; want %q", root, name, got, w)
			}
		}
		d.Close()
	}
}

// beneathWays are the ways this machine opens a folder beneath it, each a
// test's subtest: Go's os.Root by hand, and openat2 where the kernel has it.
func beneathWays() map[string]func(string) (beneath, error) {
	ways := map[string]func(string) (beneath, error){"os.Root": openRoot}
	if runtime.GOOS == "linux" && haveOpenat2() {
		ways["openat2"] = openBeneath
	}
	return ways
}
