package reference

import (
	"slices"
	"testing"
)

// TestTraceCountsMatchSeed checks the counting convention against seed 002's
// table of placements tried: every square the loop looks at, safe or not.
// Counting only the queens placed (the tree's nodes) gives 16 for N = 4 and
// 2,056 for N = 8, which is not the table's column.
func TestTraceCountsMatchSeed(t *testing.T) {
	for _, tc := range []struct {
		n, tried, solutions, placed int
	}{
		{4, 60, 2, 16},
		{5, 220, 10, 53},
		{6, 894, 4, 152},
		{7, 3584, 40, 551},
		{8, 15720, 92, 2056},
	} {
		c := CountTrace(tc.n)
		if c.Tried != tc.tried {
			t.Errorf("N=%d: tried %d; want %d (seed 002)", tc.n, c.Tried, tc.tried)
		}
		if c.Solutions != tc.solutions {
			t.Errorf("N=%d: %d solutions; want %d", tc.n, c.Solutions, tc.solutions)
		}
		if c.Placed != tc.placed {
			t.Errorf("N=%d: placed %d; want %d", tc.n, c.Placed, tc.placed)
		}
		if c.Removed != c.Placed {
			t.Errorf("N=%d: removed %d; want every placed queen (%d) taken back", tc.n, c.Removed, c.Placed)
		}
	}
}

// TestTraceSolutionsAreQueens checks the trace finds what Queens finds, in
// the same order.
func TestTraceSolutionsAreQueens(t *testing.T) {
	for n := 1; n <= MaxTraceN; n++ {
		var got, want []string
		for s := range TraceQueens(n) {
			if s.Kind == Solution {
				got = append(got, s.Board.String())
			}
		}
		for p := range Queens(n) {
			want = append(want, p.String())
		}
		if !slices.Equal(got, want) {
			t.Errorf("N=%d: trace solutions %v; want %v", n, got, want)
		}
	}
}

// TestTraceN4Start checks the first steps for N = 4 as a person would narrate
// them: (0,0) placed, row 1's first two squares attacked, (1,2) placed, every
// square of row 2 attacked, so (1,2) is taken back.
func TestTraceN4Start(t *testing.T) {
	want := []struct {
		kind     StepKind
		row, col int
		board    string
	}{
		{Place, 0, 0, "[[0, 0]]"},
		{Reject, 1, 0, "[[0, 0]]"},
		{Reject, 1, 1, "[[0, 0]]"},
		{Place, 1, 2, "[[0, 0], [1, 2]]"},
		{Reject, 2, 0, "[[0, 0], [1, 2]]"},
		{Reject, 2, 1, "[[0, 0], [1, 2]]"},
		{Reject, 2, 2, "[[0, 0], [1, 2]]"},
		{Reject, 2, 3, "[[0, 0], [1, 2]]"},
		{Remove, 1, 2, "[[0, 0]]"},
		{Place, 1, 3, "[[0, 0], [1, 3]]"},
	}
	i := 0
	for s := range TraceQueens(4) {
		if i == len(want) {
			break
		}
		w := want[i]
		if s.Kind != w.kind || s.Square != (Square{w.row, w.col}) || s.Board.String() != w.board {
			t.Errorf("step %d: got %v (%d,%d) %v; want %v (%d,%d) %s", i, s.Kind, s.Square.Row, s.Square.Col, s.Board, w.kind, w.row, w.col, w.board)
		}
		i++
	}
	if i != len(want) {
		t.Errorf("got %d steps; want at least %d", i, len(want))
	}
}

func TestTraceStops(t *testing.T) {
	steps := 0
	for range TraceQueens(8) {
		steps++
		if steps == 5 {
			break
		}
	}
	if steps != 5 {
		t.Errorf("got %d steps; want the loop to stop at 5", steps)
	}
	for range TraceQueens(0) {
		t.Errorf("TraceQueens(0) yielded a step; want none")
	}
}
