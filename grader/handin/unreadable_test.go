//go:build unix

package handin

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// nobody is the unprivileged user a test run as root runs itself as.
const nobody = 65534

// asNobody runs the test t again as the user nobody when it is run as
// root, whom no permission stops, and reports whether the caller is that
// run (or already another user than root), which is to test.
func asNobody(t *testing.T) bool {
	t.Helper()
	if os.Geteuid() != 0 {
		return true
	}
	if os.Getenv("HANDIN_TEST_AS_NOBODY") != "" {
		t.Fatal("still root")
	}
	dir, err := os.MkdirTemp("", "handin-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	bin := filepath.Join(dir, "handin.test")
	if err := copyFile(os.Args[0], bin); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o755)
	os.Chown(tmp, nobody, nobody)
	cmd := exec.Command(bin, "-test.run", "^"+t.Name()+"$", "-test.v")
	cmd.Env = []string{"HANDIN_TEST_AS_NOBODY=1", "TMPDIR=" + tmp, "PATH=" + os.Getenv("PATH")}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	out, err := cmd.CombinedOutput()
	t.Logf("as nobody:\n%s", out)
	if err != nil {
		t.Errorf("as nobody: %v", err)
	}
	return false
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// TestUnreadable: as another user than root, a file or a folder of a
// submission the grader's user may not read is refused, named, with what
// to do (attack report F7: "submission sub: cannot be read: permission
// denied: check the permissions of its folder" named neither), and the
// rest is read; the folder given itself unreadable is refused as a whole.
func TestUnreadable(t *testing.T) {
	if !asNobody(t) {
		return
	}
	dir := filepath.Join(t.TempDir(), "mallory")
	for name, data := range map[string]string{
		"prog.py":       "print('hello')\n",
		"notes.txt":     "secret\n",
		"my notes.txt":  "secret\n",
		"closed/x.txt":  "x\n",
		"noentry/y.txt": "y\n",
	} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	modes := map[string]os.FileMode{"notes.txt": 0, "my notes.txt": 0o200, "closed": 0, "noentry": 0o644}
	for name, mode := range modes {
		os.Chmod(filepath.Join(dir, name), mode)
	}
	t.Cleanup(func() {
		for name := range modes {
			os.Chmod(filepath.Join(dir, name), 0o755)
		}
		os.Chmod(dir, 0o755)
	})
	want := map[string]string{
		"prog.py":      "file",
		"notes.txt":    "notes.txt cannot be read by the grader: make it readable (chmod a+r notes.txt)",
		"my notes.txt": "my notes.txt cannot be read by the grader: make it readable (chmod a+r 'my notes.txt')",
		"closed":       "closed cannot be read by the grader: make it readable (chmod a+rx closed)",
		"noentry":      "noentry cannot be read by the grader: make it readable (chmod a+rx noentry)",
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
			refused, err := d.CopyTo(context.Background(), ".", filepath.Join(t.TempDir(), "copy"))
			if err != nil {
				t.Fatalf("CopyTo: %v; want the unreadable left out, the rest copied", err)
			}
			got := map[string]string{"prog.py": "file"}
			for _, r := range refused {
				got[r.Name] = r.Error()
				if r.Why.ID != "handin.unreadable" {
					t.Errorf("%s: refused as %s; want handin.unreadable", r.Name, r.Why.ID)
				}
			}
			for name, w := range want {
				if got[name] != w {
					t.Errorf("%s: got %q; want %q", name, got[name], w)
				}
			}
			if len(got) != len(want) {
				t.Errorf("refused %v; want %v", got, want)
			}
		})
	}
	// The folder given, unreadable itself: nothing of it to read.
	os.Chmod(dir, 0o300)
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	err = d.Walk(context.Background(), ".", func(Entry) error { return nil })
	var r *RefusedError
	if want := "mallory cannot be read by the grader: make it readable (chmod a+rx mallory)"; !errors.As(err, &r) || r.Error() != want {
		t.Errorf("walking a folder of mode 0300: %v; want %q", err, want)
	}
	if strings.Contains(err.Error(), "permission denied") {
		t.Errorf("%v: want the grader's words", err)
	}
}
