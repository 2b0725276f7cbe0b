package grader

import (
	"errors"
	"slices"
	"testing"
)

// TestSelectChecksByTitle: --run takes what a student sees in the report, a
// check's title in any case, as well as its name, and both bring what the
// check needs.
func TestSelectChecksByTitle(t *testing.T) {
	ex := loadTestExercise(t)
	tests := []struct {
		run  []string
		want []string
	}{
		{[]string{"n4"}, []string{"usage", "n4"}},
		{[]string{"All solutions for N = 4"}, []string{"usage", "n4"}},
		{[]string{"all SOLUTIONS for n = 4"}, []string{"usage", "n4"}},
		{[]string{"n4", "All solutions for N = 4"}, []string{"usage", "n4"}},
		{[]string{"Counts the solutions", "n6-sorted"}, []string{"usage", "n4", "n6-sorted", "count"}},
	}
	for _, tt := range tests {
		checks, err := selectChecks(ex, tt.run)
		if err != nil {
			t.Errorf("%q: got error %v; want checks %q", tt.run, err, tt.want)
			continue
		}
		var got []string
		for _, c := range checks {
			got = append(got, c.Name)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: got checks %q; want %q", tt.run, got, tt.want)
		}
	}

	// A title with a word missing is no title: it is refused like a
	// misspelt name.
	_, err := selectChecks(ex, []string{"All solutions for N"})
	var uc *UnknownCheckError
	if !errors.As(err, &uc) || uc.Name != "All solutions for N" {
		t.Errorf("got %v; want *UnknownCheckError for the partial title", err)
	}
}
