package grader

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/programs"
)

// builtinPrograms are the reference programs any binary linking package
// grader can act as, so that `grader verify` needs nothing installed beside
// the grader to run an exercise's reference.
var builtinPrograms = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) int{
	"knights-tour":  programs.KnightsTour,
	"nqueens":       programs.NQueens,
	"queens-board":  programs.QueensBoard,
	"queens-matrix": programs.QueensMatrix,
	"solvers":       programs.Solvers,
}

// BuiltinPrograms returns the names a manifest's reference may give after
// "builtin:", sorted.
func BuiltinPrograms() []string {
	var names []string
	for n := range builtinPrograms {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// referenceArg, as argv[1], makes the binary run the builtin program named
// by argv[2] with the arguments after it. The runner starts programs by path
// with the argv it is given, so argv[0] cannot carry the name as it does for
// the shim; a first argument no user types does. It is not part of the
// grader's command line: only BuiltinSubmission builds it.
const referenceArg = "-boardcheck-reference"

// referenceTextsEnv, in a builtin program's environment, holds the messages
// of the exercise it runs for, as a JSON object of name to text (see
// referenceTextsVar): the program prints them in place of its defaults.
const referenceTextsEnv = "BOARDCHECK_REFERENCE_TEXTS"

func init() {
	if len(os.Args) >= 3 && os.Args[1] == referenceArg {
		f, ok := builtinPrograms[os.Args[2]]
		if !ok {
			fmt.Fprintf(os.Stderr, "grader: no builtin program %q\n", os.Args[2])
			os.Exit(125)
		}
		if env := os.Getenv(referenceTextsEnv); env != "" {
			var texts programs.Texts
			if err := json.Unmarshal([]byte(env), &texts); err != nil {
				fmt.Fprintf(os.Stderr, "grader: %s: %v\n", referenceTextsEnv, err)
				os.Exit(125)
			}
			f = programs.WithTexts(os.Args[2], texts)
		}
		os.Exit(f(os.Args[3:], os.Stdin, os.Stdout, os.Stderr))
	}
}

// BuiltinSubmission is the builtin program name as a submission: this very
// binary, re-run to act as it.
func BuiltinSubmission(name string) (*submission.Submission, error) {
	if _, ok := builtinPrograms[name]; !ok {
		return nil, fmt.Errorf("grader: no builtin program %q (known: %s)", name, strings.Join(BuiltinPrograms(), ", "))
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("grader: finding the grader's own binary to run builtin:%s: %w", name, err)
	}
	// The run sees the grader's binary, which every other run is denied.
	return &submission.Submission{Path: "builtin:" + name, Command: []string{exe, referenceArg, name}, Lang: "builtin", Files: []string{exe}}, nil
}

// parseReference checks the manifest's reference: "builtin:NAME" naming one
// of BuiltinPrograms, or a relative slash-separated path that stays inside
// the exercise folder (its existence is checked once the folder is known).
func parseReference(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	if name, ok := strings.CutPrefix(s, "builtin:"); ok {
		if _, ok := builtinPrograms[name]; !ok {
			return "", fmt.Errorf("reference %q: no builtin program %q (known: %s)", s, name, strings.Join(BuiltinPrograms(), ", "))
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
		return &ExerciseError{File: name("exercise.toml"), Line: keyLine(m.text, "reference"), Err: err}
	}
	return nil
}

// referencePath returns the reference's path within the exercise folder,
// or "" for a builtin one or none.
func referencePath(ref string) string {
	if ref == "" || strings.HasPrefix(ref, "builtin:") {
		return ""
	}
	return path.Clean(ref)
}
