package reference

import (
	"fmt"
	"math/bits"
	"slices"
)

// Board is a rectangle of Rows × Cols squares, of which those in Removed
// are not part of the board: no piece stands there, no tour visits them,
// and a riding piece's line stops at them as at the edge.
type Board struct {
	Rows, Cols int
	Removed    []Square
}

// SquareBoard is the full n×n board.
func SquareBoard(n int) Board { return Board{Rows: n, Cols: n} }

// MaxBoardSquares bounds the boards a placement puzzle is solved and
// checked on: 64×64, for which a square's attacks are 64 words.
const MaxBoardSquares = 64 * 64

// Validate says why b is no board: a negative side, or a removed square
// off it or named twice.
func (b Board) Validate() error {
	if b.Rows < 0 || b.Cols < 0 {
		return fmt.Errorf("a board of %d×%d squares: a side cannot be negative", b.Rows, b.Cols)
	}
	for i, s := range b.Removed {
		if !b.inside(s) {
			return fmt.Errorf("removed square row %d col %d is off the %d×%d board", s.Row, s.Col, b.Rows, b.Cols)
		}
		if slices.Contains(b.Removed[:i], s) {
			return fmt.Errorf("removed square row %d col %d is named twice", s.Row, s.Col)
		}
	}
	return nil
}

// Full reports whether no square is removed.
func (b Board) Full() bool { return len(b.Removed) == 0 }

// isSquare reports whether b is an n×n board with nothing removed.
func (b Board) isSquare() bool { return b.Rows == b.Cols && b.Full() }

func (b Board) inside(s Square) bool {
	return s.Row >= 0 && s.Row < b.Rows && s.Col >= 0 && s.Col < b.Cols
}

// Has reports whether s is one of the board's squares.
func (b Board) Has(s Square) bool { return b.inside(s) && !slices.Contains(b.Removed, s) }

// Size is the board's dimensions as messages write them: "8×8", "6×10".
func (b Board) Size() string { return fmt.Sprintf("%d×%d", b.Rows, b.Cols) }

// Squares is how many squares the board has.
func (b Board) Squares() int { return b.Rows*b.Cols - len(b.Removed) }

// Geometry is a board and a piece's moves compiled into the squares a piece
// on each square attacks, one bit a square (row*Cols+col), for the checks
// and searches that ask it millions of times.
type Geometry struct {
	Board Board
	Moves Moves
	words int      // words a set of squares takes
	open  []uint64 // the board's squares
	att   []uint64 // att[s*words:(s+1)*words]: what a piece on s attacks
}

// NewGeometry compiles b and m; b must be valid (Validate).
func NewGeometry(b Board, m Moves) *Geometry {
	g := &Geometry{Board: b, Moves: m, words: (b.Rows*b.Cols + 63) / 64}
	n := b.Rows * b.Cols
	g.open = make([]uint64, g.words)
	for i := range n {
		g.open[i/64] |= 1 << (i % 64)
	}
	for _, s := range b.Removed {
		i := s.Row*b.Cols + s.Col
		g.open[i/64] &^= 1 << (i % 64)
	}
	g.att = make([]uint64, n*g.words)
	for r := range b.Rows {
		for c := range b.Cols {
			from := Square{r, c}
			if !g.on(from) {
				continue
			}
			set := g.att[g.index(from)*g.words:][:g.words]
			for _, mv := range m.moves {
				for _, st := range mv.Leap.Steps() {
					s := Square{r, c}
					for k := 1; mv.Range == 0 || k <= mv.Range; k++ {
						s = Square{s.Row + st[0], s.Col + st[1]}
						if !g.on(s) {
							break // the edge, or a removed square, ends the line
						}
						i := g.index(s)
						set[i/64] |= 1 << (i % 64)
					}
				}
			}
		}
	}
	return g
}

func (g *Geometry) index(s Square) int { return s.Row*g.Board.Cols + s.Col }

func (g *Geometry) square(i int) Square { return Square{i / g.Board.Cols, i % g.Board.Cols} }

// on reports whether s is on the board and not removed.
func (g *Geometry) on(s Square) bool {
	if !g.Board.inside(s) {
		return false
	}
	i := g.index(s)
	return g.open[i/64]&(1<<(i%64)) != 0
}

// attacks returns the set of squares a piece on square index i attacks.
func (g *Geometry) attacks(i int) []uint64 { return g.att[i*g.words : (i+1)*g.words] }

// Attacks reports whether a piece on a attacks b (and so b attacks a: every
// move here goes all eight ways).
func (g *Geometry) Attacks(a, b Square) bool {
	if !g.on(a) || !g.on(b) {
		return false
	}
	j := g.index(b)
	return g.attacks(g.index(a))[j/64]&(1<<(j%64)) != 0
}

// Threat says how a piece on A attacks one on B: by which move, in which
// direction, over how many of its leaps.
type Threat struct {
	Move  Move
	Step  [2]int // one leap from A towards B: (rows, columns)
	Leaps int    // how many leaps from A to B
}

// Line names the line along which a rider of whole rows, columns or
// diagonals (a queen's, a rook's, a bishop's) attacks: SameRow, ...; ""
// for any other move.
func (a Threat) Line() Line {
	if a.Move.Range == 1 || a.Move.Leap.Long != 1 {
		return ""
	}
	switch st := a.Step; {
	case st[0] == 0:
		return SameRow
	case st[1] == 0:
		return SameColumn
	case st[0] == st[1]:
		return Diagonal
	}
	return AntiDiagonal
}

// How says how a piece on a attacks b, or false when it does not.
func (g *Geometry) How(a, b Square) (Threat, bool) {
	if !g.Attacks(a, b) {
		return Threat{}, false
	}
	dr, dc := b.Row-a.Row, b.Col-a.Col
	for _, mv := range g.Moves.moves {
		for _, st := range mv.Leap.Steps() {
			k := leapsAlong(dr, dc, st)
			if k < 1 || mv.Range != 0 && k > mv.Range {
				continue
			}
			clear := true
			for j := 1; j < k && clear; j++ {
				clear = g.on(Square{a.Row + j*st[0], a.Col + j*st[1]})
			}
			if clear {
				return Threat{Move: mv, Step: st, Leaps: k}, true
			}
		}
	}
	return Threat{}, false // not reached: Attacks said yes
}

// leapsAlong is k when (dr, dc) is k times st, k ≥ 1, else 0.
func leapsAlong(dr, dc int, st [2]int) int {
	var k int
	switch {
	case st[0] != 0:
		k = dr / st[0]
	default:
		k = dc / st[1]
	}
	if k < 1 || k*st[0] != dr || k*st[1] != dc {
		return 0
	}
	return k
}

// Independent reports whether no two of the pieces attack each other. The
// pieces must be distinct squares of the board. It is the verdict the
// checkers need for every solution line, at a few word operations a piece.
func (g *Geometry) Independent(pieces []Square, occupied []uint64) bool {
	clear(occupied)
	for _, s := range pieces {
		i := g.index(s)
		occupied[i/64] |= 1 << (i % 64)
	}
	for _, s := range pieces {
		att := g.attacks(g.index(s))
		for w, o := range occupied {
			if att[w]&o != 0 {
				return false
			}
		}
	}
	return true
}

// Words is how many words a set of squares takes, for Independent's
// scratch set.
func (g *Geometry) Words() int { return g.words }

// popcount counts the squares of a set.
func popcount(set []uint64) int {
	n := 0
	for _, w := range set {
		n += bits.OnesCount64(w)
	}
	return n
}
