package programs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/boardcheck/boardcheck/reference"
)

const solversUsage = `Usage: solvers COMMAND [N]
Commands: find-rooks N, count-rooks N, find-queens N, count-queens N, conflicts (board on standard input)`

// maxCountRooksN bounds count-rooks: 10000! already has 35,660 digits.
const maxCountRooksN = 10000

// maxComputedQueensN is the largest N whose count-queens is computed; above
// it the published count is printed, since computing it would take more
// than a few seconds (17 takes about 7 times as long as 16).
const maxComputedQueensN = 16

// Solvers is the solvers program: the source article's Board functions as
// commands. See cmd/solvers for the manual.
func Solvers(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return solversWith(defaultTexts["solvers"])(args, stdin, stdout, stderr)
}

// solversWith is solvers printing texts' usage.
func solversWith(texts Texts) Program {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return solvers(texts["usage"], args, stdin, stdout, stderr)
	}
}

func solvers(usage string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stdout, usage)
		return 1
	}
	cmd, args := args[0], args[1:]
	if cmd == "conflicts" {
		if len(args) != 0 {
			fmt.Fprintln(stdout, usage)
			return 1
		}
		return conflicts(stdin, stdout)
	}
	switch cmd {
	case "find-rooks", "count-rooks", "find-queens", "count-queens":
	default:
		fmt.Fprintln(stdout, usage)
		return 1
	}
	if len(args) != 1 {
		fmt.Fprintln(stdout, usage)
		return 1
	}
	n, ok := parseNumber(args[0])
	if !ok || n < 0 {
		fmt.Fprintf(stdout, "solvers: %s: N must be a whole number, 0 or more: %q\n", cmd, args[0])
		return 1
	}
	limit := maxN
	switch cmd {
	case "count-rooks":
		limit = maxCountRooksN
	case "count-queens":
		limit = 27 // the last published count
	}
	if n > limit {
		fmt.Fprintf(stdout, "solvers: %s: N must be at most %d\n", cmd, limit)
		return 1
	}
	bw := bufio.NewWriterSize(stdout, 64<<10)
	switch cmd {
	case "find-rooks":
		// The source's search puts each row's rook in the first free
		// column, which gives the main diagonal.
		p := make(reference.Placement, n)
		for i := range p {
			p[i] = i
		}
		writeJSONBoard(bw, n, p)
	case "count-rooks":
		fmt.Fprintln(bw, reference.CountRooks(n))
	case "find-queens":
		p, _ := reference.FirstQueens(n) // nil when there is none: an empty board
		writeJSONBoard(bw, n, p)
	case "count-queens":
		var count int64
		if n <= maxComputedQueensN {
			count = reference.CountQueens(n)
		} else {
			count, _ = reference.KnownQueensCount(n)
		}
		fmt.Fprintln(bw, count)
	}
	return flush(bw, stderr, "solvers")
}

// writeJSONBoard prints an n×n board with a piece at (r, p[r]) as
// JSON.stringify prints an array of rows: [[0,1],[1,0]], no spaces. A nil
// p is the empty board.
func writeJSONBoard(w *bufio.Writer, n int, p reference.Placement) {
	w.WriteByte('[')
	for r := range n {
		if r > 0 {
			w.WriteByte(',')
		}
		w.WriteByte('[')
		for c := range n {
			if c > 0 {
				w.WriteByte(',')
			}
			if p != nil && p[r] == c {
				w.WriteByte('1')
			} else {
				w.WriteByte('0')
			}
		}
		w.WriteByte(']')
	}
	w.WriteString("]\n")
}

// conflicts reads a board (a JSON array of n rows of n 0s and 1s) and
// prints the kinds of conflict it has, in the source's order, or "none".
func conflicts(stdin io.Reader, stdout io.Writer) int {
	board, err := readJSONBoard(stdin)
	if err != nil {
		fmt.Fprintf(stdout, "solvers: conflicts: reading the board on standard input: %v\n", err)
		return 1
	}
	n := len(board)
	var rows, cols, major, minor bool
	colCount := make([]int, n)
	majorCount := make([]int, 2*n) // row-col+n: the source's major diagonals run down and right
	minorCount := make([]int, 2*n) // row+col: minor diagonals run down and left
	for r, row := range board {
		inRow := 0
		for c, v := range row {
			if v == 0 {
				continue
			}
			inRow++
			colCount[c]++
			majorCount[r-c+n]++
			minorCount[r+c]++
			rows = rows || inRow > 1
			cols = cols || colCount[c] > 1
			major = major || majorCount[r-c+n] > 1
			minor = minor || minorCount[r+c] > 1
		}
	}
	found := false
	for _, kind := range []struct {
		has  bool
		name string
	}{{rows, "row"}, {cols, "column"}, {major, "major diagonal"}, {minor, "minor diagonal"}} {
		if kind.has {
			fmt.Fprintln(stdout, kind.name)
			found = true
		}
	}
	if !found {
		fmt.Fprintln(stdout, "none")
	}
	return 0
}

// readJSONBoard parses a square board of 0s and 1s in JSON.
func readJSONBoard(r io.Reader) ([][]int, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("no board; want a JSON array of rows such as [[0,1],[1,0]]")
	}
	var raw [][]json.Number
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("not a JSON array of rows of numbers: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one board")
	}
	if raw == nil {
		return nil, fmt.Errorf("null is not a board; want a JSON array of rows such as [[0,1],[1,0]]")
	}
	n := len(raw)
	if n > maxN {
		return nil, fmt.Errorf("%d rows; the most is %d", n, maxN)
	}
	board := make([][]int, n)
	for i, row := range raw {
		if len(row) != n {
			return nil, fmt.Errorf("row %d has %d squares; want %d, as many as there are rows", i, len(row), n)
		}
		board[i] = make([]int, n)
		for j, v := range row {
			switch v.String() {
			case "0":
			case "1":
				board[i][j] = 1
			default:
				return nil, fmt.Errorf("row %d col %d is %s; want 0 or 1", i, j, v)
			}
		}
	}
	return board, nil
}
