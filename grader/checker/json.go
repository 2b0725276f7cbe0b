package checker

import (
	"fmt"

	"github.com/boardcheck/boardcheck/reference"
)

// The JSON format is a stream of boards, each an array of N rows of N
// numbers 0 or 1, with any JSON whitespace: one board per line as json.dumps
// prints them, or a single board pretty-printed over many lines. The reader
// below is written for messages, not generality: it knows only the shape of
// a board, and says where and how a value departs from it.

type jsonReader struct {
	data  []byte
	pos   int
	line  int // 1-based line of data[pos]
	spec  PlacementSpec
	rows  int // the board's rows and columns, as read: a fixed-size guess changes them
	cols  int
	width int // how many numbers the last board's row 0 held
}

// parseJSON reads output as a stream of JSON boards and hands each to take.
func parseJSON(output []byte, spec PlacementSpec, take func(*candidate) *Failure) *Failure {
	p := &jsonReader{data: output, line: 1, spec: spec, rows: spec.Puzzle.Board.Rows, cols: spec.Puzzle.Board.Cols}
	c := candidate{}
	for {
		if f := p.space(); f != nil {
			return f
		}
		if p.pos >= len(p.data) {
			return nil
		}
		if p.data[p.pos] != '[' {
			if spec.Mode == None {
				p.skipLine() // text such as "no solution"
				continue
			}
			ex, got := jsonExample(p.cols), quote(p.restOfLine())
			return p.fail(say("checker.json.expected", argVerbatim("example", ex), argVerbatim("got", got)), "expected a JSON array of rows like %s, got %s", ex, got)
		}
		if spec.Mode == None && p.emptyArray() {
			continue // "[]": a list of no solutions
		}
		c.first = p.line
		c.pieces = c.pieces[:0]
		start := *p
		var f *Failure
		if c.pieces, f = p.board(c.pieces); f != nil {
			if piece, line := linePiece(spec.Puzzle); line && p.width >= 1 && p.width != p.cols && p.width <= maxFixedSize {
				// Read again as a k×k board: the article's 8×8 answer
				// printed whatever N is deserves saying so.
				k := p.width
				again := start
				again.rows, again.cols = k, k
				if pieces, g := again.board(nil); g == nil && reference.CheckPlacement(k, piece, pieces) == nil {
					f.fixedN(k)
				}
			}
			return f
		}
		c.last = p.line
		if f := take(&c); f != nil {
			return f
		}
		if f := p.space(); f != nil {
			return f
		}
		if p.pos < len(p.data) && p.data[p.pos] == ',' {
			return p.fail(say("checker.json.comma_after"), "unexpected \",\" after a board; print each board on its own line, with nothing between them")
		}
	}
}

// jsonExample is the first row of a board of size n and a hint of the rest.
func jsonExample(n int) string {
	b := []byte("[[")
	for i := range min(n, 4) {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '0')
	}
	if n > 4 {
		b = append(b, ", ..."...)
	}
	return string(b) + "], ...]"
}

func (p *jsonReader) fail(m Msg, format string, args ...any) *Failure {
	return lineFail(p.line, fmt.Sprintf(format, args...), m)
}

// space skips JSON whitespace, counting lines; a "\r" before a "\n" is the
// Windows line ending, refused in every format.
func (p *jsonReader) space() *Failure {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t':
		case '\n':
			p.line++
		case '\r':
			if p.pos+1 < len(p.data) && p.data[p.pos+1] == '\n' || p.pos+1 == len(p.data) {
				return windowsLineEnding([]byte{'\r'}, p.line)
			}
			return nil
		default:
			return nil
		}
		p.pos++
	}
	return nil
}

// emptyArray consumes "[]", with any blanks inside, if that is what pos
// holds.
func (p *jsonReader) emptyArray() bool {
	i := p.pos + 1
	for i < len(p.data) && (p.data[i] == ' ' || p.data[i] == '\t') {
		i++
	}
	if i < len(p.data) && p.data[i] == ']' {
		p.pos = i + 1
		return true
	}
	return false
}

func (p *jsonReader) skipLine() {
	for p.pos < len(p.data) && p.data[p.pos] != '\n' {
		p.pos++
	}
}

// restOfLine is the text from pos to the end of its line, for a message.
func (p *jsonReader) restOfLine() []byte {
	end := p.pos
	for end < len(p.data) && end-p.pos <= maxQuoted && p.data[end] != '\n' {
		end++
	}
	return p.data[p.pos:end]
}

// got describes the value at pos for a message.
func (p *jsonReader) got() clause {
	if p.pos >= len(p.data) {
		return clause{"the end of the output", say("checker.end_of_output")}
	}
	q := quote(p.restOfLine())
	return clause{q, text(q)}
}

// board reads one board at pos, which holds '[', appending its pieces.
func (p *jsonReader) board(pieces []reference.Square) ([]reference.Square, *Failure) {
	n, cols := p.rows, p.cols
	start := p.line
	p.pos++ // '['
	p.width = 0
	rows := 0
	for {
		if f := p.space(); f != nil {
			return pieces, f
		}
		if p.pos >= len(p.data) {
			return pieces, p.fail(say("checker.json.board_open", argInt("first", start)), "the board that starts at line %d is not closed: \"]\" is missing", start)
		}
		ch := p.data[p.pos]
		if ch == ']' && rows == 0 {
			p.pos++
			break
		}
		if ch != '[' {
			if isJSONNumberStart(ch) {
				rows, numbers := countOf("checker.rows", n, "row", "rows"), countOf("checker.numbers", cols, "number", "numbers")
				return pieces, p.fail(say("checker.json.flat", argMsg("rows", rows.m), argMsg("numbers", numbers.m), argVerbatim("example", jsonExample(cols))),
					"expected an array of %s, each an array of %s, got a flat array of numbers; print the rows as arrays: %s", rows.en, numbers.en, jsonExample(cols))
			}
			got := p.got()
			return pieces, p.fail(say("checker.json.row_expected", argInt("count", cols), argMsg("got", got.m)),
				"expected a row, an array of %s 0 or 1, got %s", plural(int64(cols), "number", "numbers"), got.en)
		}
		var f *Failure
		if pieces, f = p.row(pieces, rows); f != nil {
			return pieces, f
		}
		rows++
		if f := p.space(); f != nil {
			return pieces, f
		}
		if p.pos >= len(p.data) {
			return pieces, p.fail(say("checker.json.board_open", argInt("first", start)), "the board that starts at line %d is not closed: \"]\" is missing", start)
		}
		if p.data[p.pos] == ']' {
			p.pos++
			break
		}
		if p.data[p.pos] != ',' {
			got := p.got()
			return pieces, p.fail(say("checker.json.comma_after_row", argInt("row", rows-1), argMsg("got", got.m)), "expected \",\" or \"]\" after row %d, got %s", rows-1, got.en)
		}
		p.pos++
	}
	if rows != n {
		return pieces, lineFail(start, fmt.Sprintf("the board has %s; %s needs %d", plural(int64(rows), "row", "rows"), p.where(), n),
			say("checker.json.rows", argInt("count", rows), argVerbatim("puzzle", p.where()), argInt("want", n)))
	}
	return pieces, nil
}

// where is the spec's Where, for the board being read.
func (p *jsonReader) where() string { return p.spec.Where }

func isJSONNumberStart(ch byte) bool { return ch == '-' || ch >= '0' && ch <= '9' }

// row reads row r at pos, which holds '['.
func (p *jsonReader) row(pieces []reference.Square, r int) ([]reference.Square, *Failure) {
	n, rowsN := p.cols, p.rows
	start := p.line
	p.pos++ // '['
	cols := 0
	for {
		if f := p.space(); f != nil {
			return pieces, f
		}
		if p.pos >= len(p.data) {
			return pieces, p.fail(say("checker.json.row_open", argInt("row", r)), "row %d is not closed: \"]\" is missing", r)
		}
		ch := p.data[p.pos]
		if ch == ']' && cols == 0 {
			p.pos++
			break
		}
		switch {
		case ch == '[':
			return pieces, p.fail(say("checker.json.boards"), "expected one board per line, got an array of boards; print each board on its own line")
		case !isJSONNumberStart(ch):
			return pieces, p.fail(say("checker.json.value", argInt("row", r), argVerbatim("got", p.token())), "row %d holds %s; expected 0 or 1", r, p.token())
		}
		numStart := p.pos
		for p.pos < len(p.data) && (isJSONNumberStart(p.data[p.pos]) || p.data[p.pos] == '.' || p.data[p.pos] == 'e' || p.data[p.pos] == 'E' || p.data[p.pos] == '+') {
			p.pos++
		}
		v := p.data[numStart:p.pos]
		if len(v) != 1 || v[0] != '0' && v[0] != '1' {
			return pieces, p.fail(say("checker.json.value", argInt("row", r), argVerbatim("got", quote(v))), "row %d holds %s; expected 0 or 1", r, quote(v))
		}
		if v[0] == '1' && r < rowsN && cols < n {
			pieces = append(pieces, reference.Square{Row: r, Col: cols})
		}
		cols++
		if f := p.space(); f != nil {
			return pieces, f
		}
		if p.pos >= len(p.data) {
			return pieces, p.fail(say("checker.json.row_open", argInt("row", r)), "row %d is not closed: \"]\" is missing", r)
		}
		if p.data[p.pos] == ']' {
			p.pos++
			break
		}
		if p.data[p.pos] != ',' {
			got := p.got()
			return pieces, p.fail(say("checker.json.comma_in_row", argInt("row", r), argMsg("got", got.m)), "expected \",\" or \"]\" in row %d, got %s", r, got.en)
		}
		p.pos++
	}
	if r == 0 {
		p.width = cols
	}
	if cols != n {
		return pieces, lineFail(start, fmt.Sprintf("row %d has %s; %s needs %d", r, plural(int64(cols), "number", "numbers"), p.where(), n),
			say("checker.json.row_length", argInt("row", r), argInt("count", cols), argVerbatim("puzzle", p.where()), argInt("want", n)))
	}
	return pieces, nil
}

// token is the JSON value at pos as printed, for a message: a string, a
// word such as true, or one character.
func (p *jsonReader) token() string {
	end := p.pos + 1
	switch ch := p.data[p.pos]; {
	case ch == '"':
		for end < len(p.data) && p.data[end] != '"' && p.data[end] != '\n' && end-p.pos < maxQuoted {
			if p.data[end] == '\\' {
				end++
			}
			end++
		}
		end = min(end+1, len(p.data))
	case ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z':
		for end < len(p.data) && end-p.pos < maxQuoted && (p.data[end] >= 'a' && p.data[end] <= 'z' || p.data[end] >= 'A' && p.data[end] <= 'Z') {
			end++
		}
	}
	return quote(p.data[p.pos:end])
}
