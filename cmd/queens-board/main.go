// Queens-board draws a solution of the N-Queens puzzle, or all of them, as
// a board of Q (a queen) and . (an empty square).
//
// Usage:
//
//	queens-board [--all] N
//
// Each row's cells are joined by |, and the board's last row is printed
// first, as the source article's print_board does:
//
//	$ queens-board 4
//	.|.|Q|.
//	Q|.|.|.
//	.|.|.|Q
//	.|Q|.|.
//
// Without --all it prints one solution: the lexicographically first by rows
// (row 0's column as small as it can be, then row 1's, ...), which is the
// last line above. With --all it prints every solution in that order,
// boards separated by one empty line. When there is none (N = 2 and N = 3)
// it prints "Solution does not exist", with exit status 0: an answer, not
// an error. N = 0 is the empty board, whose one solution has no rows:
// nothing is printed, exit status 0.
//
// Bad arguments (no N, N not an integer, N negative, anything but --all
// before N, or more arguments) print "Usage: queens-board [--all] N" with
// exit status 1. N is read as nqueens reads it (white space, a sign,
// leading zeros and underscores between digits are allowed). The reference
// accepts N up to 1000; above that it prints "queens-board: N must be at
// most 1000" with exit status 1.
package main

import (
	"os"

	"github.com/boardcheck/boardcheck/internal/programs"
)

func main() { os.Exit(programs.QueensBoard(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
