package checker

import (
	"bytes"
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/reference"
)

// QueensSpec says what a `queens` scenario command expects of an output.
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

// maxAllN is the largest N whose every solution can be checked: the
// reference knows the number of N-Queens solutions up to 27.
const maxAllN = 27

// Queens judges output against spec: nil when it holds what spec asks, else
// the first fault in output order.
//
// Every solution line is checked as it is read; no reference enumeration is
// needed when the output is right, since solutions that are each valid and
// all distinct are all of them exactly when there are as many as the
// reference counts. The enumeration runs only to name a missing solution.
func Queens(output []byte, spec QueensSpec) *Failure {
	if f := spec.check(); f != nil {
		return f
	}
	j := newJudge(spec, len(output))
	if j.want == 0 && spec.Mode == One {
		return invalid(fmt.Sprintf("checker: queens one %d: N = %d has no solution; the scenario should ask for none", spec.N, spec.N))
	}
	if spec.Mode != None && isBlank(bytes.TrimSpace(output)) {
		if spec.Mode == All && j.want == 0 {
			return nil
		}
		return j.nothing(output)
	}
	var f *Failure
	switch spec.Format {
	case FormatList:
		f = parseList(output, spec, j.take)
	case FormatMatrix:
		f = parseGrid(output, spec, matrixRow, j.take)
	case FormatBoard:
		f = parseGrid(output, spec, boardRow, j.take)
	case FormatJSON:
		f = parseJSON(output, spec, j.take)
	}
	if spec.Mode == All {
		// Repeats are found once the parse stops, at the end or at its
		// first fault; the earlier of the two is the one to report.
		if at, earlier := j.set.repeat(); earlier > 0 && (f == nil || f.Line == 0 || int(at.first) < f.Line) {
			return repeats(&candidate{first: int(at.first), last: int(at.last), grid: spec.Format == FormatMatrix || spec.Format == FormatBoard}, earlier)
		}
	}
	if f != nil {
		return f
	}
	return j.finish()
}

// repeats is the failure for c printed a second time, first at line earlier.
func repeats(c *candidate, earlier int) *Failure {
	msg := fmt.Sprintf("line %d repeats line %d", c.first, earlier)
	if c.grid || c.first != c.last {
		msg = fmt.Sprintf("the %s repeats the board at line %d", c.where(), earlier)
	}
	return &Failure{Message: msg, Line: c.first}
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
	if _, err := ParseFormat(string(s.Format)); err != nil {
		return invalid(err.Error())
	}
	if _, err := ParseMode(string(s.Mode)); err != nil {
		return invalid(err.Error())
	}
	switch s.Order {
	case AnyOrder, Ascending, Descending:
	default:
		return invalid(fmt.Sprintf("checker: unknown order %q", s.Order))
	}
	return nil
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
	spec  QueensSpec
	n     int
	want  int64 // how many solutions N has (for One and None: 0 or 1, enough to know)
	count int64 // valid solutions taken
	first int   // the line of the first valid solution
	set   solutionSet
	cols  reference.Placement
	// scratch for validity: lines already used
	usedRow, usedCol, usedDiag, usedAnti []bool
}

func newJudge(spec QueensSpec, outputLen int) *judge {
	n := spec.N
	j := &judge{
		spec: spec, n: n, want: solutionCount(n, spec.Piece, spec.Mode),
		cols:    make(reference.Placement, n),
		usedRow: make([]bool, n), usedCol: make([]bool, n),
		usedDiag: make([]bool, 2*n), usedAnti: make([]bool, 2*n),
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
		if n <= 16 {
			j.set = newKeyedSet(size, ordered, func(p reference.Placement) uint64 { return packKey(p, descending) })
		} else {
			j.set = newKeyedSet(size, ordered, func(p reference.Placement) string { return stringKey(p, descending) })
		}
	}
	return j
}

// solutionCount is how many solutions N has, for All; for One and None only
// whether it has any matters, and that is known for every N.
func solutionCount(n int, piece reference.Piece, mode Mode) int64 {
	if piece == reference.Rook {
		c := reference.CountRooks(n)
		if !c.IsInt64() {
			return 1<<63 - 1
		}
		return c.Int64()
	}
	if c, ok := reference.KnownQueensCount(n); ok {
		return c
	}
	if mode == All {
		return reference.CountQueens(n)
	}
	return 1 // every N past the table has solutions
}

// take judges one candidate.
func (j *judge) take(c *candidate) *Failure {
	n, piece := j.n, j.spec.Piece
	if j.spec.Mode == None {
		if len(c.pieces) == 0 {
			return nil // an empty board says "no solution"
		}
		f := &Failure{Line: c.first, Board: j.picture(c, nil, false)}
		if j.want == 0 {
			f.Message = fmt.Sprintf("%s: printed a placement, but N = %d has no solution", c.where(), n)
		} else {
			f.Message = fmt.Sprintf("%s: printed a placement; expected no solution", c.where())
		}
		return f
	}
	if len(c.pieces) != n {
		name := piece.Plural()
		count := strconv.Itoa(len(c.pieces))
		switch len(c.pieces) {
		case 0:
			count = "no"
		case 1:
			name = piece.String()
		}
		return &Failure{
			Message: fmt.Sprintf("%s has %s %s; N = %d needs %d", c.where(), count, name, n, n),
			Line:    c.first,
			Board:   j.picture(c, nil, true),
		}
	}
	if !j.valid(c.pieces) {
		pe := reference.CheckPlacement(n, piece, c.pieces)
		f := &Failure{Line: c.first, Board: j.picture(c, pe, true)}
		if pe != nil {
			f.Message = c.where() + ": " + pe.Error()
			if j.spec.Format == FormatBoard {
				f.Message += " (row 0 is the board's last line)"
			}
		} else {
			// valid and CheckPlacement disagree: a bug here, but the
			// student still deserves a verdict that names the line.
			f.Message = fmt.Sprintf("%s: not a valid placement of %d %s", c.where(), n, piece.Plural())
		}
		return f
	}
	j.count++
	switch j.spec.Mode {
	case One:
		if j.count > 1 {
			return &Failure{
				Message: fmt.Sprintf("%s: a second solution (the first is at line %d); print exactly one", c.where(), j.first),
				Line:    c.first,
			}
		}
		j.first = c.first
	case All:
		dup, before := j.set.add(j.cols, c.first, c.last)
		if dup > 0 {
			return repeats(c, dup)
		}
		if before > 0 {
			msg := fmt.Sprintf("%s is out of order: %s belongs before line %d", c.where(), j.render(j.cols), before)
			if c.grid || c.first != c.last {
				msg = fmt.Sprintf("the %s is out of order: it belongs before the board at line %d", c.where(), before)
			}
			return &Failure{Message: msg, Line: c.first}
		}
	}
	return nil
}

// valid reports whether pieces, exactly n of them on the board, attack each
// other nowhere, and if so leaves them in j.cols. It is CheckPlacement's
// verdict at a fraction of its cost, which matters at 365,596 solutions.
func (j *judge) valid(pieces []reference.Square) bool {
	n := j.n
	clear(j.usedRow)
	clear(j.usedCol)
	clear(j.usedDiag)
	clear(j.usedAnti)
	queen := j.spec.Piece == reference.Queen
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
	return true
}

// picture draws a candidate, with the attack pe if any, and a nearby
// solution beside it when suggest is set.
func (j *judge) picture(c *candidate, pe *reference.PlacementError, suggest bool) *BoardPicture {
	n := j.n
	b := &BoardPicture{N: n, Piece: pieceLetter(j.spec.Piece), BottomUp: j.spec.Format == FormatBoard}
	for _, s := range c.pieces {
		if s.Row >= 0 && s.Row < n && s.Col >= 0 && s.Col < n {
			b.Pieces = append(b.Pieces, s)
		}
	}
	if pe != nil && pe.Kind == reference.Attack {
		b.Attackers = []reference.Square{pe.A, pe.B}
		b.Between = pe.Between
	}
	if suggest {
		if p := nearest(n, j.spec.Piece, b.Pieces); p != nil {
			b.Suggestion = p.Squares()
		}
	}
	return b
}

func pieceLetter(p reference.Piece) byte {
	if p == reference.Rook {
		return 'R'
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
			f := &Failure{Message: fmt.Sprintf("%d of %s missing, e.g. %s", j.want-j.count, plural(j.want, "solution", "solutions"), j.render(missing))}
			if missing != nil {
				f.Board = &BoardPicture{N: j.n, Piece: pieceLetter(j.spec.Piece), BottomUp: j.spec.Format == FormatBoard, Suggestion: missing.Squares()}
			}
			return f
		case j.count > j.want:
			// Distinct valid solutions cannot outnumber the reference's
			// count; this says so should the two ever disagree.
			return &Failure{Message: fmt.Sprintf("printed %s; N = %d has %d", plural(int64(j.count), "solution", "solutions"), j.n, j.want)}
		}
	}
	return nil
}

// nothing is the failure for an output without a single solution.
func (j *judge) nothing(output []byte) *Failure {
	printed := "printed nothing"
	if len(output) > 0 {
		printed = "printed only blank lines"
	}
	n := j.n
	var how string
	switch j.spec.Format {
	case FormatList:
		how = "as " + listExpected
		if j.spec.Mode == All {
			how = "one per line"
		}
	case FormatMatrix:
		how = fmt.Sprintf("as %s of %s 0 or 1", plural(int64(n), "line", "lines"), plural(int64(n), "value", "values"))
	case FormatBoard:
		how = fmt.Sprintf("as %s of %s %c or . joined by |", plural(int64(n), "line", "lines"), plural(int64(n), "cell", "cells"), pieceLetter(j.spec.Piece))
	case FormatJSON:
		how = fmt.Sprintf("as a JSON array of %s of %s 0 or 1", plural(int64(n), "row", "rows"), plural(int64(n), "number", "numbers"))
	}
	if j.spec.Mode == One {
		return &Failure{Message: fmt.Sprintf("%s; expected one solution for N = %d, %s", printed, n, how)}
	}
	if j.spec.Format != FormatList {
		how = "each " + how
	}
	what := fmt.Sprintf("the %d solutions", j.want)
	if j.want == 1 {
		what = "the solution"
	}
	return &Failure{Message: fmt.Sprintf("%s; expected %s for N = %d, %s", printed, what, n, how)}
}

// solutions enumerates the reference's solutions for the spec's piece.
func solutions(n int, piece reference.Piece) iter.Seq[reference.Placement] {
	if piece == reference.Rook {
		return reference.Rooks(n)
	}
	return reference.Queens(n)
}

// missing returns the first reference solution the output lacks.
func (j *judge) missing() reference.Placement {
	for p := range solutions(j.n, j.spec.Piece) {
		if !j.set.has(p) {
			return slices.Clone(p)
		}
	}
	return nil
}

// nearestBudget bounds how many reference solutions nearest looks at: all
// of them up to N = 12 (14,200) for queens and N = 8 for rooks, the first
// ones beyond, so that a failure costs the grader milliseconds, not seconds.
const nearestBudget = 15_000

// nearest returns the reference solution that keeps the most of pieces, the
// first in lexicographic order among equals; nil when N has none.
func nearest(n int, piece reference.Piece, pieces []reference.Square) reference.Placement {
	budget := nearestBudget
	if piece == reference.Queen && n > 12 {
		// Past N = 12 the first solutions all start alike and the search
		// between them grows: a few thousand are as near as it gets cheaply.
		budget = 2_000
	}
	if piece == reference.Queen && n > 16 {
		p, _ := reference.FirstQueens(n)
		return p
	}
	has := make([][]bool, n)
	for _, s := range pieces {
		if has[s.Row] == nil {
			has[s.Row] = make([]bool, n)
		}
		has[s.Row][s.Col] = true
	}
	var best reference.Placement
	bestScore, seen := -1, 0
	for p := range solutions(n, piece) {
		score := 0
		for r, c := range p {
			if has[r] != nil && has[r][c] {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = slices.Clone(p), score
			if score == n {
				break
			}
		}
		if seen++; seen == budget {
			break
		}
	}
	return best
}

// render writes a placement as the spec's format prints it, on one line.
func (j *judge) render(p reference.Placement) string {
	if p == nil {
		return "(none found)"
	}
	n := len(p)
	var b strings.Builder
	switch j.spec.Format {
	case FormatList:
		return p.String()
	case FormatMatrix:
		for r := range n {
			if r > 0 {
				b.WriteString(" / ")
			}
			for c := range n {
				if c > 0 {
					b.WriteByte(' ')
				}
				b.WriteByte(byte('0' + b2i(p[r] == c)))
			}
		}
	case FormatBoard:
		for i := range n {
			r := n - 1 - i
			if i > 0 {
				b.WriteString(" / ")
			}
			for c := range n {
				if c > 0 {
					b.WriteByte('|')
				}
				if p[r] == c {
					b.WriteByte(pieceLetter(j.spec.Piece))
				} else {
					b.WriteByte('.')
				}
			}
		}
	case FormatJSON:
		b.WriteByte('[')
		for r := range n {
			if r > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('[')
			for c := range n {
				if c > 0 {
					b.WriteString(", ")
				}
				b.WriteByte(byte('0' + b2i(p[r] == c)))
			}
			b.WriteByte(']')
		}
		b.WriteByte(']')
	}
	return b.String()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A solutionSet remembers the solutions printed so far.
type solutionSet interface {
	// add records p, printed at lines first..last. With sorted order it
	// also judges p against what came before: dup is the first line of an
	// earlier printing of p, before the first line of the first earlier
	// solution p should have come before; 0 when there is none.
	add(p reference.Placement, first, last int) (dup, before int)
	// repeat finds, for any order, the first solution in output order
	// that repeats an earlier one: where it is and the first line of the
	// earlier one; zero spans when there is none.
	repeat() (at span, earlier int)
	// has reports whether p was added; call repeat first.
	has(p reference.Placement) bool
}

// span is the output lines of one solution.
type span struct{ first, last int32 }

// keyedSet is a solutionSet over compact keys whose order is the placements'
// lexicographic order. It keeps keys in a slice and sorts them once at the
// end rather than keep a hash map: for 365,596 solutions (N = 14) a map's
// two probes a line cost more than the whole parse.
type keyedSet[K cmp.Ordered] struct {
	key    func(reference.Placement) K
	sorted bool
	keys   []K    // in output order; with sorted, that order is sorted
	spans  []span // where each key was printed
	index  []K    // keys sorted, once repeat has run
}

func newKeyedSet[K cmp.Ordered](size int, sorted bool, key func(reference.Placement) K) *keyedSet[K] {
	return &keyedSet[K]{key: key, sorted: sorted, keys: make([]K, 0, size), spans: make([]span, 0, size)}
}

func (s *keyedSet[K]) add(p reference.Placement, first, last int) (dup, before int) {
	k := s.key(p)
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

func (s *keyedSet[K]) has(p reference.Placement) bool {
	_, found := slices.BinarySearch(s.index, s.key(p))
	return found
}

// packKey packs a placement of up to 16 columns, 4 bits each, row 0 highest,
// so that comparing keys compares placements lexicographically; mirrored,
// column c counts as n-1-c, so that it compares them in reverse.
func packKey(p reference.Placement, mirrored bool) uint64 {
	var k uint64
	for _, c := range p {
		if mirrored {
			c = len(p) - 1 - c
		}
		k = k<<4 | uint64(c)
	}
	return k
}

// stringKey is the key for N > 16, one byte per column (N ≤ 27 here).
func stringKey(p reference.Placement, mirrored bool) string {
	b := make([]byte, len(p))
	for i, c := range p {
		if mirrored {
			c = len(p) - 1 - c
		}
		b[i] = byte(c)
	}
	return string(b)
}
