//go:build unix

package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A scenario's file replaced by a FIFO, a link to /dev/zero or the
// submission's own text must neither hang the grader, nor grow it, nor pass
// for the expected output.
func TestScenarioFilesGuarded(t *testing.T) {
	dir := t.TempDir()
	want := filepath.Join(dir, "want.txt")
	os.WriteFile(want, []byte("the expected line\n"), 0o644)
	snap := snapshotFiles(dir)
	if got := snap.changed(dir); got != "" {
		t.Fatalf("changed() = %q before any change", got)
	}

	os.WriteFile(want, []byte("mine\n"), 0o644)
	if got := snap.changed(dir); got != "want.txt" {
		t.Errorf("want.txt rewritten: changed() = %q; want want.txt", got)
	}

	os.Remove(want)
	if err := syscall.Mkfifo(want, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := readScenarioFile(want); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("readScenarioFile(FIFO) err = %v; want it refused as not a regular file", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("readScenarioFile hung on a FIFO")
	}
	if got := snap.changed(dir); got != "want.txt" {
		t.Errorf("want.txt made a FIFO: changed() = %q; want want.txt", got)
	}

	os.Remove(want)
	os.Symlink("/dev/zero", want)
	if _, err := readScenarioFile(want); err == nil {
		t.Errorf("readScenarioFile(link to /dev/zero) read it")
	}
	if got := snap.changed(dir); got != "want.txt" {
		t.Errorf("want.txt made a link: changed() = %q; want want.txt", got)
	}
}
