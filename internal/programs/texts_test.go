package programs

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestWithTexts runs each program with a message of its reworded: it must
// print the new wording where it printed the old, and leave the others as
// they were.
func TestWithTexts(t *testing.T) {
	tests := []struct {
		program string
		texts   Texts
		args    []string
		want    string
	}{
		{"nqueens", Texts{"usage": "usage: nqueens <n>"}, nil, "usage: nqueens <n>\n"},
		{"nqueens", Texts{"not_a_number": "N is not a number"}, []string{"abc"}, "N is not a number\n"},
		{"nqueens", Texts{"too_small": "N must be 4 or more"}, []string{"3"}, "N must be 4 or more\n"},
		{"nqueens", Texts{"too_small": "N must be 4 or more"}, []string{"x"}, "N must be a number\n"},
		{"nqueens", Texts{"nonsense": "ignored"}, []string{"3"}, "N must be at least 4\n"},
		{"queens-matrix", Texts{"no_solution": "No solution."}, []string{"3"}, "No solution.\n"},
		{"queens-matrix", Texts{"usage": "queens-matrix [N]"}, []string{"x"}, "queens-matrix [N]\n"},
		{"queens-board", Texts{"no_solution": "none"}, []string{"2"}, "none\n"},
		{"queens-board", Texts{"usage": "use: queens-board"}, nil, "use: queens-board\n"},
		{"knights-tour", Texts{"no_solution": "Pas de solution"}, []string{"3"}, "Pas de solution\n"},
		{"knights-tour", Texts{"usage": "knights-tour N?"}, []string{"a", "b"}, "knights-tour N?\n"},
		{"solvers", Texts{"usage": "solvers: say what"}, nil, "solvers: say what\n"},
	}
	for _, tt := range tests {
		t.Run(tt.program+" "+strings.Join(tt.args, " "), func(t *testing.T) {
			prog := WithTexts(tt.program, tt.texts)
			if prog == nil {
				t.Fatalf("WithTexts(%q) = nil; want the program", tt.program)
			}
			var stdout, stderr bytes.Buffer
			prog(tt.args, strings.NewReader(""), &stdout, &stderr)
			if got := stdout.String(); got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
	if WithTexts("nqueen", nil) != nil {
		t.Error("WithTexts(nqueen) is not nil; want nil for no such program")
	}
}

// TestDefaultTexts checks that the defaults are what the programs print
// without being told, so an exercise that names no message sees the
// program as its manual describes it.
func TestDefaultTexts(t *testing.T) {
	var stdout bytes.Buffer
	NQueens([]string{"2"}, nil, &stdout, &stdout)
	if got, want := stdout.String(), DefaultTexts("nqueens")["too_small"]+"\n"; got != want {
		t.Errorf("NQueens 2 printed %q; want the default too_small %q", got, want)
	}
	if got, want := TextNames("nqueens"), []string{"not_a_number", "too_small", "usage"}; !slices.Equal(got, want) {
		t.Errorf("TextNames(nqueens) = %q; want %q", got, want)
	}
	d := DefaultTexts("nqueens")
	d["usage"] = "changed"
	if DefaultTexts("nqueens")["usage"] != "Usage: nqueens N" {
		t.Error("DefaultTexts returned the defaults themselves; want a copy")
	}
}
