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
			got := quote(trimRight(line))
			return lineFail(num, fmt.Sprintf("expected the whole path on one line, got a second line %s", got), say("checker.path.second_line", argVerbatim("got", got)))
		}
		var fl *Failure
		if path, fl = r.read(trimRight(line), num, nil); fl != nil {
			if !r.startsLikeSolution(line) {
				got := quote(trimRight(line))
				fl = lineFail(num, fmt.Sprintf("expected the tour's squares in the order visited, as %s, got %s", r.shape(3), got),
					say("checker.path.expected", argVerbatim("shape", r.shape(3)), argVerbatim("got", got)))
			}
			return fl
		}
		pathLine = num
	}
	if pathLine == 0 {
		what, id := "printed nothing", "checker.printed_nothing"
		if len(output) > 0 {
			what, id = "printed only blank lines", "checker.printed_blank_lines"
		}
		f := said(what, say(id))
		args := []MsgArg{argMsg("size", sizeMsg(b)), argInt("count", b.Squares()), argVerbatim("shape", r.shape(3))}
		english := fmt.Sprintf("expected %s %s's tour, its %s in the order visited, as %s", boardSize(b), t.Name.One, plural(int64(b.Squares()), "square", "squares"), r.shape(3))
		if t.Name.One == "knight" {
			f.then(english, say("checker.path.want_knight", args...))
		} else {
			f.then(english, say("checker.path.want", append(args, leaper(t.Name.One))...))
		}
		return f
	}
	fail := func(highlight []reference.Square, m Msg, format string, args ...any) *Failure {
		pic := tourPicture(t, b.Numbers(path, 1))
		for _, s := range highlight {
			if b.Has(s) {
				pic.Highlight = append(pic.Highlight, s)
			}
		}
		f := lineFail(pathLine, fmt.Sprintf(format, args...), m)
		f.Tour = pic
		return f
	}
	sq := func(arg string, s reference.Square) MsgArg { return argMsg(arg, squareMsg(name, s)) }
	step := map[reference.Square]int{} // the step (from 1) that first reaches a square
	for i, s := range path {
		if !b.Has(s) {
			return lineFail(pathLine, fmt.Sprintf("square %d of the path, %s, is off the %s board", i+1, name(s), b.Size()),
				say("checker.path.off_board", argInt("index", i+1), sq("square", s), argVerbatim("size", b.Size())))
		}
		if k, ok := step[s]; ok {
			return fail([]reference.Square{s}, say("checker.path.twice", sq("square", s), argInt("first", k), argInt("second", i+1)),
				"%s is visited twice, at steps %d and %d", name(s), k, i+1)
		}
		step[s] = i + 1
	}
	if len(path) != b.Squares() {
		return fail(nil, say("checker.path.length", argInt("count", len(path)), argVerbatim("size", b.Size()), argInt("want", b.Squares())),
			"the path visits %s; the %s board has %d", plural(int64(len(path)), "square", "squares"), b.Size(), b.Squares())
	}
	if t.Start != nil && len(path) > 0 && path[0] != *t.Start {
		return fail([]reference.Square{path[0], *t.Start}, say("checker.path.wrong_start", sq("at", path[0]), sq("start", *t.Start)),
			"the path starts at %s; the tour must start at %s", name(path[0]), name(*t.Start))
	}
	knight := t.Name.One == "knight"
	for i := 1; i < len(path); i++ {
		if !t.Leap(path[i-1], path[i]) {
			args := []MsgArg{argInt("from", i), argInt("to", i+1), sq("a", path[i-1]), sq("b", path[i])}
			m := say("checker.path.knight_bad_move", args...)
			if !knight {
				m = say("checker.path.bad_move", append(args, leaper(t.Name.One))...)
			}
			return fail(path[i-1:i+1], m, "step %d -> %d goes from %s to %s, which is not a %s's move", i, i+1, name(path[i-1]), name(path[i]), t.Name.One)
		}
	}
	if last := len(path) - 1; t.Closed && last > 0 && !t.Leap(path[last], path[0]) {
		args := []MsgArg{sq("last", path[last]), sq("first", path[0])}
		m := say("checker.path.knight_not_closed", args...)
		if !knight {
			m = say("checker.path.not_closed", append(args, leaper(t.Name.One))...)
		}
		return fail([]reference.Square{path[last], path[0]}, m, "the tour is not closed: the last square, %s, is not a %s's move from the first, %s", name(path[last]), t.Name.One, name(path[0]))
	}
	return nil
}
