package script

import (
	"slices"
	"testing"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		line    string
		want    []string
		dynamic bool
	}{
		{"run nqueens 4", []string{"run", "nqueens", "4"}, false},
		{"stdout '^Usage: nqueens N$'", []string{"stdout", "^Usage: nqueens N$"}, false},
		{"stdout 'it''s' # comment", []string{"stdout", "it's"}, false},
		{"env HOME=$WORK", []string{"env", "HOME=$WORK"}, true},
		{"stdout '$WORK'", []string{"stdout", "$WORK"}, false},
		{"[unix] ! run\tnqueens", []string{"[unix]", "!", "run", "nqueens"}, false},
	}
	for _, tt := range tests {
		got, _, _, dynamic, err := Tokenize(tt.line)
		if err != nil || !slices.Equal(got, tt.want) || dynamic != tt.dynamic {
			t.Errorf("tokenize(%q) = %q, %v, %v; want %q, %v", tt.line, got, dynamic, err, tt.want, tt.dynamic)
		}
	}
}
