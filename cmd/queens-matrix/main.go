// Queens-matrix prints one solution of the N-Queens puzzle as a matrix:
// N lines of N values, 1 for a queen and 0 for an empty square.
//
// Usage:
//
//	queens-matrix [N]
//
// N is 8 when not given. Values are separated by single spaces:
//
//	$ queens-matrix 4
//	0 0 1 0
//	1 0 0 0
//	0 0 0 1
//	0 1 0 0
//
// The solution is the one the source program finds by filling the board
// column by column, each column's queen in the first row that works. When
// there is none (N = 2 and N = 3) it prints "Solution does not exist", as
// the source program does; that is an answer, and the exit status is 0.
// N = 0 is the empty board: it has a solution with no rows, so nothing is
// printed, and the exit status is 0.
//
// Bad arguments (more than one, N not an integer, N negative) print
// "Usage: queens-matrix [N]" with exit status 1. N is read as nqueens reads
// it (white space, a sign, leading zeros and underscores between digits are
// allowed). The reference accepts N up to 1000; above that it prints
// "queens-matrix: N must be at most 1000" with exit status 1.
package main

import (
	"os"

	"github.com/boardcheck/boardcheck/internal/programs"
)

func main() { os.Exit(programs.QueensMatrix(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
