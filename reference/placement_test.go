package reference

import (
	"slices"
	"testing"
)

func TestPlacementString(t *testing.T) {
	tests := []struct {
		p    Placement
		want string
	}{
		{Placement{}, "[]"},
		{Placement{0}, "[[0, 0]]"},
		{Placement{1, 3, 0, 2}, "[[0, 1], [1, 3], [2, 0], [3, 2]]"},
		{Placement{10, 0}, "[[0, 10], [1, 0]]"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%v.String() = %q; want %q", []int(tt.p), got, tt.want)
		}
	}
}

func TestPlacementSquares(t *testing.T) {
	got := Placement{1, 3, 0, 2}.Squares()
	want := []Square{{0, 1}, {1, 3}, {2, 0}, {3, 2}}
	if !slices.Equal(got, want) {
		t.Errorf("Squares() = %v; want %v", got, want)
	}
}

func TestPieceNames(t *testing.T) {
	for _, tt := range []struct {
		p           Piece
		one, plural string
	}{{Queen, "queen", "queens"}, {Rook, "rook", "rooks"}} {
		if got := tt.p.String(); got != tt.one {
			t.Errorf("String() = %q; want %q", got, tt.one)
		}
		if got := tt.p.Plural(); got != tt.plural {
			t.Errorf("Plural() = %q; want %q", got, tt.plural)
		}
	}
}

func TestCheckPlacementErrors(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		piece  Piece
		pieces []Square
		want   *PlacementError
		msg    string
	}{
		{
			name: "off board below", n: 5, piece: Queen,
			pieces: []Square{{0, 0}, {7, 2}, {9, 9}},
			want:   &PlacementError{Kind: OffBoard, A: Square{7, 2}},
			msg:    "row 7 col 2 is off the 5×5 board",
		},
		{
			name: "off board negative", n: 4, piece: Rook,
			pieces: []Square{{0, -1}},
			want:   &PlacementError{Kind: OffBoard, A: Square{0, -1}},
			msg:    "row 0 col -1 is off the 4×4 board",
		},
		{
			name: "off board beats same square", n: 4, piece: Queen,
			pieces: []Square{{1, 1}, {1, 1}, {0, 4}},
			want:   &PlacementError{Kind: OffBoard, A: Square{0, 4}},
			msg:    "row 0 col 4 is off the 4×4 board",
		},
		{
			name: "same square", n: 4, piece: Queen,
			pieces: []Square{{3, 3}, {1, 1}, {3, 3}, {1, 1}},
			want:   &PlacementError{Kind: SameSquare, A: Square{1, 1}, B: Square{1, 1}},
			msg:    "two queens on row 1 col 1",
		},
		{
			name: "same square rooks, fewer pieces", n: 4, piece: Rook,
			pieces: []Square{{2, 0}, {2, 0}},
			want:   &PlacementError{Kind: SameSquare, A: Square{2, 0}, B: Square{2, 0}},
			msg:    "two rooks on row 2 col 0",
		},
		{
			name: "too few", n: 5, piece: Queen,
			pieces: []Square{{0, 0}, {1, 2}, {2, 4}, {3, 1}},
			want:   &PlacementError{Kind: WrongCount, Count: 4},
			msg:    "4 queens on a 5×5 board; want 5",
		},
		{
			name: "one", n: 5, piece: Rook,
			pieces: []Square{{0, 0}},
			want:   &PlacementError{Kind: WrongCount, Count: 1},
			msg:    "1 rook on a 5×5 board; want 5",
		},
		{
			name: "too many beats attack", n: 2, piece: Rook,
			pieces: []Square{{0, 0}, {0, 1}, {1, 0}},
			want:   &PlacementError{Kind: WrongCount, Count: 3},
			msg:    "3 rooks on a 2×2 board; want 2",
		},
		{
			name: "diagonal", n: 4, piece: Queen,
			pieces: []Square{{3, 2}, {2, 3}, {1, 3}, {0, 1}},
			want: &PlacementError{Kind: Attack, A: Square{0, 1}, B: Square{2, 3},
				Line: Diagonal, Between: []Square{{1, 2}}},
			msg: "queens at row 0 col 1 and row 2 col 3 share a diagonal",
		},
		{
			name: "valid five queens, any order", n: 5, piece: Queen,
			pieces: []Square{{4, 3}, {0, 0}, {2, 4}, {3, 1}, {1, 2}},
		},
		{
			name: "row", n: 5, piece: Rook,
			pieces: []Square{{1, 4}, {0, 2}, {1, 0}, {3, 1}, {4, 3}},
			want: &PlacementError{Kind: Attack, A: Square{1, 0}, B: Square{1, 4},
				Line: SameRow, Between: []Square{{1, 1}, {1, 2}, {1, 3}}},
			msg: "rooks at row 1 col 0 and row 1 col 4 share a row",
		},
		{
			name: "column", n: 3, piece: Queen,
			pieces: []Square{{0, 0}, {2, 0}, {1, 2}},
			want: &PlacementError{Kind: Attack, A: Square{0, 0}, B: Square{2, 0},
				Line: SameColumn, Between: []Square{{1, 0}}},
			msg: "queens at row 0 col 0 and row 2 col 0 share a column",
		},
		{
			name: "adjacent diagonal has nothing between", n: 4, piece: Queen,
			pieces: []Square{{0, 0}, {1, 1}, {2, 3}, {3, 2}},
			want:   &PlacementError{Kind: Attack, A: Square{0, 0}, B: Square{1, 1}, Line: Diagonal},
			msg:    "queens at row 0 col 0 and row 1 col 1 share a diagonal",
		},
		{
			name: "rooks ignore diagonals", n: 2, piece: Rook,
			pieces: []Square{{0, 0}, {1, 1}},
		},
		{
			name: "empty board", n: 0, piece: Queen,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CheckPlacement(tt.n, tt.piece, tt.pieces)
			if tt.want == nil {
				if got != nil {
					t.Fatalf("CheckPlacement = %q; want nil", got)
				}
				return
			}
			if got == nil {
				t.Fatalf("CheckPlacement = nil; want %q", tt.msg)
			}
			if got.Kind != tt.want.Kind || got.A != tt.want.A || got.B != tt.want.B ||
				got.Line != tt.want.Line || !slices.Equal(got.Between, tt.want.Between) ||
				got.Count != tt.want.Count {
				t.Errorf("CheckPlacement = %+v; want %+v", *got, *tt.want)
			}
			if got.N != tt.n || got.Piece != tt.piece {
				t.Errorf("N, Piece = %d, %v; want %d, %v", got.N, got.Piece, tt.n, tt.piece)
			}
			if got.Error() != tt.msg {
				t.Errorf("Error() = %q; want %q", got.Error(), tt.msg)
			}
		})
	}
}

func TestCheckPlacementAntiDiagonal(t *testing.T) {
	// (1,1) and (2,2) attack too, but (0,3) comes first in reading order.
	got := CheckPlacement(4, Queen, []Square{{0, 3}, {3, 0}, {1, 1}, {2, 2}})
	want := PlacementError{Kind: Attack, A: Square{0, 3}, B: Square{3, 0}, Line: AntiDiagonal,
		Between: []Square{{1, 2}, {2, 1}}, N: 4, Piece: Queen}
	if got == nil || got.Kind != want.Kind || got.A != want.A || got.B != want.B ||
		got.Line != want.Line || !slices.Equal(got.Between, want.Between) {
		t.Fatalf("CheckPlacement = %+v; want %+v", got, want)
	}
	if msg := "queens at row 0 col 3 and row 3 col 0 share an anti-diagonal"; got.Error() != msg {
		t.Errorf("Error() = %q; want %q", got.Error(), msg)
	}
}
