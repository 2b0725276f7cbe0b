package checker_test

import (
	"fmt"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/reference"
)

func ExampleQueens() {
	output := []byte("[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 2], [1, 0], [2, 3], [3, 1]]\n[[0, 1], [1, 3], [2, 0], [3, 2]]\n")
	spec := checker.QueensSpec{N: 4, Piece: reference.Queen, Format: checker.FormatList, Mode: checker.All}
	if f := checker.Queens(output, spec); f != nil {
		fmt.Println(f.Message)
	}
	// Output: line 3 repeats line 1
}

func ExampleTour() {
	output := []byte(" 1 12 17  6 21\n18  5 20 11 16\n13  2  9 22  7\n 4 19 24 15 10\n25 14  3  8 23\n")
	if f := checker.Tour(output, checker.TourSpec{N: 5}); f != nil {
		fmt.Println(f.Message)
	}
	// Output: the tour is numbered from 1; it must start at 0
}

func ExampleCount() {
	if f := checker.Count([]byte("14199\n"), reference.Queen, 12); f != nil {
		fmt.Println(f.Message)
	}
	// Output: printed 14199; N = 12 has 14200 solutions
}
