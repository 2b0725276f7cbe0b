// Package gradescope writes the autograder folder that Gradescope runs for
// an exercise: setup.sh, run_autograder, the grader binary itself and, for
// an exercise that is a folder rather than built in, that folder; and the
// same files as autograder.zip, the archive Gradescope's "Configure
// Autograder" page takes.
//
// Gradescope's contract ("Autograder Specifications"): the zip holds
// setup.sh and run_autograder at its root and is unpacked into
// /autograder/source; setup.sh runs once, as root, when Gradescope builds
// the autograder's image (Ubuntu); run_autograder runs for each
// submission, whose files Gradescope puts in /autograder/submission, and
// must leave /autograder/results/results.json, which grader check
// --format gradescope writes.
package gradescope

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"text/template"
	"time"
)

// Config is what an autograder folder grades with.
type Config struct {
	// Exercise is the exercise's ID: what grader check is given for one
	// built into the grader.
	Exercise string
	// ExerciseFS is the exercise folder, of which exercise/ beside the
	// grader holds what grading needs (see graded); nil for a built-in
	// exercise.
	ExerciseFS fs.FS
	// Reference is the exercise's reference program, a path in
	// ExerciseFS, or "" for a builtin one: loading the exercise checks
	// that it is there.
	Reference string
	// Grader is the path of the grader binary to ship, a static one that
	// needs nothing installed (cmd/grader TestStaticBinary).
	Grader string
	// Version is the grader's version, for the scripts' comments.
	Version string
	// Flags are grader check's flags that change the grade (--timeout,
	// --pattern), given on every submission.
	Flags []string
}

// The files of the folder, as the zip holds them.
const (
	SetupScript = "setup.sh"
	RunScript   = "run_autograder"
	GraderFile  = "grader"
	ExerciseDir = "exercise"
	ZipFile     = "autograder.zip"
)

// Write writes the folder dir (created if need be) and dir/autograder.zip.
// Files already there by those names are replaced, and so is exercise/.
func Write(dir string, c Config) error {
	files, err := c.files()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("grader: gradescope: %w", err)
	}
	// An exercise/ of an earlier run may hold files the exercise no longer
	// has; the zip must not differ from the folder beside it.
	if err := os.RemoveAll(filepath.Join(dir, ExerciseDir)); err != nil {
		return fmt.Errorf("grader: gradescope: %w", err)
	}
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	now := time.Now()
	for _, f := range files {
		data, err := f.data()
		if err != nil {
			return err
		}
		dest := filepath.Join(dir, filepath.FromSlash(f.name))
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return fmt.Errorf("grader: gradescope: %w", err)
		}
		if err := os.WriteFile(dest, data, f.mode); err != nil {
			return fmt.Errorf("grader: gradescope: %w", err)
		}
		// WriteFile keeps an old file's mode: the scripts must be executable.
		if err := os.Chmod(dest, f.mode); err != nil {
			return fmt.Errorf("grader: gradescope: %w", err)
		}
		h := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: now}
		h.SetMode(f.mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return fmt.Errorf("grader: gradescope: %s: %w", ZipFile, err)
		}
		if _, err := w.Write(data); err != nil {
			return fmt.Errorf("grader: gradescope: %s: %w", ZipFile, err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("grader: gradescope: %s: %w", ZipFile, err)
	}
	if err := os.WriteFile(filepath.Join(dir, ZipFile), zbuf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("grader: gradescope: %w", err)
	}
	return nil
}

// file is one file of the folder: its slash path, mode, and contents.
type file struct {
	name string
	mode fs.FileMode
	data func() ([]byte, error)
}

func (c Config) files() ([]file, error) {
	arg := shellWords([]string{c.Exercise})
	if c.ExerciseFS != nil {
		arg = ` "$root/source/` + ExerciseDir + `"`
	}
	vars := struct {
		Exercise, Arg, Version, Flags string
	}{c.Exercise, arg, c.Version, shellWords(c.Flags)}
	setup, err := execute(setupTemplate, vars)
	if err != nil {
		return nil, err
	}
	run, err := execute(runTemplate, vars)
	if err != nil {
		return nil, err
	}
	files := []file{
		{SetupScript, 0o755, constant(setup)},
		{RunScript, 0o755, constant(run)},
		{GraderFile, 0o755, func() ([]byte, error) {
			data, err := os.ReadFile(c.Grader)
			if err != nil {
				return nil, fmt.Errorf("grader: gradescope: reading the grader binary to ship: %w", err)
			}
			return data, nil
		}},
	}
	if c.ExerciseFS == nil {
		return files, nil
	}
	err = fs.WalkDir(c.ExerciseFS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !c.graded(p) {
			return err
		}
		files = append(files, file{path.Join(ExerciseDir, p), 0o644, func() ([]byte, error) {
			return fs.ReadFile(c.ExerciseFS, p)
		}})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("grader: gradescope: reading the exercise folder: %w", err)
	}
	return files, nil
}

// graded says whether file p of the exercise folder is one grading reads:
// the manifest, the statement, the checks' scenarios and the reference the
// manifest names. The author's submissions (good/, bad/), outputs
// (valid-output/, invalid-output/) and whatever else lies in the folder (a
// draft, an editor's backup) stay on the author's machine.
func (c Config) graded(p string) bool {
	switch {
	case p == "exercise.toml", p == "README.md", p == c.Reference:
		return true
	case strings.HasPrefix(p, "tests/") && strings.HasSuffix(p, ".txtar") && strings.Count(p, "/") == 1:
		return true
	}
	return false
}

func constant(b []byte) func() ([]byte, error) { return func() ([]byte, error) { return b, nil } }

func execute(t *template.Template, data any) ([]byte, error) {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return nil, fmt.Errorf("grader: gradescope: %w", err)
	}
	return b.Bytes(), nil
}

// shellWords quotes each word for sh, with a space before each.
func shellWords(words []string) string {
	var b strings.Builder
	for _, w := range words {
		b.WriteString(" '" + strings.ReplaceAll(w, "'", `'\''`) + "'")
	}
	return b.String()
}
