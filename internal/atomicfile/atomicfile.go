// Package atomicfile writes files whole or not at all, so that a reader, or
// a rerun after a crash, never finds half of one.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"unicode/utf8"
)

// Write writes data to path through a temporary file in the same folder
// (".NAME.tmp-*"), synced and then renamed into place: path holds the old
// contents or the new ones, never part of either. The file is made readable
// by everyone (0644), as reports are meant to be shared.
func Write(path string, data []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, TempPrefix(base)+"*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	// The data must reach the disk before the rename does: otherwise a
	// crash could leave the new name on an empty file.
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// TempPrefix is how the temporary files for a file named base begin, so
// that a program reading a folder can tell them (left over by a crash) from
// finished files: "." and base, then ".tmp-", which os.CreateTemp follows
// with up to 10 digits.
//
// A temporary name is never longer than base itself allows: where
// ".BASE.tmp-" and its digits would be longer than base and longer than
// shortName, base is cut (at a character's start) by as much as the rest
// adds, so that a file name the folder allows (up to 255 bytes on Linux's
// file systems) never fails for its temporary name's sake.
func TempPrefix(base string) string {
	if len(base)+tempExtra <= max(len(base), shortName) {
		return "." + base + ".tmp-"
	}
	cut := max(len(base)-tempExtra, 0)
	for cut > 0 && !utf8.RuneStart(base[cut]) {
		cut--
	}
	return "." + base[:cut] + ".tmp-"
}

// tempExtra is what a temporary name adds to its file's: ".", ".tmp-" and
// os.CreateTemp's random number (a uint32, so up to 10 digits).
// shortName is a length every file system allows (POSIX's NAME_MAX is at
// least 14; no file system grader writes to allows under 255), under which
// temporary names keep all of base.
const (
	tempExtra = len(".") + len(".tmp-") + 10
	shortName = 64
)
