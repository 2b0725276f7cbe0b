// Package reference defines what a right answer is for boardcheck's puzzles:
// solvers for N-Queens, N-Rooks and the knight's tour, and validators that say
// precisely why a placement or a tour is wrong.
//
// It is pure: no I/O, no flags, no printing. The reference programs under cmd/
// and the grader's checkers both use it, so "right" is defined once.
package reference

// Square is one square of an N×N board. Row 0 is the first row printed
// (the top), column 0 the leftmost.
type Square struct {
	Row, Col int
}
