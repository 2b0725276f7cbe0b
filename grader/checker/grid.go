package checker

import (
	"bytes"
	"fmt"

	"github.com/boardcheck/boardcheck/reference"
)

// The matrix and board formats print a board as N lines, one per row, with
// blank lines allowed between boards. They share the reading of rows into
// boards (parseGrid) and differ in how one row is written (matrixRow,
// boardRow).

// A rowReader reads one printed row of n cells into cells (true where a piece
// stands). isRow is false when the line does not look like a row at all (so
// that none can skip text); f says what is wrong with a row that does.
type rowReader func(line []byte, num int, spec QueensSpec, cells []bool) (isRow bool, f *Failure)

// parseGrid reads output as boards of spec.N rows and hands each to take.
func parseGrid(output []byte, spec QueensSpec, readRow rowReader, take func(*candidate) *Failure) *Failure {
	n := spec.N
	sc := lineScanner{data: output}
	cells := make([]bool, n)
	c := candidate{grid: true}
	rows := 0 // rows read of the current board
	for {
		line, ok := sc.next()
		if !ok {
			break
		}
		num := sc.num
		if f := windowsLineEnding(line, num); f != nil {
			return f
		}
		if isBlank(line) {
			if rows > 0 {
				return &Failure{
					Message: fmt.Sprintf("line %d is blank, but the board that starts at line %d has only %s; N = %d needs %d", num, c.first, plural(int64(rows), "row", "rows"), n, n),
					Line:    num,
				}
			}
			continue
		}
		isRow, f := readRow(line, num, spec, cells)
		if !isRow && rows == 0 && spec.Mode == None {
			continue // text such as "Solution does not exist"
		}
		if f != nil {
			if rows == 0 && isRow {
				if k := rowWidth(line, spec.Format); k != n && fixedSize(sc, line, num, spec, k, readRow) {
					f.Message += fmt.Sprintf(" (is N fixed at %d in your program?)", k)
				}
			}
			return f
		}
		if rows == 0 {
			c.first = num
			c.pieces = c.pieces[:0]
		}
		r := rows
		if spec.Format == FormatBoard {
			r = n - 1 - rows // the last row is printed first
		}
		for col, ok := range cells {
			if ok {
				c.pieces = append(c.pieces, reference.Square{Row: r, Col: col})
			}
		}
		if rows++; rows == n {
			c.last = num
			if f := take(&c); f != nil {
				return f
			}
			rows = 0
		}
	}
	if rows > 0 {
		return &Failure{
			Message: fmt.Sprintf("the board that starts at line %d has only %s; N = %d needs %d", c.first, plural(int64(rows), "row", "rows"), n, n),
			Line:    sc.num,
		}
	}
	return nil
}

// matrixRow reads "0 1 0 0": n values 0 or 1 separated by single spaces.
func matrixRow(line []byte, num int, spec QueensSpec, cells []bool) (bool, *Failure) {
	n := spec.N
	t := trimRight(line)
	if len(t) == 2*n-1 {
		ok := true
		for i := 0; i < len(t) && ok; i++ {
			if i%2 == 1 {
				ok = t[i] == ' '
			} else {
				ok = t[i] == '0' || t[i] == '1'
				cells[i/2] = t[i] == '1'
			}
		}
		if ok {
			return true, nil
		}
	}
	fail := func(format string, args ...any) (bool, *Failure) {
		return true, &Failure{Message: fmt.Sprintf(format, args...), Line: num}
	}
	if !looksLikeMatrixRow(t) {
		return false, &Failure{
			Message: fmt.Sprintf("line %d: expected a row of %s 0 or 1 separated by spaces, got %s", num, plural(int64(n), "value", "values"), quote(t)),
			Line:    num,
		}
	}
	if bytes.ContainsAny(t, "[](),") {
		return fail("line %d: expected %s 0 or 1 separated by single spaces, got %s; print the values without brackets or commas", num, plural(int64(n), "value", "values"), quote(t))
	}
	// Walk the values rather than split them: a 16 MB line must not
	// become 8 million slices.
	count := 0
	for i := 0; i < len(t); {
		for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
			i++
		}
		start := i
		for i < len(t) && t[i] != ' ' && t[i] != '\t' {
			i++
		}
		if v := t[start:i]; len(v) != 1 || v[0] != '0' && v[0] != '1' {
			if count == 0 && i == len(t) && len(bytes.Trim(v, "01")) == 0 {
				// "0010": the values are there, run together.
				return fail("line %d: expected %s 0 or 1 separated by spaces, got %s", num, plural(int64(n), "value", "values"), quote(t))
			}
			return fail("line %d: value %d is %s; expected 0 or 1", num, count+1, quote(v))
		}
		count++
	}
	if count != n {
		return fail("line %d has %s; N = %d needs %d", num, plural(int64(count), "value", "values"), n, n)
	}
	// n values 0 or 1, so only the spacing is wrong.
	return fail("line %d: separate the values with single spaces, as \"1 0 0\", got %s", num, quote(t))
}

// looksLikeMatrixRow says whether t is meant as a row of numbers: digits
// with separators, and nothing like words.
func looksLikeMatrixRow(t []byte) bool {
	digits := 0
	for _, b := range t {
		switch {
		case b >= '0' && b <= '9':
			digits++
		case b == ' ' || b == '\t' || b == ',' || b == '[' || b == ']' || b == '(' || b == ')' || b == '.' || b == '-':
		default:
			return false
		}
	}
	return digits > 0
}

// boardRow reads "Q|.|.|.": n cells, Q (R for rooks) or ., joined by |.
func boardRow(line []byte, num int, spec QueensSpec, cells []bool) (bool, *Failure) {
	n := spec.N
	piece := pieceLetter(spec.Piece)
	t := trimRight(line)
	if len(t) == 2*n-1 {
		ok := true
		for i := 0; i < len(t) && ok; i++ {
			if i%2 == 1 {
				ok = t[i] == '|'
			} else {
				ok = t[i] == piece || t[i] == '.'
				cells[i/2] = t[i] == piece
			}
		}
		if ok {
			return true, nil
		}
	}
	fail := func(format string, args ...any) (bool, *Failure) {
		return true, &Failure{Message: fmt.Sprintf(format, args...), Line: num}
	}
	// An example row of this board's size: one of 4 cells for an 8×8
	// board would show the wrong row.
	example := []byte{piece}
	for range n - 1 {
		example = append(example, "|."...)
	}
	if !bytes.Contains(t, []byte{'|'}) {
		return looksLikeBoardRow(t), &Failure{
			Message: fmt.Sprintf("line %d: expected a row of %s %c or . joined by |, as %q, got %s", num, plural(int64(n), "cell", "cells"), piece, example, quote(t)),
			Line:    num,
		}
	}
	if t[0] == '|' || t[len(t)-1] == '|' {
		return fail("line %d: expected %s joined by | with no | at either end, as %q, got %s", num, plural(int64(n), "cell", "cells"), example, quote(t))
	}
	if cells := bytes.Count(t, []byte{'|'}) + 1; cells != n {
		return fail("line %d has %s; N = %d needs %d", num, plural(int64(cells), "cell", "cells"), n, n)
	}
	for i, v := range bytes.Split(t, []byte{'|'}) {
		if len(v) == 1 && (v[0] == piece || v[0] == '.') {
			continue
		}
		other := byte('R')
		if piece == 'R' {
			other = 'Q'
		}
		if len(v) == 1 && v[0] == other {
			return fail("line %d: cell %d is %q; %s are drawn as %c", num, i+1, v, spec.Piece.Plural(), piece)
		}
		if t := bytes.TrimSpace(v); len(t) == 1 && (t[0] == piece || t[0] == '.') {
			return fail("line %d: cell %d is %s; write the cells %c or . joined by | with no spaces, as %q", num, i+1, quote(v), piece, example)
		}
		return fail("line %d: cell %d is %s; expected %c or ., the cells joined by |, as %q", num, i+1, quote(v), piece, example)
	}
	return fail("line %d: expected %s %c or . joined by |, got %s", num, plural(int64(n), "cell", "cells"), piece, quote(t))
}

// looksLikeBoardRow says whether a line without | is still meant as a row:
// only pieces, dots and spaces, as in "Q . . .".
func looksLikeBoardRow(t []byte) bool {
	for _, b := range t {
		switch b {
		case 'Q', 'R', '.', ' ', '\t', 'q', 'r':
		default:
			return false
		}
	}
	return true
}

// rowWidth is how many values or cells a row holds, however badly written.
func rowWidth(line []byte, format Format) int {
	if format == FormatBoard {
		return bytes.Count(line, []byte{'|'}) + 1
	}
	fields, inField := 0, false
	for _, b := range line {
		space := b == ' ' || b == '\t'
		if !space && !inField {
			fields++
		}
		inField = !space
	}
	return fields
}

// maxFixedSize bounds the board fixedSize tries: the hint is for programs
// that print the article's 8×8 board, not for 16 MB lines.
const maxFixedSize = 32

// fixedSize reports whether the k lines from line on (sc is past line) are
// a solution for a k×k board: the mark of a program that ignores N.
func fixedSize(sc lineScanner, line []byte, num int, spec QueensSpec, k int, readRow rowReader) bool {
	if k < 1 || k > maxFixedSize {
		return false
	}
	sized := spec
	sized.N = k
	cells := make([]bool, k)
	var pieces []reference.Square
	for i := range k {
		if i > 0 {
			var ok bool
			if line, ok = sc.next(); !ok {
				return false
			}
			num = sc.num
		}
		if _, f := readRow(line, num, sized, cells); f != nil {
			return false
		}
		r := i
		if spec.Format == FormatBoard {
			r = k - 1 - i
		}
		for c, ok := range cells {
			if ok {
				pieces = append(pieces, reference.Square{Row: r, Col: c})
			}
		}
	}
	return reference.CheckPlacement(k, spec.Piece, pieces) == nil
}
