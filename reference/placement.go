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

// Piece is the kind of chess piece a placement puzzle is about.
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

// Line is how two pieces attack each other.
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
	WrongCount                               // not N pieces
	Attack                                   // two pieces attack each other
)

// PlacementError says why a set of pieces is not a valid N-Queens or N-Rooks
// solution.
type PlacementError struct {
	Kind PlacementErrorKind
	// A and B are the pieces at fault: for OffBoard only A; for SameSquare
	// A == B; for Attack, A comes before B in reading order.
	A, B    Square
	Line    Line     // for Attack: along what A and B attack
	Between []Square // for Attack: the squares strictly between A and B, in order from A
	Count   int      // for WrongCount: how many pieces there are
	N       int      // the board's size
	Piece   Piece
}

func (e *PlacementError) Error() string {
	switch e.Kind {
	case OffBoard:
		return fmt.Sprintf("%s is off the %d×%d board", rowCol(e.A), e.N, e.N)
	case SameSquare:
		return fmt.Sprintf("two %s on %s", e.Piece.Plural(), rowCol(e.A))
	case WrongCount:
		name := e.Piece.Plural()
		if e.Count == 1 {
			name = e.Piece.String()
		}
		return fmt.Sprintf("%d %s on a %d×%d board; want %d", e.Count, name, e.N, e.N, e.N)
	case Attack:
		article := "a"
		if e.Line == AntiDiagonal {
			article = "an"
		}
		return fmt.Sprintf("%s at %s and %s share %s %s", e.Piece.Plural(), rowCol(e.A), rowCol(e.B), article, e.Line)
	}
	return fmt.Sprintf("invalid placement (kind %d)", int(e.Kind))
}

func rowCol(s Square) string { return fmt.Sprintf("row %d col %d", s.Row, s.Col) }

// CheckPlacement says why pieces, given in any order, are not a valid solution
// of the N-Queens puzzle (piece Queen) or the N-Rooks puzzle (piece Rook) on an
// n×n board, or returns nil when they are one.
//
// Only the first fault is reported, looked for in this order: a piece off the
// board (the first in the order given); two pieces on one square; a number of
// pieces other than n; two pieces that attack each other. Duplicates and
// attacks are reported for the first pair in reading order (row by row, each
// row left to right): the earliest A, then the earliest B after it. The order
// is fixed so that the same wrong answer always gets the same message.
//
// Two pieces attack whether or not another piece stands between them, as the
// puzzles count it; Between lists the squares in between for a picture.
func CheckPlacement(n int, piece Piece, pieces []Square) *PlacementError {
	for _, s := range pieces {
		if s.Row < 0 || s.Row >= n || s.Col < 0 || s.Col >= n {
			return &PlacementError{Kind: OffBoard, A: s, N: n, Piece: piece}
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
			return &PlacementError{Kind: SameSquare, A: sorted[i], B: sorted[i], N: n, Piece: piece}
		}
	}
	if len(pieces) != n {
		return &PlacementError{Kind: WrongCount, Count: len(pieces), N: n, Piece: piece}
	}
	// With exactly n distinct pieces the common valid case costs one pass:
	// only when some line is used twice is the quadratic search for the
	// first pair in reading order needed.
	if !lineUsedTwice(n, piece, sorted) {
		return nil
	}
	for i, a := range sorted {
		for _, b := range sorted[i+1:] {
			if line, ok := attackLine(piece, a, b); ok {
				return &PlacementError{Kind: Attack, A: a, B: b, Line: line, Between: between(a, b), N: n, Piece: piece}
			}
		}
	}
	return nil
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

// attackLine says along which line a attacks b, if it does.
func attackLine(piece Piece, a, b Square) (Line, bool) {
	switch {
	case a.Row == b.Row:
		return SameRow, true
	case a.Col == b.Col:
		return SameColumn, true
	case piece != Queen:
		return "", false
	case a.Row-a.Col == b.Row-b.Col:
		return Diagonal, true
	case a.Row+a.Col == b.Row+b.Col:
		return AntiDiagonal, true
	}
	return "", false
}

// between lists the squares strictly between a and b, which share a line.
func between(a, b Square) []Square {
	dr, dc := sign(b.Row-a.Row), sign(b.Col-a.Col)
	var sq []Square
	for s := (Square{a.Row + dr, a.Col + dc}); s != b; s = (Square{s.Row + dr, s.Col + dc}) {
		sq = append(sq, s)
	}
	return sq
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
