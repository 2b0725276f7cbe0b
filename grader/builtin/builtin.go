// Package builtin holds the reference programs built into the grader
// (nqueens, queens-matrix, queens-board, solvers, knights-tour, and puzzle,
// which solves the puzzle an exercise describes as data): any binary
// that links it can act as one, re-run with a first argument no user types,
// so an exercise's reference needs nothing installed beside the grader.
//
// The switch happens in an init function, before main or a test binary's
// flags: a binary that runs a builtin reference must link this package,
// which the exercise loader does, to know the names.
package builtin

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/programs"
	"github.com/boardcheck/boardcheck/puzzle"
)

// builtinPrograms are the reference programs any binary linking this package
// can act as, so that `grader verify` needs nothing installed beside the
// grader to run an exercise's reference.
var builtinPrograms = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) int{
	"knights-tour":  programs.KnightsTour,
	"nqueens":       programs.NQueens,
	"queens-board":  programs.QueensBoard,
	"queens-matrix": programs.QueensMatrix,
	"solvers":       programs.Solvers,
	// puzzle solves the puzzle its environment describes (PuzzleEnv).
	"puzzle": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		fmt.Fprintf(stderr, "grader: builtin:puzzle needs the exercise's puzzle in %s\n", PuzzleEnv)
		return 125
	},
}

// Programs returns the names a manifest's reference may give after
// "builtin:", sorted.
func Programs() []string {
	var names []string
	for n := range builtinPrograms {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// referenceArg, as argv[1], makes the binary run the builtin program named
// by argv[2] with the arguments after it. The sandbox starts programs by path
// with the argv it is given, so argv[0] cannot carry the name as it does for
// the launcher; a first argument no user types does. It is not part of the
// grader's command line: only Submission builds it.
const referenceArg = "-boardcheck-reference"

// TextsEnv, in a builtin program's environment, holds the messages
// of the exercise it runs for, as a JSON object of name to text (see
// referenceTextsVar in grader/author): the program prints them in place of
// its defaults.
const TextsEnv = "BOARDCHECK_REFERENCE_TEXTS"

// PuzzleEnv, in builtin:puzzle's environment, holds the exercise's puzzle
// as puzzle.Spec.Marshal writes it: the puzzle program solves it.
const PuzzleEnv = "BOARDCHECK_REFERENCE_PUZZLE"

func init() {
	if len(os.Args) >= 3 && os.Args[1] == referenceArg {
		f, ok := builtinPrograms[os.Args[2]]
		if !ok {
			fmt.Fprintf(os.Stderr, "grader: no builtin program %q\n", os.Args[2])
			os.Exit(125)
		}
		var texts programs.Texts
		if env := os.Getenv(TextsEnv); env != "" {
			if err := json.Unmarshal([]byte(env), &texts); err != nil {
				fmt.Fprintf(os.Stderr, "grader: %s: %v\n", TextsEnv, err)
				os.Exit(125)
			}
			if with := programs.WithTexts(os.Args[2], texts); with != nil {
				f = with
			}
		}
		if env := os.Getenv(PuzzleEnv); env != "" && os.Args[2] == "puzzle" {
			program, spec, err := puzzle.Unmarshal([]byte(env))
			if err != nil {
				fmt.Fprintf(os.Stderr, "grader: %s: %v\n", PuzzleEnv, err)
				os.Exit(125)
			}
			f = programs.PuzzleProgram(program, spec, texts)
		}
		os.Exit(f(os.Args[3:], os.Stdin, os.Stdout, os.Stderr))
	}
}

// Submission is the builtin program name as a submission: this very
// binary, re-run to act as it.
func Submission(name string) (*submission.Submission, error) {
	if _, ok := builtinPrograms[name]; !ok {
		return nil, fmt.Errorf("grader: no builtin program %q (known: %s)", name, strings.Join(Programs(), ", "))
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("grader: finding the grader's own binary to run builtin:%s: %w", name, err)
	}
	// The run sees the grader's binary, which every other run is denied.
	return &submission.Submission{Path: "builtin:" + name, Command: []string{exe, referenceArg, name}, Lang: "builtin", Files: []string{exe}}, nil
}
