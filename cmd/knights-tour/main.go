// Knights-tour prints an open knight's tour of an N×N board: the knight
// starts on the top-left square and visits every square exactly once.
//
// Usage:
//
//	knights-tour [N]
//
// N is 8 when not given. The output is N lines of N move numbers, 0 on the
// top-left square (row 0, column 0) and each number k+1 a knight's move from
// k. Numbers are right-aligned to the width of the largest, N²-1, and
// separated by single spaces:
//
//	$ knights-tour 5
//	 0 13  8 19  2
//	23 18  1 14  9
//	12  7 24  3 20
//	17 22  5 10 15
//	 6 11 16 21  4
//
// When there is no tour (N = 2, 3 and 4) it prints "Solution does not
// exist", as the source program does, with exit status 0: an answer, not an
// error. N = 1 prints "0". N = 0 is the empty board: nothing to visit, so
// nothing is printed, and the exit status is 0.
//
// Bad arguments (more than one, N not an integer, N negative) print
// "Usage: knights-tour [N]" with exit status 1. N is read as nqueens reads
// it (white space, a sign, leading zeros and underscores between digits are
// allowed). The reference accepts N up to 1000 and finds the tour in time
// proportional to N² (Warnsdorff's rule with Roth's tie-break); above 1000
// it prints "knights-tour: N must be at most 1000" with exit status 1.
package main

import (
	"os"

	"github.com/boardcheck/boardcheck/internal/programs"
)

func main() { os.Exit(programs.KnightsTour(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
