package cli

import (
	"errors"
	"testing"
)

func TestOperands(t *testing.T) {
	batch := operands{cmd: "batch", before: "grader batch [flags]", after: "--out OUTDIR",
		list: []operand{exerciseID, {"class folder", "the class folder", "DIR", "", ""}}}
	for _, tc := range []struct {
		pos  []string
		want string // "" for no error
	}{
		{nil, "batch: missing the exercise ID and the class folder: want grader batch [flags] ID DIR --out OUTDIR"},
		{[]string{"nqueens"}, "batch: missing the class folder after nqueens: want grader batch [flags] nqueens DIR --out OUTDIR"},
		{[]string{"nqueens", "class"}, ""},
		{[]string{"nqueens", "class", "more"}, "batch: want one exercise ID and one class folder, got 3 arguments: nqueens class more"},
	} {
		err := batch.check(tc.pos)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("check(%q) = %q; want %q", tc.pos, got, tc.want)
		}
		var usage *usageError
		if err != nil && !errors.As(err, &usage) {
			t.Errorf("check(%q) = %T; want a usage error (exit status 2)", tc.pos, err)
		}
	}
}
