package reference

import (
	"fmt"
	"slices"
	"strconv"
)

// Placement is one piece per row: Placement[r] is the column of the piece in
// row r. It is the form every N-Queens and N-Rooks solver here yields.
type Placement []int

// Squares returns the placement's pieces as squares, row 0 first.
func (p Placement) Squares() []Square {
	sq := make([]Square, len(p))
	for r, c := range p {
		sq[r] = Square{r, c}
	}
	return sq
}

// String formats p as nqueens prints a solution: "[[0, 1], [1, 3], [2, 0], [3, 2]]".
// The empty placement is "[]".
func (p Placement) String() string {
	b := make([]byte, 0, 2+len(p)*10)
	b = append(b, '[')
	for r, c := range p {
		if r > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(r), 10)
		b = append(b, ", "...)
		b = strconv.AppendInt(b, int64(c), 10)
		b = append(b, ']')
	}
	b = append(b, ']')
	return string(b)
}

// Piece is the kind of chess piece the first placement puzzles are about:
// the queen and the rook, whose moves are QueenMoves and RookMoves.
type Piece int

const (
	Queen Piece = iota // attacks along rows, columns and both diagonals
	Rook               // attacks along rows and columns only
)

// String returns "queen" or "rook".
func (p Piece) String() string {
	switch p {
	case Queen:
		return "queen"
	case Rook:
		return "rook"
	}
	return "Piece(" + strconv.Itoa(int(p)) + ")"
}

// Plural returns "queens" or "rooks".
func (p Piece) Plural() string { return p.String() + "s" }

// Noun returns the piece's name, one and many.
func (p Piece) Noun() Noun { return Noun{One: p.String(), Many: p.Plural()} }

// Noun is how messages name a puzzle's piece: "queen", "queens".
type Noun struct{ One, Many string }

// Count is n pieces: "1 queen", "3 queens".
func (n Noun) Count(k int) string {
	if k == 1 {
		return "1 " + n.One
	}
	return strconv.Itoa(k) + " " + n.Many
}

// Line is how two pieces that ride whole lines attack each other.
type Line string

const (
	SameRow    Line = "row"
	SameColumn Line = "column"
	// Diagonal runs from top-left to bottom-right: row-col is constant.
	Diagonal Line = "diagonal"
	// AntiDiagonal runs from top-right to bottom-left: row+col is constant.
	AntiDiagonal Line = "anti-diagonal"
)

// PlacementErrorKind says which rule a placement breaks.
type PlacementErrorKind int

const (
	OffBoard   PlacementErrorKind = iota + 1 // a piece outside the board
	SameSquare                               // two pieces on one square
	WrongCount                               // not as many pieces as the puzzle asks
	Attack                                   // two pieces attack each other
	Removed                                  // a piece on a square removed from the board
)

// PlacementError says why a set of pieces is not a solution of a placement
// puzzle.
type PlacementError struct {
	Kind PlacementErrorKind
	// A and B are the pieces at fault: for OffBoard and Removed only A;
	// for SameSquare A == B; for Attack, A comes before B in reading order.
	A, B Square
	// Line is, for Attack by a piece that rides whole rows, columns or
	// diagonals, the line A and B share; "" for any other move.
	Line    Line
	How     Threat   // for Attack: the move, and how many of its leaps
	Between []Square // for Attack: the squares strictly between A and B, in order from A
	Count   int      // for WrongCount: how many pieces there are
	Want    int      // for WrongCount: how many the puzzle asks for
	Board   Board
	Noun    Noun
	// N and Piece are the board's size and the piece of a queens or
	// rooks puzzle (CheckPlacement); zero for any other.
	N     int
	Piece Piece
}

func (e *PlacementError) Error() string { return e.Describe(RowCol) }

// Describe is the error's message with each square named by name, so that
// a message can name squares as the output printed them ("b3", "[1, 2]").
func (e *PlacementError) Describe(name func(Square) string) string {
	switch e.Kind {
	case OffBoard:
		return fmt.Sprintf("%s is off the %s board", name(e.A), e.Board.Size())
	case Removed:
		return fmt.Sprintf("%s is not on the board: that square is removed", name(e.A))
	case SameSquare:
		return fmt.Sprintf("two %s on %s", e.Noun.Many, name(e.A))
	case WrongCount:
		noun := e.Noun.Many
		if e.Count == 1 {
			noun = e.Noun.One
		}
		return fmt.Sprintf("%d %s on a %s board; want %d", e.Count, noun, e.Board.Size(), e.Want)
	case Attack:
		return fmt.Sprintf("%s at %s and %s %s", e.Noun.Many, name(e.A), name(e.B), e.How.relation(e.Line))
	}
	return fmt.Sprintf("invalid placement (kind %d)", int(e.Kind))
}

// relation says how two pieces attack, after their names: "share a
// diagonal", "are a knight's move apart", "are 2 (1,2) leaps apart in a
// straight line".
func (a Threat) relation(line Line) string {
	switch {
	case line == AntiDiagonal:
		return "share an anti-diagonal"
	case line != "":
		return "share a " + string(line)
	case a.Move.Leap == Leap{0, 1} && a.Step[0] == 0:
		return "are next to each other in a row"
	case a.Move.Leap == Leap{0, 1}:
		return "are next to each other in a column"
	case a.Move.Leap == Leap{1, 1}:
		return "are next to each other on a diagonal"
	case a.Leaps > 1:
		return fmt.Sprintf("are %d %s apart in a straight line", a.Leaps, a.Move.Leap.plural())
	}
	return fmt.Sprintf("are %s apart", a.Move.Leap.article())
}

// Name is how a message names one leap: "knight's move", "(1,3) leap".
func (l Leap) Name() string {
	if l == (Leap{1, 2}) {
		return "knight's move"
	}
	return fmt.Sprintf("(%d,%d) leap", l.Short, l.Long)
}

func (l Leap) article() string { return "a " + l.Name() }

func (l Leap) plural() string {
	if l == (Leap{1, 2}) {
		return "knight's moves"
	}
	return l.Name() + "s"
}

// RowCol names a square as the messages of the first exercises do: "row 2
// col 3", counted from 0.
func RowCol(s Square) string { return fmt.Sprintf("row %d col %d", s.Row, s.Col) }

// Placing is a placement puzzle: Count pieces that move as Moves, on
// Board, no two attacking each other. Name is how messages call them.
type Placing struct {
	Board Board
	Moves Moves
	Count int
	Name  Noun
}

// Puzzle returns the N-Queens (N-Rooks) puzzle on an n×n board.
func (p Piece) Puzzle(n int) Placing {
	return Placing{Board: SquareBoard(n), Moves: p.Moves(), Count: n, Name: p.Noun()}
}

// linePiece says whether the puzzle is the N-Queens or N-Rooks puzzle,
// whose solutions have one piece per row and the specialised solvers
// know.
func (p Placing) linePiece() (Piece, bool) {
	if !p.Board.isSquare() || p.Count != p.Board.Rows {
		return 0, false
	}
	switch {
	case p.Moves.Equal(QueenMoves):
		return Queen, true
	case p.Moves.Equal(RookMoves):
		return Rook, true
	}
	return 0, false
}

// CheckPlacement says why pieces, given in any order, are not a valid solution
// of the N-Queens puzzle (piece Queen) or the N-Rooks puzzle (piece Rook) on an
// n×n board, or returns nil when they are one. It is CheckPieces of
// piece.Puzzle(n).
func CheckPlacement(n int, piece Piece, pieces []Square) *PlacementError {
	e := CheckPieces(piece.Puzzle(n), nil, pieces)
	if e != nil {
		e.N, e.Piece = n, piece
	}
	return e
}

// CheckPieces says why pieces, given in any order, are not a solution of
// the puzzle p, or returns nil when they are one. g is p's geometry
// (NewGeometry), or nil to have it compiled here.
//
// Only the first fault is reported, looked for in this order: a piece off
// the board or on a removed square (the first in the order given); two
// pieces on one square; a number of pieces other than p.Count; two pieces
// that attack each other. Duplicates and attacks are reported for the
// first pair in reading order (row by row, each row left to right): the
// earliest A, then the earliest B after it. The order is fixed so that the
// same wrong answer always gets the same message.
//
// Two pieces attack whether or not another piece stands between them, as
// the puzzles count it (a solution has no piece between two others on a
// line anyway, or those would attack); Between lists the squares in
// between for a picture.
func CheckPieces(p Placing, g *Geometry, pieces []Square) *PlacementError {
	fail := func(kind PlacementErrorKind, a, b Square) *PlacementError {
		e := &PlacementError{Kind: kind, A: a, B: b, Board: p.Board, Noun: p.Name, Want: p.Count}
		if kind == WrongCount {
			e.Count = len(pieces)
		}
		return e
	}
	for _, s := range pieces {
		if !p.Board.inside(s) {
			return fail(OffBoard, s, Square{})
		}
		if !p.Board.Full() && slices.Contains(p.Board.Removed, s) {
			return fail(Removed, s, Square{})
		}
	}
	sorted := slices.Clone(pieces)
	slices.SortFunc(sorted, func(a, b Square) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			return fail(SameSquare, sorted[i], sorted[i])
		}
	}
	if len(pieces) != p.Count {
		return fail(WrongCount, Square{}, Square{})
	}
	// With as many distinct pieces as asked the common valid case costs
	// one pass: only when some pair attacks is the quadratic search for
	// the first pair in reading order needed.
	if piece, ok := p.linePiece(); ok {
		if !lineUsedTwice(p.Count, piece, sorted) {
			return nil
		}
		for i, a := range sorted {
			for _, b := range sorted[i+1:] {
				if how, ok := lineThreat(piece, a, b); ok {
					return attackError(fail(Attack, a, b), how)
				}
			}
		}
		return nil
	}
	if g == nil {
		g = NewGeometry(p.Board, p.Moves)
	}
	if g.Independent(sorted, make([]uint64, g.words)) {
		return nil
	}
	for i, a := range sorted {
		for _, b := range sorted[i+1:] {
			if how, ok := g.How(a, b); ok {
				return attackError(fail(Attack, a, b), how)
			}
		}
	}
	return nil
}

// attackError fills in how A attacks B, and the squares between them.
func attackError(e *PlacementError, how Threat) *PlacementError {
	e.How, e.Line = how, how.Line()
	for j := 1; j < how.Leaps; j++ {
		e.Between = append(e.Between, Square{e.A.Row + j*how.Step[0], e.A.Col + j*how.Step[1]})
	}
	return e
}

// lineThreat says how a queen (rook) on a attacks one on b, on a full
// square board: along a row, a column or (a queen) a diagonal, whatever
// stands between. It is Geometry.How without the geometry, which the
// queens' boards of hundreds of rows cannot afford.
func lineThreat(piece Piece, a, b Square) (Threat, bool) {
	dr, dc := b.Row-a.Row, b.Col-a.Col
	rider := func(leap Leap) (Threat, bool) {
		k := max(abs(dr), abs(dc))
		return Threat{Move: Move{leap, 0}, Step: [2]int{sign(dr), sign(dc)}, Leaps: k}, true
	}
	switch {
	case dr == 0 || dc == 0:
		return rider(Leap{0, 1})
	case piece == Queen && abs(dr) == abs(dc):
		return rider(Leap{1, 1})
	}
	return Threat{}, false
}

// lineUsedTwice reports whether two of the pieces (all on an n×n board) share
// a line along which piece attacks.
func lineUsedTwice(n int, piece Piece, pieces []Square) bool {
	rows := make([]bool, n)
	cols := make([]bool, n)
	var diag, anti []bool
	if piece == Queen {
		diag = make([]bool, 2*n)
		anti = make([]bool, 2*n)
	}
	for _, s := range pieces {
		if rows[s.Row] || cols[s.Col] {
			return true
		}
		rows[s.Row], cols[s.Col] = true, true
		if piece == Queen {
			d, a := s.Row-s.Col+n, s.Row+s.Col
			if diag[d] || anti[a] {
				return true
			}
			diag[d], anti[a] = true, true
		}
	}
	return false
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
