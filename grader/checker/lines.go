package checker

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

// The line styles print one solution a line: pairs (any but the list
// preset, which parseList reads with its Python-specific messages),
// algebraic squares and permutations. parseLines reads them by the
// format's own texts (its opening and closing, its separator, its pair
// template), and says where a line departs from them: "line 3, column 5:
// expected ", " between two pairs, found ";"".

// parseLines reads output one solution a line and hands each to take.
func parseLines(output []byte, spec PlacementSpec, take func(*candidate) *Failure) *Failure {
	f := spec.Format
	lenient := spec.Mode == None
	sc := lineScanner{data: output}
	c := candidate{}
	r := lineReader{f: f, spec: spec}
	if f.Style == puzzle.Pairs {
		r.pair, _ = puzzle.ParsePair(f.Pair)
	}
	maxLine := 2*len(r.shape(max(spec.Puzzle.Count, spec.Puzzle.Board.Rows)+1)) + 256
	for {
		line, ok := sc.next()
		if !ok {
			return nil
		}
		num := sc.num
		if fl := windowsLineEnding(line, num); fl != nil {
			return fl
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
		if lenient && !r.startsLikeSolution(line) {
			continue // text such as "no solution"
		}
		if len(line) > maxLine {
			return at(num, fmt.Sprintf("line %d has %d characters; a solution for %s has far fewer", num, len(line), spec.Where),
				say("checker.line.too_long", argInt("line", num), argInt("chars", len(line)), argVerbatim("puzzle", spec.Where)))
		}
		var fl *Failure
		if c.pieces, fl = r.read(line, num, c.pieces[:0]); fl != nil {
			return fl
		}
		c.first, c.last = num, num
		if fl := take(&c); fl != nil {
			return fl
		}
	}
}

// lineReader reads one line of a line style.
type lineReader struct {
	f    Format
	spec PlacementSpec
	pair puzzle.PairTemplate
}

// shape is the line of k items, for a message and a length bound:
// "[[r, c], [r, c], ...]", "a1 b3 ...".
func (r lineReader) shape(k int) string {
	items := []string{"a1", "c2"}
	switch r.f.Style {
	case puzzle.Pairs:
		items = []string{r.f.Pair, r.f.Pair}
	case puzzle.Permutation:
		items = []string{"c", "c"}
	}
	b := []byte(r.f.Open)
	for i := range min(k, 2) {
		if i > 0 {
			b = append(b, r.f.Separator...)
		}
		b = append(b, items[i]...)
	}
	b = append(b, r.f.Separator...)
	b = append(b, "..."...)
	b = append(b, r.f.Close...)
	return string(b)
}

// lineShape is how a line style writes one solution, for a message.
func lineShape(f Format) string {
	r := lineReader{f: f}
	return r.shape(2)
}

// startsLikeSolution says whether a line, in a none check, is meant as a
// solution rather than text such as "no solution".
func (r lineReader) startsLikeSolution(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	switch {
	case r.f.Open != "":
		return bytes.HasPrefix(t, []byte(r.f.Open))
	case r.f.Style == puzzle.Pairs && r.pair.Before != "":
		return bytes.HasPrefix(t, []byte(r.pair.Before))
	case r.f.Style == puzzle.Algebraic:
		return len(t) >= 2 && (t[0] >= 'a' && t[0] <= 'z' || t[0] >= 'A' && t[0] <= 'Z') && t[1] >= '0' && t[1] <= '9'
	}
	return len(t) > 0 && t[0] >= '0' && t[0] <= '9'
}

// read parses one line into pieces, or says where it departs from the
// format.
func (r lineReader) read(line []byte, num int, pieces []reference.Square) ([]reference.Square, *Failure) {
	f := r.f
	i := 0
	fail := func(at int, c clause) ([]reference.Square, *Failure) {
		return pieces, columnFail(num, at, c.en, c.m)
	}
	expect := func(text string) bool {
		if bytes.HasPrefix(line[i:], []byte(text)) {
			i += len(text)
			return true
		}
		return false
	}
	open, closer, sep := quote([]byte(f.Open)), quote([]byte(f.Close)), quote([]byte(f.Separator))
	if !expect(f.Open) {
		found := quotedAt(line, i)
		return fail(i, clause{fmt.Sprintf("expected %s to open the line, as in %s, found %s", open, r.shape(2), found.en),
			say("checker.line.open", argVerbatim("open", open), argVerbatim("shape", r.shape(2)), argMsg("got", found.m))})
	}
	endAfter := func() ([]reference.Square, *Failure) {
		found := quotedAt(line, i)
		return fail(i, clause{fmt.Sprintf("expected the end of the line after %s, found %s", closer, found.en),
			say("checker.line.end_after", argVerbatim("close", closer), argMsg("got", found.m))})
	}
	if f.Close != "" && expect(f.Close) {
		if i < len(line) {
			return endAfter()
		}
		return pieces, nil // an empty solution
	}
	for k := 0; ; k++ {
		var s reference.Square
		var why clause
		at := i
		s, i, why = r.item(line, i, k)
		if why.ok() {
			return fail(i, why)
		}
		if !r.spec.Puzzle.Board.Has(s) && f.Base > 0 && (s.Row == -1 || s.Col == -1) && f.Style != puzzle.Algebraic {
			q := quote(line[at:i])
			return fail(at, clause{fmt.Sprintf("%s: rows and columns count from %d here", q, f.Base),
				say("checker.line.base", argVerbatim("got", q), argInt("base", f.Base))})
		}
		pieces = append(pieces, s)
		if f.Close != "" && expect(f.Close) {
			break
		}
		if i == len(line) {
			if f.Close != "" {
				return fail(i, clause{fmt.Sprintf("expected %s or %s, found the end of the line", sep, closer),
					say("checker.line.sep_or_close", argVerbatim("sep", sep), argVerbatim("close", closer))})
			}
			break
		}
		if !expect(f.Separator) {
			found := quotedAt(line, i)
			if f.Close != "" {
				return fail(i, clause{fmt.Sprintf("expected %s between two %s or %s at the end, found %s", sep, r.items(), closer, found.en),
					say("checker.line.sep_between_or_close", argVerbatim("sep", sep), argMsg("two", r.twoItems()), argVerbatim("close", closer), argMsg("got", found.m))})
			}
			return fail(i, clause{fmt.Sprintf("expected %s between two %s, found %s", sep, r.items(), found.en),
				say("checker.line.sep_between", argVerbatim("sep", sep), argMsg("two", r.twoItems()), argMsg("got", found.m))})
		}
		if len(pieces) > r.spec.Puzzle.Board.Rows*r.spec.Puzzle.Board.Cols {
			return fail(i, clause{fmt.Sprintf("more %s than the board has squares", r.items()),
				say("checker.line.too_many_items", argMsg("items", r.itemsMsg()))})
		}
	}
	if i < len(line) {
		return endAfter()
	}
	return pieces, nil
}

// items names a line's items for a message: "pairs", "squares", "columns".
func (r lineReader) items() string {
	switch r.f.Style {
	case puzzle.Pairs:
		return "pairs"
	case puzzle.Algebraic:
		return "squares"
	}
	return "columns"
}

// itemsMsg is items() as a message; twoItems, two of them ("between two
// pairs"), which some languages say in a form of their own.
func (r lineReader) itemsMsg() Msg { return say("checker.items." + r.items()) }

func (r lineReader) twoItems() Msg { return say("checker.two." + r.items()) }

// item reads item k at line[i:]: a pair, a square or a column; or says
// why it is none.
func (r lineReader) item(line []byte, i, k int) (reference.Square, int, clause) {
	f := r.f
	none := clause{}
	switch f.Style {
	case puzzle.Algebraic:
		if i+1 < len(line) && line[i] >= 'A' && line[i] <= 'Z' && line[i+1] >= '0' && line[i+1] <= '9' {
			j := i + 1
			for j < len(line) && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			small := append([]byte{line[i] - 'A' + 'a'}, line[i+1:j]...)
			got, want := quote(line[i:j]), quote(small)
			return reference.Square{}, i, clause{fmt.Sprintf("%s: write the file letter small, as %s", got, want),
				say("checker.line.file_small", argVerbatim("got", got), argVerbatim("want", want))}
		}
		if i >= len(line) || line[i] < 'a' || line[i] > 'z' {
			found := quotedAt(line, i)
			return reference.Square{}, i, clause{fmt.Sprintf("expected a square such as a1 (a file letter, then a rank number), found %s", found.en),
				say("checker.line.want_square", argVerbatim("example", "a1"), argMsg("got", found.m))}
		}
		col := int(line[i] - 'a')
		v, end, why := readNumber(line, i+1, "rank")
		if why.ok() {
			return reference.Square{}, end, why
		}
		if v == 0 {
			got := quote(line[i:end])
			return reference.Square{}, i, clause{fmt.Sprintf("%s: ranks count from 1", got), say("checker.line.rank_from_one", argVerbatim("got", got))}
		}
		return reference.Square{Row: v - 1, Col: col}, end, none
	case puzzle.Permutation:
		v, end, why := readNumber(line, i, "column")
		return reference.Square{Row: k, Col: v - f.Base}, end, why
	}
	t := r.pair
	pair := argVerbatim("pair", f.Pair)
	if !bytes.HasPrefix(line[i:], []byte(t.Before)) {
		found := quotedAt(line, i)
		return reference.Square{}, i, clause{fmt.Sprintf("expected a pair %s, found %s", f.Pair, found.en),
			say("checker.line.want_pair", pair, argMsg("got", found.m))}
	}
	i += len(t.Before)
	a, i, why := readNumber(line, i, "number")
	if why.ok() {
		return reference.Square{}, i, why
	}
	if !bytes.HasPrefix(line[i:], []byte(t.Middle)) {
		found, middle := quotedAt(line, i), quote([]byte(t.Middle))
		return reference.Square{}, i, clause{fmt.Sprintf("expected %s inside a pair %s, found %s", middle, f.Pair, found.en),
			say("checker.line.pair_middle", argVerbatim("middle", middle), pair, argMsg("got", found.m))}
	}
	i += len(t.Middle)
	b, i, why := readNumber(line, i, "number")
	if why.ok() {
		return reference.Square{}, i, why
	}
	if !bytes.HasPrefix(line[i:], []byte(t.After)) {
		found, after := quotedAt(line, i), quote([]byte(t.After))
		return reference.Square{}, i, clause{fmt.Sprintf("expected %s to close a pair %s, found %s", after, f.Pair, found.en),
			say("checker.line.pair_close", argVerbatim("close", after), pair, argMsg("got", found.m))}
	}
	i += len(t.After)
	if !t.RowFirst {
		a, b = b, a
	}
	return reference.Square{Row: a - f.Base, Col: b - f.Base}, i, none
}

// readNumber reads a whole number without sign or leading zeros at
// line[i:]: what is expected there (a "rank", "column" or "number"), and
// where and why it is not one.
func readNumber(line []byte, i int, what string) (int, int, clause) {
	start := i
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	switch {
	case i == start:
		found := quotedAt(line, start)
		return 0, start, clause{fmt.Sprintf("expected a %s, found %s", numberWords[what], found.en),
			say("checker.line.want_"+what, argMsg("got", found.m))}
	case line[start] == '0' && i-start > 1:
		got := quote(line[start:i])
		return 0, start, clause{fmt.Sprintf("%s: write numbers without leading zeros", got), say("checker.line.leading_zero", argVerbatim("got", got))}
	case i-start > 9:
		got := quote(line[start:i])
		return 0, start, clause{fmt.Sprintf("%s is far off any board here", got), say("checker.line.far_off", argVerbatim("got", got))}
	}
	v, _ := strconv.Atoi(string(line[start:i]))
	return v, i, clause{}
}

// numberWords are what readNumber expects, in English.
var numberWords = map[string]string{"rank": "rank number", "column": "column", "number": "number"}

// quotedAt quotes a few characters of line from i, or names its end, in
// English and as a message.
func quotedAt(line []byte, i int) clause {
	if i >= len(line) {
		return clause{"the end of the line", say("checker.end_of_line")}
	}
	q := quote(line[i:min(i+8, len(line))])
	return clause{q, text(q)}
}

// squareNamer names a square as the format prints it, for the messages
// about pieces: "b3" for algebraic squares, the pair as printed ("[1, 2]")
// for pairs, "row 2 col 1" for the rest and for the presets.
func squareNamer(f Format) func(reference.Square) string {
	switch {
	case f == puzzle.List || f.Style == puzzle.Board || f.Style == puzzle.JSON || f.Style == puzzle.Permutation:
		return reference.RowCol
	case f.Style == puzzle.Algebraic || f.Style == puzzle.Path && f.Pair == "":
		return func(s reference.Square) string {
			if s.Col < 0 || s.Col >= 26 || s.Row < 0 {
				return reference.RowCol(s)
			}
			return string(puzzle.AppendSquare(nil, s))
		}
	}
	t, _ := puzzle.ParsePair(f.Pair)
	return func(s reference.Square) string { return string(t.Fill(nil, s.Row, s.Col, f.Base)) }
}
