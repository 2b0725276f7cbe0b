package reference

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"testing"
)

// oracleAttacks is the test's own account of an attack, written from the
// definition rather than from Geometry: b is k leaps of one of the piece's
// moves from a, within its range, every square strictly between on the
// board and not removed.
func oracleAttacks(b Board, m Moves, a, c Square) bool {
	for _, mv := range m.List() {
		for _, st := range [][2]int{
			{mv.Leap.Short, mv.Leap.Long}, {mv.Leap.Long, mv.Leap.Short},
			{-mv.Leap.Short, mv.Leap.Long}, {-mv.Leap.Long, mv.Leap.Short},
			{mv.Leap.Short, -mv.Leap.Long}, {mv.Leap.Long, -mv.Leap.Short},
			{-mv.Leap.Short, -mv.Leap.Long}, {-mv.Leap.Long, -mv.Leap.Short},
		} {
			for k := 1; mv.Range == 0 || k <= mv.Range; k++ {
				s := Square{a.Row + k*st[0], a.Col + k*st[1]}
				if !b.Has(s) {
					break
				}
				if s == c {
					return true
				}
			}
		}
	}
	return false
}

// bruteSolutions lists every set of count squares of b, no two attacking,
// in lexicographic order, by trying every subset.
func bruteSolutions(b Board, m Moves, count int) [][]Square {
	var squares []Square
	for r := range b.Rows {
		for c := range b.Cols {
			if b.Has(Square{r, c}) {
				squares = append(squares, Square{r, c})
			}
		}
	}
	var out [][]Square
	var pick func(from int, chosen []Square)
	pick = func(from int, chosen []Square) {
		if len(chosen) == count {
			out = append(out, slices.Clone(chosen))
			return
		}
		for i := from; i < len(squares); i++ {
			ok := true
			for _, c := range chosen {
				if oracleAttacks(b, m, c, squares[i]) {
					ok = false
					break
				}
			}
			if ok {
				pick(i+1, append(chosen, squares[i]))
			}
		}
	}
	pick(0, nil)
	return out
}

func sortedSolutions(t *testing.T, p Placing, generic bool) [][]Square {
	t.Helper()
	var out [][]Square
	each := p.Each
	if generic {
		each = p.EachGeneric
	}
	if err := each(0, func(sq []Square) bool { out = append(out, slices.Clone(sq)); return true }); err != nil {
		t.Fatalf("%v: %v", p, err)
	}
	for _, s := range out {
		if !slices.IsSortedFunc(s, compareSquares) {
			t.Fatalf("%v: a solution's squares %v are not in reading order", p, s)
		}
	}
	slices.SortFunc(out, func(a, b []Square) int { return slices.CompareFunc(a, b, compareSquares) })
	return out
}

// TestEachAgainstBruteForce holds the search to every subset of small
// boards, for pieces of every kind: riders, leapers, compounds, limited
// ranges, removed squares, rectangles, and counts below and above what
// fits.
func TestEachAgainstBruteForce(t *testing.T) {
	pieces := []string{"Q", "R", "B", "N", "K", "QN", "RN", "BN", "C", "Z", "NN", "W2", "(1,4)", "WA"}
	boards := []Board{
		{Rows: 4, Cols: 4},
		{Rows: 3, Cols: 5},
		{Rows: 5, Cols: 4},
		{Rows: 4, Cols: 4, Removed: []Square{{1, 1}, {2, 3}}},
		{Rows: 5, Cols: 5, Removed: []Square{{2, 2}}},
		{Rows: 1, Cols: 6},
		{Rows: 0, Cols: 0},
	}
	for _, text := range pieces {
		m := MustParseMoves(text)
		for _, b := range boards {
			for count := 0; count <= 5; count++ {
				p := Placing{Board: b, Moves: m, Count: count, Name: Noun{"piece", "pieces"}}
				want := bruteSolutions(b, m, count)
				got := sortedSolutions(t, p, true)
				if !slices.EqualFunc(got, want, func(a, b []Square) bool { return slices.Equal(a, b) }) {
					t.Fatalf("%s on %+v, %d pieces: the search found %d solutions, brute force %d\nsearch: %v\nbrute: %v", text, b, count, len(got), len(want), got, want)
				}
				n, err := p.CountSolutions(0)
				if err != nil || n.Cmp(big.NewInt(int64(len(want)))) != 0 {
					t.Fatalf("%s on %+v, %d pieces: CountSolutions = %v, %v; want %d", text, b, count, n, err, len(want))
				}
				for _, sol := range want {
					if e := CheckPieces(p, nil, sol); e != nil {
						t.Fatalf("%s on %+v: CheckPieces(%v) = %v; want nil", text, b, sol, e)
					}
				}
			}
		}
	}
}

// TestEachGenericIsQueens holds the generic search to the specialised
// queens and rooks solvers, solution for solution, in the same order.
func TestEachGenericIsQueens(t *testing.T) {
	for _, piece := range []Piece{Queen, Rook} {
		for n := 0; n <= 8; n++ {
			if piece == Rook && n > 6 {
				break
			}
			p := piece.Puzzle(n)
			var fast, generic [][]Square
			p.Each(0, func(sq []Square) bool { fast = append(fast, slices.Clone(sq)); return true })
			p.EachGeneric(0, func(sq []Square) bool { generic = append(generic, slices.Clone(sq)); return true })
			if !slices.EqualFunc(fast, generic, func(a, b []Square) bool { return slices.Equal(a, b) }) {
				t.Fatalf("%v n=%d: generic %d solutions, specialised %d, or in another order", piece, n, len(generic), len(fast))
			}
		}
	}
}

// TestKnownCounts checks the counts the new exercises rest on against
// published ones: N amazons (OEIS A051223), 2N-2 bishops (2^N), N kings
// on a 2N×2N board is not here (too many); N knights on N×N for small N.
func TestKnownCounts(t *testing.T) {
	amazons := map[int]int64{1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 4, 11: 44, 12: 156}
	for n, want := range amazons {
		if testing.Short() && n > 11 {
			continue
		}
		p := Placing{Board: SquareBoard(n), Moves: MustParseMoves("QN"), Count: n}
		got, err := p.CountSolutions(0)
		if err != nil || got.Int64() != want {
			t.Errorf("%d amazons: %v, %v; want %d", n, got, err, want)
		}
	}
	for n := 2; n <= 10; n++ {
		p := Placing{Board: SquareBoard(n), Moves: MustParseMoves("B"), Count: 2*n - 2}
		got, err := p.CountSolutions(0)
		if err != nil || got.Int64() != 1<<n {
			t.Errorf("%d bishops on %d×%d: %v, %v; want %d", 2*n-2, n, n, got, err, 1<<n)
		}
	}
}

func TestEachBudget(t *testing.T) {
	p := Placing{Board: SquareBoard(8), Moves: MustParseMoves("B"), Count: 14}
	found := 0
	err := p.Each(50, func([]Square) bool { found++; return true })
	if !errors.Is(err, ErrSearchLimit) {
		t.Fatalf("Each with a budget of 50 nodes = %v; want ErrSearchLimit", err)
	}
	if found >= 256 {
		t.Fatalf("Each with a budget of 50 nodes found all %d solutions", found)
	}
	if _, err := p.CountSolutions(50); !errors.Is(err, ErrSearchLimit) {
		t.Fatalf("CountSolutions(50) = %v; want ErrSearchLimit", err)
	}
}

func TestFirst(t *testing.T) {
	sol, ok, err := Placing{Board: SquareBoard(10), Moves: MustParseMoves("QN"), Count: 10}.First(0)
	if err != nil || !ok {
		t.Fatalf("First of 10 amazons = %v, %v, %v; want a solution", sol, ok, err)
	}
	if e := CheckPieces(Placing{Board: SquareBoard(10), Moves: MustParseMoves("QN"), Count: 10}, nil, sol); e != nil {
		t.Fatalf("First of 10 amazons = %v: %v", sol, e)
	}
	if _, ok, err := (Placing{Board: SquareBoard(9), Moves: MustParseMoves("QN"), Count: 9}).First(0); ok || err != nil {
		t.Fatalf("First of 9 amazons found one, or %v", err)
	}
	if sol, ok, _ := Queen.Puzzle(100).First(0); !ok || CheckPlacement(100, Queen, sol) != nil {
		t.Fatalf("First of 100 queens = %v, %v", sol, ok)
	}
}

func TestCheckPiecesMessages(t *testing.T) {
	sq := func(s ...int) []Square {
		var out []Square
		for i := 0; i < len(s); i += 2 {
			out = append(out, Square{s[i], s[i+1]})
		}
		return out
	}
	amazon := Noun{"amazon", "amazons"}
	tests := []struct {
		piece  string
		board  Board
		count  int
		pieces []Square
		want   string
	}{
		{"QN", SquareBoard(10), 2, sq(0, 0, 1, 2), "amazons at row 0 col 0 and row 1 col 2 are a knight's move apart"},
		{"QN", SquareBoard(10), 2, sq(0, 0, 3, 3), "amazons at row 0 col 0 and row 3 col 3 share a diagonal"},
		{"K", SquareBoard(4), 2, sq(1, 1, 1, 2), "amazons at row 1 col 1 and row 1 col 2 are next to each other in a row"},
		{"K", SquareBoard(4), 2, sq(1, 1, 2, 1), "amazons at row 1 col 1 and row 2 col 1 are next to each other in a column"},
		{"K", SquareBoard(4), 2, sq(1, 1, 2, 2), "amazons at row 1 col 1 and row 2 col 2 are next to each other on a diagonal"},
		{"C", SquareBoard(6), 2, sq(0, 0, 3, 1), "amazons at row 0 col 0 and row 3 col 1 are a (1,3) leap apart"},
		{"NN", SquareBoard(6), 2, sq(0, 0, 4, 2), "amazons at row 0 col 0 and row 4 col 2 are 2 knight's moves apart in a straight line"},
		{"(1,4)(1,4)", SquareBoard(10), 2, sq(0, 0, 8, 2), "amazons at row 0 col 0 and row 8 col 2 are 2 (1,4) leaps apart in a straight line"},
		{"W4", SquareBoard(8), 2, sq(0, 0, 0, 3), "amazons at row 0 col 0 and row 0 col 3 share a row"},
		{"Q", Board{Rows: 4, Cols: 6}, 1, sq(3, 6), "row 3 col 6 is off the 4×6 board"},
		{"Q", Board{Rows: 4, Cols: 4, Removed: sq(1, 1)}, 1, sq(1, 1), "row 1 col 1 is not on the board: that square is removed"},
		{"Q", Board{Rows: 4, Cols: 6}, 3, sq(0, 0), "1 amazon on a 4×6 board; want 3"},
		// A removed square blocks a rider's line.
		{"R", Board{Rows: 1, Cols: 5, Removed: sq(0, 2)}, 2, sq(0, 0, 0, 4), ""},
	}
	for _, tt := range tests {
		p := Placing{Board: tt.board, Moves: MustParseMoves(tt.piece), Count: tt.count, Name: amazon}
		e := CheckPieces(p, nil, tt.pieces)
		got := ""
		if e != nil {
			got = e.Error()
		}
		if got != tt.want {
			t.Errorf("%s %v: %q; want %q", tt.piece, tt.pieces, got, tt.want)
		}
	}
}

func (p Placing) String() string {
	return fmt.Sprintf("%d×%s on %s", p.Count, p.Moves, p.Board.Size())
}

// TestPartSearchIsPlacer holds the search by parts in words (partSearch)
// to the search by sets of squares (placer) it stands in for: the same
// solutions in the same order, and the same stop at a budget.
func TestPartSearchIsPlacer(t *testing.T) {
	boards := []Board{
		{Rows: 6, Cols: 6},
		{Rows: 5, Cols: 7, Removed: []Square{{2, 3}}},
		{Rows: 9, Cols: 9},
	}
	for _, text := range []string{"Q", "B", "N", "K", "QN", "C", "W2"} {
		for _, b := range boards {
			for _, count := range []int{1, 4, b.Rows, 2*b.Rows - 2} {
				for _, budget := range []int64{0, 40} {
					p := Placing{Board: b, Moves: MustParseMoves(text), Count: count}
					g := NewGeometry(p.Board, p.Moves)
					parts, rows := splitBoard(g)
					var want, got [][]Square
					collect := func(out *[][]Square) func([]Square) bool {
						return func(sq []Square) bool { *out = append(*out, slices.Clone(sq)); return len(*out) < 500 }
					}
					old := newPlacer(g, parts, rows, budget, collect(&want))
					old.walk(0, g.open, count)
					ps := newPartSearch(g, parts, rows, budget, collect(&got))
					if ps == nil {
						t.Fatalf("%v: no partSearch", p)
					}
					ps.run(count)
					if !slices.EqualFunc(got, want, func(a, b []Square) bool { return slices.Equal(a, b) }) || ps.limited != old.limited || ps.nodes != old.nodes {
						t.Fatalf("%v budget %d: partSearch found %d solutions in %d nodes (limited %v), placer %d in %d (limited %v)", p, budget, len(got), ps.nodes, ps.limited, len(want), old.nodes, old.limited)
					}
				}
			}
		}
	}
}
