package programs

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
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
			if err := writeQueensParallel(&got, n, workers, false); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("n = %d, %d workers: output differs from the sequential one (%d bytes; want %d)",
					n, workers, got.Len(), want.Len())
			}
		}
	}
}

// TestMirroredOutput compares the printer that searches half the board and
// mirrors it with an independent enumeration: one plain search, each line
// formatted from scratch by Placement.String. Odd and even n differ (the
// middle column), so both are checked, and worker counts that split the
// jobs unevenly. The outputs are compared as they are written, so that
// neither 44 MB output of n = 14 is held whole.
func TestMirroredOutput(t *testing.T) {
	maxN := 14
	if testing.Short() {
		maxN = 12
	}
	for n := 4; n <= maxN; n++ {
		workerCounts := []int{1, 2, 3, 8}
		if n > 11 {
			workerCounts = []int{2}
		}
		for _, workers := range workerCounts {
			c := newStreamComparer(n)
			if err := writeQueensParallel(c, n, workers, true); err != nil {
				t.Fatal(err)
			}
			if err := c.finish(); err != nil {
				t.Errorf("n = %d, %d workers: %v", n, workers, err)
			}
		}
	}
}

// TestMirrorJobs checks that the mirrored jobs are exactly the mirror
// images of the searched ones, so that together they cover every pair of
// first columns once: the order itself is what TestMirroredOutput checks.
func TestMirrorJobs(t *testing.T) {
	for _, n := range []int{4, 5, 8, 9} {
		all := map[[2]int]int{}
		for _, job := range queensJobs(n, false) {
			all[[2]int{job.prefix[0], job.prefix[1]}]++
		}
		jobs := queensJobs(n, true)
		got := map[[2]int]int{}
		for _, job := range jobs {
			if job.mirrorOf < 0 {
				got[[2]int{job.prefix[0], job.prefix[1]}]++
				continue
			}
			src := jobs[job.mirrorOf]
			if !src.keep {
				t.Errorf("n = %d: a job mirrors job %d, which keeps nothing", n, job.mirrorOf)
			}
			got[[2]int{n - 1 - src.prefix[0], n - 1 - src.prefix[1]}]++
		}
		if fmt.Sprint(got) != fmt.Sprint(all) {
			t.Errorf("n = %d: mirrored jobs cover %v; want %v", n, got, all)
		}
	}
}

// streamComparer is a writer that checks what it is given against the
// lines of Queens(n), each formatted by Placement.String.
type streamComparer struct {
	next func() (reference.Placement, bool)
	stop func()
	want string // the rest of the current line, newline included
	line int    // the current line's number, from 1
	err  error  // the first difference
}

func newStreamComparer(n int) *streamComparer {
	next, stop := iter.Pull(reference.Queens(n))
	return &streamComparer{next: next, stop: stop}
}

func (c *streamComparer) Write(b []byte) (int, error) {
	written := len(b)
	for len(b) > 0 && c.err == nil {
		if c.want == "" {
			p, ok := c.next()
			if !ok {
				c.err = fmt.Errorf("got more than the %d lines of the solutions: %q", c.line, b[:min(len(b), 80)])
				break
			}
			c.want = p.String() + "\n"
			c.line++
		}
		k := min(len(b), len(c.want))
		if string(b[:k]) != c.want[:k] {
			c.err = fmt.Errorf("line %d: got %q; want %q", c.line, b[:k], c.want[:k])
		}
		b, c.want = b[k:], c.want[k:]
	}
	return written, nil
}

// finish reports the first difference, or the lines that were not written.
func (c *streamComparer) finish() error {
	defer c.stop()
	if c.err != nil {
		return c.err
	}
	if c.want != "" {
		return fmt.Errorf("line %d cut short: want %q more", c.line, c.want)
	}
	if _, ok := c.next(); ok {
		return fmt.Errorf("got %d lines; want more", c.line)
	}
	return nil
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
	// nqueens 12 prints 1.2 MB, half of it by mirror jobs with mirror: a
	// failure at once leaves those waiting for searches that stop.
	for _, limit := range []int{0, 100 << 10, 1 << 20} {
		for _, mirror := range []bool{false, true} {
			err := writeQueensParallel(&failingWriter{limit: limit}, 12, 2, mirror)
			if err == nil || err.Error() != "disk full" {
				t.Errorf("writeQueensParallel(mirror %t) to a writer failing after %d bytes = %v; want disk full",
					mirror, limit, err)
			}
		}
	}
	var stderr strings.Builder
	if code := NQueens([]string{"12"}, nil, &failingWriter{}, &stderr); code != 1 {
		t.Errorf("NQueens exit status = %d; want 1", code)
	}
	if want := "nqueens: writing the solutions: disk full\n"; stderr.String() != want {
		t.Errorf("stderr = %q; want %q", stderr.String(), want)
	}
}
