package grader

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/handin"
)

// DigestPath is "sha256:" and the hex digest of the file at path, or of
// every file under the folder at path, read as grading reads a submission
// (package handin): each file's path relative to it, its executable bit
// and its contents, in lexical order. A link inside the folder stands for
// the file it leads to; what the rule refuses (a link out of the folder, a
// named pipe, a device, a file too large) stands for itself, by its name
// and why, so that it never holds the digest up and a change to it is
// still seen. The folders above path are the caller's, followed; path
// itself, a file or a folder, is the student's, and no link (an error, as
// submission.Prepare refuses it): a class entry that is a link is never
// read, nor is what it was made to lead to since the class was listed.
// It stops when ctx is cancelled.
func DigestPath(ctx context.Context, path string) (string, error) {
	h := sha256.New()
	dir, name := filepath.Dir(path), filepath.Base(path)
	var d *handin.Dir
	var err error
	if info, serr := os.Stat(path); serr == nil && info.IsDir() {
		d, err = handin.OpenIn(dir, name)
		name = "."
	} else if d, err = handin.OpenIn(dir, "."); err == nil {
		d.RefuseLink(name)
	}
	if err != nil {
		return "", err
	}
	defer d.Close()
	err = d.Walk(ctx, name, func(e handin.Entry) error {
		rel := strings.TrimPrefix(strings.TrimPrefix(e.Name, name), "/")
		if rel == "" {
			rel = "."
		}
		switch e.Kind {
		case handin.Refused:
			fmt.Fprintf(h, "refused %q %q\n", rel, e.Refused.Problem)
		case handin.File:
			fmt.Fprintf(h, "file %q %d %t\n", rel, e.Size, e.Exec)
			_, err := d.WriteTo(ctx, e.Name, h)
			var r *handin.RefusedError
			if errors.As(err, &r) {
				fmt.Fprintf(h, "refused %q %q\n", rel, r.Problem)
				return nil
			}
			return err
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return sum(h), nil
}

// ExerciseDigest is "sha256:" and the hex digest of everything of ex that
// a grade depends on: every file of its folder (the manifest, the
// scenarios, the reference; its limits are in the manifest) but those only
// verify and readers use (see notGraded), and of opts, the time limit and
// the checks chosen.
func ExerciseDigest(ex *exercise.Exercise, opts Options) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "exercise %q\n", ex.ID)
	if ex.FS != nil {
		err := fs.WalkDir(ex.FS, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if notGraded(ex, p) {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			data, err := fs.ReadFile(ex.FS, p)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "file %q %d\n", p, len(data))
			h.Write(data)
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("grader: reading exercise %s: %w", ex.ID, err)
		}
	}
	// The checks as loaded: the same files give the same checks, but an
	// exercise without a folder is known by them alone.
	for _, c := range ex.Checks {
		fmt.Fprintf(h, "check %q %d %q\n", c.Name, c.Points, c.Needs)
		h.Write(c.Script)
	}
	fmt.Fprintf(h, "limits %+v\n", ex.Limits)
	run := slices.Clone(opts.Run)
	slices.Sort(run)
	fmt.Fprintf(h, "timeout %s run %q\n", opts.Timeout, strings.Join(run, ","))
	if ex.Lang != "" {
		// A report in another language is another report: its titles,
		// hints and words are that language's (exercise.LANG.toml).
		fmt.Fprintf(h, "lang %s\n", ex.Lang)
		for _, c := range ex.Checks {
			fmt.Fprintf(h, "texts %q %q %q %q\n", c.Name, c.Title, c.Hint, c.TimeoutHint)
		}
		fmt.Fprintf(h, "texts %q %q\n", ex.Title, ex.TimeoutHint)
	}
	return sum(h), nil
}

// notGraded reports whether path, in ex's folder, is one no grade depends
// on: the statement, and the submissions and outputs verify proves the
// exercise with (good/, bad/, valid-output/, invalid-output/), unless the
// reference lives there. An author who adds a bad submission does not make
// a class be graded again.
func notGraded(ex *exercise.Exercise, path string) bool {
	if exercise.TranslationFile(path) {
		// Another language's texts: a report in it is told apart by the
		// texts themselves (above), so that translating an exercise does
		// not grade an English class again.
		return true
	}
	switch path {
	case "README.md":
		return true
	case "good", "bad", "valid-output", "invalid-output":
		ref := filepath.ToSlash(filepath.Clean(ex.Reference))
		return !strings.HasPrefix(ref, path+"/")
	}
	return false
}

// BuildDigest is "sha256:" and the hex digest of the running grader's own
// binary: what names the build that graded a report, where a version
// cannot (every build from a checkout is "(devel)", and a rebuild whose
// checker changed is another grader). Two builds of one commit differ too
// when built differently: go run leaves out the debugging information and
// the version control stamp that go build writes, and a test binary holds
// its tests; each is a build of its own.
//
// It is read once per process, on first use, and only by what records or
// prints it: the launcher and the builtin programs, which re-run the same
// binary, never pay for it. /proc/self/exe is the file this process runs,
// even after a new build was installed over it; elsewhere, the file
// os.Executable names.
func BuildDigest() (string, error) { return buildDigest() }

var buildDigest = sync.OnceValues(func() (string, error) {
	f, err := os.Open("/proc/self/exe")
	if err != nil {
		exe, err2 := os.Executable()
		if err2 != nil {
			return "", fmt.Errorf("grader: finding the grader's own binary: %w", err2)
		}
		if f, err = os.Open(exe); err != nil {
			return "", fmt.Errorf("grader: reading the grader's own binary: %w", err)
		}
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("grader: reading the grader's own binary: %w", err)
	}
	return sum(h), nil
})

func sum(h hash.Hash) string { return "sha256:" + hex.EncodeToString(h.Sum(nil)) }
