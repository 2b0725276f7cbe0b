package submission

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Env builds the environment a submission sees: the grader's PATH
// (so interpreters are found), HOME set to dir, a UTF-8 locale, TMPDIR set to
// dir/.tmp (created here), plus extra ("K=V", later entries win). Nothing
// else of the grader's environment gets through: CI tokens and the like stay
// out of reach of the code being graded.
func Env(dir string, extra ...string) []string {
	tmp := filepath.Join(dir, ".tmp")
	// An error here shows up when the submission uses TMPDIR; the run itself
	// must not fail because of it.
	_ = os.MkdirAll(tmp, 0o755)
	path := os.Getenv("PATH")
	if path == "" {
		path = "/usr/local/bin:/usr/bin:/bin"
	}
	env := []string{
		"PATH=" + path,
		"HOME=" + dir,
		"LANG=C.UTF-8",
		"LC_ALL=C.UTF-8",
		"TMPDIR=" + tmp,
	}
	for _, kv := range extra {
		k, _, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			continue
		}
		env = setEnv(env, k, kv)
	}
	return env
}

// setEnv replaces the entry for key in env with kv, or appends it.
func setEnv(env []string, key, kv string) []string {
	for i, e := range env {
		if k, _, _ := strings.Cut(e, "="); k == key {
			env[i] = kv
			return env
		}
	}
	return append(env, kv)
}

// RemoveAll removes a work folder even where the submission made parts of
// it read-only.
func RemoveAll(dir string) {
	// Most work folders go at the first try; only one the submission made
	// read-only needs the walk that opens it up again.
	if os.RemoveAll(dir) == nil {
		return
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			os.Chmod(path, 0o755)
		}
		return nil
	})
	os.RemoveAll(dir)
}
