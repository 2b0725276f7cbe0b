package programs

import (
	"io"
	"strings"
	"testing"
)

// TestWriteErrors checks that every program reports a failure to write its
// output on standard error, with exit status 1.
func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		run  func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
		args []string
		want string
	}{
		{"nqueens", NQueens, []string{"8"}, "nqueens: writing the solutions: disk full\n"},
		{"queens-matrix", QueensMatrix, []string{"8"}, "queens-matrix: writing the output: disk full\n"},
		{"queens-board", QueensBoard, []string{"8"}, "queens-board: writing the output: disk full\n"},
		{"queens-board --all", QueensBoard, []string{"--all", "8"}, "queens-board: writing the output: disk full\n"},
		{"knights-tour", KnightsTour, []string{"8"}, "knights-tour: writing the output: disk full\n"},
		{"solvers", Solvers, []string{"count-queens", "8"}, "solvers: writing the output: disk full\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr strings.Builder
			if code := tt.run(tt.args, strings.NewReader(""), &failingWriter{}, &stderr); code != 1 {
				t.Errorf("exit status = %d; want 1", code)
			}
			if stderr.String() != tt.want {
				t.Errorf("stderr = %q; want %q", stderr.String(), tt.want)
			}
		})
	}
}
