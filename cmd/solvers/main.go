// Solvers runs the N-Rooks and N-Queens functions of the source article's
// Board exercise as commands.
//
// Usage:
//
//	solvers find-rooks N     one N×N board with N rooks that don't attack each other
//	solvers count-rooks N    the number of such boards, N!
//	solvers find-queens N    one N×N board with N queens that don't attack each other
//	solvers count-queens N   the number of such boards
//	solvers conflicts        the conflicts of the board on standard input
//
// Boards are JSON arrays of rows, 1 for a piece and 0 for an empty square,
// written as JSON.stringify(board.rows()) writes them, with no spaces:
//
//	$ solvers find-rooks 2
//	[[1,0],[0,1]]
//	$ solvers find-queens 4
//	[[0,1,0,0],[0,0,0,1],[1,0,0,0],[0,0,1,0]]
//	$ solvers count-queens 8
//	92
//	$ echo '[[1,1],[0,0]]' | solvers conflicts
//	row
//
// find-rooks places row r's rook in column r, as the source's search does.
// find-queens prints the lexicographically first solution by rows, or an
// N×N board with no pieces when there is none (N = 2 and 3), as the
// source's function returns. N = 0 gives [] and counts of 1 (the empty
// board is one solution). count-rooks is exact at any size; count-queens
// computes the count up to N = 16 and prints the published count (OEIS
// A000170) from 17 to 27.
//
// conflicts reads one board, any JSON white space allowed, and prints, one
// per line and in this order, each kind of conflict the board has: "row"
// (two pieces in a row), "column", "major diagonal" (two pieces on a line
// running down and right) and "minor diagonal" (down and left); or "none".
//
// Errors go to standard output with exit status 1: no command, an unknown
// command, or the wrong number of arguments print the usage above (its first
// two lines); N not a whole number 0 or more prints "solvers: COMMAND: N
// must be a whole number, 0 or more: "N"", N too large "solvers: COMMAND: N
// must be at most LIMIT" (1000; 10000 for count-rooks; 27 for
// count-queens), and a malformed board "solvers: conflicts: reading the
// board on standard input: " and what is wrong with it.
package main

import (
	"os"

	"github.com/boardcheck/boardcheck/internal/programs"
)

func main() { os.Exit(programs.Solvers(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
