package checker

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

// TourSpec says what a tour check expects of an output. A `tour` scenario
// command's is a knight's tour of an N×N board (N and Options); an
// exercise's own puzzle sets Puzzle, and then its Format, Where and
// Command, and N and Options are not read.
type TourSpec struct {
	N       int
	Options reference.TourOptions
	Puzzle  *reference.Touring
	// Format is the tour's format, numbers or path; the zero value is
	// numbers from Options.Base.
	Format  Format
	Where   string // "ROWS = 5 and COLS = 8", for messages
	Command string // the scenario's command, for the grader's own errors
}

// maxTourN bounds the board a tour check accepts, so that a scenario's typo
// cannot make the grader allocate gigabytes.
const maxTourN = 2000

// knightTour is the puzzle of a `tour` command: a knight's tour of an N×N
// board from Options.Start, numbered from Options.Base.
func (s TourSpec) knightTour() (reference.Touring, Format) {
	start := s.Options.Start
	t := reference.Touring{Board: reference.SquareBoard(s.N), Moves: reference.KnightMoves, Closed: s.Options.Closed, Start: &start, Name: reference.Noun{One: "knight", Many: "knights"}}
	f := puzzle.Moves
	f.Base = s.Options.Base
	return t, f
}

// Problem is the failure of every output when no output can pass the
// spec: a puzzle or format no tour can be printed in. nil when one may.
func (s TourSpec) Problem() *Failure {
	if s.Puzzle == nil {
		if s.N < 1 || s.N > maxTourN {
			return invalid(fmt.Sprintf("checker: tour N must be between 1 and %d, got %d", maxTourN, s.N))
		}
		return nil
	}
	if err := s.Puzzle.Validate(); err != nil {
		return invalid(fmt.Sprintf("checker: %s: %v", s.Command, err))
	}
	if !s.Format.ForTour() || s.Format.Validate() != nil {
		return invalid(fmt.Sprintf("checker: %s: the format %q prints no tour", s.Command, s.Format.Name))
	}
	return nil
}

// Tour judges output as a tour: N lines of N whole numbers separated by
// spaces or tabs (right-aligned columns are fine), blank lines ignored,
// then reference.Touring.Check's rules; or, in a path format, the squares
// in the order visited. nil when output is a valid tour.
//
// A transposed tour of a square board is a tour too: a leap stays one
// when rows and columns swap, so such a board passes when its start square
// allows it.
func Tour(output []byte, spec TourSpec) *Failure {
	if f := spec.Problem(); f != nil {
		return f
	}
	t, f := spec.knightTour()
	if spec.Puzzle != nil {
		t, f = *spec.Puzzle, spec.Format
	}
	if f.Style == puzzle.Path {
		return tourPath(output, t, f)
	}
	return tourNumbers(output, t, f.Base)
}

// tourNumbers judges output as the matrix of a tour's move numbers.
func tourNumbers(output []byte, t reference.Touring, base int) *Failure {
	b := t.Board
	rowsN, cols := b.Rows, b.Cols
	first, last := base, base+b.Squares()-1
	size := boardSize(b)
	sc := lineScanner{data: output}
	numbers := make([][]int, 0, rowsN)
	lines := make([]int, 0, rowsN) // the output line of each row
	huge := map[reference.Square][]byte{}
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
			continue
		}
		r := len(numbers)
		if r == rowsN {
			if f := bytes.Fields(trimRight(line[:min(len(line), 64)])); len(f) > 0 {
				if _, whole, _ := parseWhole(f[0]); !whole {
					return lineFail(num, fmt.Sprintf("expected only the tour's %s, got %s after them", plural(int64(rowsN), "row", "rows"), quote(trimRight(line))),
						say("checker.tour.after_rows", argInt("count", rowsN), argVerbatim("got", quote(trimRight(line)))))
				}
			}
			return lineFail(num, fmt.Sprintf("more than %s of numbers; %s tour has %d", plural(int64(rowsN), "row", "rows"), size, rowsN),
				say("checker.tour.too_many_rows", argInt("count", rowsN), argMsg("size", sizeMsg(b))))
		}
		row := make([]int, 0, cols)
		count := 0
		for i := 0; i < len(line); {
			for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
				i++
			}
			if i == len(line) {
				break
			}
			start := i
			for i < len(line) && line[i] != ' ' && line[i] != '\t' {
				i++
			}
			tok := line[start:i]
			v, whole, fits := parseWhole(tok)
			switch {
			case !whole && bytes.ContainsRune(tok, ',') && bytes.ContainsAny(tok, "0123456789"):
				return lineFail(num, fmt.Sprintf("separate the numbers with spaces, not commas: got %s", quote(trimRight(line))),
					say("checker.tour.commas", argVerbatim("got", quote(trimRight(line)))))
			case !whole && count == 0:
				return lineFail(num, fmt.Sprintf("expected a row of %s separated by spaces, got %s", plural(int64(cols), "number", "numbers"), quote(trimRight(line))),
					say("checker.tour.row_expected", argInt("count", cols), argVerbatim("got", quote(trimRight(line)))))
			case !whole:
				return lineFail(num, fmt.Sprintf("%s is not a whole number", quote(tok)), say("checker.list.not_whole", argVerbatim("got", quote(tok))))
			}
			if count < cols {
				if !fits {
					huge[reference.Square{Row: r, Col: count}] = tok
					v = -1
				}
				row = append(row, v)
			}
			count++
		}
		if count != cols {
			english := fmt.Sprintf("line %d has %s; %s tour needs %d", num, plural(int64(count), "number", "numbers"), size, cols)
			m := say("checker.tour.row_length", argInt("line", num), argInt("count", count), argMsg("size", sizeMsg(b)), argInt("want", cols))
			if count == rowsN*cols && rowsN > 1 {
				english += " on each of " + fmt.Sprint(rowsN) + " lines"
				m = say("checker.tour.row_length_each", argInt("line", num), argInt("count", count), argMsg("size", sizeMsg(b)), argInt("want", cols), argInt("rows", rowsN))
			}
			f := said(english, m)
			f.Line = num
			return f
		}
		numbers = append(numbers, row)
		lines = append(lines, num)
	}
	if len(numbers) == 0 {
		what, id := "printed nothing", "checker.printed_nothing"
		if len(output) > 0 {
			what, id = "printed only blank lines", "checker.printed_blank_lines"
		}
		f := said(what, say(id))
		shape := []MsgArg{argMsg("size", sizeMsg(b)), argMsg("lines", say("checker.lines", argInt("count", rowsN))), argMsg("numbers", say("checker.numbers", argInt("count", cols)))}
		english := fmt.Sprintf("expected %s %s's tour, %s of %s", size, t.Name.One, plural(int64(rowsN), "line", "lines"), plural(int64(cols), "number", "numbers"))
		if t.Name.One == "knight" {
			f.then(english, say("checker.tour.want_knight", shape...))
		} else {
			f.then(english, say("checker.tour.want", append(shape, leaper(t.Name.One))...))
		}
		return f
	}
	if len(numbers) < rowsN {
		f := said(fmt.Sprintf("printed %s of numbers; %s tour needs %d", plural(int64(len(numbers)), "row", "rows"), size, rowsN),
			say("checker.tour.too_few_rows", argInt("count", len(numbers)), argMsg("size", sizeMsg(b)), argInt("want", rowsN)))
		f.Line = lines[len(lines)-1]
		return f
	}
	pic := tourPicture(t, numbers)
	start := reference.Square{}
	if t.Start != nil {
		start = *t.Start
	}
	if f := tourBase(numbers, huge, start, t.Start != nil, first, last); f != nil {
		f.Tour = pic
		return f
	}
	if f, squares := unvisited(numbers, huge, lines, start, t.Start != nil, first, last); f != nil {
		f.Tour = pic
		pic.Highlight = squares
		return f
	}
	te := t.Check(numbers, base)
	if te == nil {
		return nil
	}
	f := &Failure{Message: te.Error(), Tour: pic}
	if m, ok := tourMsg(te); ok {
		f.Reason = &m
	}
	pic.Highlight = te.Squares
	lineOf := func(s reference.Square) int { return lines[s.Row] }
	switch te.Kind {
	case reference.OutOfRange:
		s := te.Squares[0]
		f.Line = lineOf(s)
		if tok, ok := huge[s]; ok {
			f.sayAs(fmt.Sprintf("%s is out of range %d..%d", quote(tok), first, last),
				say("checker.tour.text_out_of_range", argVerbatim("text", quote(tok)), argInt("first", first), argInt("last", last)))
		}
	case reference.Repeated:
		f.Line = lineOf(te.Squares[1])
	case reference.WrongStart:
		at := te.Squares[0]
		f.Line = lineOf(at)
		pic.Highlight = []reference.Square{at, start}
		switch s := start; {
		case numbers[s.Row][s.Col] == last && t.Check(renumbered(numbers, first, last), base) == nil:
			// Read from its end, it is right: that much the output
			// shows. Whether it was numbered backwards or started on
			// the wrong square, it does not.
			f.then(fmt.Sprintf("%d, its last number, is there: numbered from that end, it is a tour from %s", last, xyText(s)),
				say("checker.tour.backwards", argInt("last", last), argVerbatim("square", xyText(s))))
		case at == reference.Square{Row: s.Col, Col: s.Row}:
			f.aside("are rows and columns swapped?", say("checker.tour.swapped"))
		}
	case reference.BadMove:
		f.Line = lineOf(te.Squares[1])
	case reference.NotClosed:
		f.Line = lineOf(te.Squares[0])
	}
	if f.Line > 0 {
		f.onLine(f.Line)
	}
	return f
}

// tourMsg is te's English words, te.Error(), as a message, where the
// catalogs have them. The squares are as the output numbers them, (2,3):
// verbatim.
func tourMsg(te *reference.TourError) (Msg, bool) {
	xy := func(name string, s reference.Square) MsgArg { return argVerbatim(name, reference.XY(s)) }
	switch te.Kind {
	case reference.OutOfRange:
		return say("checker.tour.out_of_range", argInt("number", te.Number), argInt("first", te.Opts.Base), argInt("last", te.Opts.Base+te.Board.Squares()-1)), true
	case reference.Repeated:
		if len(te.Squares) == 2 {
			return say("checker.tour.twice", argInt("number", te.Number), xy("a", te.Squares[0]), xy("b", te.Squares[1])), true
		}
		// "5 appears 3 times, at (0,0), (1,2) and (2,3)"
		at := make([]string, len(te.Squares)-1)
		for i, s := range te.Squares[:len(at)] {
			at[i] = reference.XY(s)
		}
		return say("checker.tour.times", argInt("number", te.Number), argInt("count", len(te.Squares)),
			argVerbatim("squares", strings.Join(at, ", ")), xy("last", te.Squares[len(at)])), true
	case reference.Missing:
		return say("checker.tour.missing", argInt("number", te.Number)), true
	case reference.WrongStart:
		return say("checker.tour.wrong_start", argInt("number", te.Opts.Base), xy("at", te.Squares[0]), xy("start", te.Opts.Start)), true
	case reference.BadMove:
		if te.Name.One == "knight" {
			return say("checker.tour.knight_bad_move", argInt("from", te.Number), argInt("to", te.Number+1), xy("a", te.Squares[0]), xy("b", te.Squares[1])), true
		}
		return say("checker.tour.bad_move", argInt("from", te.Number), argInt("to", te.Number+1), xy("a", te.Squares[0]), xy("b", te.Squares[1]), leaper(te.Name.One)), true
	case reference.NotClosed:
		if te.Name.One == "knight" {
			return say("checker.tour.knight_not_closed", argInt("last", te.Number), xy("a", te.Squares[0]), argInt("first", te.Opts.Base), xy("b", te.Squares[1])), true
		}
		return say("checker.tour.not_closed", argInt("last", te.Number), xy("a", te.Squares[0]), leaper(te.Name.One), argInt("first", te.Opts.Base), xy("b", te.Squares[1])), true
	}
	return Msg{}, false
}

// tourPicture is the picture of a printed tour of t.
func tourPicture(t reference.Touring, numbers [][]int) *TourPicture {
	b := t.Board
	pic := &TourPicture{N: max(b.Rows, b.Cols), Numbers: numbers}
	if b.Rows != b.Cols {
		pic.Rows, pic.Cols = b.Rows, b.Cols
	}
	if !t.Moves.Equal(reference.KnightMoves) {
		pic.Piece = t.Name.One
		for _, mv := range t.Moves.List() {
			pic.Leaps = append(pic.Leaps, mv.Leap)
		}
	}
	return pic
}

// renumbered numbers a tour from its other end: first for last, and so on.
func renumbered(numbers [][]int, first, last int) [][]int {
	out := make([][]int, len(numbers))
	for i, row := range numbers {
		out[i] = make([]int, len(row))
		for j, v := range row {
			out[i][j] = first + last - v
		}
	}
	return out
}

// xyText writes a square as the tour's messages do: (row,col).
func xyText(s reference.Square) string { return fmt.Sprintf("(%d,%d)", s.Row, s.Col) }

// tourBase catches a tour numbered from the wrong base: every number is
// there, shifted by one.
func tourBase(numbers [][]int, huge map[reference.Square][]byte, start reference.Square, fixed bool, first, last int) *Failure {
	if len(huge) > 0 {
		return nil
	}
	lo, hi := numbers[0][0], numbers[0][0]
	for _, row := range numbers {
		for _, v := range row {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	switch {
	case lo == first+1 && hi == last+1:
		return numberedFrom(lo, first)
	case lo == first-1 && hi == last-1 && (!fixed || numbers[start.Row][start.Col] == lo):
		// Only when the start holds the lowest number: a tour one move
		// short with -1 on the square it never reached is not shifted.
		return numberedFrom(lo, first)
	}
	return nil
}

// unvisited catches squares a tour never reached but printed a number for
// anyway: a number below the first (-1, the usual "not visited yet"), or
// the first number again away from the start (a board initialised to 0).
// Saying "out of range" or "repeated" there hides the real fault: the
// search stopped short.
func unvisited(numbers [][]int, huge map[reference.Square][]byte, lines []int, start reference.Square, fixed bool, first, last int) (*Failure, []reference.Square) {
	var squares []reference.Square
	for r, row := range numbers {
		for c, v := range row {
			if _, ok := huge[reference.Square{Row: r, Col: c}]; !ok && v < first {
				squares = append(squares, reference.Square{Row: r, Col: c})
			}
		}
	}
	if len(squares) == 0 && fixed && numbers[start.Row][start.Col] == first {
		for r, row := range numbers {
			for c, v := range row {
				if s := (reference.Square{Row: r, Col: c}); v == first && s != start {
					squares = append(squares, s)
				}
			}
		}
	}
	total := len(numbers) * len(numbers[0])
	if len(squares) == 0 || len(squares) >= total-1 {
		return nil, nil
	}
	// What the visited squares hold: first..end, all different, tells
	// where the tour stopped; a single gap tells which number is missing.
	marked := map[reference.Square]bool{}
	for _, s := range squares {
		marked[s] = true
	}
	seen := map[int]bool{}
	distinct := true
	for r, row := range numbers {
		for c, v := range row {
			if marked[reference.Square{Row: r, Col: c}] {
				continue
			}
			if seen[v] {
				distinct = false
			}
			seen[v] = true
		}
	}
	s := squares[0]
	v := numbers[s.Row][s.Col]
	f := said(fmt.Sprintf("square %s holds %d, so it was never visited", xyText(s), v),
		say("checker.tour.unvisited", argVerbatim("square", xyText(s)), argInt("number", v)))
	if k := len(squares) - 1; k > 0 {
		f.aside(fmt.Sprintf("nor %s", plural(int64(k), "other square", "other squares")), say("checker.tour.unvisited_others", argInt("count", k)))
	}
	end := first + len(seen) - 1
	var missing []int
	for v := first; v <= last && len(missing) < 2; v++ {
		if !seen[v] {
			missing = append(missing, v)
		}
	}
	switch {
	case !distinct:
	case len(missing) > 0 && missing[0] == end+1:
		f.then(fmt.Sprintf("the tour ends at %d, not %d", end, last), say("checker.tour.ends_at", argInt("end", end), argInt("last", last)))
	case len(missing) == 1:
		f.then(fmt.Sprintf("no square holds %d", missing[0]), say("checker.tour.no_square_holds", argInt("number", missing[0])))
	}
	f.onLine(lines[s.Row])
	f.Line = lines[s.Row]
	return f, squares
}

// parseWhole reads a whole number: an optional minus sign and digits. fits
// is false when it is too big for an int, which no tour can hold anyway.
func parseWhole(tok []byte) (v int, whole, fits bool) {
	neg := len(tok) > 0 && tok[0] == '-'
	digits := tok
	if neg {
		digits = tok[1:]
	}
	if len(digits) == 0 {
		return 0, false, false
	}
	fits = true
	for _, b := range digits {
		if b < '0' || b > '9' {
			return 0, false, false
		}
		// Half of MaxInt: the same bound as before on 64-bit machines, and
		// a constant that fits on 32-bit ones.
		if v > (math.MaxInt>>1)/10 {
			fits = false
			continue
		}
		v = v*10 + int(b-'0')
	}
	if neg {
		v = -v
	}
	return v, true, fits
}

// boardSize is "an 8×8", "a 5×8": the article goes with how the first
// number is said.
func boardSize(b reference.Board) string {
	s := b.Size()
	d := fmt.Sprint(b.Rows)
	if d[0] == '8' || b.Rows == 11 || b.Rows == 18 || len(d) == 4 && (d[:2] == "11" || d[:2] == "18") {
		return "an " + s
	}
	return "a " + s
}

// sizeMsg is boardSize(b) as a message: "a 5×5", "an 8×8" in English.
func sizeMsg(b reference.Board) Msg {
	if boardSize(b)[:3] == "an " {
		return say("checker.size_an", argVerbatim("size", b.Size()))
	}
	return say("checker.size_a", argVerbatim("size", b.Size()))
}

// numberedFrom is the failure of a tour numbered from lo, not first.
func numberedFrom(lo, first int) *Failure {
	return said(fmt.Sprintf("the tour is numbered from %d; it must start at %d", lo, first),
		say("checker.tour.numbered_from", argInt("from", lo), argInt("first", first)))
}
