package puzzle

import (
	"slices"
	"strconv"

	"github.com/boardcheck/boardcheck/reference"
)

// AppendSolution appends one solution of a placement puzzle on board, its
// squares in reading order, as f prints it: one line, or a board's rows,
// each ending in a newline. An empty board (no squares at all) prints
// nothing.
func (f Format) AppendSolution(b []byte, board reference.Board, sq []reference.Square) []byte {
	switch f.Style {
	case Board:
		if board.Rows == 0 || board.Cols == 0 {
			return b
		}
		has := map[reference.Square]bool{}
		for _, s := range sq {
			has[s] = true
		}
		for i := range board.Rows {
			r := i
			if f.BottomFirst {
				r = board.Rows - 1 - i
			}
			for c := range board.Cols {
				if c > 0 {
					b = append(b, f.Separator...)
				}
				switch s := (reference.Square{Row: r, Col: c}); {
				case has[s]:
					b = append(b, f.Piece...)
				case !board.Has(s):
					b = append(b, f.Removed...)
				default:
					b = append(b, f.Empty...)
				}
			}
			b = append(b, '\n')
		}
		return b
	case JSON:
		has := map[reference.Square]bool{}
		for _, s := range sq {
			has[s] = true
		}
		b = append(b, '[')
		for r := range board.Rows {
			if r > 0 {
				b = append(b, ", "...)
			}
			b = append(b, '[')
			for c := range board.Cols {
				if c > 0 {
					b = append(b, ", "...)
				}
				if has[reference.Square{Row: r, Col: c}] {
					b = append(b, '1')
				} else {
					b = append(b, '0')
				}
			}
			b = append(b, ']')
		}
		return append(b, "]\n"...)
	}
	b = append(b, f.Open...)
	for i, s := range sq {
		if i > 0 {
			b = append(b, f.Separator...)
		}
		b = f.appendItem(b, s)
	}
	b = append(b, f.Close...)
	return append(b, '\n')
}

// appendItem writes one piece of a line: a pair, a square or a column.
func (f Format) appendItem(b []byte, s reference.Square) []byte {
	switch {
	case f.Style == Permutation:
		return appendInt(b, s.Col+f.Base)
	case f.Style == Algebraic || f.Style == Path && f.Pair == "":
		return AppendSquare(b, s)
	}
	t, _ := ParsePair(f.Pair) // Validate checked it
	return t.Fill(b, s.Row, s.Col, f.Base)
}

// AppendSquare writes a square in algebraic notation: its column as a
// file letter from a, its row as a rank from 1: row 0 col 0 is a1.
func AppendSquare(b []byte, s reference.Square) []byte {
	b = append(b, byte('a'+s.Col))
	return appendInt(b, s.Row+1)
}

// MaxAlgebraicCols is how many columns the files a to z name.
const MaxAlgebraicCols = 26

// AppendBetween appends what goes between two solutions: for a board with
// an empty line between boards (or any), an empty line.
func (f Format) AppendBetween(b []byte) []byte {
	if f.Style == Board && f.Between != NoLine {
		b = append(b, '\n')
	}
	return b
}

// AppendTour appends a tour of board, the squares in the order visited,
// as f prints it: the matrix of move numbers from Base, right-aligned to
// a common width, or the path's squares on one line; for an empty board,
// nothing.
func (f Format) AppendTour(b []byte, board reference.Board, path []reference.Square) []byte {
	if len(path) == 0 {
		return b // a board with no square: nothing to visit, nothing printed
	}
	if f.Style == Path {
		b = append(b, f.Open...)
		for i, s := range path {
			if i > 0 {
				b = append(b, f.Separator...)
			}
			b = f.appendItem(b, s)
		}
		b = append(b, f.Close...)
		return append(b, '\n')
	}
	numbers := board.Numbers(path, f.Base)
	width := len(strconv.Itoa(len(path) - 1 + f.Base))
	for _, row := range numbers {
		for c, v := range row {
			if c > 0 {
				b = append(b, ' ')
			}
			s := strconv.Itoa(v)
			if v < 0 {
				s = "-" // a removed square
			}
			for range width - len(s) {
				b = append(b, ' ')
			}
			b = append(b, s...)
		}
		b = append(b, '\n')
	}
	return b
}

func appendInt(b []byte, v int) []byte { return strconv.AppendInt(b, int64(v), 10) }

// SortSolutions puts solutions, each in reading order, in lexicographic
// order of their squares.
func SortSolutions(sols [][]reference.Square) {
	slices.SortFunc(sols, func(a, b []reference.Square) int {
		return slices.CompareFunc(a, b, func(x, y reference.Square) int {
			if x.Row != y.Row {
				return x.Row - y.Row
			}
			return x.Col - y.Col
		})
	})
}
