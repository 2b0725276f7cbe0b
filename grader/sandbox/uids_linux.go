//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// As root, each run is a user of its own, as each of isolate's boxes is:
// uid and gid firstRunUID + slot, a number no account has, and one that no
// other run holds while this one lives, in this grader or in another on the
// same machine (two shards of a class graded side by side). A slot is held
// by an exclusive flock on its file, which the kernel lets go of when the
// run's file closes, even when the grader is killed.
const (
	firstRunUID = 2_000_000_000
	runSlots    = 4096
)

// slotDir holds the slots' lock files: root's, and no one else's to fill.
func slotDir() (string, error) {
	dir := "/run/boardcheck-uids"
	if fi, err := os.Stat("/run"); err != nil || !fi.IsDir() {
		dir = filepath.Join(os.TempDir(), "boardcheck-uids")
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return "", err
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return "", err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !fi.IsDir() || !ok || st.Uid != 0 || fi.Mode().Perm()&0o022 != 0 {
		return "", fmt.Errorf("%s is not a folder that root alone may write", dir)
	}
	return dir, nil
}

// uidSlot is a uid held for one run.
type uidSlot struct {
	uid  int
	lock *os.File
}

// takeSlot holds the first free slot.
func takeSlot() (*uidSlot, error) {
	dir, err := slotDir()
	if err != nil {
		return nil, fmt.Errorf("grader: choosing the run's user: %w", err)
	}
	for i := 0; i < runSlots; i++ {
		f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("slot-%d", i)), os.O_CREATE|os.O_RDWR|syscall.O_NOFOLLOW, 0o600)
		if err != nil {
			return nil, fmt.Errorf("grader: choosing the run's user: %w", err)
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			return &uidSlot{uid: firstRunUID + i, lock: f}, nil
		}
		f.Close()
	}
	return nil, fmt.Errorf("grader: choosing the run's user: all %d slots are held", runSlots)
}

func (s *uidSlot) release() {
	if s != nil {
		s.lock.Close()
	}
}
