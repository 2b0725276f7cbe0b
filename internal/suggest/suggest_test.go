package suggest

import "testing"

func TestClosest(t *testing.T) {
	ids := []string{"knights-tour", "nqueens", "queens-board", "queens-matrix", "solvers"}
	tests := []struct{ in, want string }{
		{"nqeens", "nqueens"},
		{"NQueens", "nqueens"},
		{"queens-bord", "queens-board"},
		{"knight-tour", "knights-tour"},
		{"nqeuens", "nqueens"}, // a swap of neighbours is one slip
		{"sudoku", ""},
		{"x", ""},
	}
	for _, tt := range tests {
		if got := Closest(tt.in, ids); got != tt.want {
			t.Errorf("Closest(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}
