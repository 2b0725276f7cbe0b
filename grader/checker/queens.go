package checker

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

// QueensSpec says what a `queens` scenario command expects of an output:
// the N-Queens or N-Rooks puzzle, in a format. It is the PlacementSpec of
// piece.Puzzle(N) (see placements).
type QueensSpec struct {
	N      int
	Piece  reference.Piece // reference.Queen or reference.Rook
	Format Format
	Mode   Mode
	// Order asks, for All, that solutions come in an order: AnyOrder (the
	// zero value), Ascending (lexicographic, as reference.Queens and
	// reference.Rooks yield them) or Descending (the reverse).
	Order Order
}

// PlacementSpec says what a placement check expects of an output: the
// solutions of Puzzle (all, one, none) as Format prints them.
type PlacementSpec struct {
	Puzzle reference.Placing
	// Where names the puzzle's arguments in messages: "N = 8".
	Where  string
	Format Format
	Mode   Mode
	Order  Order
	// Command is the scenario's command, for the grader's own errors:
	// "queens one 3".
	Command string
}

// maxAllN is the largest N whose every solution can be checked: the
// reference knows the number of N-Queens solutions up to 27.
const maxAllN = 27

// Queens judges output against spec: nil when it holds what spec asks, else
// the first fault in output order.
func Queens(output []byte, spec QueensSpec) *Failure {
	if f := spec.check(); f != nil {
		return f
	}
	return Placements(output, spec.placements())
}

// placements is the spec as a placement puzzle: the board format draws
// the piece's letter.
func (s QueensSpec) placements() PlacementSpec {
	return PlacementSpec{
		Puzzle:  s.Piece.Puzzle(s.N),
		Where:   fmt.Sprintf("N = %d", s.N),
		Format:  s.Format.WithPiece(s.Piece.String()),
		Mode:    s.Mode,
		Order:   s.Order,
		Command: fmt.Sprintf("queens %s %d", s.Mode, s.N),
	}
}

// Placements judges output against spec: nil when it holds what spec asks,
// else the first fault in output order.
//
// Every solution is checked as it is read; no reference enumeration is
// needed when the output is right, since solutions that are each valid and
// all distinct are all of them exactly when there are as many as the
// reference counts. The enumeration runs only to name a missing solution.
func Placements(output []byte, spec PlacementSpec) *Failure {
	return placements(output, spec, false)
}

// PlacementsGeneric is Placements judging every solution by the board's
// sets of attacked squares even for the N-Queens and N-Rooks puzzles,
// which Placements checks by the lines in use: for the tests and
// benchmarks that hold the two to the same verdicts and compare their
// speed.
func PlacementsGeneric(output []byte, spec PlacementSpec) *Failure {
	return placements(output, spec, true)
}

func placements(output []byte, spec PlacementSpec, generic bool) *Failure {
	if f := spec.check(); f != nil {
		return f
	}
	j, f := newJudge(spec, len(output), generic)
	if f != nil {
		return f
	}
	if j.want == 0 && spec.Mode == One {
		return invalid(fmt.Sprintf("checker: %s: %s has no solution; the scenario should ask for none", spec.Command, spec.Where))
	}
	if spec.Mode != None && isBlank(bytes.TrimSpace(output)) {
		if spec.Mode == All && j.want == 0 {
			return nil
		}
		return j.nothing(output)
	}
	f = parsePlacements(output, spec, j.take)
	if spec.Mode == All {
		// Repeats are found once the parse stops, at the end or at its
		// first fault; the earlier of the two is the one to report.
		if at, earlier := j.set.repeat(); earlier > 0 && (f == nil || f.Line == 0 || int(at.first) < f.Line) {
			return repeats(&candidate{first: int(at.first), last: int(at.last), grid: spec.Format.Style == puzzle.Board}, earlier)
		}
	}
	if f != nil {
		return f
	}
	return j.finish()
}

// parsePlacements reads output in spec's format and hands each solution it
// holds to take, in output order.
func parsePlacements(output []byte, spec PlacementSpec, take func(*candidate) *Failure) *Failure {
	f := spec.Format
	switch {
	case f == puzzle.List:
		return parseList(output, spec, take)
	case f.Style == puzzle.Board:
		return parseGrid(output, spec, gridRowReader(spec), take)
	case f.Style == puzzle.JSON:
		return parseJSON(output, spec, take)
	}
	return parseLines(output, spec, take)
}

// repeats is the failure for c printed a second time, first at line earlier.
func repeats(c *candidate, earlier int) *Failure {
	f := said(fmt.Sprintf("line %d repeats line %d", c.first, earlier),
		say("checker.repeats", argInt("line", c.first), argInt("earlier", earlier)))
	if c.grid || c.first != c.last {
		f = said(fmt.Sprintf("the %s repeats the board at line %d", c.where(), earlier),
			say("checker.repeats_board", argMsg("where", c.whereMsg()), argInt("earlier", earlier)))
	}
	f.Line = c.first
	return f
}

// check refuses a spec no output can meet: a scenario's mistake, said as
// the grader's own.
func (s QueensSpec) check() *Failure {
	switch {
	case s.N < 1:
		return invalid(fmt.Sprintf("checker: N must be at least 1, got %d", s.N))
	case s.Piece != reference.Queen && s.Piece != reference.Rook:
		return invalid(fmt.Sprintf("checker: unknown piece %v", s.Piece))
	case s.Mode == All && s.Piece == reference.Queen && s.N > maxAllN:
		return invalid(fmt.Sprintf("checker: queens all %d: the number of solutions is known only up to N = %d", s.N, maxAllN))
	case s.Mode == All && s.Piece == reference.Rook && s.N > 20:
		return invalid(fmt.Sprintf("checker: queens -rooks all %d: %d! solutions are too many to print", s.N, s.N))
	}
	return nil
}

// Problem is the failure of every output when no output can pass the
// spec, found without solving its puzzle: nil when one may.
func (s PlacementSpec) Problem() *Failure { return s.check() }

// check refuses a spec no output can meet.
func (s PlacementSpec) check() *Failure {
	if err := s.Format.Validate(); err != nil || s.Format.Style == "" || s.Format.ForTour() {
		return invalid(fmt.Sprintf("checker: %s: the format %q prints no placement", s.Command, s.Format.Name))
	}
	if _, err := ParseMode(string(s.Mode)); err != nil {
		return invalid(err.Error())
	}
	switch s.Order {
	case AnyOrder, Ascending, Descending:
	default:
		return invalid(fmt.Sprintf("checker: unknown order %q", s.Order))
	}
	if err := s.Puzzle.Validate(); err != nil {
		return invalid(fmt.Sprintf("checker: %s: %v", s.Command, err))
	}
	if s.Format.Style == puzzle.Permutation && !oneARow(s.Puzzle) {
		return invalid(fmt.Sprintf("checker: %s: a permutation prints one column a row, and this puzzle's solutions need not have one piece a row", s.Command))
	}
	if s.Format.Style == puzzle.Algebraic && s.Puzzle.Board.Cols > puzzle.MaxAlgebraicCols {
		return invalid(fmt.Sprintf("checker: %s: algebraic squares name at most %d columns", s.Command, puzzle.MaxAlgebraicCols))
	}
	return nil
}

// oneARow reports whether every solution of p has one piece a row: it
// attacks along whole rows of a full board, with a piece for each row.
func oneARow(p reference.Placing) bool {
	if p.Count != p.Board.Rows || !p.Board.Full() {
		return false
	}
	for _, mv := range p.Moves.List() {
		if mv.Leap == (reference.Leap{Short: 0, Long: 1}) && (mv.Range == 0 || mv.Range >= p.Board.Cols-1) {
			return true
		}
	}
	return false
}

// A candidate is one solution as printed, before it is judged.
type candidate struct {
	first, last int // the output lines it spans
	grid        bool
	pieces      []reference.Square // in printed order
}

// where names the candidate for a message: "line 3", "board at lines 5-8".
func (c *candidate) where() string {
	if !c.grid && c.first == c.last {
		return fmt.Sprintf("line %d", c.first)
	}
	return "board at " + lineSpan(c.first, c.last)
}

// judge takes candidates in output order and remembers what it needs to
// judge the next one and the whole.
type judge struct {
	spec  PlacementSpec
	p     reference.Placing
	rows  int
	want  int64 // how many solutions there are (for One and None: 0 or 1, enough to know)
	count int64 // valid solutions taken
	first int   // the line of the first valid solution
	set   solutionSet
	// line is the queens' and rooks' path: one piece a row, the lines in
	// use in bool slices, the placement in cols. Any other puzzle takes
	// the geometry's sets of attacked squares.
	line                                 bool
	cols                                 reference.Placement
	usedRow, usedCol, usedDiag, usedAnti []bool
	geo                                  *reference.Geometry
	sorted                               []reference.Square
	occupied                             []uint64
}

func newJudge(spec PlacementSpec, outputLen int, generic bool) (*judge, *Failure) {
	p := spec.Puzzle
	j := &judge{spec: spec, p: p, rows: p.Board.Rows}
	piece, line := linePiece(p)
	line = line && !generic
	j.line = line
	var err error
	j.want, err = solutionCount(p, spec.Mode)
	if err != nil {
		return nil, invalid(fmt.Sprintf("checker: %s: %v", spec.Command, err))
	}
	n := j.rows
	if line {
		j.cols = make(reference.Placement, n)
		j.usedRow, j.usedCol = make([]bool, n), make([]bool, n)
		if piece == reference.Queen {
			j.usedDiag, j.usedAnti = make([]bool, 2*n), make([]bool, 2*n)
		}
	} else {
		j.geo = reference.NewGeometry(p.Board, p.Moves)
		j.occupied = make([]uint64, j.geo.Words())
	}
	if spec.Mode == All {
		// No output holds more solutions than it has lines of 2N+2 bytes;
		// sizing the set for the smaller bound spares regrowing it 365,596
		// keys long, and a huge count a huge allocation.
		size := int(min(j.want, int64(outputLen/(2*n+2)+1), 1<<22))
		// Mirroring every column (c to n-1-c) reverses lexicographic
		// order, so descending order is ascending order of the mirrors'
		// keys, and the set needs to know only one order.
		descending := spec.Order == Descending
		ordered := spec.Order != AnyOrder
		squares := p.Board.Rows * p.Board.Cols
		switch {
		case line && n <= 16:
			j.set = newKeyedSet(size, ordered, func(sq []reference.Square) uint64 { return packKey(sq, n, descending) })
		case line:
			j.set = newKeyedSet(size, ordered, func(sq []reference.Square) string { return stringKey(sq, n, descending) })
		case oneARow(p) && p.Board.Rows <= 16 && p.Board.Cols <= 16:
			// Every solution has a piece a row, row 0's first: its
			// columns are its key, as the queens' are.
			cols := p.Board.Cols
			j.set = newKeyedSet(size, ordered, func(sq []reference.Square) uint64 { return packKey(sq, cols, descending) })
		case squares <= 64:
			j.set = newKeyedSet(size, ordered, func(sq []reference.Square) uint64 { return maskKey(sq, p.Board.Cols, descending) })
		default:
			j.set = newKeyedSet(size, ordered, func(sq []reference.Square) string { return indexKey(sq, p.Board.Cols, descending) })
		}
	}
	return j, nil
}

// linePiece says whether p is the N-Queens or N-Rooks puzzle, which the
// judge checks by the lines in use.
func linePiece(p reference.Placing) (reference.Piece, bool) {
	if !p.Board.Full() || p.Board.Rows != p.Board.Cols || p.Count != p.Board.Rows {
		return 0, false
	}
	switch {
	case p.Moves.Equal(reference.QueenMoves):
		return reference.Queen, true
	case p.Moves.Equal(reference.RookMoves):
		return reference.Rook, true
	}
	return 0, false
}

// take judges one candidate.
func (j *judge) take(c *candidate) *Failure {
	spec, p := j.spec, j.p
	if spec.Mode == None {
		if len(c.pieces) == 0 {
			return nil // an empty board says "no solution"
		}
		f := &Failure{Line: c.first, Board: j.picture(c, nil, false)}
		if j.want == 0 {
			f.sayAs(fmt.Sprintf("%s: printed a placement, but %s has no solution", c.where(), spec.Where),
				say("checker.placement_but_none", argMsg("where", c.whereMsg()), argVerbatim("puzzle", spec.Where)))
		} else {
			f.sayAs(fmt.Sprintf("%s: printed a placement; expected no solution", c.where()),
				say("checker.placement_want_none", argMsg("where", c.whereMsg())))
		}
		return f
	}
	if len(c.pieces) != p.Count {
		name := p.Name.Many
		count := strconv.Itoa(len(c.pieces))
		switch len(c.pieces) {
		case 0:
			count = "no"
		case 1:
			name = p.Name.One
		}
		f := said(fmt.Sprintf("%s has %s %s; %s needs %d", c.where(), count, name, spec.Where, p.Count),
			say("checker.piece_count", argMsg("where", c.whereMsg()), argMsg("pieces", countedPieces(p.Name, len(c.pieces))), argVerbatim("puzzle", spec.Where), argInt("want", p.Count)))
		if len(c.pieces) == 0 {
			f.Reason = &Msg{ID: "checker.no_pieces", Args: []MsgArg{argMsg("where", c.whereMsg()), argMsg("pieces", kind(p.Name)), argVerbatim("puzzle", spec.Where), argInt("want", p.Count)}}
		}
		f.Line, f.Board = c.first, j.picture(c, nil, true)
		return f
	}
	if !j.valid(c.pieces) {
		pe := reference.CheckPieces(p, j.geo, c.pieces)
		f := &Failure{Line: c.first, Board: j.picture(c, pe, true)}
		if pe != nil {
			namer := squareNamer(spec.Format)
			f.Message = c.where() + ": " + pe.Describe(namer)
			if m, ok := placementMsg(pe, namer); ok {
				f.Reason = &Msg{ID: "checker.on_where", Args: []MsgArg{argMsg("where", c.whereMsg()), argMsg("what", m)}}
			}
			if spec.Format.BottomFirst {
				f.aside("row 0 is the board's last line", say("checker.bottom_first"))
			}
		} else {
			// valid and CheckPieces disagree: a bug here, but the
			// student still deserves a verdict that names the line.
			f.sayAs(fmt.Sprintf("%s: not a valid placement of %s", c.where(), p.Name.Count(p.Count)),
				say("checker.not_valid", argMsg("where", c.whereMsg()), argMsg("pieces", countedPieces(p.Name, p.Count))))
		}
		return f
	}
	j.count++
	switch spec.Mode {
	case One:
		if j.count > 1 {
			return at(c.first, fmt.Sprintf("%s: a second solution (the first is at line %d); print exactly one", c.where(), j.first),
				say("checker.second_solution", argMsg("where", c.whereMsg()), argInt("first", j.first)))
		}
		j.first = c.first
	case All:
		dup, before := j.set.add(j.sorted, c.first, c.last)
		if dup > 0 {
			return repeats(c, dup)
		}
		if before > 0 {
			f := said(fmt.Sprintf("%s is out of order: %s belongs before line %d", c.where(), j.render(j.sorted), before),
				say("checker.out_of_order", argMsg("where", c.whereMsg()), argVerbatim("solution", j.render(j.sorted)), argInt("before", before)))
			if c.grid || c.first != c.last {
				f = said(fmt.Sprintf("the %s is out of order: it belongs before the board at line %d", c.where(), before),
					say("checker.out_of_order_board", argMsg("where", c.whereMsg()), argInt("before", before)))
			}
			f.Line = c.first
			return f
		}
	}
	return nil
}

// valid reports whether pieces, exactly as many as the puzzle asks, stand
// on the board and attack each other nowhere, and if so leaves them in
// j.sorted in reading order. It is CheckPieces's verdict at a fraction of
// its cost, which matters at 365,596 solutions.
func (j *judge) valid(pieces []reference.Square) bool {
	if j.line {
		return j.validLines(pieces)
	}
	j.sorted = append(j.sorted[:0], pieces...)
	// Pieces are mostly printed in reading order already: sort only
	// when they are not.
	for i := 1; i < len(j.sorted); i++ {
		if compareSquares(j.sorted[i-1], j.sorted[i]) >= 0 {
			slices.SortFunc(j.sorted, compareSquares)
			break
		}
	}
	b := &j.p.Board
	full := b.Full()
	for i, s := range j.sorted {
		if s.Row < 0 || s.Row >= b.Rows || s.Col < 0 || s.Col >= b.Cols || !full && !b.Has(s) || i > 0 && s == j.sorted[i-1] {
			return false
		}
	}
	return j.geo.Independent(j.sorted, j.occupied)
}

// validLines is valid for the N-Queens and N-Rooks puzzles: a piece a row,
// each line used once.
func (j *judge) validLines(pieces []reference.Square) bool {
	n := j.rows
	clear(j.usedRow)
	clear(j.usedCol)
	clear(j.usedDiag)
	clear(j.usedAnti)
	queen := j.usedDiag != nil
	for _, s := range pieces {
		r, c := s.Row, s.Col
		if r < 0 || r >= n || c < 0 || c >= n || j.usedRow[r] || j.usedCol[c] {
			return false
		}
		j.usedRow[r], j.usedCol[c] = true, true
		if queen {
			d, a := r-c+n, r+c
			if j.usedDiag[d] || j.usedAnti[a] {
				return false
			}
			j.usedDiag[d], j.usedAnti[a] = true, true
		}
		j.cols[r] = c
	}
	j.sorted = j.sorted[:0]
	for r, c := range j.cols {
		j.sorted = append(j.sorted, reference.Square{Row: r, Col: c})
	}
	return true
}

func compareSquares(a, b reference.Square) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

// picture draws a candidate, with the attack pe if any, and a nearby
// solution beside it when suggest is set.
func (j *judge) picture(c *candidate, pe *reference.PlacementError, suggest bool) *BoardPicture {
	b := j.newPicture()
	for _, s := range c.pieces {
		if j.p.Board.Has(s) {
			b.Pieces = append(b.Pieces, s)
		}
	}
	if pe != nil && pe.Kind == reference.Attack {
		b.Attackers = []reference.Square{pe.A, pe.B}
		b.Between = pe.Between
	}
	if suggest {
		if p := j.nearest(b.Pieces); p != nil {
			b.Suggestion = p
		}
	}
	return b
}

// newPicture is an empty picture of the puzzle's board.
func (j *judge) newPicture() *BoardPicture {
	b := j.p.Board
	pic := &BoardPicture{N: max(b.Rows, b.Cols), Piece: pieceGlyph(j.spec), BottomUp: j.spec.Format.BottomFirst}
	if b.Rows != b.Cols || !b.Full() {
		pic.Rows, pic.Cols, pic.Removed = b.Rows, b.Cols, b.Removed
	}
	return pic
}

// pieceGlyph is the letter a picture draws the piece with: the board
// format's glyph when it is one letter, else the name's first letter.
func pieceGlyph(spec PlacementSpec) byte {
	if g := spec.Format.Piece; len(g) == 1 && g[0] >= 'A' && g[0] <= 'Z' {
		return g[0]
	}
	if name := spec.Puzzle.Name.One; name != "" {
		return strings.ToUpper(name[:1])[0]
	}
	return 'Q'
}

// finish judges the output as a whole once every candidate has passed.
func (j *judge) finish() *Failure {
	switch j.spec.Mode {
	case One:
		if j.count == 0 {
			return j.nothing(nil)
		}
	case All:
		switch {
		case j.count < j.want:
			if j.count == 0 {
				return j.nothing(nil)
			}
			missing := j.missing()
			f := said(fmt.Sprintf("%d of %s missing, e.g. %s", j.want-j.count, plural(j.want, "solution", "solutions"), j.render(missing)),
				say("checker.missing", argInt64("missing", j.want-j.count), argInt64("count", j.want), argVerbatim("example", j.render(missing))))
			if missing != nil {
				f.Board = j.newPicture()
				f.Board.Suggestion = missing
			}
			return f
		case j.count > j.want:
			// Distinct valid solutions cannot outnumber the reference's
			// count; this says so should the two ever disagree.
			return said(fmt.Sprintf("printed %s; %s has %d", plural(int64(j.count), "solution", "solutions"), j.spec.Where, j.want),
				say("checker.too_many", argInt64("count", j.count), argVerbatim("puzzle", j.spec.Where), argInt64("want", j.want)))
		}
	}
	return nil
}

// nothing is the failure for an output without a single solution.
func (j *judge) nothing(output []byte) *Failure {
	printed, printedID := "printed nothing", "checker.printed_nothing"
	if len(output) > 0 {
		printed, printedID = "printed only blank lines", "checker.printed_blank_lines"
	}
	f := said(printed, say(printedID))
	how := j.describe()
	where := j.spec.Where
	puzzleArg := argVerbatim("puzzle", where)
	list := j.spec.Format == puzzle.List
	if j.spec.Mode == One {
		m := say("checker.want_one", puzzleArg, argMsg("how", how.m))
		if list {
			m = say("checker.want_one_list", puzzleArg, argVerbatim("shape", listExpected))
		}
		f.then(fmt.Sprintf("expected one solution for %s, %s", where, how.en), m)
		return f
	}
	if list {
		english := fmt.Sprintf("expected the %d solutions for %s, one per line", j.want, where)
		if j.want == 1 {
			english = fmt.Sprintf("expected the solution for %s, one per line", where)
		}
		f.then(english, wantList(j.want, where))
		return f
	}
	// A board is drawn over several lines ("each as 4 lines of ..."); a
	// line style prints a solution a line ("one per line, as a1 c2 ...").
	perLine := j.spec.Format.Style != puzzle.Board && j.spec.Format.Style != puzzle.JSON
	english := "expected the %d solutions for %s, each %s"
	id := "checker.want_all_each"
	if perLine {
		english, id = "expected the %d solutions for %s, one per line, %s", "checker.want_all_lines"
	}
	m := say(id, argInt64("count", j.want), puzzleArg, argMsg("how", how.m))
	english = fmt.Sprintf(english, j.want, where, how.en)
	if j.want == 1 {
		english = fmt.Sprintf("expected the solution for %s, each %s", where, how.en)
		id = "checker.want_the_each"
		if perLine {
			english, id = fmt.Sprintf("expected the solution for %s, one per line, %s", where, how.en), "checker.want_the_lines"
		}
		m = say(id, puzzleArg, argMsg("how", how.m))
	}
	f.then(english, m)
	return f
}

// describe says how the format writes one solution, for a message: "as
// [[r, c], ...]", "as 4 lines of 4 cells Q or . joined by |".
func (j *judge) describe() clause {
	f := j.spec.Format
	b := j.p.Board
	lines := countOf("checker.lines", b.Rows, "line", "lines")
	switch {
	case f == puzzle.List:
		return clause{"as " + listExpected, say("checker.shape.line", argVerbatim("shape", listExpected))}
	case f == puzzle.Matrix:
		values := countOf("checker.values", b.Cols, "value", "values")
		return clause{fmt.Sprintf("as %s of %s 0 or 1", lines.en, values.en),
			say("checker.shape.matrix", argMsg("lines", lines.m), argMsg("values", values.m))}
	case f.Style == puzzle.Board:
		cells := countOf("checker.cells", b.Cols, "cell", "cells")
		return clause{fmt.Sprintf("as %s of %s %s or %s %s", lines.en, cells.en, f.Piece, f.Empty, joined(f.Separator)),
			say("checker.shape.board", argMsg("lines", lines.m), argMsg("cells", cells.m), argMsg("glyphs", orList([]string{f.Piece, f.Empty})), argMsg("joined", joinedMsg(f.Separator)))}
	case f.Style == puzzle.JSON:
		rows := countOf("checker.rows", b.Rows, "row", "rows")
		numbers := countOf("checker.numbers", b.Cols, "number", "numbers")
		return clause{fmt.Sprintf("as a JSON array of %s of %s 0 or 1", rows.en, numbers.en),
			say("checker.shape.json", argMsg("rows", rows.m), argMsg("numbers", numbers.m))}
	}
	return clause{"as " + lineShape(f), say("checker.shape.line", argVerbatim("shape", lineShape(f)))}
}

// joined says how a board's cells are separated: "joined by |",
// "separated by spaces", "with nothing between them".
func joined(sep string) string {
	switch sep {
	case "":
		return "with nothing between them"
	case " ":
		return "separated by spaces"
	}
	return "joined by " + sep
}

// missing returns the first reference solution the output lacks.
func (j *judge) missing() []reference.Square {
	var found []reference.Square
	j.p.Each(searchBudget, func(sq []reference.Square) bool {
		if !j.set.has(sq) {
			found = slices.Clone(sq)
			return false
		}
		return true
	})
	return found
}

// nearestBudget bounds how many reference solutions nearest looks at: all
// of them up to N = 12 (14,200) for queens and N = 8 for rooks, the first
// ones beyond, so that a failure costs the grader milliseconds, not seconds.
const nearestBudget = 15_000

// nearest returns the reference solution that keeps the most of pieces, the
// first in the reference's order among equals; nil when there is none.
func (j *judge) nearest(pieces []reference.Square) []reference.Square {
	p := j.p
	piece, line := linePiece(p)
	n := p.Board.Rows
	budget := nearestBudget
	if line && piece == reference.Queen && n > 12 {
		// Past N = 12 the first solutions all start alike and the search
		// between them grows: a few thousand are as near as it gets cheaply.
		budget = 2_000
	}
	if line && piece == reference.Queen && n > 16 {
		pl, _ := reference.FirstQueens(n)
		return pl.Squares()
	}
	has := make(map[reference.Square]bool, len(pieces))
	for _, s := range pieces {
		has[s] = true
	}
	var best []reference.Square
	bestScore, seen := -1, 0
	p.Each(searchBudget, func(sq []reference.Square) bool {
		score := 0
		for _, s := range sq {
			if has[s] {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = slices.Clone(sq), score
			if score == len(sq) {
				return false
			}
		}
		seen++
		return seen < budget
	})
	return best
}

// render writes a solution as the spec's format prints it, on one line.
func (j *judge) render(sq []reference.Square) string {
	if sq == nil {
		return "(none found)"
	}
	f := j.spec.Format
	b := j.p.Board
	switch f.Style {
	case puzzle.Board:
		text := string(f.AppendSolution(nil, b, sq))
		return strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", " / ")
	}
	return strings.TrimSuffix(string(f.AppendSolution(nil, b, sq)), "\n")
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// searchBudget bounds the reference's searches while checking one output:
// about a second of the generic search. A puzzle that needs more is too
// large for a check, which verify reports.
const searchBudget = 50_000_000

// solutionCount is how many solutions p has, for All; for One and None only
// whether it has any matters. Counts are kept for the grader's lifetime, so
// that a class graded on one puzzle counts it once.
func solutionCount(p reference.Placing, mode Mode) (int64, error) {
	if piece, ok := linePiece(p); ok {
		n := p.Count
		if piece == reference.Rook {
			c := reference.CountRooks(n)
			if !c.IsInt64() {
				return 1<<63 - 1, nil
			}
			return c.Int64(), nil
		}
		if c, ok := reference.KnownQueensCount(n); ok {
			return c, nil
		}
		if mode == All {
			return reference.CountQueens(n), nil
		}
		return 1, nil // every N past the table has solutions
	}
	if mode != All {
		return cachedExists(p)
	}
	c, err := cachedCount(p)
	if err != nil {
		return 0, err
	}
	if !c.IsInt64() {
		return 1<<63 - 1, nil
	}
	return c.Int64(), nil
}

// A solutionSet remembers the solutions printed so far.
type solutionSet interface {
	// add records a solution (its squares in reading order), printed at
	// lines first..last. With sorted order it also judges it against what
	// came before: dup is the first line of an earlier printing of it,
	// before the first line of the first earlier solution it should have
	// come before; 0 when there is none.
	add(sq []reference.Square, first, last int) (dup, before int)
	// repeat finds, for any order, the first solution in output order
	// that repeats an earlier one: where it is and the first line of the
	// earlier one; zero spans when there is none.
	repeat() (at span, earlier int)
	// has reports whether a solution was added; call repeat first.
	has(sq []reference.Square) bool
}

// span is the output lines of one solution.
type span struct{ first, last int32 }

// keyedSet is a solutionSet over compact keys whose order is the solutions'
// lexicographic order. It keeps keys in a slice and sorts them once at the
// end rather than keep a hash map: for 365,596 solutions (N = 14) a map's
// two probes a line cost more than the whole parse.
type keyedSet[K cmp.Ordered] struct {
	key    func([]reference.Square) K
	sorted bool
	keys   []K    // in output order; with sorted, that order is sorted
	spans  []span // where each key was printed
	index  []K    // keys sorted, once repeat has run
}

func newKeyedSet[K cmp.Ordered](size int, sorted bool, key func([]reference.Square) K) *keyedSet[K] {
	return &keyedSet[K]{key: key, sorted: sorted, keys: make([]K, 0, size), spans: make([]span, 0, size)}
}

func (s *keyedSet[K]) add(sq []reference.Square, first, last int) (dup, before int) {
	k := s.key(sq)
	if s.sorted && len(s.keys) > 0 && k <= s.keys[len(s.keys)-1] {
		i, found := slices.BinarySearch(s.keys, k)
		if found {
			return int(s.spans[i].first), 0
		}
		return 0, int(s.spans[i].first)
	}
	s.keys = append(s.keys, k)
	s.spans = append(s.spans, span{int32(first), int32(last)})
	return 0, 0
}

func (s *keyedSet[K]) repeat() (span, int) {
	if s.sorted {
		s.index = s.keys // add refused every repeat already
		return span{}, 0
	}
	s.index = slices.Clone(s.keys)
	slices.Sort(s.index)
	twice := false
	for i := 1; i < len(s.index) && !twice; i++ {
		twice = s.index[i] == s.index[i-1]
	}
	if !twice {
		return span{}, 0
	}
	// Some key is there twice: a map, on this failing path only, finds
	// the first repeat in output order.
	seen := make(map[K]int32, len(s.keys))
	for i, k := range s.keys {
		if first, ok := seen[k]; ok {
			return s.spans[i], int(first)
		}
		seen[k] = s.spans[i].first
	}
	return span{}, 0
}

func (s *keyedSet[K]) has(sq []reference.Square) bool {
	_, found := slices.BinarySearch(s.index, s.key(sq))
	return found
}

// packKey packs a solution of one piece a row (n ≤ 16 columns), 4 bits a
// column, row 0 highest, so that comparing keys compares solutions
// lexicographically; mirrored, column c counts as n-1-c, so that it
// compares them in reverse.
func packKey(sq []reference.Square, n int, mirrored bool) uint64 {
	var k uint64
	for _, s := range sq {
		c := s.Col
		if mirrored {
			c = n - 1 - c
		}
		k = k<<4 | uint64(c)
	}
	return k
}

// stringKey is the key for N > 16, one byte a column (N ≤ 27 here).
func stringKey(sq []reference.Square, n int, mirrored bool) string {
	b := make([]byte, len(sq))
	for i, s := range sq {
		c := s.Col
		if mirrored {
			c = n - 1 - c
		}
		b[i] = byte(c)
	}
	return string(b)
}

// maskKey is the key of a solution on a board of at most 64 squares: a bit
// a square, square i at bit 63-i. Among sets of one size, the set with the
// smaller first differing square has the larger mask, so the complement
// orders them lexicographically, and the mask itself in reverse.
func maskKey(sq []reference.Square, cols int, descending bool) uint64 {
	var m uint64
	for _, s := range sq {
		m |= 1 << (63 - (s.Row*cols + s.Col))
	}
	if descending {
		return m
	}
	return ^m
}

// indexKey is the key on a larger board: the squares' indices, two bytes
// each, in reading order; complemented for the reverse order.
func indexKey(sq []reference.Square, cols int, descending bool) string {
	b := make([]byte, 0, 2*len(sq))
	for _, s := range sq {
		i := s.Row*cols + s.Col
		if descending {
			i = 0xffff - i
		}
		b = append(b, byte(i>>8), byte(i))
	}
	return string(b)
}

// wantList is what a check of every solution, as lists, expected.
func wantList(want int64, where string) Msg {
	if want == 1 {
		return say("checker.want_the_list", argVerbatim("puzzle", where))
	}
	return say("checker.want_all_list", argInt64("count", want), argVerbatim("puzzle", where))
}
