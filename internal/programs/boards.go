package programs

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/boardcheck/boardcheck/reference"
)

// noSolution is what queens-matrix, queens-board and knights-tour print
// when the board has no solution, as their source programs do. It is an
// answer, not an error, so the exit status is 0.
const noSolution = "Solution does not exist"

// QueensMatrix is the queens-matrix program: one N-Queens solution as a
// matrix of 0s and 1s. See cmd/queens-matrix for the manual.
func QueensMatrix(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return queensMatrixWith(defaultTexts["queens-matrix"])(args, stdin, stdout, stderr)
}

// queensMatrixWith is queens-matrix printing texts' usage and no_solution.
func queensMatrixWith(texts Texts) Program {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return queensMatrix(texts, args, stdout, stderr)
	}
}

func queensMatrix(texts Texts, args []string, stdout, stderr io.Writer) int {
	usage, noSolution := texts["usage"], texts["no_solution"]
	n := 8
	switch len(args) {
	case 0:
	case 1:
		var ok bool
		if n, ok = parseNumber(args[0]); !ok || n < 0 {
			fmt.Fprintln(stdout, usage)
			return 1
		}
	default:
		fmt.Fprintln(stdout, usage)
		return 1
	}
	if n > maxN {
		fmt.Fprintf(stdout, "queens-matrix: N must be at most %d\n", maxN)
		return 1
	}
	p, ok := reference.FirstQueens(n)
	if !ok {
		fmt.Fprintln(stdout, noSolution)
		return 0
	}
	// The source program fills the board column by column, so its
	// solution is the lexicographically first one read by columns: the
	// transpose of FirstQueens' (the transpose of a solution is one).
	// Row r holds the queen of column c where p[c] == r.
	colOf := make([]int, n)
	for c, r := range p {
		colOf[r] = c
	}
	bw := bufio.NewWriterSize(stdout, 64<<10)
	line := make([]byte, 0, 2*n)
	for r := range n {
		line = line[:0]
		for c := range n {
			if c > 0 {
				line = append(line, ' ')
			}
			if colOf[r] == c {
				line = append(line, '1')
			} else {
				line = append(line, '0')
			}
		}
		line = append(line, '\n')
		bw.Write(line)
	}
	return flush(bw, stderr, "queens-matrix")
}

// QueensBoard is the queens-board program: one N-Queens solution, or all of
// them, drawn with Q and . joined by |. See cmd/queens-board for the manual.
func QueensBoard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return queensBoardWith(defaultTexts["queens-board"])(args, stdin, stdout, stderr)
}

// queensBoardWith is queens-board printing texts' usage and no_solution.
func queensBoardWith(texts Texts) Program {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return queensBoard(texts, args, stdout, stderr)
	}
}

func queensBoard(texts Texts, args []string, stdout, stderr io.Writer) int {
	usage, noSolution := texts["usage"], texts["no_solution"]
	all := false
	if len(args) == 2 && args[0] == "--all" {
		all, args = true, args[1:]
	}
	if len(args) != 1 {
		fmt.Fprintln(stdout, usage)
		return 1
	}
	n, ok := parseNumber(args[0])
	if !ok || n < 0 {
		fmt.Fprintln(stdout, usage)
		return 1
	}
	if n > maxN {
		fmt.Fprintf(stdout, "queens-board: N must be at most %d\n", maxN)
		return 1
	}
	bw := bufio.NewWriterSize(stdout, 1<<20)
	if !all {
		p, ok := reference.FirstQueens(n)
		if !ok {
			fmt.Fprintln(stdout, noSolution)
			return 0
		}
		writeBoard(bw, p)
		return flush(bw, stderr, "queens-board")
	}
	found := false
	for p := range reference.Queens(n) {
		if found {
			bw.WriteByte('\n')
		}
		found = true
		if writeBoard(bw, p) != nil {
			break // the search could go on for hours with nowhere to print
		}
	}
	if !found {
		bw.WriteString(noSolution + "\n")
	}
	return flush(bw, stderr, "queens-board")
}

// writeBoard draws p as the source's print_board does: each row's cells
// joined by |, the last row first. It returns w's error, if any.
func writeBoard(w *bufio.Writer, p reference.Placement) error {
	n := len(p)
	if n == 0 {
		return nil // the empty board has no rows
	}
	line := make([]byte, 2*n)
	for r := n - 1; r >= 0; r-- {
		for c := range n {
			line[2*c] = '.'
			if p[r] == c {
				line[2*c] = 'Q'
			}
			line[2*c+1] = '|'
		}
		line[2*n-1] = '\n'
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// KnightsTour is the knights-tour program: an open knight's tour from the
// top-left square as a matrix of move numbers. See cmd/knights-tour for the
// manual.
func KnightsTour(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return knightsTourWith(defaultTexts["knights-tour"])(args, stdin, stdout, stderr)
}

// knightsTourWith is knights-tour printing texts' usage and no_solution.
func knightsTourWith(texts Texts) Program {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return knightsTour(texts, args, stdout, stderr)
	}
}

func knightsTour(texts Texts, args []string, stdout, stderr io.Writer) int {
	usage, noSolution := texts["usage"], texts["no_solution"]
	n := 8
	switch len(args) {
	case 0:
	case 1:
		var ok bool
		if n, ok = parseNumber(args[0]); !ok || n < 0 {
			fmt.Fprintln(stdout, usage)
			return 1
		}
	default:
		fmt.Fprintln(stdout, usage)
		return 1
	}
	if n > maxN {
		fmt.Fprintf(stdout, "knights-tour: N must be at most %d\n", maxN)
		return 1
	}
	if n == 0 {
		return 0 // the empty board: nothing to visit, nothing to print
	}
	numbers, ok := reference.Tour(n, reference.Square{})
	if !ok {
		fmt.Fprintln(stdout, noSolution)
		return 0
	}
	width := digits(n*n - 1)
	bw := bufio.NewWriterSize(stdout, 1<<20)
	line := make([]byte, 0, n*(width+1))
	for _, row := range numbers {
		line = line[:0]
		for c, v := range row {
			if c > 0 {
				line = append(line, ' ')
			}
			for range width - digits(v) {
				line = append(line, ' ')
			}
			line = strconv.AppendInt(line, int64(v), 10)
		}
		line = append(line, '\n')
		bw.Write(line)
	}
	return flush(bw, stderr, "knights-tour")
}

// digits returns the number of decimal digits of v ≥ 0.
func digits(v int) int {
	d := 1
	for ; v >= 10; v /= 10 {
		d++
	}
	return d
}

// flush writes out what is buffered; a failure to write standard output
// can only be told on standard error.
func flush(bw *bufio.Writer, stderr io.Writer, program string) int {
	if err := bw.Flush(); err != nil {
		fmt.Fprintf(stderr, "%s: writing the output: %v\n", program, err)
		return 1
	}
	return 0
}
