package reference

import (
	"math/bits"
	"slices"
)

// partSearch is the search of solve.go (see placer) with each part's free
// squares in one word, for the puzzles whose parts have at most 64 squares
// each and whose board and parts are small enough to compile (see
// maxPartMasks): every puzzle the exercises pose. A piece on a square
// takes from each later part the squares it attacks there, one word a
// part precomputed, and the walk counts the parts that still have a free
// square as it goes, so that the pruning of placer ("enough parts with a
// free square must remain") costs nothing to ask, and a piece that leaves
// too few is refused before the walk goes down to it. The free words of
// each part on the way down are kept in one array a level, so nothing is
// allocated while it runs.
//
// It visits the same nodes in the same order as placer, and so finds the
// same solutions in the same order and stops at the same budget.
type partSearch struct {
	g       *Geometry
	parts   int
	squares [][]int32 // squares[i][k]: the board index of bit k of part i
	// mask[sq*parts+j]: the squares of part j (a later part than sq's)
	// that a piece on board index sq attacks.
	mask    []uint64
	levels  [][]uint64 // levels[i]: the parts' free squares on the way to part i
	chosen  []int
	out     []Square
	yield   func([]Square) bool
	budget  int64
	nodes   int64
	stopped bool
	limited bool
	sorted  bool
}

// maxPartMasks bounds the words partSearch compiles, a board's squares
// times its parts: 8 MiB. Any board of queens, rooks, bishops or amazons
// up to 64×64 fits; many small parts on a large board, as a knight's
// pairs, do not, and are left to placer.
const maxPartMasks = 1 << 20

// newPartSearch compiles the parts for the search, or returns nil when a
// part has more than 64 squares or the masks would be too many.
func newPartSearch(g *Geometry, parts []part, rows bool, budget int64, yield func([]Square) bool) *partSearch {
	n := g.Board.Rows * g.Board.Cols
	if n*len(parts) > maxPartMasks {
		return nil
	}
	partOf := make([]int32, n)
	bitOf := make([]uint8, n)
	for i := range partOf {
		partOf[i] = -1
	}
	s := &partSearch{g: g, parts: len(parts), yield: yield, budget: budget, sorted: rows}
	s.squares = make([][]int32, len(parts))
	s.levels = make([][]uint64, len(parts)+1)
	for i := range s.levels {
		s.levels[i] = make([]uint64, len(parts))
	}
	for i, p := range parts {
		if len(p.squares) > 64 {
			return nil
		}
		for k, sq := range p.squares {
			partOf[sq], bitOf[sq] = int32(i), uint8(k)
			s.squares[i] = append(s.squares[i], int32(sq))
		}
		s.levels[0][i] = 1<<len(p.squares) - 1 // 0 - 1 is all ones for 64 squares
	}
	s.mask = make([]uint64, n*len(parts))
	for sq := range n {
		own := partOf[sq]
		if own < 0 {
			continue
		}
		m := s.mask[sq*len(parts):][:len(parts)]
		for w, word := range g.attacks(sq) {
			for word != 0 {
				t := w*64 + bits.TrailingZeros64(word)
				word &= word - 1
				if j := partOf[t]; j > own { // an earlier part the search is past
					m[j] |= 1 << bitOf[t]
				}
			}
		}
	}
	return s
}

// run searches for count pieces.
func (s *partSearch) run(count int) {
	rem := 0
	for _, f := range s.levels[0] {
		if f != 0 {
			rem++
		}
	}
	s.walk(0, s.levels[0], count, rem)
}

// walk places need more pieces in parts i on, given the parts' free
// squares free, of which rem parts from i on have one.
func (s *partSearch) walk(i int, free []uint64, need, rem int) {
	if need == 0 {
		s.emit()
		return
	}
	if rem < need {
		return
	}
	if s.nodes++; s.budget > 0 && s.nodes > s.budget {
		s.stopped, s.limited = true, true
		return
	}
	f := free[i]
	after := rem // the parts after i with a free square
	if f != 0 {
		after--
	}
	squares := s.squares[i]
	next := s.levels[i+1]
	free = free[:len(next)]
	need1 := need - 1
	for f != 0 {
		sq := int(squares[bits.TrailingZeros64(f)])
		f &= f - 1
		if need == 1 {
			s.chosen = append(s.chosen, sq)
			s.emit()
			s.chosen = s.chosen[:len(s.chosen)-1]
			if s.stopped {
				return
			}
			continue
		}
		m := s.mask[sq*len(next):][:len(next)]
		left := after
		for j := i + 1; j < len(next); j++ {
			was := free[j]
			w := was &^ m[j]
			next[j] = w
			if w == 0 && was != 0 {
				if left--; left < need1 {
					break
				}
			}
		}
		if left < need1 {
			// The walk below would stop at once: it is no node.
			continue
		}
		s.chosen = append(s.chosen, sq)
		s.walk(i+1, next, need1, left)
		s.chosen = s.chosen[:len(s.chosen)-1]
		if s.stopped {
			return
		}
	}
	if after >= need {
		s.walk(i+1, free, need, after)
	}
}

func (s *partSearch) emit() {
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
