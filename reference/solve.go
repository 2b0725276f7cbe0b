package reference

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
)

// A placement puzzle of any piece is solved by one search (place): the
// board's squares are split into parts in which every two squares attack
// each other, so that a solution holds at most one piece of each part, and
// the parts are taken in turn, each given one of its free squares or none.
// A piece that rides whole lines splits the board into its lines (a
// queen's rows, a bishop's diagonals); a leaper into small groups found
// greedily (a king's 2×2 blocks, a knight's pairs). Skipping a part is
// allowed only while enough parts with a free square remain for the
// pieces still to place, which is what keeps the search small: with as
// many pieces as rows, a queen's search is the usual one, row by row.
//
// The search runs on each part's free squares in a word (partSearch), and
// on sets of the board's squares (placer) only where a part has more than
// 64 squares or the board too many parts to compile. The N-Queens and
// N-Rooks puzzles keep their specialised solvers (Queens, CountQueens,
// FirstQueens, Rooks); the puzzle's data (its moves, board and count) says
// when they apply. The generic search finds every N-Queens solution within
// 1.5 times the time Queens takes (bench/run's "generic solver" rows).

// ErrSearchLimit is what a search returns when it stopped at its budget
// of nodes before it was complete: what it found is right, but not all.
var ErrSearchLimit = errors.New("the search stopped at its limit before it was complete")

// Validate says why p is no puzzle this package can solve.
func (p Placing) Validate() error {
	if err := p.Board.Validate(); err != nil {
		return err
	}
	if len(p.Moves.moves) == 0 {
		return errors.New("the piece has no move")
	}
	if p.Count < 0 {
		return fmt.Errorf("the number of pieces, %d, is negative", p.Count)
	}
	if _, ok := p.linePiece(); !ok && p.Board.Rows*p.Board.Cols > MaxBoardSquares {
		// The queens' and rooks' solvers need no sets of squares; any
		// other puzzle does, a word for 64 squares a square.
		return fmt.Errorf("a board of %s squares is more than the %d squares puzzles are solved on here", p.Board.Size(), MaxBoardSquares)
	}
	return nil
}

// Each calls yield with each solution of p, its squares in reading order
// (the slice is reused: copy it to keep it), until yield returns false or
// the search has looked at budget nodes (a budget ≤ 0 has no limit), when
// it returns ErrSearchLimit. For the N-Queens and N-Rooks puzzles, and
// whenever the parts are the board's rows, solutions come in lexicographic
// order of their squares.
func (p Placing) Each(budget int64, yield func([]Square) bool) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if piece, ok := p.linePiece(); ok {
		seq := Queens(p.Count)
		if piece == Rook {
			seq = Rooks(p.Count)
		}
		sq := make([]Square, p.Count)
		for pl := range seq {
			for r, c := range pl {
				sq[r] = Square{r, c}
			}
			if !yield(sq) {
				break
			}
		}
		return nil
	}
	return p.EachGeneric(budget, yield)
}

// EachGeneric is Each by the generic search even where a specialised
// solver applies: for the tests and benchmarks that hold the two to the
// same solutions and compare their speed.
func (p Placing) EachGeneric(budget int64, yield func([]Square) bool) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if p.Board.Rows*p.Board.Cols > MaxBoardSquares {
		return fmt.Errorf("a board of %s squares is more than the %d squares the search works on", p.Board.Size(), MaxBoardSquares)
	}
	g := NewGeometry(p.Board, p.Moves)
	parts, rows := splitBoard(g)
	if ps := newPartSearch(g, parts, rows, budget, yield); ps != nil {
		ps.run(p.Count)
		if ps.limited {
			return ErrSearchLimit
		}
		return nil
	}
	s := newPlacer(g, parts, rows, budget, yield)
	s.walk(0, s.g.open, p.Count)
	if s.limited {
		return ErrSearchLimit
	}
	return nil
}

// First returns the first solution Each finds, or false when p has none.
// For the N-Queens puzzle it is FirstQueens's, found without search for
// any size.
func (p Placing) First(budget int64) ([]Square, bool, error) {
	if piece, ok := p.linePiece(); ok && piece == Queen {
		pl, ok := FirstQueens(p.Count)
		return pl.Squares(), ok, nil
	}
	var found []Square
	err := p.Each(budget, func(sq []Square) bool {
		found = slices.Clone(sq)
		return false
	})
	return found, found != nil, err
}

// CountSolutions returns how many solutions p has. The N-Queens count comes
// from the table or the symmetry search (CountQueens), the N-Rooks count is
// n!; any other is counted one by one within budget nodes.
func (p Placing) CountSolutions(budget int64) (*big.Int, error) {
	if piece, ok := p.linePiece(); ok {
		if piece == Rook {
			return CountRooks(p.Count), nil
		}
		if c, ok := KnownQueensCount(p.Count); ok {
			return big.NewInt(c), nil
		}
		return big.NewInt(CountQueens(p.Count)), nil
	}
	var count int64
	err := p.Each(budget, func([]Square) bool { count++; return true })
	return big.NewInt(count), err
}

// placer is one search of a placement puzzle (see the top of this file).
type placer struct {
	g       *Geometry
	words   int
	parts   []part
	levels  [][]uint64 // levels[i]: the free squares after a piece in part i-1
	chosen  []int
	out     []Square
	yield   func([]Square) bool
	budget  int64
	nodes   int64
	stopped bool // yield said stop, or the budget ran out
	limited bool // the budget ran out
	sorted  bool // parts in reading order yield squares in reading order
}

// part is a set of squares any two of which attack each other.
type part struct {
	squares []int // indices, in reading order
	mask    []uint64
}

func newPlacer(g *Geometry, parts []part, rows bool, budget int64, yield func([]Square) bool) *placer {
	s := &placer{g: g, words: g.words, yield: yield, budget: budget, parts: parts, sorted: rows}
	s.levels = make([][]uint64, len(s.parts)+1)
	for i := range s.levels {
		s.levels[i] = make([]uint64, s.words)
	}
	return s
}

// walk places need more pieces on the free squares avail, in parts i on.
func (s *placer) walk(i int, avail []uint64, need int) {
	if need == 0 {
		s.emit()
		return
	}
	// Enough parts with a free square must remain, one per piece.
	left := 0
	for j := i; j < len(s.parts) && left < need; j++ {
		if intersects(avail, s.parts[j].mask) {
			left++
		}
	}
	if left < need {
		return
	}
	if s.nodes++; s.budget > 0 && s.nodes > s.budget {
		s.stopped, s.limited = true, true
		return
	}
	next := s.levels[i+1]
	for _, sq := range s.parts[i].squares {
		if avail[sq/64]&(1<<(sq%64)) == 0 {
			continue
		}
		att := s.g.attacks(sq)
		for w := range next {
			next[w] = avail[w] &^ att[w]
		}
		next[sq/64] &^= 1 << (sq % 64)
		s.chosen = append(s.chosen, sq)
		s.walk(i+1, next, need-1)
		s.chosen = s.chosen[:len(s.chosen)-1]
		if s.stopped {
			return
		}
	}
	s.walk(i+1, avail, need)
}

func (s *placer) emit() {
	s.out = s.out[:0]
	for _, i := range s.chosen {
		s.out = append(s.out, s.g.square(i))
	}
	if !s.sorted {
		slices.SortFunc(s.out, compareSquares)
	}
	if !s.yield(s.out) {
		s.stopped = true
	}
}

func compareSquares(a, b Square) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

func intersects(a, b []uint64) bool {
	for i, w := range a {
		if w&b[i] != 0 {
			return true
		}
	}
	return false
}

// splitBoard splits g's squares into parts whose squares all attack each
// other: the lines of one of the piece's riding moves, the one with the
// fewest (rows among equals), or else groups found greedily. rows reports
// that the parts are the board's rows, in order.
func splitBoard(g *Geometry) (parts []part, rows bool) {
	b := g.Board
	reach := max(b.Rows, b.Cols)
	var best []part
	bestRows := false
	for _, mv := range g.Moves.moves {
		if mv.Range != 0 && mv.Range < reach {
			continue
		}
		for _, st := range mv.Leap.Steps() {
			if st[0] < 0 || st[0] == 0 && st[1] < 0 {
				continue // the same lines as the opposite step
			}
			lines := g.lines(st)
			isRows := st == [2]int{0, 1}
			if best == nil || len(lines) < len(best) || len(lines) == len(best) && isRows {
				best, bestRows = lines, isRows
			}
		}
	}
	if best != nil {
		return best, bestRows
	}
	return g.cliques(), false
}

// lines splits the board into the lines of a rider's step st: a line runs
// from a square whose square before it (one step back) is off the board or
// removed, and stops at the edge or a removed square.
func (g *Geometry) lines(st [2]int) []part {
	b := g.Board
	var parts []part
	for r := range b.Rows {
		for c := range b.Cols {
			s := Square{r, c}
			if !g.on(s) || g.on(Square{r - st[0], c - st[1]}) {
				continue
			}
			p := part{mask: make([]uint64, g.words)}
			for ; g.on(s); s = (Square{s.Row + st[0], s.Col + st[1]}) {
				i := g.index(s)
				p.squares = append(p.squares, i)
				p.mask[i/64] |= 1 << (i % 64)
			}
			parts = append(parts, p)
		}
	}
	sortParts(parts)
	return parts
}

// cliques groups the squares greedily: each square, in reading order,
// joins the first group all of whose squares it attacks, or starts one.
func (g *Geometry) cliques() []part {
	var parts []part
	b := g.Board
	for i := range b.Rows * b.Cols {
		if !g.on(g.square(i)) {
			continue
		}
		att := g.attacks(i)
		joined := false
		for k := range parts {
			all := true
			for _, j := range parts[k].squares {
				if att[j/64]&(1<<(j%64)) == 0 {
					all = false
					break
				}
			}
			if all {
				parts[k].squares = append(parts[k].squares, i)
				parts[k].mask[i/64] |= 1 << (i % 64)
				joined = true
				break
			}
		}
		if !joined {
			p := part{squares: []int{i}, mask: make([]uint64, g.words)}
			p.mask[i/64] |= 1 << (i % 64)
			parts = append(parts, p)
		}
	}
	return parts
}

// sortParts puts parts in the reading order of their first squares, each
// part's squares in reading order.
func sortParts(parts []part) {
	for _, p := range parts {
		slices.Sort(p.squares)
	}
	slices.SortFunc(parts, func(a, b part) int { return a.squares[0] - b.squares[0] })
}
