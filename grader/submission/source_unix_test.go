//go:build unix

package submission

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadSourceHostile: a source that is a FIFO, a link or a folder is
// not read, and ReadSource returns at once rather than wait on the FIFO.
func TestReadSourceHostile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "q.py")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if src := ReadSource(&Submission{Path: fifo, Source: fifo, Lang: "python"}); src != nil {
		t.Errorf("a FIFO: ReadSource = %+v; want nil", src)
	}
	target := filepath.Join(dir, "secret.py")
	os.WriteFile(target, []byte("input()\n"), 0o644)
	folder := filepath.Join(dir, "sub")
	os.Mkdir(folder, 0o755)
	if err := os.Symlink(target, filepath.Join(folder, "link.py")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(folder, "pipe.py"), 0o644); err != nil {
		t.Fatal(err)
	}
	if src := ReadSource(&Submission{Path: folder, Source: folder, Lang: "python"}); src != nil {
		t.Errorf("a folder of a link and a FIFO: ReadSource = %+v; want nil", src)
	}
}
