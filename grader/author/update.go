package author

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/builtin"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// wantSink collects, as checks pass, their scenarios with the expected
// outputs testscript rewrote (Params.UpdateScripts: a `cmp` whose second
// file is in the archive passes and takes the first's text).
type wantSink struct {
	mu      sync.Mutex
	scripts map[string][]byte // check name -> the scenario, rewritten
}

// take keeps check c's scenario with the files testscript rewrote in the
// runnable copy at scriptPath, if any changed. Only the files are taken
// from the copy: its script lines are the runnable ones (see
// exercise.Check.RunnableScript), not the author's.
func (w *wantSink) take(c *exercise.Check, scriptPath string) error {
	data, err := os.ReadFile(scriptPath)
	if err != nil {
		return err
	}
	updated := make(map[string][]byte)
	for _, f := range txtar.Parse(data).Files {
		updated[f.Name] = f.Data
	}
	ar := txtar.Parse(c.Script)
	changed := false
	for i, f := range ar.Files {
		if u, ok := updated[f.Name]; ok && !bytes.Equal(u, f.Data) {
			ar.Files[i].Data = u
			changed = true
		}
	}
	if !changed {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.scripts[c.Name] = txtar.Format(ar)
	return nil
}

// Update writes the parts of an exercise folder that come from elsewhere:
// every expected output a scenario compares a run's output with by `cmp`
// (from the reference's output), and in the statement the table of checks
// (from the checks), the examples' outputs (from the reference) and, for a
// builtin reference, each of its messages the manifest words otherwise
// (from the manifest), which it also rewrites in the scenarios' headers
// (their titles and hints are the student's to read). It returns the
// files it changed, relative to the folder, sorted. A check the reference
// fails is left as it is; Verify, run after, says why it fails.
//
// Only an exercise loaded from a folder (exercise.LoadDir) can be updated: a
// builtin one is part of the binary.
func Update(ctx context.Context, ex *exercise.Exercise) ([]string, error) {
	if ex.Source == "builtin" {
		return nil, fmt.Errorf("grader: %s is builtin: update a copy (grader new --from %s DIR), then commit the folder", ex.ID, ex.ID)
	}
	if ex.Reference == "" {
		return nil, errors.New("grader: exercise.toml names no reference program, whose outputs --update would write: add reference = \"builtin:NAME\" or a program of the folder")
	}
	dir := ex.Source
	wants := &wantSink{scripts: make(map[string][]byte)}
	var examples []statementExample
	err := withReference(ctx, ex, dir, func(sub *submission.Submission, env []string) error {
		if _, err := grader.Grade(ctx, ex, sub, grader.Options{Parallel: 1, Env: env, TakeWants: wants.take}); err != nil {
			return err
		}
		var err error
		examples, err = runExamples(ctx, ex, sub, env)
		return err
	})
	if err != nil {
		return nil, err
	}
	var changed []string
	for _, c := range ex.Checks {
		script, ok := wants.scripts[c.Name]
		if !ok {
			script = c.Script
		}
		script = withHeaderWordings(ex, script)
		if bytes.Equal(script, c.Script) {
			continue
		}
		name := "tests/" + c.Name + ".txtar"
		if err := atomicfile.Write(filepath.Join(dir, filepath.FromSlash(name)), script); err != nil {
			return changed, fmt.Errorf("grader: %w", err)
		}
		changed = append(changed, name)
	}

	statement := withExamples(withChecksTable(ex, withWordings(ex, ex.Statement)), examples)
	if statement != ex.Statement {
		if err := atomicfile.Write(filepath.Join(dir, "README.md"), []byte(statement)); err != nil {
			return changed, fmt.Errorf("grader: %w", err)
		}
		changed = append(changed, "README.md")
	}
	translated, err := updateTranslations(dir, ex, statement)
	changed = append(changed, translated...)
	if err != nil {
		return changed, err
	}
	slices.Sort(changed)
	return changed, nil
}

// withReference calls f with the exercise's reference as a submission and
// the environment its runs need (for a builtin one, the exercise's
// messages), and cleans up after. root is a folder holding the exercise's
// files; a reference of the folder is compiled there once, as grader.GradePath
// would.
func withReference(ctx context.Context, ex *exercise.Exercise, root string, f func(sub *submission.Submission, env []string) error) error {
	if name, ok := strings.CutPrefix(ex.Reference, "builtin:"); ok {
		sub, err := builtin.Submission(name)
		if err != nil {
			return err
		}
		return f(sub, referenceEnv(ex))
	}
	buildDir, err := os.MkdirTemp("", "grader-build-")
	if err != nil {
		return fmt.Errorf("grader: %w", err)
	}
	defer submission.RemoveAll(buildDir)
	sub, err := submission.Prepare(ctx, filepath.Join(root, filepath.FromSlash(exercise.ReferencePath(ex.Reference))), buildDir)
	if err != nil {
		return fmt.Errorf("grader: the reference %s: %w", ex.Reference, err)
	}
	return f(sub, nil)
}
