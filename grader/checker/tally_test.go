package checker

import (
	"testing"
)

func TestTallyQueens(t *testing.T) {
	const (
		s1    = "[[0, 1], [1, 3], [2, 0], [3, 2]]\n"
		s2    = "[[0, 2], [1, 0], [2, 3], [3, 1]]\n"
		bad   = "[[0, 0], [1, 2], [2, 1], [3, 3]]\n" // diagonal
		three = "[[0, 1], [1, 3], [2, 0]]\n"
	)
	for _, tc := range []struct {
		name                              string
		out                               string
		right, repeated, invalid          int
		missing                           int64
		stopped                           int
		firstRepeatLine, firstInvalidLine int
	}{
		{"all right", s1 + s2, 2, 0, 0, 0, 0, 0, 0},
		{"one missing", s2, 1, 0, 0, 1, 0, 0, 0},
		{"repeats and an attack", s1 + bad + s1 + s2 + s2, 2, 2, 1, 0, 0, 3, 2},
		{"a line of three queens stops the tally", three + s1, 0, 0, 0, 2, 1, 0, 0},
		{"garbled line stops the tally", s1 + "hello\n" + s2, 1, 0, 0, 1, 2, 0, 0},
	} {
		got := TallyQueens([]byte(tc.out), QueensSpec{N: 4, Format: FormatList, Mode: All})
		if got == nil {
			t.Fatalf("%s: nil tally", tc.name)
		}
		if got.Want != 2 || got.Right != tc.right || got.Repeated != tc.repeated || got.Invalid != tc.invalid || got.Missing != tc.missing || got.Stopped != tc.stopped {
			t.Errorf("%s: got want %d right %d repeated %d invalid %d missing %d stopped %d; want 2 %d %d %d %d %d",
				tc.name, got.Want, got.Right, got.Repeated, got.Invalid, got.Missing, got.Stopped, tc.right, tc.repeated, tc.invalid, tc.missing, tc.stopped)
		}
		if tc.firstRepeatLine > 0 && (len(got.RepeatedAt) == 0 || got.RepeatedAt[0].Line != tc.firstRepeatLine) {
			t.Errorf("%s: first repeat %+v; want at line %d", tc.name, got.RepeatedAt, tc.firstRepeatLine)
		}
		if tc.firstInvalidLine > 0 && (len(got.InvalidAt) == 0 || got.InvalidAt[0].Line != tc.firstInvalidLine) {
			t.Errorf("%s: first invalid %+v; want at line %d", tc.name, got.InvalidAt, tc.firstInvalidLine)
		}
		if int64(len(got.MissingEx)) != min(tc.missing, maxTallyExamples) {
			t.Errorf("%s: %d missing examples; want %d", tc.name, len(got.MissingEx), min(tc.missing, maxTallyExamples))
		}
	}
	if got := TallyQueens([]byte(""), QueensSpec{N: 4, Format: FormatList, Mode: One}); got != nil {
		t.Errorf("tally for mode one: %+v; want nil", got)
	}
}

// TestTallyMissingIsAReferenceSolution checks the missing example is one the
// output lacks: for N = 4 printing only the second solution leaves the first.
func TestTallyMissingIsAReferenceSolution(t *testing.T) {
	got := TallyQueens([]byte("[[0, 2], [1, 0], [2, 3], [3, 1]]\n"), QueensSpec{N: 4, Format: FormatList, Mode: All})
	if len(got.MissingEx) != 1 || len(got.MissingEx[0]) != 4 || got.MissingEx[0][0].Col != 1 {
		t.Errorf("missing %v; want [[0, 1], [1, 3], [2, 0], [3, 2]]", got.MissingEx)
	}
}
