package reference

import (
	"slices"
	"testing"
)

// collect returns copies of every placement seq yields.
func collect(seq func(func(Placement) bool)) []Placement {
	var all []Placement
	for p := range seq {
		all = append(all, slices.Clone(p))
	}
	return all
}

func TestQueensCountsAndOrder(t *testing.T) {
	for n := 0; n <= 12; n++ {
		all := collect(Queens(n))
		want, _ := KnownQueensCount(n)
		if int64(len(all)) != want {
			t.Errorf("Queens(%d) yields %d solutions; want %d", n, len(all), want)
		}
		for i, p := range all {
			if len(p) != n {
				t.Fatalf("Queens(%d) solution %d has %d rows", n, i, len(p))
			}
			if i > 0 && slices.Compare(all[i-1], p) >= 0 {
				t.Errorf("Queens(%d): %v comes after %v; want lexicographic order", n, p, all[i-1])
			}
			if n <= 10 {
				if err := CheckPlacement(n, Queen, p.Squares()); err != nil {
					t.Errorf("Queens(%d) yields %v: %v", n, p, err)
				}
			}
		}
	}
	if got := collect(Queens(-1)); len(got) != 0 {
		t.Errorf("Queens(-1) yields %v; want nothing", got)
	}
	if got := collect(Queens(4)); !slices.EqualFunc(got, []Placement{{1, 3, 0, 2}, {2, 0, 3, 1}}, slices.Equal) {
		t.Errorf("Queens(4) = %v; want [[1 3 0 2] [2 0 3 1]]", got)
	}
}

// TestQueensWideBoards checks the search for boards wider than a machine
// word against the bitboard search, on the first solutions of the same n.
func TestQueensWideBoards(t *testing.T) {
	for _, n := range []int{20, 24} {
		var bitsFirst, slicesFirst []Placement
		queensBits(n, -1, func(p Placement) bool {
			bitsFirst = append(bitsFirst, slices.Clone(p))
			return len(bitsFirst) < 50
		})
		queensSlices(n, func(p Placement) bool {
			slicesFirst = append(slicesFirst, slices.Clone(p))
			return len(slicesFirst) < 50
		})
		if !slices.EqualFunc(bitsFirst, slicesFirst, slices.Equal) {
			t.Errorf("n = %d: the two searches disagree on the first 50 solutions", n)
		}
	}
}

func TestQueensStopsEarly(t *testing.T) {
	count := 0
	for range Queens(8) {
		count++
		if count == 3 {
			break
		}
	}
	if count != 3 {
		t.Errorf("broke out after %d solutions; want 3", count)
	}
}

// TestCheckPlacementMutations moves one queen of every solution for n ≤ 8
// to another column and checks that CheckPlacement names a pair that really
// attacks, including the moved queen when it is the first such pair.
func TestCheckPlacementMutations(t *testing.T) {
	for n := 1; n <= 8; n++ {
		for p := range Queens(n) {
			if err := CheckPlacement(n, Queen, p.Squares()); err != nil {
				t.Fatalf("CheckPlacement(%d, %v) = %v; want nil", n, p, err)
			}
			for r := range n {
				for c := range n {
					if c == p[r] {
						continue
					}
					m := slices.Clone(p)
					m[r] = c
					err := CheckPlacement(n, Queen, m.Squares())
					if err == nil {
						t.Fatalf("CheckPlacement(%d, %v) = nil; want an attack", n, m)
					}
					line, ok := attackLine(Queen, err.A, err.B)
					if err.Kind != Attack || !ok || line != err.Line {
						t.Fatalf("CheckPlacement(%d, %v) = %v; not an attacking pair", n, m, err)
					}
					if want := firstAttack(m); err.A != want[0] || err.B != want[1] {
						t.Fatalf("CheckPlacement(%d, %v) names %v, %v; want %v, %v", n, m, err.A, err.B, want[0], want[1])
					}
				}
			}
		}
	}
}

// firstAttack finds the first attacking pair in reading order by brute force.
func firstAttack(p Placement) [2]Square {
	for r1 := range p {
		for r2 := r1 + 1; r2 < len(p); r2++ {
			a, b := Square{r1, p[r1]}, Square{r2, p[r2]}
			if a.Col == b.Col || abs(a.Row-b.Row) == abs(a.Col-b.Col) {
				return [2]Square{a, b}
			}
		}
	}
	return [2]Square{}
}

func TestRooks(t *testing.T) {
	factorial := 1
	for n := 0; n <= 8; n++ {
		if n > 0 {
			factorial *= n
		}
		all := collect(Rooks(n))
		if len(all) != factorial {
			t.Errorf("Rooks(%d) yields %d placements; want %d", n, len(all), factorial)
		}
		for i, p := range all {
			if err := CheckPlacement(n, Rook, p.Squares()); err != nil {
				t.Errorf("Rooks(%d) yields %v: %v", n, p, err)
			}
			if i > 0 && slices.Compare(all[i-1], p) >= 0 {
				t.Errorf("Rooks(%d): %v comes after %v; want lexicographic order", n, p, all[i-1])
			}
		}
	}
	if got := collect(Rooks(-1)); len(got) != 0 {
		t.Errorf("Rooks(-1) yields %v; want nothing", got)
	}
}

func TestFirstQueens(t *testing.T) {
	// Each n from 30 to 64 spends firstQueensBudget placements before
	// constructing, which -race makes slow: -short checks the ends only.
	for n := -1; n <= 1000; n++ {
		if testing.Short() && n > 30 && n < 990 {
			continue
		}
		p, ok := FirstQueens(n)
		if wantOK := n >= 0 && n != 2 && n != 3; ok != wantOK {
			t.Errorf("FirstQueens(%d) ok = %v; want %v", n, ok, wantOK)
			continue
		}
		if !ok {
			continue
		}
		if err := CheckPlacement(n, Queen, p.Squares()); err != nil {
			t.Errorf("FirstQueens(%d) = %v: %v", n, p, err)
		}
		if n <= 20 {
			for first := range Queens(n) {
				if !slices.Equal(p, first) {
					t.Errorf("FirstQueens(%d) = %v; want Queens' first, %v", n, p, first)
				}
				break
			}
		}
	}
}

func TestConstructQueens(t *testing.T) {
	for n := 4; n <= 1000; n++ {
		if err := CheckPlacement(n, Queen, constructQueens(n).Squares()); err != nil {
			t.Errorf("constructQueens(%d): %v", n, err)
		}
	}
}

func TestQueensWithPrefix(t *testing.T) {
	for n := 0; n <= 10; n++ {
		var joined []Placement
		for c := range max(n, 1) {
			prefix := []int{c}
			if n == 0 {
				prefix = nil
			}
			joined = append(joined, collect(QueensWithPrefix(n, prefix))...)
		}
		if want := collect(Queens(n)); !slices.EqualFunc(joined, want, slices.Equal) {
			t.Errorf("n = %d: the parts by first column give %d solutions; Queens gives %d (or another order)", n, len(joined), len(want))
		}
	}
	for _, tt := range []struct {
		n      int
		prefix []int
		want   int
	}{
		{4, []int{1, 3}, 1},
		{4, []int{1, 3, 0, 2}, 1},
		{4, []int{0, 1}, 0}, // diagonal
		{4, []int{1, 1}, 0}, // column
		{4, []int{4}, 0},    // off the board
		{4, []int{-1}, 0},   // off the board
		{4, []int{1, 3, 0, 2, 0}, 0},
		{8, []int{0}, 4},
	} {
		if got := len(collect(QueensWithPrefix(tt.n, tt.prefix))); got != tt.want {
			t.Errorf("QueensWithPrefix(%d, %v) yields %d; want %d", tt.n, tt.prefix, got, tt.want)
		}
	}
}

// attackLine says along which line a attacks b, if it does: the test's own
// account of a queen's and a rook's lines, independent of the geometry
// CheckPlacement compiles from their moves.
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
