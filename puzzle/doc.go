// Package puzzle is a puzzle as an exercise's manifest describes it, in
// data: its piece in Betza's notation, its board and number of pieces as
// expressions of the program's arguments, what the program prints (one
// solution, every one, their number, a tour) and the format it prints it
// in (Format: pairs, a drawn board, algebraic squares, a permutation, JSON;
// for a tour its move numbers or its path).
//
// The checkers parse a program's output by a Format and judge it by the
// reference puzzle an instance gives (Spec.Placing, Spec.Touring); the
// grader's builtin reference program prints by the same Format
// (AppendSolution, AppendTour). So what a statement says of the format is
// what both the checker and the reference hold to.
//
//	spec, _ := puzzle.Parse(puzzle.Fields{Piece: "QN", Name: "amazon", Args: "N", Answer: "all"}, nil)
//	values, _ := spec.Values([]int{10})
//	p, _ := spec.Placing(values) // 10 amazons on a 10×10 board
package puzzle
