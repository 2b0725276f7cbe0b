package checker

import (
	"fmt"

	"github.com/boardcheck/boardcheck/puzzle"
)

// Format is how a program prints its answers: puzzle.Format, a
// description the checkers parse by.
type Format = puzzle.Format

// The formats the first exercises print, which a scenario names by
// -format: puzzle's presets.
var (
	// FormatList is one solution per line as Python prints a list of
	// [row, col] pairs: "[[0, 1], [1, 3], [2, 0], [3, 2]]".
	FormatList = puzzle.List
	// FormatMatrix is N lines of N values 0 or 1 separated by single spaces,
	// row 0 first; several boards are separated by blank lines or none.
	FormatMatrix = puzzle.Matrix
	// FormatBoard is N lines of cells Q (R for rooks) or . joined by |, the
	// last row printed first, as the Ruby article draws a board, one empty
	// line between two boards.
	FormatBoard = puzzle.Drawn
	// FormatJSON is a JSON array of N rows, each an array of N numbers 0 or 1.
	FormatJSON = puzzle.JSONBoard
)

// ParseFormat returns the preset named s, as a scenario writes it; an
// exercise's own formats are looked up before it (grader/script).
func ParseFormat(s string) (Format, error) {
	if f, ok := puzzle.Presets[s]; ok && !f.ForTour() {
		return f, nil
	}
	return Format{}, fmt.Errorf("checker: unknown format %q; want list, matrix, board or json", s)
}

// Mode is how many solutions the output must hold.
type Mode string

const (
	All  Mode = "all"  // every solution exactly once
	One  Mode = "one"  // exactly one valid solution
	None Mode = "none" // no solution at all
)

// Order is the order All asks the solutions in.
type Order string

const (
	AnyOrder   Order = ""           // any order: the zero value
	Ascending  Order = "ascending"  // lexicographic: row 0's column smallest first, then row 1's, ...
	Descending Order = "descending" // the reverse: row 0's column largest first
)

// ParseOrder returns the order named s, as a scenario writes it: any,
// ascending or descending.
func ParseOrder(s string) (Order, error) {
	switch o := Order(s); o {
	case Ascending, Descending:
		return o, nil
	case "any":
		return AnyOrder, nil
	}
	return "", fmt.Errorf("checker: unknown order %q; want any, ascending or descending", s)
}

// ParseMode returns the mode named s, as a scenario writes it.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case All, One, None:
		return m, nil
	}
	return "", fmt.Errorf("checker: unknown mode %q; want all, one or none", s)
}
