package reference

import (
	"slices"
	"testing"
)

// tour5 is a known open tour of the 5×5 board from the corner.
var tour5 = [][]int{
	{0, 5, 14, 9, 20},
	{13, 8, 19, 4, 15},
	{18, 1, 6, 21, 10},
	{7, 12, 23, 16, 3},
	{24, 17, 2, 11, 22},
}

func cloneMatrix(m [][]int) [][]int {
	c := make([][]int, len(m))
	for i, row := range m {
		c[i] = slices.Clone(row)
	}
	return c
}

func TestCheckTourValid(t *testing.T) {
	if err := CheckTour(5, tour5, TourOptions{}); err != nil {
		t.Errorf("CheckTour(5, tour5) = %q; want nil", err)
	}
	plus1 := cloneMatrix(tour5)
	for _, row := range plus1 {
		for c := range row {
			row[c]++
		}
	}
	if err := CheckTour(5, plus1, TourOptions{Base: 1}); err != nil {
		t.Errorf("CheckTour(5, tour5+1, base 1) = %q; want nil", err)
	}
	if err := CheckTour(1, [][]int{{0}}, TourOptions{}); err != nil {
		t.Errorf("CheckTour(1, [[0]]) = %q; want nil", err)
	}
	if err := CheckTour(0, nil, TourOptions{}); err != nil {
		t.Errorf("CheckTour(0, nil) = %q; want nil", err)
	}
}

func TestCheckTourErrors(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		numbers func() [][]int
		opts    TourOptions
		kind    TourErrorKind
		number  int
		squares []Square
		msg     string
	}{
		{
			name: "out of range", n: 8,
			numbers: func() [][]int {
				m := make([][]int, 8)
				for r := range m {
					m[r] = make([]int, 8)
					for c := range m[r] {
						m[r][c] = r*8 + c
					}
				}
				m[2][3] = 100
				m[5][5] = -1
				return m
			},
			kind: OutOfRange, number: 100, squares: []Square{{2, 3}},
			msg: "100 is out of range 0..63",
		},
		{
			name: "out of range base 1", n: 5, opts: TourOptions{Base: 1},
			numbers: func() [][]int { return cloneMatrix(tour5) }, // holds 0
			kind:    OutOfRange, number: 0, squares: []Square{{0, 0}},
			msg: "0 is out of range 1..25",
		},
		{
			name: "repeated twice", n: 5,
			numbers: func() [][]int {
				m := cloneMatrix(tour5)
				m[3][4] = 17 // was 3
				m[0][4] = 23 // was 20
				return m
			},
			kind: Repeated, number: 17, squares: []Square{{3, 4}, {4, 1}},
			msg: "17 appears twice, at (3,4) and (4,1)",
		},
		{
			name: "repeated three times", n: 5,
			numbers: func() [][]int {
				m := cloneMatrix(tour5)
				m[0][1], m[4][4] = 2, 2 // were 5 and 22
				return m
			},
			kind: Repeated, number: 2, squares: []Square{{0, 1}, {4, 2}, {4, 4}},
			msg: "2 appears 3 times, at (0,1), (4,2) and (4,4)",
		},
		{
			name: "missing", n: 5,
			numbers: func() [][]int {
				m := cloneMatrix(tour5)
				m[3] = []int{7, 12, 23, 3} // 16 dropped: a short row
				return m
			},
			kind: Missing, number: 16,
			msg: "16 is missing",
		},
		{
			name: "missing base 1", n: 1, opts: TourOptions{Base: 1},
			numbers: func() [][]int { return [][]int{{}} },
			kind:    Missing, number: 1,
			msg: "1 is missing",
		},
		{
			name: "too many rows", n: 2,
			numbers: func() [][]int { return [][]int{{0}, {1}, {2}, {3}} },
			kind:    Shape,
			msg:     "the tour has 4 rows; want 2",
		},
		{
			name: "ragged row", n: 2,
			numbers: func() [][]int { return [][]int{{0, 1, 2}, {3}} },
			kind:    Shape,
			msg:     "row 0 has 3 numbers; want 2",
		},
		{
			name: "wrong start", n: 5, opts: TourOptions{Start: Square{0, 0}},
			numbers: func() [][]int {
				// Numbered backwards, the tour starts where 24 was.
				m := cloneMatrix(tour5)
				for _, row := range m {
					for c := range row {
						row[c] = 24 - row[c]
					}
				}
				return m
			},
			kind: WrongStart, number: 0, squares: []Square{{4, 0}},
			msg: "0 is at (4,0); the tour must start at (0,0)",
		},
		{
			name: "wrong start base 1", n: 5, opts: TourOptions{Start: Square{2, 2}, Base: 1},
			numbers: func() [][]int {
				m := cloneMatrix(tour5)
				for _, row := range m {
					for c := range row {
						row[c]++
					}
				}
				return m
			},
			kind: WrongStart, number: 1, squares: []Square{{0, 0}},
			msg: "1 is at (0,0); the tour must start at (2,2)",
		},
		{
			name: "bad move", n: 5,
			numbers: func() [][]int {
				m := cloneMatrix(tour5)
				m[3][1], m[3][3] = 16, 12 // swap 12 and 16
				return m
			},
			kind: BadMove, number: 11, squares: []Square{{4, 3}, {3, 3}},
			msg: "move 11 -> 12 goes from (4,3) to (3,3), which is not a knight's move",
		},
		{
			name: "bad move base 1", n: 5, opts: TourOptions{Base: 1},
			numbers: func() [][]int {
				m := cloneMatrix(tour5)
				m[3][1], m[3][3] = 16, 12
				for _, row := range m {
					for c := range row {
						row[c]++
					}
				}
				return m
			},
			kind: BadMove, number: 12, squares: []Square{{4, 3}, {3, 3}},
			msg: "move 12 -> 13 goes from (4,3) to (3,3), which is not a knight's move",
		},
		{
			name: "not closed", n: 5, opts: TourOptions{Closed: true},
			numbers: func() [][]int { return cloneMatrix(tour5) },
			kind:    NotClosed, number: 24, squares: []Square{{4, 0}, {0, 0}},
			msg: "the tour is not closed: 24 at (4,0) is not a knight's move from 0 at (0,0)",
		},
		{
			name: "one square cannot be closed", n: 1, opts: TourOptions{Closed: true, Base: 1},
			numbers: func() [][]int { return [][]int{{1}} },
			kind:    NotClosed, number: 1, squares: []Square{{0, 0}, {0, 0}},
			msg: "the tour is not closed: 1 at (0,0) is not a knight's move from 1 at (0,0)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CheckTour(tt.n, tt.numbers(), tt.opts)
			if got == nil {
				t.Fatalf("CheckTour = nil; want %q", tt.msg)
			}
			if got.Kind != tt.kind || got.Number != tt.number || !slices.Equal(got.Squares, tt.squares) {
				t.Errorf("CheckTour = kind %d, number %d, squares %v; want kind %d, number %d, squares %v",
					got.Kind, got.Number, got.Squares, tt.kind, tt.number, tt.squares)
			}
			if got.Error() != tt.msg {
				t.Errorf("Error() = %q; want %q", got.Error(), tt.msg)
			}
		})
	}
}
