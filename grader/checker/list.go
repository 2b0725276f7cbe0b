package checker

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/reference"
)

// The list format is what the exercise is about, so it is strict: each line
// must be exactly what Python's print of a list of [row, col] pairs gives,
// "[[0, 1], [1, 3], [2, 0], [3, 2]]", trailing blanks aside. Every line goes
// through parseListFast, which accepts only that; a line it refuses goes
// through parseListSlow, which reads it leniently to say what differs.

// listExpected is the shape every list message refers to.
const listExpected = "[[r, c], ...]"

// parseList reads output in the list format and hands each solution line to
// take, in output order.
func parseList(output []byte, spec PlacementSpec, take func(*candidate) *Failure) *Failure {
	n := spec.Puzzle.Count
	lenient := spec.Mode == None
	sc := lineScanner{data: output}
	var rows, cols []int
	c := candidate{}
	maxLine := 2*listLineLen(max(n, spec.Puzzle.Board.Rows, spec.Puzzle.Board.Cols)) + 256
	for {
		line, ok := sc.next()
		if !ok {
			return nil
		}
		num := sc.num
		if f := windowsLineEnding(line, num); f != nil {
			return f
		}
		if isBlank(line) {
			if lenient {
				continue
			}
			if isBlank(bytes.TrimSpace(output[sc.pos:])) {
				return blankAfterLast(num)
			}
			return blankBetween(num)
		}
		line = trimRight(line)
		if t := bytes.TrimLeft(line, " \t"); lenient && t[0] != '[' && t[0] != '(' {
			// Text such as "N must be at least 4" is not a solution;
			// none only forbids solutions.
			continue
		}
		if len(line) > maxLine {
			f := said(fmt.Sprintf("line %d has %d characters; a solution for %s has at most %d", num, len(line), spec.Where, listLineLen(n)),
				say("checker.list.too_long", argInt("line", num), argInt("chars", len(line)), argVerbatim("puzzle", spec.Where), argInt("max", listLineLen(n))))
			f.Line = num
			return f
		}
		rows, cols, ok = parseListFast(line, rows[:0], cols[:0])
		if !ok {
			var f *Failure
			rows, cols, f = parseListSlow(line, num, rows[:0], cols[:0])
			if f != nil {
				return f
			}
		}
		c.first, c.last = num, num
		c.pieces = c.pieces[:0]
		for i := range rows {
			c.pieces = append(c.pieces, reference.Square{Row: rows[i], Col: cols[i]})
		}
		if !lenient {
			if f := checkPairs(line, num, spec, rows, cols); f != nil {
				return f
			}
		}
		if f := take(&c); f != nil {
			return f
		}
	}
}

// listLineLen is the length of the longest list line for n: every column
// with as many digits as n-1.
func listLineLen(n int) int {
	l := 2 + 2*max(n-1, 0)
	for r := range n {
		l += 4 + digitCount(r) + digitCount(n-1)
	}
	return l
}

func digitCount(x int) int {
	d := 1
	for x >= 10 {
		x /= 10
		d++
	}
	return d
}

// maxListNumber bounds the numbers parseListFast reads: beyond it no board
// is that big, and the slow path says which pair is off the board.
const maxListNumber = 1 << 30

// parseListFast parses line, trailing blanks already cut, if it is exactly
// Python's print of a list of pairs of non-negative ints; ok is false on any
// other line.
func parseListFast(line []byte, rows, cols []int) (_, _ []int, ok bool) {
	if len(line) < 2 || line[0] != '[' {
		return rows, cols, false
	}
	if line[1] == ']' {
		return rows, cols, len(line) == 2
	}
	i := 1
	for {
		if i >= len(line) || line[i] != '[' {
			return rows, cols, false
		}
		var r, c int
		if r, i, ok = fastInt(line, i+1); !ok || i+1 >= len(line) || line[i] != ',' || line[i+1] != ' ' {
			return rows, cols, false
		}
		if c, i, ok = fastInt(line, i+2); !ok || i >= len(line) || line[i] != ']' {
			return rows, cols, false
		}
		rows, cols = append(rows, r), append(cols, c)
		i++
		if i >= len(line) {
			return rows, cols, false
		}
		if line[i] == ']' {
			return rows, cols, i+1 == len(line)
		}
		if line[i] != ',' || i+1 >= len(line) || line[i+1] != ' ' {
			return rows, cols, false
		}
		i += 2
	}
}

// fastInt reads a non-negative int written as Python writes it (no sign, no
// leading zero) at line[i:].
func fastInt(line []byte, i int) (v, end int, ok bool) {
	start := i
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		v = v*10 + int(line[i]-'0')
		if v > maxListNumber {
			return 0, i, false
		}
		i++
	}
	if i == start || line[start] == '0' && i-start > 1 {
		return 0, i, false
	}
	return v, i, true
}

// checkPairs judges a list line's pairs against the puzzle: how many, on
// the board, in row order (in reading order where a row may hold several
// pieces). Attacks are the judge's.
func checkPairs(line []byte, num int, spec PlacementSpec, rows, cols []int) *Failure {
	fail := func(m Msg, format string, args ...any) *Failure {
		return lineFail(num, fmt.Sprintf(format, args...), m)
	}
	p := spec.Puzzle
	n, h, w := p.Count, p.Board.Rows, p.Board.Cols
	perRow := oneARow(p)
	if len(rows) != n {
		f := fail(say("checker.list.pairs", argInt("count", len(rows)), argVerbatim("puzzle", spec.Where), argInt("want", n)),
			"%s; %s needs %d", plural(int64(len(rows)), "pair", "pairs"), spec.Where, n)
		if k := len(rows); k > 0 && solvesSize(p, k, rows, cols) {
			f.fixedN(k)
		}
		return f
	}
	if perRow {
		oneBased := true
		for i := range rows {
			oneBased = oneBased && rows[i] == i+1 && cols[i] >= 1 && cols[i] <= n
		}
		if oneBased {
			return fail(say("checker.list.one_based", argVerbatim("want", fmt.Sprintf("[0, %d]", cols[0]-1)), argVerbatim("got", fmt.Sprintf("[1, %d]", cols[0]))),
				"rows and columns count from 0, so the first pair is [0, %d], not [1, %d]", cols[0]-1, cols[0])
		}
	}
	for i := range rows {
		if rows[i] < 0 || rows[i] >= h || cols[i] < 0 || cols[i] >= w {
			if h == w {
				return fail(say("checker.list.off_board", argVerbatim("pair", pairText(line, i)), argInt("max", h-1), argVerbatim("puzzle", spec.Where)),
					"%s is off the board; rows and columns go from 0 to %d for %s", pairText(line, i), h-1, spec.Where)
			}
			return fail(say("checker.list.off_board_rect", argVerbatim("pair", pairText(line, i)), argInt("rows", h-1), argInt("cols", w-1), argVerbatim("puzzle", spec.Where)),
				"%s is off the board; rows go from 0 to %d and columns from 0 to %d for %s", pairText(line, i), h-1, w-1, spec.Where)
		}
	}
	if !perRow {
		for i := 1; i < len(rows); i++ {
			if rows[i] < rows[i-1] || rows[i] == rows[i-1] && cols[i] < cols[i-1] {
				return fail(say("checker.list.reading_order", argVerbatim("pair", pairText(line, i)), argVerbatim("after", pairText(line, i-1))),
					"pairs must be in reading order, row by row and each row left to right; got %s after %s", pairText(line, i), pairText(line, i-1))
			}
		}
		return nil
	}
	inOrder, perm := true, make([]bool, n)
	for i, r := range rows {
		inOrder = inOrder && r == i
		perm[r] = true
	}
	if inOrder {
		return nil
	}
	for _, ok := range perm {
		if !ok {
			// A row used twice: the judge says which pieces share it.
			return nil
		}
	}
	// Second numbers in order 0, 1, 2, ... are pairs [row, col] listed
	// column by column, or pairs [col, row] listed row by row: the same
	// line, so the message says what it shows, and the fix for both.
	swapped := solvesSize(p, n, cols, rows) && slices.IsSorted(cols)
	for i, r := range rows {
		if r != i {
			var f *Failure
			if i == 0 {
				f = fail(say("checker.list.row_first", argInt("row", r)), "pairs must be in row order 0, 1, 2, ...; got row %d first", r)
			} else {
				f = fail(say("checker.list.row_before", argInt("row", r), argInt("before", i)), "pairs must be in row order 0, 1, 2, ...; got row %d before row %d", r, i)
			}
			if swapped {
				f.aside("they are in order of their second number, the column: list them row by row, each [row, col]", say("checker.list.swapped"))
			}
			return f
		}
	}
	return nil
}

// solvesSize reports whether the pairs solve p's puzzle for a board of
// size k (p's own size or another): the mark of a program that ignores N,
// when k is not p's. Only a puzzle of N pieces on the N×N board can be
// asked at another size.
func solvesSize(p reference.Placing, k int, rows, cols []int) bool {
	b := p.Board
	if !b.Full() || b.Rows != b.Cols || p.Count != b.Rows {
		return false
	}
	if _, line := linePiece(p); !line && k > 64 {
		return false // a geometry of more than 64×64 squares: no program prints that
	}
	sized := reference.Placing{Board: reference.SquareBoard(k), Moves: p.Moves, Count: k, Name: p.Name}
	sq := make([]reference.Square, len(rows))
	for i := range rows {
		sq[i] = reference.Square{Row: rows[i], Col: cols[i]}
	}
	return reference.CheckPieces(sized, nil, sq) == nil
}

// pairText returns pair i of line as printed, for a message.
func pairText(line []byte, i int) string {
	top, err := parseListItems(line)
	if err == nil && top.kind != itemNumber && i < len(top.items) {
		it := top.items[i]
		return string(line[it.start:it.end])
	}
	return fmt.Sprintf("pair %d", i+1)
}

// An item is a number, list or tuple read leniently from a list line.
type item struct {
	kind       byte // itemNumber, '[' or '('
	start, end int  // where it is in the line
	whole      bool // a number without fraction or exponent
	value      int  // a whole number's value, clamped to ±maxListNumber
	items      []item
}

const itemNumber = 'n'

// syntaxError says where and why a line is not a nested list at all.
type syntaxError struct {
	at    int
	why   string
	msg   Msg  // why, as a message
	after bool // the line holds more after a complete list
}

// maxListDepth is deeper than any list line can sensibly be: [[0, 1], ...]
// is 2 deep, and a list of boards 3. It bounds the recursion on hostile input.
const maxListDepth = 4

// parseListItems reads line as one bracketed value, leniently: any spacing,
// tuples, signs, fractions. The caller has bounded line's length.
func parseListItems(line []byte) (item, *syntaxError) {
	p := itemParser{line: line}
	p.space()
	it, err := p.value(0)
	if err != nil {
		return it, err
	}
	p.space()
	if p.i < len(p.line) {
		got := quote(p.line[p.i : p.i+1])
		return it, &syntaxError{p.i, fmt.Sprintf("unexpected %s after the list", got), say("checker.list.after_list", argVerbatim("got", got)), true}
	}
	return it, nil
}

type itemParser struct {
	line []byte
	i    int
}

func (p *itemParser) space() {
	for p.i < len(p.line) && (p.line[p.i] == ' ' || p.line[p.i] == '\t') {
		p.i++
	}
}

func (p *itemParser) value(depth int) (item, *syntaxError) {
	if p.i >= len(p.line) {
		return item{}, &syntaxError{at: p.i, why: "the line ends too early", msg: say("checker.list.ends_early")}
	}
	switch ch := p.line[p.i]; {
	case ch == '[' || ch == '(':
		if depth == maxListDepth {
			return item{}, &syntaxError{at: p.i, why: "lists nested too deeply", msg: say("checker.list.too_deep")}
		}
		closer := byte(']')
		if ch == '(' {
			closer = ')'
		}
		it := item{kind: ch, start: p.i}
		p.i++
		p.space()
		if p.i < len(p.line) && p.line[p.i] == closer {
			p.i++
			it.end = p.i
			return it, nil
		}
		for {
			p.space()
			sub, err := p.value(depth + 1)
			if err != nil {
				return it, err
			}
			it.items = append(it.items, sub)
			p.space()
			if p.i >= len(p.line) {
				return it, &syntaxError{at: p.i, why: fmt.Sprintf("missing %q at the end", string(closer)), msg: say("checker.list.missing_closer", argVerbatim("closer", strconv.Quote(string(closer))))}
			}
			switch p.line[p.i] {
			case ',':
				p.i++
				continue
			case closer:
				p.i++
				it.end = p.i
				return it, nil
			}
			got := quote(p.line[p.i : p.i+1])
			return it, &syntaxError{at: p.i, why: fmt.Sprintf("expected \",\" or %q, got %s", string(closer), got),
				msg: say("checker.list.comma_or", argVerbatim("closer", strconv.Quote(string(closer))), argVerbatim("got", got))}
		}
	case ch == '-' || ch == '+' || ch >= '0' && ch <= '9':
		return p.number(), nil
	}
	got := quote(p.line[p.i : p.i+1])
	return item{}, &syntaxError{at: p.i, why: fmt.Sprintf("unexpected %s", got), msg: say("checker.list.unexpected", argVerbatim("got", got))}
}

// number reads what Python could print as a number: sign, digits, fraction,
// exponent.
func (p *itemParser) number() item {
	it := item{kind: itemNumber, start: p.i, whole: true}
	neg := false
	if c := p.line[p.i]; c == '-' || c == '+' {
		neg = c == '-'
		p.i++
	}
	digits := 0
	for p.i < len(p.line) {
		c := p.line[p.i]
		switch {
		case c >= '0' && c <= '9':
			if it.whole {
				it.value = min(it.value*10+int(c-'0'), maxListNumber)
			}
			digits++
		case c == '.' || c == 'e' || c == 'E' || (c == '-' || c == '+') && (p.line[p.i-1] == 'e' || p.line[p.i-1] == 'E'):
			it.whole = false
		default:
			goto done
		}
		p.i++
	}
done:
	if digits == 0 {
		it.whole = false
	}
	if neg {
		it.value = -it.value
	}
	it.end = p.i
	return it
}

// parseListSlow says what is wrong with a line parseListFast refused, or,
// for a line that is right but for numbers parseListFast does not read
// (huge or signed), returns its pairs.
func parseListSlow(line []byte, num int, rows, cols []int) (_, _ []int, _ *Failure) {
	fail := func(m Msg, format string, args ...any) ([]int, []int, *Failure) {
		return rows, cols, lineFail(num, fmt.Sprintf(format, args...), m)
	}
	expected := func() ([]int, []int, *Failure) {
		return fail(say("checker.list.expected", argVerbatim("shape", listExpected), argVerbatim("got", quote(line))), "expected %s, got %s", listExpected, quote(line))
	}
	if line[0] != '[' && line[0] != '(' && line[0] != ' ' && line[0] != '\t' {
		return expected()
	}
	top, err := parseListItems(line)
	if err != nil {
		if bytes.IndexAny(bytes.TrimLeft(line, " \t"), "[(") != 0 {
			return expected()
		}
		if err.after && line[err.at] == '[' {
			return fail(say("checker.list.two_on_line", argVerbatim("got", quote(line))),
				"more than one solution on the line; print each on a line of its own: got %s", quote(line))
		}
		return fail(say("checker.list.syntax", argVerbatim("shape", listExpected), argVerbatim("got", quoteAround(line, err.at)), argInt("column", err.at+1), argMsg("why", err.msg)),
			"expected %s, got %s (column %d: %s)", listExpected, quoteAround(line, err.at), err.at+1, err.why)
	}
	if top.kind == itemNumber {
		return expected()
	}
	// Tuples first: a student who printed tuples needs to hear that before
	// anything about spacing.
	if tupleIn(top) {
		return fail(say("checker.list.tuples", argVerbatim("want", canonicalOr(line, top)), argVerbatim("got", quote(line))),
			"print lists, not tuples: expected %s, got %s", canonicalOr(line, top), quote(line))
	}
	if len(top.items) > 0 && allNumbers(top.items) {
		if len(top.items) == 2 {
			return fail(say("checker.list.single_pair", argVerbatim("shape", listExpected), argVerbatim("got", quote(line))),
				"expected a whole solution per line, %s, got the single pair %s", listExpected, quote(line))
		}
		return fail(say("checker.list.flat", argVerbatim("got", quote(line))),
			"expected [row, col] pairs like [[0, 1], [1, 3], ...], got a flat list of numbers %s", quote(line))
	}
	if len(top.items) > 0 && allSolutions(top.items) {
		return fail(say("checker.list.solutions", argVerbatim("got", quote(line))),
			"a list of solutions; print each solution on a line of its own: got %s", quote(line))
	}
	for _, it := range top.items {
		if it.kind != '[' || len(it.items) != 2 || !allNumbers(it.items) {
			return fail(say("checker.list.not_pair", argVerbatim("got", quote(line[it.start:it.end]))),
				"%s is not a [row, col] pair", quote(line[it.start:it.end]))
		}
		for _, x := range it.items {
			if !x.whole {
				return fail(say("checker.list.not_whole", argVerbatim("got", quote(line[x.start:x.end]))),
					"%s is not a whole number", quote(line[x.start:x.end]))
			}
		}
	}
	want := canonical(line, top)
	if d := firstDiff(line, want); d >= 0 {
		if d > 0 && d < len(want) && line[d-1] == ',' && want[d] == ' ' {
			return fail(say("checker.list.comma_space", argVerbatim("want", shorten(want)), argVerbatim("got", quoteAround(line, d))),
				"pairs need a space after each comma: %s (Python's print of a list), got %s", shorten(want), quoteAround(line, d))
		}
		return fail(say("checker.list.not_exact", argVerbatim("want", shorten(want)), argVerbatim("got", quoteAround(line, d)), argInt("column", d+1)),
			"expected exactly Python's print of the list, %s, got %s (they differ at column %d)", shorten(want), quoteAround(line, d), d+1)
	}
	for _, it := range top.items {
		rows, cols = append(rows, it.items[0].value), append(cols, it.items[1].value)
	}
	return rows, cols, nil
}

func tupleIn(it item) bool {
	if it.kind == '(' {
		return true
	}
	for _, sub := range it.items {
		if tupleIn(sub) {
			return true
		}
	}
	return false
}

// allSolutions reports whether items are each a list of pairs.
func allSolutions(items []item) bool {
	for _, it := range items {
		if it.kind == itemNumber || len(it.items) == 0 {
			return false
		}
		for _, pair := range it.items {
			if pair.kind == itemNumber || len(pair.items) != 2 || !allNumbers(pair.items) {
				return false
			}
		}
	}
	return true
}

func allNumbers(items []item) bool {
	for _, it := range items {
		if it.kind != itemNumber {
			return false
		}
	}
	return true
}

// canonical prints top as Python prints a list, numbers as written but
// without a plus sign or leading zeros.
func canonical(line []byte, top item) []byte {
	var b []byte
	var walk func(it item)
	walk = func(it item) {
		if it.kind == itemNumber {
			t := line[it.start:it.end]
			neg := t[0] == '-'
			t = bytes.TrimLeft(t, "+-")
			t = bytes.TrimLeft(t, "0")
			if len(t) == 0 || t[0] < '0' || t[0] > '9' {
				t = append([]byte{'0'}, t...)
			} else if neg {
				b = append(b, '-')
			}
			b = append(b, t...)
			return
		}
		b = append(b, '[')
		for i, sub := range it.items {
			if i > 0 {
				b = append(b, ", "...)
			}
			walk(sub)
		}
		b = append(b, ']')
	}
	walk(top)
	return b
}

// canonicalOr returns canonical(top) when top is a list of pairs, else the
// generic shape.
func canonicalOr(line []byte, top item) string {
	for _, it := range top.items {
		if it.kind == itemNumber || len(it.items) != 2 || !allNumbers(it.items) {
			return listExpected
		}
	}
	return shorten(canonical(line, top))
}

// firstDiff returns the first offset at which a and b differ, or -1.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) == len(b) {
		return -1
	}
	return min(len(a), len(b))
}

// shorten cuts an expected line for a message at a pair boundary.
func shorten(b []byte) string {
	if len(b) <= maxQuoted {
		return string(b)
	}
	s := string(b[:maxQuoted])
	if i := strings.LastIndex(s, "], "); i > 0 {
		s = s[:i+1]
	}
	return s + ", ...]"
}
