package checker

import (
	"bytes"
	"fmt"
	"math"

	"github.com/boardcheck/boardcheck/reference"
)

// TourSpec says what a `tour` scenario command expects of an output.
type TourSpec struct {
	N       int
	Options reference.TourOptions
}

// maxTourN bounds the board a tour check accepts, so that a scenario's typo
// cannot make the grader allocate gigabytes.
const maxTourN = 2000

// Tour judges output as a knight's tour: N lines of N whole numbers separated
// by spaces or tabs (right-aligned columns are fine), blank lines ignored,
// then reference.CheckTour's rules. nil when output is a valid tour.
//
// A transposed tour is a tour too: a knight's move stays one when rows and
// columns swap, so such a board passes when its start square allows it.
func Tour(output []byte, spec TourSpec) *Failure {
	n, opts := spec.N, spec.Options
	if n < 1 || n > maxTourN {
		return invalid(fmt.Sprintf("checker: tour N must be between 1 and %d, got %d", maxTourN, n))
	}
	first, last := opts.Base, opts.Base+n*n-1
	size := boardSize(n)
	sc := lineScanner{data: output}
	numbers := make([][]int, 0, n)
	lines := make([]int, 0, n) // the output line of each row
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
		if r == n {
			msg := fmt.Sprintf("line %d: more than %s of numbers; %s tour has %d", num, plural(int64(n), "row", "rows"), size, n)
			if f := bytes.Fields(trimRight(line[:min(len(line), 64)])); len(f) > 0 {
				if _, whole, _ := parseWhole(f[0]); !whole {
					msg = fmt.Sprintf("line %d: expected only the tour's %s, got %s after them", num, plural(int64(n), "row", "rows"), quote(trimRight(line)))
				}
			}
			return &Failure{Message: msg, Line: num}
		}
		row := make([]int, 0, n)
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
				return &Failure{
					Message: fmt.Sprintf("line %d: separate the numbers with spaces, not commas: got %s", num, quote(trimRight(line))),
					Line:    num,
				}
			case !whole && count == 0:
				return &Failure{
					Message: fmt.Sprintf("line %d: expected a row of %s separated by spaces, got %s", num, plural(int64(n), "number", "numbers"), quote(trimRight(line))),
					Line:    num,
				}
			case !whole:
				return &Failure{Message: fmt.Sprintf("line %d: %s is not a whole number", num, quote(tok)), Line: num}
			}
			if count < n {
				if !fits {
					huge[reference.Square{Row: r, Col: count}] = tok
					v = -1
				}
				row = append(row, v)
			}
			count++
		}
		if count != n {
			f := &Failure{
				Message: fmt.Sprintf("line %d has %s; %s tour needs %d", num, plural(int64(count), "number", "numbers"), size, n),
				Line:    num,
			}
			if count == n*n && n > 1 {
				f.Message += " on each of " + fmt.Sprint(n) + " lines"
			}
			return f
		}
		numbers = append(numbers, row)
		lines = append(lines, num)
	}
	if len(numbers) == 0 {
		what := "printed nothing"
		if len(output) > 0 {
			what = "printed only blank lines"
		}
		return &Failure{Message: fmt.Sprintf("%s; expected %s knight's tour, %s of %s", what, size, plural(int64(n), "line", "lines"), plural(int64(n), "number", "numbers"))}
	}
	if len(numbers) < n {
		return &Failure{
			Message: fmt.Sprintf("printed %s of numbers; %s tour needs %d", plural(int64(len(numbers)), "row", "rows"), size, n),
			Line:    lines[len(lines)-1],
		}
	}
	pic := &TourPicture{N: n, Numbers: numbers}
	if f := tourBase(numbers, huge, opts, first, last); f != nil {
		f.Tour = pic
		return f
	}
	if f, squares := unvisited(numbers, huge, lines, opts, first, last); f != nil {
		f.Tour = pic
		pic.Highlight = squares
		return f
	}
	te := reference.CheckTour(n, numbers, opts)
	if te == nil {
		return nil
	}
	f := &Failure{Message: te.Error(), Tour: pic}
	pic.Highlight = te.Squares
	lineOf := func(s reference.Square) int { return lines[s.Row] }
	switch te.Kind {
	case reference.OutOfRange:
		s := te.Squares[0]
		f.Line = lineOf(s)
		if tok, ok := huge[s]; ok {
			f.Message = fmt.Sprintf("%s is out of range %d..%d", quote(tok), first, last)
		}
	case reference.Repeated:
		f.Line = lineOf(te.Squares[1])
	case reference.WrongStart:
		at := te.Squares[0]
		f.Line = lineOf(at)
		pic.Highlight = []reference.Square{at, opts.Start}
		switch s := opts.Start; {
		case numbers[s.Row][s.Col] == last:
			f.Message += fmt.Sprintf("; %d is there: is the tour numbered backwards?", last)
		case at == reference.Square{Row: s.Col, Col: s.Row}:
			f.Message += " (are rows and columns swapped?)"
		}
	case reference.BadMove:
		f.Line = lineOf(te.Squares[1])
	case reference.NotClosed:
		f.Line = lineOf(te.Squares[0])
	}
	if f.Line > 0 {
		f.Message = fmt.Sprintf("line %d: %s", f.Line, f.Message)
	}
	return f
}

// tourBase catches a tour numbered from the wrong base: every number is
// there, shifted by one.
func tourBase(numbers [][]int, huge map[reference.Square][]byte, opts reference.TourOptions, first, last int) *Failure {
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
		return &Failure{Message: fmt.Sprintf("the tour is numbered from %d; it must start at %d", lo, first)}
	case lo == first-1 && hi == last-1 && numbers[opts.Start.Row][opts.Start.Col] == lo:
		// Only when the start holds the lowest number: a tour one move
		// short with -1 on the square it never reached is not shifted.
		return &Failure{Message: fmt.Sprintf("the tour is numbered from %d; it must start at %d", lo, first)}
	}
	return nil
}

// unvisited catches squares a tour never reached but printed a number for
// anyway: a number below the first (-1, the usual "not visited yet"), or
// the first number again away from the start (a board initialised to 0).
// Saying "out of range" or "repeated" there hides the real fault: the
// search stopped short.
func unvisited(numbers [][]int, huge map[reference.Square][]byte, lines []int, opts reference.TourOptions, first, last int) (*Failure, []reference.Square) {
	var squares []reference.Square
	for r, row := range numbers {
		for c, v := range row {
			if _, ok := huge[reference.Square{Row: r, Col: c}]; !ok && v < first {
				squares = append(squares, reference.Square{Row: r, Col: c})
			}
		}
	}
	if len(squares) == 0 && numbers[opts.Start.Row][opts.Start.Col] == first {
		for r, row := range numbers {
			for c, v := range row {
				if s := (reference.Square{Row: r, Col: c}); v == first && s != opts.Start {
					squares = append(squares, s)
				}
			}
		}
	}
	n := len(numbers)
	if len(squares) == 0 || len(squares) >= n*n-1 {
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
	msg := fmt.Sprintf("line %d: square (%d,%d) holds %d, so it was never visited", lines[s.Row], s.Row, s.Col, numbers[s.Row][s.Col])
	if k := len(squares) - 1; k > 0 {
		msg += fmt.Sprintf(" (nor %s)", plural(int64(k), "other square", "other squares"))
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
		msg += fmt.Sprintf("; the tour ends at %d, not %d", end, last)
	case len(missing) == 1:
		msg += fmt.Sprintf("; no square holds %d", missing[0])
	}
	return &Failure{Message: msg, Line: lines[s.Row]}, squares
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

// boardSize is "an 8×8", "a 5×5": the article goes with how the number is
// said.
func boardSize(n int) string {
	s := fmt.Sprintf("%d×%d", n, n)
	d := fmt.Sprint(n)
	if d[0] == '8' || n == 11 || n == 18 || len(d) == 4 && (d[:2] == "11" || d[:2] == "18") {
		return "an " + s
	}
	return "a " + s
}
