package checker

import (
	"slices"
	"testing"

	"github.com/boardcheck/boardcheck/reference"
)

func squares(p reference.Placement) []reference.Square { return p.Squares() }

// TestPictures checks what a renderer gets to draw: the pieces as printed,
// the attack, and a correct placement close to the student's.
func TestPictures(t *testing.T) {
	sq := func(r, c int) reference.Square { return reference.Square{Row: r, Col: c} }

	// (0,0) and (3,3) share a diagonal through (1,1) and (2,2).
	f := Queens([]byte("[[0, 0], [1, 2], [2, 1], [3, 3]]\n"), q4(FormatList, One))
	if f == nil || f.Board == nil {
		t.Fatalf("got %v; want a failure with a board", f)
	}
	b := f.Board
	if b.N != 4 || b.Piece != 'Q' || b.BottomUp {
		t.Errorf("got N %d piece %c bottom-up %v; want 4 Q false", b.N, b.Piece, b.BottomUp)
	}
	if want := []reference.Square{sq(0, 0), sq(1, 2), sq(2, 1), sq(3, 3)}; !slices.Equal(b.Pieces, want) {
		t.Errorf("got pieces %v; want %v", b.Pieces, want)
	}
	if want := []reference.Square{sq(0, 0), sq(3, 3)}; !slices.Equal(b.Attackers, want) {
		t.Errorf("got attackers %v; want %v", b.Attackers, want)
	}
	if want := []reference.Square{sq(1, 1), sq(2, 2)}; !slices.Equal(b.Between, want) {
		t.Errorf("got between %v; want %v", b.Between, want)
	}
	if pe := reference.CheckPlacement(4, reference.Queen, b.Suggestion); len(b.Suggestion) != 4 || pe != nil {
		t.Errorf("got suggestion %v (%v); want a solution", b.Suggestion, pe)
	}

	// Seven of eight queens right: the suggestion keeps all seven.
	sol, _ := reference.FirstQueens(8) // 0 4 7 5 2 6 1 3
	bad := slices.Clone(sol)
	bad[7] = 5
	f = Queens([]byte(bad.String()+"\n"), QueensSpec{N: 8, Format: FormatList, Mode: One})
	if f == nil || f.Board == nil || !slices.Equal(f.Board.Suggestion, squares(sol)) {
		t.Errorf("got %+v; want the suggestion %v", f, sol)
	}

	// The board format prints row 0 last; the picture says so.
	f = Queens([]byte(".|.|.|Q\nQ|.|.|.\n.|.|Q|.\n.|Q|.|.\n"), q4(FormatBoard, One))
	if f == nil || f.Board == nil || !f.Board.BottomUp {
		t.Fatalf("got %+v; want a bottom-up board", f)
	}
	if want := []reference.Square{sq(0, 1), sq(1, 2)}; !slices.Equal(f.Board.Attackers, want) {
		t.Errorf("got attackers %v; want %v", f.Board.Attackers, want)
	}

	// A missing solution is drawn as the suggestion.
	f = Queens([]byte(sol4a+"\n"), q4(FormatList, All))
	if f == nil || f.Board == nil || !slices.Equal(f.Board.Suggestion, squares(reference.Placement{2, 0, 3, 1})) {
		t.Errorf("got %+v; want the missing solution drawn", f)
	}

	// Rooks are drawn as R.
	f = Queens([]byte("[[0, 1], [1, 1]]\n"), QueensSpec{N: 2, Piece: reference.Rook, Format: FormatList, Mode: One})
	if f == nil || f.Board == nil || f.Board.Piece != 'R' {
		t.Errorf("got %+v; want a rook board", f)
	}
}

// TestValidAgrees checks the judge's fast validity test against
// reference.CheckPlacement on every placement of one piece per row for
// small N, the judge's only shortcut past the reference.
func TestValidAgrees(t *testing.T) {
	for _, piece := range []reference.Piece{reference.Queen, reference.Rook} {
		for n := 1; n <= 6; n++ {
			j := queensJudge(t, QueensSpec{N: n, Piece: piece, Format: FormatList, Mode: One})
			p := make(reference.Placement, n)
			var walk func(r int)
			walk = func(r int) {
				if r == n {
					sq := p.Squares()
					got := j.valid(sq)
					want := reference.CheckPlacement(n, piece, sq) == nil
					if got != want {
						t.Errorf("%s %v: valid says %v; CheckPlacement says %v", piece.Plural(), p, got, want)
					}
					return
				}
				for c := range n {
					p[r] = c
					walk(r + 1)
				}
			}
			walk(0)
		}
	}
}
