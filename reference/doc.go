// Package reference defines what a right answer is for boardcheck's puzzles:
// solvers for N-Queens, N-Rooks and the knight's tour, and validators that say
// precisely why a placement or a tour is wrong.
//
// Beyond those, any puzzle an exercise can describe as data: a piece given
// by its moves in Betza's notation (ParseMoves: Q, N, QN the amazon, (1,4)
// the giraffe), a board of any rectangle with squares removed (Board), and
// either "place Count pieces so that no two attack" (Placing: Each,
// CountSolutions, First, CheckPieces) or "visit every square once with a
// leaper" (Touring: Find, Check). The N-Queens, N-Rooks and knight's tour
// puzzles are instances of these, and keep their specialised solvers, which
// the instances take whenever their data is theirs.
//
// It is pure: no I/O, no flags, no printing. The reference programs under cmd/
// and the grader's checkers both use it, so "right" is defined once.
package reference

// Square is one square of a board. Row 0 is the first row printed
// (the top), column 0 the leftmost.
type Square struct {
	Row, Col int
}
