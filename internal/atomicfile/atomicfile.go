// Package atomicfile writes files whole or not at all, so that a reader, or
// a rerun after a crash, never finds half of one.
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
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
// finished files.
func TempPrefix(base string) string { return "." + base + ".tmp-" }
