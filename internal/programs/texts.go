package programs

import (
	"io"
	"maps"
	"slices"
)

// Texts are a program's exact messages by name ("usage", "too_small",
// "no_solution"), each printed on a line of its own. An exercise's manifest
// may word them its own way; the grader then runs the program WithTexts, so
// that a variant of an exercise changes its messages without changing Go.
type Texts map[string]string

// Program is the signature of every reference program: the arguments
// after its name and its standard streams in, the exit status out.
type Program func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// defaultTexts are each program's messages as its source article words
// them: what the program prints when nobody says otherwise.
var defaultTexts = map[string]Texts{
	"nqueens": {
		"usage":        "Usage: nqueens N",
		"not_a_number": "N must be a number",
		"too_small":    "N must be at least 4",
	},
	"queens-matrix": {"usage": "Usage: queens-matrix [N]", "no_solution": noSolution},
	"queens-board":  {"usage": "Usage: queens-board [--all] N", "no_solution": noSolution},
	"knights-tour":  {"usage": "Usage: knights-tour [N]", "no_solution": noSolution},
	"solvers":       {"usage": solversUsage},
	// The puzzle program's usage comes from its puzzle's args, and it
	// prints nothing for no solution unless the exercise says what.
	"puzzle": {"usage": "", "no_solution": ""},
}

// withTexts are the programs as functions of their texts.
var withTexts = map[string]func(Texts) Program{
	"nqueens":       func(t Texts) Program { return nqueensWith(t) },
	"queens-matrix": func(t Texts) Program { return queensMatrixWith(t) },
	"queens-board":  func(t Texts) Program { return queensBoardWith(t) },
	"knights-tour":  func(t Texts) Program { return knightsTourWith(t) },
	"solvers":       func(t Texts) Program { return solversWith(t) },
}

// DefaultTexts returns a copy of the named program's messages as it prints
// them by default, or nil when there is no such program.
func DefaultTexts(program string) Texts { return maps.Clone(defaultTexts[program]) }

// TextNames returns the names of the program's messages, sorted.
func TextNames(program string) []string {
	return slices.Sorted(maps.Keys(defaultTexts[program]))
}

// WithTexts returns the named program printing texts in place of its
// default messages; a message texts does not name keeps its default, and a
// name the program has no message for is ignored (the grader refuses it
// when the exercise loads). It returns nil when there is no such program.
func WithTexts(program string, texts Texts) Program {
	with, ok := withTexts[program]
	if !ok {
		return nil
	}
	t := DefaultTexts(program)
	for name, text := range texts {
		if _, ok := t[name]; ok {
			t[name] = text
		}
	}
	return with(t)
}
