package programs

import (
	"bufio"
	"fmt"
	"io"
	"iter"
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
	return nqueensWith(defaultTexts["nqueens"])(args, stdin, stdout, stderr)
}

// nqueensWith is nqueens printing texts' usage, not_a_number and
// too_small.
func nqueensWith(texts Texts) Program {
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return nqueens(texts, args, stdout, stderr)
	}
}

func nqueens(texts Texts, args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stdout, texts["usage"])
		return 1
	}
	n, ok := parseNumber(args[0])
	switch {
	case !ok:
		fmt.Fprintln(stdout, texts["not_a_number"])
		return 1
	case n < 4:
		fmt.Fprintln(stdout, texts["too_small"])
		return 1
	case n > maxN:
		fmt.Fprintf(stdout, "N must be at most %d\n", maxN)
		return 1
	}
	var err error
	if n <= 64 {
		err = writeQueensParallel(stdout, n, runtime.NumCPU(), n <= mirrorMaxN)
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

// firstChunkSize is the size of a job's first chunk; each later one is
// twice the size of the one before, up to chunkSize. Most jobs print far
// less than chunkSize (nqueens 12: 110 jobs of about 13 KB), and the
// runtime zeroes a buffer of memory it reuses whatever the buffer will
// hold: with chunkSize for every buffer, BenchmarkNQueens/12 took 5.5 ms
// instead of 3.4 ms (and before yieldToWriter, zeroing took a third of its
// CPU time). A process gets fresh memory, which needs no zeroing, so as
// processes the two are alike.
const firstChunkSize = 16 << 10

// yieldToWriter is called by a worker after each chunk it sends and each
// job it ends, to let the writer run at once. The send or close wakes the
// writer on the worker's own core, where it would wait until the worker
// blocks or is preempted (10 ms) while the other worker keeps the other
// core: meanwhile every chunk needs a new buffer. With the yield, nqueens 12
// as a process touches 370 pages of memory instead of 770 (start-up alone
// touches 220) and takes 14 ms instead of 18 ms; nqueens 14, 130 ms
// instead of 147 ms (perf stat, on a busy 2-core machine). A yield costs a
// switch between goroutines, a few per job.
func yieldToWriter() { runtime.Gosched() }

// mirrorMaxN is the largest N whose solutions are found by searching only
// the half of the board that comes before its mirror image (column c to
// n-1-c), keeping them, and printing the other half as their mirrors. The
// mirror reverses lexicographic order, so the second half is the kept
// solutions mirrored, last first.
//
// The kept solutions take a byte per row, all of them until the end (the
// last found is the first mirrored): 2.6 MB for N = 14, whose output is 44
// MB, and 17 MB for N = 15, whose output is 299 MB. Measured on the 2-core
// machine, N = 15 then takes 0.93 s instead of 1.25 s, with a maximum
// resident size of 33 MB instead of 3.3 MB. N = 16 would keep 118 MB (209
// MB resident, against 4.3 MB, to save 3 s of 11 s): past 15, a program
// that streams with little memory serves better than one a third faster.
const mirrorMaxN = 15

// queensJob is one part of nqueens' output, which is the jobs' outputs in
// order: either a search, for the solutions whose first two rows are
// prefix, or the mirrors of an earlier job's kept solutions.
type queensJob struct {
	prefix []int
	// keep: keep the search's solutions, a byte per row, for a mirror job.
	keep bool
	// mirrorOf ≥ 0: no search, but the mirrors of the solutions kept by
	// job mirrorOf, last first.
	mirrorOf int
}

// queensJobs splits the output for n into jobs. Without mirror, each job
// searches one pair of columns for the first two rows, in lexicographic
// order. With mirror, the jobs search only the pairs that come before their
// mirror image (c0 < n-1-c0, or c0 = n-1-c0 in the middle column of an odd
// n and c1 < n-1-c1), then print the mirrors of those jobs, last first:
// the mirror image of each searched pair comes after every searched pair,
// and mirroring reverses the order.
func queensJobs(n int, mirror bool) []queensJob {
	var jobs []queensJob
	for c0 := range n {
		for c1 := range n {
			if c1 >= c0-1 && c1 <= c0+1 {
				continue
			}
			if mirror && !(c0 < n-1-c0 || c0 == n-1-c0 && c1 < n-1-c1) {
				continue
			}
			jobs = append(jobs, queensJob{prefix: []int{c0, c1}, keep: mirror, mirrorOf: -1})
		}
	}
	if mirror {
		for i := len(jobs) - 1; i >= 0; i-- {
			jobs = append(jobs, queensJob{mirrorOf: i})
		}
	}
	return jobs
}

// mirroredQueens yields the mirrors of the solutions in kept (n bytes
// each), last first. The Placement is reused, as in reference.Queens.
func mirroredQueens(n int, kept []byte) iter.Seq[reference.Placement] {
	return func(yield func(reference.Placement) bool) {
		p := make(reference.Placement, n)
		for end := len(kept); end >= n; end -= n {
			for r, c := range kept[end-n : end] {
				p[r] = n - 1 - int(c)
			}
			if !yield(p) {
				return
			}
		}
	}
}

// writeQueensParallel prints every solution (n ≥ 4) in lexicographic order
// while searching on several cores, the output split into the jobs of
// queensJobs(n, mirror); mirror needs n ≤ 255, for the byte per row.
// Workers take the jobs in order and send each job's text in chunks on the
// job's own channel; the writer drains the jobs' channels in order. The job
// the writer waits for has always been started, and its worker can only
// block on that job's channel, or, for a mirror job, wait for the search
// that it mirrors, whose channel the writer has already drained, so that
// search is over: the writer always progresses.
func writeQueensParallel(w io.Writer, n, workers int, mirror bool) error {
	jobs := queensJobs(n, mirror)
	chans := make([]chan []byte, len(jobs))
	for i := range chans {
		chans[i] = make(chan []byte, 4)
	}
	// kept[i] holds job i's solutions, a byte per row, once keepDone[i] is
	// closed. That is before chans[i] is closed, so a mirror job that the
	// writer waits for never waits on its search.
	kept := make([][]byte, len(jobs))
	keepDone := make([]chan struct{}, len(jobs))
	for i, job := range jobs {
		if job.keep {
			keepDone[i] = make(chan struct{})
		}
	}
	done := make(chan struct{})
	// spare holds written chunks for reuse, so that memory stays flat.
	spare := make(chan []byte, 4*max(workers, 1))
	getBuf := func(size int) []byte {
		select {
		case b := <-spare:
			// A smaller one would keep every chunk as small as the
			// first: it is dropped, and the next is made to size.
			if cap(b) >= size {
				return b[:0]
			}
		default:
		}
		return make([]byte, 0, size)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Go(func() {
			f := newLineFormatter(n)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) {
					return
				}
				job := jobs[i]
				var solutions iter.Seq[reference.Placement]
				if job.mirrorOf >= 0 {
					select {
					case <-keepDone[job.mirrorOf]:
					case <-done:
						close(chans[i])
						continue
					}
					solutions = mirroredQueens(n, kept[job.mirrorOf])
				} else {
					solutions = reference.QueensWithPrefix(n, job.prefix)
				}
				f.reset()
				size := firstChunkSize
				buf := getBuf(size)
				var keep []byte
				stopped := false
				for p := range solutions {
					if job.keep {
						for _, c := range p {
							keep = append(keep, byte(c))
						}
					}
					line := f.format(p)
					if len(buf)+len(line) > cap(buf) {
						select {
						case chans[i] <- buf:
						case <-done:
							stopped = true
						}
						if stopped {
							break
						}
						yieldToWriter()
						size = min(2*size, chunkSize)
						buf = getBuf(size)
					}
					buf = append(buf, line...)
				}
				if job.keep {
					kept[i] = keep
					close(keepDone[i])
				}
				if !stopped && len(buf) > 0 {
					select {
					case chans[i] <- buf:
					case <-done:
					}
				}
				close(chans[i])
				yieldToWriter()
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
		if j := jobs[i].mirrorOf; j >= 0 {
			kept[j] = nil // printed twice: let the collector have it
		}
	}
	wg.Wait()
	return err
}
