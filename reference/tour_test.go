package reference

import (
	"testing"
)

// TestTourFromCorner is the sweep the issue asks for: every n from 1 to 200,
// every tour validated by CheckTour.
func TestTourFromCorner(t *testing.T) {
	for n := 1; n <= 200; n++ {
		numbers, ok := Tour(n, Square{0, 0})
		if wantOK := n == 1 || n >= 5; ok != wantOK {
			t.Errorf("Tour(%d, (0,0)) ok = %v; want %v", n, ok, wantOK)
			continue
		}
		if !ok {
			continue
		}
		if err := CheckTour(n, numbers, TourOptions{}); err != nil {
			t.Errorf("Tour(%d, (0,0)): %v", n, err)
		}
	}
}

// TestTourLarge covers the sizes where Roth's rule needs another neighbour
// order, and the largest size the programs promise.
func TestTourLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large boards")
	}
	for _, n := range []int{248, 1000} {
		numbers, ok := Tour(n, Square{0, 0})
		if !ok {
			t.Errorf("Tour(%d, (0,0)) found no tour", n)
			continue
		}
		if err := CheckTour(n, numbers, TourOptions{}); err != nil {
			t.Errorf("Tour(%d, (0,0)): %v", n, err)
		}
	}
}

// TestTourEveryStart tries every start square of small boards. Tour's false
// comes from a complete search, so it is compared with the colour rule: on
// odd boards no tour starts on the minority colour.
func TestTourEveryStart(t *testing.T) {
	for n := 1; n <= 8; n++ {
		found := 0
		for r := range n {
			for c := range n {
				start := Square{r, c}
				numbers, ok := Tour(n, start)
				minority := n%2 == 1 && (r+c)%2 == 1
				if !ok {
					if n >= 5 && !minority {
						t.Errorf("Tour(%d, %v) found no tour; every square of the majority colour has one from n = 5", n, start)
					}
					continue
				}
				found++
				if minority {
					t.Errorf("Tour(%d, %v) found a tour from the minority colour", n, start)
				}
				if err := CheckTour(n, numbers, TourOptions{Start: start}); err != nil {
					t.Errorf("Tour(%d, %v): %v", n, start, err)
				}
			}
		}
		// 2, 3 and 4 have no open tour from any square (the 3×3 board's
		// centre cannot be reached at all; 4×4 is a classic impossibility).
		if (n >= 2 && n <= 4) != (found == 0) {
			t.Errorf("n = %d: tours from %d squares", n, found)
		}
	}
}

func TestTourBadStart(t *testing.T) {
	for _, tt := range []struct {
		n     int
		start Square
	}{{0, Square{0, 0}}, {-1, Square{0, 0}}, {5, Square{5, 0}}, {5, Square{0, -1}}, {5, Square{0, 1}}} {
		if _, ok := Tour(tt.n, tt.start); ok {
			t.Errorf("Tour(%d, %v) ok = true; want false", tt.n, tt.start)
		}
	}
}

func TestClosedTour(t *testing.T) {
	for n := -1; n <= 60; n++ {
		numbers, ok := ClosedTour(n)
		if wantOK := n >= 6 && n%2 == 0; ok != wantOK {
			t.Errorf("ClosedTour(%d) ok = %v; want %v", n, ok, wantOK)
			continue
		}
		if !ok {
			continue
		}
		if err := CheckTour(n, numbers, TourOptions{Closed: true}); err != nil {
			t.Errorf("ClosedTour(%d): %v", n, err)
		}
	}
}
