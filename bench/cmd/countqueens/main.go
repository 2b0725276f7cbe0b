// Countqueens prints the number of N-Queens solutions, always computed with
// reference.CountQueens.
//
// Usage:
//
//	countqueens N
//
// solvers count-queens computes the count only up to N = 16 and prints the
// published one above that, so bench/run times this program for N = 17 and
// 18, where a table lookup would say nothing about the solver.
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/boardcheck/boardcheck/reference"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: countqueens N")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[1])
	if err != nil || n < 0 || n > 27 {
		fmt.Fprintf(os.Stderr, "countqueens: N must be an integer from 0 to 27: %q\n", os.Args[1])
		os.Exit(2)
	}
	fmt.Println(reference.CountQueens(n))
}
