package programs

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/reference"
)

// TestLineFormatter checks the incremental lines against Placement.String,
// which formats each line from scratch.
func TestLineFormatter(t *testing.T) {
	for _, n := range []int{1, 4, 8, 11} {
		f := newLineFormatter(n)
		for p := range reference.Queens(n) {
			if got, want := string(f.format(p)), p.String()+"\n"; got != want {
				t.Fatalf("n = %d: format = %q; want %q", n, got, want)
			}
		}
	}
}

// TestParallelOrder compares the parallel printer, with several worker
// counts, to one search printed in order.
func TestParallelOrder(t *testing.T) {
	for n := 4; n <= 11; n++ {
		var want bytes.Buffer
		if err := writeQueensSequential(&want, n); err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2, 3, 8} {
			var got bytes.Buffer
			if err := writeQueensParallel(&got, n, workers); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("n = %d, %d workers: output differs from the sequential one (%d bytes; want %d)",
					n, workers, got.Len(), want.Len())
			}
		}
	}
}

// failingWriter fails after accepting limit bytes.
type failingWriter struct{ limit int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.limit {
		return 0, errors.New("disk full")
	}
	w.limit -= len(p)
	return len(p), nil
}

// TestParallelWriteError checks that a write error stops the printer
// (without deadlock) and is returned.
func TestParallelWriteError(t *testing.T) {
	err := writeQueensParallel(&failingWriter{limit: 1 << 20}, 12, 2)
	if err == nil || err.Error() != "disk full" {
		t.Errorf("writeQueensParallel to a failing writer = %v; want disk full", err)
	}
	var stderr strings.Builder
	if code := NQueens([]string{"12"}, nil, &failingWriter{}, &stderr); code != 1 {
		t.Errorf("NQueens exit status = %d; want 1", code)
	}
	if want := "nqueens: writing the solutions: disk full\n"; stderr.String() != want {
		t.Errorf("stderr = %q; want %q", stderr.String(), want)
	}
}
