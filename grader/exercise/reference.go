package exercise

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/boardcheck/boardcheck/grader/builtin"
)

// parseReference checks the manifest's reference: "builtin:NAME" naming one
// of builtin.Programs, or a relative slash-separated path that stays inside
// the exercise folder (its existence is checked once the folder is known).
func parseReference(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if name, ok := strings.CutPrefix(s, "builtin:"); ok {
		if !slices.Contains(builtin.Programs(), name) {
			return "", fmt.Errorf("reference %q: no builtin program %q (known: %s)", s, name, strings.Join(builtin.Programs(), ", "))
		}
		return s, nil
	}
	if !fs.ValidPath(s) || s == "." || strings.Contains(s, `\`) {
		return "", fmt.Errorf("reference %q: want builtin:NAME or a path inside the exercise folder such as solution/%s.py", s, "prog")
	}
	return s, nil
}

// validateReference checks that a path reference names a file of the folder.
func validateReference(ex *Exercise, m *manifest, name func(string) string) error {
	ref := ex.Reference
	if ref == "builtin:puzzle" && ex.Puzzle == nil {
		return &Error{File: name("exercise.toml"), Line: keyLine(m.text, "reference"), Err: fmt.Errorf("reference %q solves the puzzle exercise.toml describes: add a [puzzle] table (its piece, board and answer; see CONTRIBUTING.md)", ref)}
	}
	if ref == "" || strings.HasPrefix(ref, "builtin:") {
		return nil
	}
	fi, err := fs.Stat(ex.FS, ref)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		err = fmt.Errorf("reference %q: %s does not exist", ref, name(ref))
	case err == nil && fi.IsDir():
		err = fmt.Errorf("reference %q: %s is a folder; name the program file inside it", ref, name(ref))
	}
	if err != nil {
		return &Error{File: name("exercise.toml"), Line: keyLine(m.text, "reference"), Err: err}
	}
	return nil
}

// ReferencePath returns the reference's path within the exercise folder,
// or "" for a builtin one or none.
func ReferencePath(ref string) string {
	if ref == "" || strings.HasPrefix(ref, "builtin:") {
		return ""
	}
	return path.Clean(ref)
}
