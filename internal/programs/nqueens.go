package programs

import (
	"bufio"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/boardcheck/boardcheck/reference"
)

// NQueens is the nqueens program: every solution of the N-Queens puzzle,
// one per line as [[0, c0], [1, c1], ...], in lexicographic order.
// See cmd/nqueens for the manual.
func NQueens(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stdout, "Usage: nqueens N")
		return 1
	}
	n, ok := parseNumber(args[0])
	switch {
	case !ok:
		fmt.Fprintln(stdout, "N must be a number")
		return 1
	case n < 4:
		fmt.Fprintln(stdout, "N must be at least 4")
		return 1
	case n > maxN:
		fmt.Fprintf(stdout, "N must be at most %d\n", maxN)
		return 1
	}
	var err error
	if n <= 64 {
		err = writeQueensParallel(stdout, n, runtime.NumCPU())
	} else {
		err = writeQueensSequential(stdout, n)
	}
	if err != nil {
		fmt.Fprintf(stderr, "nqueens: writing the solutions: %v\n", err)
		return 1
	}
	return 0
}

// lineFormatter formats placements as nqueens' lines. Consecutive
// solutions in lexicographic order share their first rows, so it keeps the
// last line and rewrites only from the first row that changed: with the
// text of each row and column computed once, a line costs a few copies.
type lineFormatter struct {
	line    []byte
	ends    []int // ends[r]: len(line) once row r's pair is written
	prev    reference.Placement
	valid   int      // rows of prev that line holds
	rowText [][]byte // "[r, " with ", " before it for r > 0
	colText [][]byte // "c]"
}

func newLineFormatter(n int) *lineFormatter {
	f := &lineFormatter{ends: make([]int, n), prev: make(reference.Placement, n)}
	f.rowText = make([][]byte, n)
	f.colText = make([][]byte, n)
	for i := range n {
		sep := ", "
		if i == 0 {
			sep = "["
		}
		f.rowText[i] = []byte(sep + "[" + strconv.Itoa(i) + ", ")
		f.colText[i] = []byte(strconv.Itoa(i) + "]")
	}
	return f
}

// reset forgets the last line, for a formatter reused on another part of
// the search.
func (f *lineFormatter) reset() { f.valid = 0 }

// format returns p's line, newline included, valid until the next call.
func (f *lineFormatter) format(p reference.Placement) []byte {
	d := 0
	for d < f.valid && p[d] == f.prev[d] {
		d++
	}
	if d > 0 {
		f.line = f.line[:f.ends[d-1]]
	} else {
		f.line = f.line[:0]
	}
	for r := d; r < len(p); r++ {
		f.line = append(f.line, f.rowText[r]...)
		f.line = append(f.line, f.colText[p[r]]...)
		f.ends[r] = len(f.line)
		f.prev[r] = p[r]
	}
	f.valid = len(p)
	return append(f.line, "]\n"...)
}

// writeQueensSequential prints every solution from one search, through a
// 1 MiB buffer. It serves boards wider than 64, where the search is slow
// long before printing matters.
func writeQueensSequential(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	f := newLineFormatter(n)
	for p := range reference.Queens(n) {
		if _, err := bw.Write(f.format(p)); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// chunkSize is how much text a worker formats before handing it to the
// writer: large enough that the writes are few, small enough that the
// workers ahead of the writer hold little memory.
const chunkSize = 256 << 10

// writeQueensParallel prints every solution (n ≥ 4) in lexicographic order
// while searching on several cores. The search is split by the first two
// rows' columns into parts that, taken in order, give the solutions in order.
// Workers take the parts in order and send each part's text in chunks on
// the part's own channel; the writer drains the parts' channels in order.
// The part the writer waits for has always been started, and its worker
// can only block on that part's channel, so the writer always progresses,
// and each worker is at most one part and a few chunks ahead.
func writeQueensParallel(w io.Writer, n, workers int) error {
	var parts [][]int
	for c0 := range n {
		for c1 := range n {
			if c1 < c0-1 || c1 > c0+1 {
				parts = append(parts, []int{c0, c1})
			}
		}
	}
	chans := make([]chan []byte, len(parts))
	for i := range chans {
		chans[i] = make(chan []byte, 4)
	}
	done := make(chan struct{})
	// spare holds written chunks for reuse, so that memory stays flat.
	spare := make(chan []byte, 4*max(workers, 1))
	getBuf := func() []byte {
		select {
		case b := <-spare:
			return b[:0]
		default:
			return make([]byte, 0, chunkSize+1024)
		}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Go(func() {
			f := newLineFormatter(n)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(parts) {
					return
				}
				f.reset()
				buf := getBuf()
				stopped := false
				for p := range reference.QueensWithPrefix(n, parts[i]) {
					buf = append(buf, f.format(p)...)
					if len(buf) >= chunkSize {
						select {
						case chans[i] <- buf:
						case <-done:
							stopped = true
						}
						if stopped {
							break
						}
						buf = getBuf()
					}
				}
				if !stopped && len(buf) > 0 {
					select {
					case chans[i] <- buf:
					case <-done:
					}
				}
				close(chans[i])
			}
		})
	}
	var err error
	for i := range chans {
		for chunk := range chans[i] {
			if err == nil {
				if _, werr := w.Write(chunk); werr != nil {
					err = werr
					close(done)
				}
			}
			select {
			case spare <- chunk:
			default:
			}
		}
	}
	wg.Wait()
	return err
}
