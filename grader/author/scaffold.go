package author

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/boardcheck/boardcheck/grader/builtin"
	"github.com/boardcheck/boardcheck/grader/exercise"
)

// ExistsError is a scaffold that would overwrite something.
type ExistsError struct{ Path string }

func (e *ExistsError) Error() string {
	return fmt.Sprintf("grader: %s already exists; choose another ID or folder (nothing was written)", e.Path)
}

// IDError is an exercise ID that cannot name a folder and a program.
type IDError struct{ ID string }

func (e *IDError) Error() string {
	return fmt.Sprintf("grader: exercise ID %q must be a single word (letters, digits, '.', '_', '-')", e.ID)
}

// Scaffold creates the exercise folder dir/id and returns its path. With
// from nil it writes a skeleton: a manifest, a statement, a first scenario
// and the folders good/, bad/, valid-output/ and invalid-output/, ready for
// `grader verify` to say what remains to fill in. With from set it copies
// that exercise (builtin or a folder) whole, so that the copy verifies as
// the original does and can be varied from there. It never overwrites: an
// existing dir/id is an *ExistsError, an ID that is not one word an
// *IDError.
func Scaffold(dir, id string, from *exercise.Exercise) (string, error) {
	if !exercise.IsWord(id) {
		return "", &IDError{ID: id}
	}
	target := filepath.Join(dir, id)
	if _, err := os.Lstat(target); err == nil {
		return "", &ExistsError{Path: target}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("grader: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("grader: %w", err)
	}
	// Mkdir, not MkdirAll: if another process made target since the check
	// above, this fails rather than writing into it.
	if err := os.Mkdir(target, 0o755); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return "", &ExistsError{Path: target}
		}
		return "", fmt.Errorf("grader: %w", err)
	}
	var err error
	if from != nil {
		err = os.CopyFS(target, from.FS)
	} else {
		err = writeSkeleton(target, id)
	}
	if err != nil {
		// Leave no half-made exercise behind: it would load as a broken one.
		os.RemoveAll(target)
		return "", fmt.Errorf("grader: creating %s: %w", target, err)
	}
	return target, nil
}

// writeSkeleton writes a new exercise's files into dir.
func writeSkeleton(dir, id string) error {
	files := map[string]string{
		"exercise.toml":            skeletonManifest,
		"README.md":                skeletonStatement,
		"tests/usage.txtar":        skeletonScenario,
		"good/.gitkeep":            "",
		"bad/.gitkeep":             "",
		"solution/.gitkeep":        "",
		"valid-output/README.md":   skeletonOutputs,
		"invalid-output/README.md": skeletonOutputs,
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		text = strings.ReplaceAll(text, "ID", id)
		text = strings.ReplaceAll(text, "BUILTINS", strings.Join(builtin.Programs(), ", "))
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// The skeleton's files. "ID" becomes the exercise's ID, "BUILTINS" the
// builtin reference programs. Every key CONTRIBUTING.md documents is here,
// set or commented out, so an author fills in rather than looks up.
const skeletonManifest = `title   = "TODO: one line, shown by grader list"
program = "ID"                     # the name scenarios run the submission under
# The program that passes every check: builtin:puzzle (the grader solves the
# [puzzle] below), builtin:NAME (one of BUILTINS), or a program of this
# folder, such as solution/ID.py. grader verify needs it.
# reference = "solution/ID.py"
checks  = ["usage"]                # in report order; each is tests/NAME.txtar
points  = 100                      # what the checks' points add up to (the default)

[limits]                           # per run; all optional
time = "10s"

# The exercise's exact texts: scenarios read them as $NAME, and a builtin
# reference prints them in place of its own wording.
[messages]
usage = "Usage: ID N"

# The puzzle the program solves, as data, which builtin:puzzle solves and
# the answer command checks (CONTRIBUTING.md, "The puzzle"): its piece in
# Betza's notation, what one is called, the program's arguments, what it
# prints (one, all or count) and in which format (list, matrix, board,
# json, or a [formats.NAME] of the exercise's own).
# [puzzle]
# piece  = "Q"
# name   = "queen"
# args   = "N"
# answer = "all"
# format = "list"

# A format of the exercise's own (CONTRIBUTING.md, "Output formats").
# [formats.spaced]
# style     = "board"
# piece     = "Q"
# separator = " "

# A known-wrong submission under bad/: the checks it must fail, each with a
# phrase its failure message must contain.
# [[bad]]
# file = "usage-on-stderr.py"
# why  = "prints the usage on standard error"
# [bad.fails]
# usage = "printed on standard error instead of standard output"
`

const skeletonStatement = `# TODO: the exercise's title

TODO: what the program must do, in a few sentences a student can act on.

## The program

    ID N

TODO: the arguments, the exact messages and exit statuses, the output's
format, and an example.

## What is checked

| check | points |
|---|---|
| No argument prints the usage | 100 |

## Check your work

    grader check ID ID.py
`

const skeletonScenario = `# Run with no argument, the program prints its usage on standard output and
# exits with status 1. (A first check to start from: change it to suit.)
# title: No argument prints the usage
# points: 100
# hint: Check how many arguments you got before anything else, print the message on standard output, then exit with status 1.
! run ID
status 1
cmpenv stdout want.txt
! stderr .

-- want.txt --
$usage
`

const skeletonOutputs = `Outputs the checkers must judge right: valid-output/ holds outputs they must
accept, invalid-output/ outputs they must reject. Each folder here holds a
file named command with one checker command (queens -format list all 4,
tour -closed 6, count queens 8) and the outputs to judge by it, any names:

    valid-output/list-4/command         queens -format list all 4
    valid-output/list-4/reversed.txt    every solution, last first
    invalid-output/list-4/command       queens -format list all 4
    invalid-output/list-4/crlf.txt      lines ending in \r\n

grader verify judges each file as a run's standard output.
`
