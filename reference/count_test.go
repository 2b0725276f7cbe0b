package reference

import (
	"math/big"
	"testing"
)

func TestCountQueensMatchesA000170(t *testing.T) {
	maxN := 15
	if testing.Short() {
		maxN = 13
	}
	for n := 0; n <= maxN; n++ {
		want, ok := KnownQueensCount(n)
		if !ok {
			t.Fatalf("KnownQueensCount(%d) not known", n)
		}
		if got := CountQueens(n); got != want {
			t.Errorf("CountQueens(%d) = %d; want %d", n, got, want)
		}
	}
}

// The symmetry search is checked against plain enumeration, which shares
// nothing with it, so that the table above is not the only witness.
func TestCountQueensMatchesEnumeration(t *testing.T) {
	for n := 0; n <= 11; n++ {
		var plain int64
		for range Queens(n) {
			plain++
		}
		if got := CountQueens(n); got != plain {
			t.Errorf("CountQueens(%d) = %d; enumeration finds %d", n, got, plain)
		}
	}
}

func TestKnownQueensCount(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want int64
		ok   bool
	}{{-1, 0, false}, {0, 1, true}, {8, 92, true}, {27, 234907967154122528, true}, {28, 0, false}} {
		got, ok := KnownQueensCount(tt.n)
		if got != tt.want || ok != tt.ok {
			t.Errorf("KnownQueensCount(%d) = %d, %v; want %d, %v", tt.n, got, ok, tt.want, tt.ok)
		}
	}
	if got := CountQueens(-1); got != 0 {
		t.Errorf("CountQueens(-1) = %d; want 0", got)
	}
}

func TestCountRooks(t *testing.T) {
	want := big.NewInt(1)
	for n := 0; n <= 25; n++ {
		if n > 0 {
			want.Mul(want, big.NewInt(int64(n)))
		}
		if got := CountRooks(n); got.Cmp(want) != 0 {
			t.Errorf("CountRooks(%d) = %v; want %v", n, got, want)
		}
	}
	if got := CountRooks(-1); got.Sign() != 0 {
		t.Errorf("CountRooks(-1) = %v; want 0", got)
	}
	if got, want := CountRooks(21).String(), "51090942171709440000"; got != want {
		t.Errorf("CountRooks(21) = %s; want %s", got, want)
	}
}
