package checker

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

// A board style prints a solution as its rows, a line each, a glyph a
// square. parseGrid reads lines into boards and the lines between them as
// the format's Between says; a rowReader reads one row. The presets keep
// the readers written for them (matrixRow, boardRow), whose messages know
// their students' usual mistakes; any other board is read by cellRow, by
// its glyphs and separator.

// A rowReader reads one printed row of cols cells into cells (true where a
// piece stands). isRow is false when the line does not look like a row at
// all (so that none can skip text); f says what is wrong with a row that
// does.
type rowReader func(line []byte, num, cols int, cells []bool) (isRow bool, f *Failure)

// gridRowReader is the row reader for spec's board format.
func gridRowReader(spec PlacementSpec) rowReader {
	f := spec.Format
	switch {
	case f == puzzle.Matrix:
		return func(line []byte, num, cols int, cells []bool) (bool, *Failure) {
			return matrixRow(line, num, cols, spec.Where, cells)
		}
	case f.Name == puzzle.Drawn.Name && f == puzzle.Drawn.WithPiece(spec.Puzzle.Name.One) && len(f.Piece) == 1:
		return func(line []byte, num, cols int, cells []bool) (bool, *Failure) {
			return boardRow(line, num, cols, spec, cells)
		}
	}
	return func(line []byte, num, cols int, cells []bool) (bool, *Failure) {
		return cellRow(line, num, cols, spec, cells)
	}
}

// parseGrid reads output as boards of the puzzle's rows and hands each to
// take.
func parseGrid(output []byte, spec PlacementSpec, readRow rowReader, take func(*candidate) *Failure) *Failure {
	b := spec.Puzzle.Board
	n, cols := b.Rows, b.Cols
	between := spec.Format.Between
	lenient := spec.Mode == None || between == puzzle.AnyLines
	sc := lineScanner{data: output}
	cells := make([]bool, cols)
	c := candidate{grid: true}
	rows := 0      // rows read of the current board
	boards := 0    // boards read
	blanks := 0    // blank lines since the last board
	lastEnd := 0   // the last line of the last board
	blankLine := 0 // the first of those blank lines
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
				return at(num, fmt.Sprintf("line %d is blank, but the board that starts at line %d has only %s; %s needs %d", num, c.first, plural(int64(rows), "row", "rows"), spec.Where, n),
					say("checker.board.blank_short", argInt("line", num), argInt("first", c.first), argInt("count", rows), argVerbatim("puzzle", spec.Where), argInt("want", n)))
			}
			if blanks == 0 {
				blankLine = num
			}
			blanks++
			continue
		}
		isRow, f := readRow(line, num, cols, cells)
		if !isRow && rows == 0 && spec.Mode == None {
			continue // text such as "Solution does not exist"
		}
		if f != nil {
			if rows == 0 && isRow {
				if k := rowWidth(line, spec.Format); k != cols && fixedSize(sc, line, num, spec, k, readRow) {
					f.fixedN(k)
				}
			}
			return f
		}
		if rows == 0 {
			if !lenient {
				if f := betweenBoards(between, boards, blanks, blankLine, lastEnd, num); f != nil {
					return f
				}
			}
			blanks = 0
			c.first = num
			c.pieces = c.pieces[:0]
		}
		r := rows
		if spec.Format.BottomFirst {
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
			rows, boards, lastEnd = 0, boards+1, num
		}
	}
	if rows > 0 {
		return at(sc.num, fmt.Sprintf("the board that starts at line %d has only %s; %s needs %d", c.first, plural(int64(rows), "row", "rows"), spec.Where, n),
			say("checker.board.short", argInt("first", c.first), argInt("count", rows), argVerbatim("puzzle", spec.Where), argInt("want", n)))
	}
	if !lenient && blanks > 0 && boards > 0 {
		return at(blankLine, fmt.Sprintf("line %d is blank; print no empty line after the last board", blankLine), say("checker.board.blank_after_last", argInt("line", blankLine)))
	}
	return nil
}

// betweenBoards judges the blank lines before a board that starts at line
// num, after boards others: exactly one between two boards (BlankLine) or
// none (NoLine), and none before the first.
func betweenBoards(between puzzle.Between, boards, blanks, blankLine, lastEnd, num int) *Failure {
	switch {
	case boards == 0 && blanks > 0:
		return at(blankLine, fmt.Sprintf("line %d is blank; print no empty line before the first board", blankLine), say("checker.board.blank_before_first", argInt("line", blankLine)))
	case boards == 0:
		return nil
	case between == puzzle.BlankLine && blanks == 0:
		return at(num, fmt.Sprintf("line %d starts a board right after the board that ends at line %d; print one empty line between two boards", num, lastEnd),
			say("checker.board.no_blank_between", argInt("line", num), argInt("end", lastEnd)))
	case between == puzzle.BlankLine && blanks > 1:
		return at(blankLine, fmt.Sprintf("lines %d-%d are blank; print one empty line between two boards, not %d", blankLine, num-1, blanks),
			say("checker.board.blanks_between", argInt("first", blankLine), argInt("last", num-1), argInt("count", blanks)))
	case between == puzzle.NoLine && blanks > 0:
		return at(blankLine, fmt.Sprintf("line %d is blank; print the boards one after the other, with no empty line between them", blankLine),
			say("checker.board.blank_between", argInt("line", blankLine)))
	}
	return nil
}

// cellRow reads a row of any board format: cols glyphs, the format's piece,
// empty and removed ones, with its separator between them. Its messages
// name the column of the line at fault, in the format's own terms.
func cellRow(line []byte, num, cols int, spec PlacementSpec, cells []bool) (bool, *Failure) {
	f := spec.Format
	t := trimRight(line)
	glyphs := []string{f.Piece, f.Empty}
	if f.Removed != f.Empty {
		glyphs = append(glyphs, f.Removed)
	}
	// Longest first, so that a glyph that begins another is not taken
	// for it.
	longest := append([]string(nil), glyphs...)
	for i := range longest {
		for j := i + 1; j < len(longest); j++ {
			if len(longest[j]) > len(longest[i]) {
				longest[i], longest[j] = longest[j], longest[i]
			}
		}
	}
	expected := quoteList(glyphs)
	expectedMsg := argMsg("glyphs", orList(glyphs))
	fail := func(at int, m Msg, format string, args ...any) (bool, *Failure) {
		return true, columnFail(num, at, fmt.Sprintf(format, args...), m)
	}
	size := spec.Puzzle.Board.Size()
	cellCount := func(k int) (bool, *Failure) {
		return true, at(num, fmt.Sprintf("line %d has %s; a row of the %s board has %d", num, plural(int64(k), "cell", "cells"), size, cols),
			say("checker.cell.count", argInt("line", num), argInt("count", k), argVerbatim("size", size), argInt("want", cols)))
	}
	sep := quote([]byte(f.Separator))
	i := 0
	for col := range cols {
		if col > 0 {
			if !bytes.HasPrefix(t[i:], []byte(f.Separator)) {
				if i >= len(t) {
					return cellCount(col)
				}
				got := quote(token(t[i:], f.Separator))
				return fail(i, say("checker.cell.want_separator", argVerbatim("sep", sep), argVerbatim("got", got)),
					"expected %s between two cells, found %s", sep, got)
			}
			i += len(f.Separator)
		}
		matched := ""
		for _, g := range longest {
			if bytes.HasPrefix(t[i:], []byte(g)) {
				matched = g
				break
			}
		}
		if matched == "" {
			if i >= len(t) {
				return cellCount(col)
			}
			if f.Separator != "" && bytes.HasPrefix(t[i:], []byte(f.Separator)) {
				return fail(i, say("checker.cell.two_separators", expectedMsg, argVerbatim("sep", sep)),
					"expected %s, found another %s: separate two cells with one %s", expected, sep, sep)
			}
			if col == 0 && !looksLikeCells(t, glyphs, f.Separator) {
				example, got := quote(exampleRow(f, cols)), quote(t)
				return false, lineFail(num, fmt.Sprintf("expected a row of %s %s %s, as %s, got %s", plural(int64(cols), "cell", "cells"), expected, joined(f.Separator), example, got),
					say("checker.cell.row_expected", argInt("count", cols), expectedMsg, argMsg("joined", joinedMsg(f.Separator)), argVerbatim("example", example), argVerbatim("got", got)))
			}
			got := quote(token(t[i:], f.Separator))
			return fail(i, say("checker.cell.want_glyph", expectedMsg, argVerbatim("got", got)), "expected %s, found %s", expected, got)
		}
		cells[col] = matched == f.Piece
		i += len(matched)
	}
	if i < len(t) {
		if bytes.HasPrefix(t[i:], []byte(f.Separator)) && f.Separator != "" {
			rest := t[i:]
			count := cols + bytes.Count(rest, []byte(f.Separator))
			if len(bytes.TrimSpace(bytes.ReplaceAll(rest, []byte(f.Separator), nil))) == 0 {
				got := quote(rest)
				return fail(i, say("checker.cell.trailing_separator", argVerbatim("got", got)),
					"expected the end of the row, found %s: no separator after the last cell", got)
			}
			return cellCount(count)
		}
		got := quote(t[i:])
		return fail(i, say("checker.cell.want_end", argInt("count", cols), argVerbatim("got", got)),
			"expected the end of the row after %s, found %s", plural(int64(cols), "cell", "cells"), got)
	}
	return true, nil
}

// token is the text at the start of rest up to the next separator or
// blank, for a message; at least one character.
func token(rest []byte, sep string) []byte {
	end := len(rest)
	if sep != "" {
		if k := bytes.Index(rest, []byte(sep)); k > 0 {
			end = k
		}
	}
	if k := bytes.IndexAny(rest[:end], " \t"); k > 0 {
		end = k
	}
	if end == 0 {
		end = 1
	}
	return rest[:min(end, len(rest), maxQuoted)]
}

// looksLikeCells says whether t, which does not start with a glyph, is
// still meant as a row: its words are few characters long and hold no
// letter that is no glyph's, unlike "Solution does not exist".
func looksLikeCells(t []byte, glyphs []string, sep string) bool {
	allowed := sep + " \t"
	for _, g := range glyphs {
		allowed += g + strings.ToLower(g) + strings.ToUpper(g)
	}
	allowed += ".01#*-_|+xXoO"
	for _, r := range string(t) {
		if !strings.ContainsRune(allowed, r) {
			return false
		}
	}
	return true
}

// exampleRow is a row of cols cells, a piece first, for a message.
func exampleRow(f Format, cols int) []byte {
	b := []byte(f.Piece)
	for range max(cols-1, 0) {
		b = append(b, f.Separator...)
		b = append(b, f.Empty...)
	}
	return b
}

// quoteList writes glyphs for a message: "Q or .", "Q, . or #".
func quoteList(glyphs []string) string {
	switch len(glyphs) {
	case 1:
		return glyphs[0]
	case 2:
		return glyphs[0] + " or " + glyphs[1]
	}
	return strings.Join(glyphs[:len(glyphs)-1], ", ") + " or " + glyphs[len(glyphs)-1]
}

// matrixRow reads "0 1 0 0": n values 0 or 1 separated by single spaces.
func matrixRow(line []byte, num, n int, where string, cells []bool) (bool, *Failure) {
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
	got := quote(t)
	values := countOf("checker.values", n, "value", "values")
	if !looksLikeMatrixRow(t) {
		return false, lineFail(num, fmt.Sprintf("expected a row of %s 0 or 1 separated by spaces, got %s", values.en, got),
			say("checker.matrix.row_expected", argInt("count", n), argVerbatim("got", got)))
	}
	if bytes.ContainsAny(t, "[](),") {
		return true, lineFail(num, fmt.Sprintf("expected %s 0 or 1 separated by single spaces, got %s; print the values without brackets or commas", values.en, got),
			say("checker.matrix.brackets", argInt("count", n), argVerbatim("got", got)))
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
				return true, lineFail(num, fmt.Sprintf("expected %s 0 or 1 separated by spaces, got %s", values.en, got),
					say("checker.matrix.run_together", argInt("count", n), argVerbatim("got", got)))
			}
			return true, lineFail(num, fmt.Sprintf("value %d is %s; expected 0 or 1", count+1, quote(v)),
				say("checker.matrix.value", argInt("value", count+1), argVerbatim("got", quote(v))))
		}
		count++
	}
	if count != n {
		return true, at(num, fmt.Sprintf("line %d has %s; %s needs %d", num, plural(int64(count), "value", "values"), where, n),
			say("checker.matrix.count", argInt("line", num), argInt("count", count), argVerbatim("puzzle", where), argInt("want", n)))
	}
	// n values 0 or 1, so only the spacing is wrong.
	return true, lineFail(num, fmt.Sprintf("separate the values with single spaces, as \"1 0 0\", got %s", got),
		say("checker.matrix.spacing", argVerbatim("example", `"1 0 0"`), argVerbatim("got", got)))
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
func boardRow(line []byte, num, n int, spec PlacementSpec, cells []bool) (bool, *Failure) {
	piece := spec.Format.Piece[0]
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
	// An example row of this board's size: one of 4 cells for an 8×8
	// board would show the wrong row.
	example := []byte{piece}
	for range n - 1 {
		example = append(example, "|."...)
	}
	ex := fmt.Sprintf("%q", example)
	got := quote(t)
	glyph := string(piece)
	nCells := countOf("checker.cells", n, "cell", "cells")
	if !bytes.Contains(t, []byte{'|'}) {
		return looksLikeBoardRow(t), lineFail(num, fmt.Sprintf("expected a row of %s %c or . joined by |, as %s, got %s", nCells.en, piece, ex, got),
			say("checker.board.row_expected", argInt("count", n), argVerbatim("piece", glyph), argVerbatim("example", ex), argVerbatim("got", got)))
	}
	if t[0] == '|' || t[len(t)-1] == '|' {
		return true, lineFail(num, fmt.Sprintf("expected %s joined by | with no | at either end, as %s, got %s", nCells.en, ex, got),
			say("checker.board.row_ends", argInt("count", n), argVerbatim("example", ex), argVerbatim("got", got)))
	}
	if k := bytes.Count(t, []byte{'|'}) + 1; k != n {
		return true, at(num, fmt.Sprintf("line %d has %s; %s needs %d", num, plural(int64(k), "cell", "cells"), spec.Where, n),
			say("checker.board.cell_count", argInt("line", num), argInt("count", k), argVerbatim("puzzle", spec.Where), argInt("want", n)))
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
			q := fmt.Sprintf("%q", v)
			return true, lineFail(num, fmt.Sprintf("cell %d is %s; %s are drawn as %c", i+1, q, spec.Puzzle.Name.Many, piece),
				say("checker.board.other_piece", argInt("cell", i+1), argVerbatim("got", q), argMsg("pieces", kind(spec.Puzzle.Name)), argVerbatim("piece", glyph)))
		}
		if t := bytes.TrimSpace(v); len(t) == 1 && (t[0] == piece || t[0] == '.') {
			return true, lineFail(num, fmt.Sprintf("cell %d is %s; write the cells %c or . joined by | with no spaces, as %s", i+1, quote(v), piece, ex),
				say("checker.board.cell_spaces", argInt("cell", i+1), argVerbatim("got", quote(v)), argVerbatim("piece", glyph), argVerbatim("example", ex)))
		}
		return true, lineFail(num, fmt.Sprintf("cell %d is %s; expected %c or ., the cells joined by |, as %s", i+1, quote(v), piece, ex),
			say("checker.board.cell_bad", argInt("cell", i+1), argVerbatim("got", quote(v)), argVerbatim("piece", glyph), argVerbatim("example", ex)))
	}
	return true, lineFail(num, fmt.Sprintf("expected %s %c or . joined by |, got %s", nCells.en, piece, got),
		say("checker.board.cells_expected", argInt("count", n), argVerbatim("piece", glyph), argVerbatim("got", got)))
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
func rowWidth(line []byte, f Format) int {
	if f.Separator != "" && f.Separator != " " {
		return bytes.Count(line, []byte(f.Separator)) + 1
	}
	if f.Separator == "" {
		return len([]rune(string(trimRight(line))))
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
// a solution for a k×k board: the mark of a program that ignores N. Only
// the N-Queens and N-Rooks puzzles, whose size is N, ask.
func fixedSize(sc lineScanner, line []byte, num int, spec PlacementSpec, k int, readRow rowReader) bool {
	piece, ok := linePiece(spec.Puzzle)
	if !ok || k < 1 || k > maxFixedSize {
		return false
	}
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
		if _, f := readRow(line, num, k, cells); f != nil {
			return false
		}
		r := i
		if spec.Format.BottomFirst {
			r = k - 1 - i
		}
		for c, ok := range cells {
			if ok {
				pieces = append(pieces, reference.Square{Row: r, Col: c})
			}
		}
	}
	return reference.CheckPlacement(k, piece, pieces) == nil
}
