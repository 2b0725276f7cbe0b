//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// The stage is the host folder on which the supervisor builds a run's root. The
// supervisor mounts a small tmpfs over it, in the run's own mount namespace, and
// makes there the two folders it mounts the root and the run's writable
// tmpfs on. Those mounts are seen by that namespace alone and go with it, so
// every run, at once or one after another, can use the same folder: /sys,
// which every Linux system has and no run is given (a run that needed a
// host path under /sys would not have it anyway). Nothing is made on the
// host for it, and nothing removed after it: a folder made and removed for
// each run cost about 0.5 ms of the run, most of it in detaching the run's
// mounts from it.
//
// Without /sys, a run gets a folder of its own, with the two folders in it,
// removed after the run: as root, where the run's own user can reach it by
// path (see stageBase).
func (r *run) makeStage() error {
	if fi, err := os.Lstat("/sys"); err == nil && fi.IsDir() {
		r.stage = "/sys"
		return nil
	}
	dir, err := os.MkdirTemp(stageBase(r.m.asRoot), "boardcheck-run-")
	if err != nil {
		return fmt.Errorf("grader: running %s: %w", r.spec.Argv[0], err)
	}
	r.stage, r.ownStage = dir, true
	if err := os.Chmod(dir, 0o711); err != nil {
		return err
	}
	for _, sub := range []string{"root", "scratch"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			return fmt.Errorf("grader: running %s: %w", r.spec.Argv[0], err)
		}
	}
	return nil
}

// stageBase is the host folder for what the run's own user must reach by
// path (a stage of its own, copies of files it could not read): as root,
// /run/boardcheck, made 0711, or /tmp; TMPDIR otherwise, which may be a
// folder only the grader's user can enter (a test's, 0700).
func stageBase(asRoot bool) string {
	if !asRoot {
		return os.TempDir()
	}
	if err := os.Mkdir("/run/boardcheck", 0o711); err == nil || errors.Is(err, os.ErrExist) {
		if fi, err := os.Lstat("/run/boardcheck"); err == nil && fi.IsDir() && fi.Mode().Perm() == 0o711 {
			return "/run/boardcheck"
		}
	}
	return "/tmp"
}
