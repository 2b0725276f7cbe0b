// Nqueens prints every solution of the N-Queens puzzle: every way to place
// N queens on an N×N chessboard so that no two attack each other.
//
// Usage:
//
//	nqueens N
//
// Each solution is one line, the queen of each row as [row, column], rows in
// order:
//
//	$ nqueens 4
//	[[0, 1], [1, 3], [2, 0], [3, 2]]
//	[[0, 2], [1, 0], [2, 3], [3, 1]]
//
// The solutions come in lexicographic order of their columns (row 0's
// column first), and the exit status is 0.
//
// Errors are printed on standard output, one line each, with exit status 1,
// and are checked in this order:
//
//   - not exactly one argument: "Usage: nqueens N";
//   - N not an integer ("abc", "4.5", ""): "N must be a number";
//   - N less than 4, negative numbers included: "N must be at least 4".
//
// N is read as Python's int() reads it, as the exercise's source program
// does: white space around it, a sign and leading zeros are allowed, and
// underscores between digits ("+4", " 4", "04" and "0_4" are all 4). Only
// ASCII digits count, where Python would also take other scripts' digits.
// A number too large for 64 bits is still a number, so it gets "N must be
// at least 4" when negative; when positive it gets the reference's own
// limit below.
//
// This reference goes further than the exercise asks: N up to 1000 is
// accepted ("N must be at most 1000" above that, exit status 1), and the
// output is written in blocks of at most 1 MiB while the search goes on,
// where a program that collects every solution before printing (as the
// source's does) prints nothing for hours on a large N. Past N ≈ 30,
// though, even the first solutions take long to find by backtracking in
// this order. Up to N = 64 the search runs on every core, in parts that
// are printed in order. Up to N = 15 only the solutions whose first rows
// come before their mirror image (column c to N-1-c) are searched; the rest
// are printed as the mirrors of those, kept a byte a row until the end
// (2.6 MB for N = 14, 17 MB for N = 15).
package main

import (
	"os"

	"github.com/boardcheck/boardcheck/internal/programs"
)

func main() { os.Exit(programs.NQueens(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
