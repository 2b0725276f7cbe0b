package checker

import (
	"fmt"

	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

// A path format prints a tour as its squares in the order visited, on one
// line: "a1 b5 c1 ..." or "(0,0) (1,4) ...". tourPath reads the line with
// the line styles' reader and judges the path step by step, naming the
// squares as the output wrote them.

// tourPath judges output as a tour of t in the path format f.
func tourPath(output []byte, t reference.Touring, f Format) *Failure {
	b := t.Board
	name := squareNamer(f)
	r := lineReader{f: f, spec: PlacementSpec{Puzzle: reference.Placing{Board: b}}}
	if f.Pair != "" {
		r.f.Style = puzzle.Pairs
		r.pair, _ = puzzle.ParsePair(f.Pair)
	} else {
		r.f.Style = puzzle.Algebraic
	}
	sc := lineScanner{data: output}
	var path []reference.Square
	pathLine := 0
	for {
		line, ok := sc.next()
		if !ok {
			break
		}
		num := sc.num
		if fl := windowsLineEnding(line, num); fl != nil {
			return fl
		}
		if isBlank(line) {
			continue
		}
		if pathLine > 0 {
			return &Failure{Message: fmt.Sprintf("line %d: expected the whole path on one line, got a second line %s", num, quote(trimRight(line))), Line: num}
		}
		var fl *Failure
		if path, fl = r.read(trimRight(line), num, nil); fl != nil {
			if !r.startsLikeSolution(line) {
				fl.Message = fmt.Sprintf("line %d: expected the tour's squares in the order visited, as %s, got %s", num, r.shape(3), quote(trimRight(line)))
			}
			return fl
		}
		pathLine = num
	}
	if pathLine == 0 {
		what := "printed nothing"
		if len(output) > 0 {
			what = "printed only blank lines"
		}
		return &Failure{Message: fmt.Sprintf("%s; expected %s %s's tour, its %d squares in the order visited, as %s", what, boardSize(b), t.Name.One, b.Squares(), r.shape(3))}
	}
	fail := func(highlight []reference.Square, format string, args ...any) *Failure {
		pic := tourPicture(t, b.Numbers(path, 1))
		for _, s := range highlight {
			if b.Has(s) {
				pic.Highlight = append(pic.Highlight, s)
			}
		}
		return &Failure{Message: fmt.Sprintf("line %d: ", pathLine) + fmt.Sprintf(format, args...), Line: pathLine, Tour: pic}
	}
	step := map[reference.Square]int{} // the step (from 1) that first reaches a square
	for i, s := range path {
		if !b.Has(s) {
			return &Failure{Message: fmt.Sprintf("line %d: square %d of the path, %s, is off the %s board", pathLine, i+1, name(s), b.Size()), Line: pathLine}
		}
		if k, ok := step[s]; ok {
			return fail([]reference.Square{s}, "%s is visited twice, at steps %d and %d", name(s), k, i+1)
		}
		step[s] = i + 1
	}
	if len(path) != b.Squares() {
		return fail(nil, "the path visits %s; the %s board has %d", plural(int64(len(path)), "square", "squares"), b.Size(), b.Squares())
	}
	if t.Start != nil && len(path) > 0 && path[0] != *t.Start {
		return fail([]reference.Square{path[0], *t.Start}, "the path starts at %s; the tour must start at %s", name(path[0]), name(*t.Start))
	}
	for i := 1; i < len(path); i++ {
		if !t.Leap(path[i-1], path[i]) {
			return fail(path[i-1:i+1], "step %d -> %d goes from %s to %s, which is not a %s's move", i, i+1, name(path[i-1]), name(path[i]), t.Name.One)
		}
	}
	if last := len(path) - 1; t.Closed && last > 0 && !t.Leap(path[last], path[0]) {
		return fail([]reference.Square{path[last], path[0]}, "the tour is not closed: the last square, %s, is not a %s's move from the first, %s", name(path[last]), t.Name.One, name(path[0]))
	}
	return nil
}
