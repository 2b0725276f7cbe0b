package reference

import (
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// CountQueens returns the number of solutions of the N-Queens puzzle on an
// n×n board: 1 for n = 0, 0 for n < 0. It is meant for n up to about 18:
// each step up in n costs about 7 times more CPU (n = 16 took 2.3-2.6 s of
// CPU on a heavily loaded 2-core machine, where Somers' mirror-only C
// program, bench/somers.c, took 5.1 s; the work is shared among the
// cores); KnownQueensCount has larger n.
//
// The search keeps the attacked squares of a row in bitboards and counts
// each class of solutions under the 8 symmetries of the square once, with
// its size (2, 4 or 8), following Takaken's refinement of Jeff Somers'
// program: the first queen is either in a corner (only the solutions whose
// other rows respect one diagonal mirror are searched, each class of 8) or
// on row 0's left half, and then only the solutions that are the least of
// their class are counted. Those searches are split into independent tasks
// and run on every core.
func CountQueens(n int) int64 {
	switch {
	case n < 0:
		return 0
	case n < 6 || n > 64:
		// Too small for the symmetry search's masks to make sense, and
		// instant anyway; or too wide for its words, and hopeless anyway.
		var count int64
		for range Queens(n) {
			count++
		}
		return count
	}
	tasks := symTasks(n)
	var next atomic.Int64
	var mu sync.Mutex
	var total int64
	var wg sync.WaitGroup
	workers := min(runtime.NumCPU(), len(tasks))
	for range workers {
		wg.Go(func() {
			var c2, c4, c8 int64
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					break
				}
				s := tasks[i]
				s.run()
				c2, c4, c8 = c2+s.count2, c4+s.count4, c8+s.count8
			}
			mu.Lock()
			total += 2*c2 + 4*c4 + 8*c8
			mu.Unlock()
		})
	}
	wg.Wait()
	return total
}

// symSearch is one independent part of the symmetry-reduced count: the
// queens of the first rows are placed, the rest is searched by run.
type symSearch struct {
	n, last int    // n and n-1
	corner  bool   // row 0's queen is in the corner: backtrack1, else backtrack2
	y       int    // the first row left to search
	left    uint64 // attacked squares of row y from the queens above, as in queensBits
	down    uint64
	right   uint64
	board   [64]uint64 // board[r] is the bit of row r's queen
	mask    uint64
	topBit  uint64 // column n-1
	endBit  uint64
	side    uint64 // columns 0 and n-1
	lastRow uint64 // the columns forbidden to the last row's queen
	bound1  int
	bound2  int

	count2, count4, count8 int64 // classes of size 2, 4 and 8 found
}

// symTasks lists the searches that together count every solution of an
// n×n board (n ≥ 6), the first two rows placed, in the order they were
// generated: the large ones (queen near row 0's middle) come last, which
// is fine because there are many more tasks than cores.
func symTasks(n int) []*symSearch {
	base := symSearch{n: n, last: n - 1, mask: 1<<n - 1, topBit: 1 << (n - 1)}
	var tasks []*symSearch
	// Row 0's queen in the corner (column 0); row 1's in column bound1 ≥ 2.
	for bound1 := 2; bound1 < n-1; bound1++ {
		s := base
		s.corner = true
		s.bound1 = bound1
		bit := uint64(1) << bound1
		s.board[0], s.board[1] = 1, bit
		s.y, s.left, s.down, s.right = 2, (2|bit)<<1, 1|bit, bit>>1
		tasks = append(tasks, &s)
	}
	// Row 0's queen in column bound1, 1 ≤ bound1 < bound2 = n-1-bound1:
	// every class has a member like that.
	base.side = base.topBit | 1
	lastRow := base.topBit | 1
	endBit := base.topBit >> 1
	for bound1, bound2 := 1, n-2; bound1 < bound2; bound1, bound2 = bound1+1, bound2-1 {
		bit := uint64(1) << bound1
		left, down, right := bit<<1, bit, bit>>1
		// Row 1's choices, each its own task, as backtrack2 would make them.
		free := base.mask &^ (left | down | right)
		if 1 < bound1 {
			free &^= base.side
		}
		for free != 0 {
			b := free & -free
			free ^= b
			s := base
			s.bound1, s.bound2 = bound1, bound2
			s.lastRow, s.endBit = lastRow, endBit
			s.board[0], s.board[1] = bit, b
			s.y, s.left, s.down, s.right = 2, (left|b)<<1, down|b, (right|b)>>1
			tasks = append(tasks, &s)
		}
		lastRow |= lastRow>>1 | lastRow<<1
		endBit >>= 1
	}
	return tasks
}

func (s *symSearch) run() {
	if s.corner {
		s.backtrack1(s.y, s.left, s.down, s.right)
	} else {
		s.backtrack2(s.y, s.left, s.down, s.right)
	}
}

// frame is one row of an explicit search stack: the columns still to try
// and what the queens above attack.
type frame struct{ free, left, down, right uint64 }

// backtrack1 searches with row 0's queen in the corner. Such a solution
// is never symmetric under a rotation, and keeping row 1's queen to the
// right of column 1 until row bound1 picks one of each mirror pair, so
// every solution found stands for a class of 8.
//
// Both searches are loops over an explicit stack rather than recursive
// calls, and skip a row whose free set is empty before pushing it: about
// 15% less CPU than the recursive form, which brings it level with
// Takaken's C program; this loop is all CountQueens does.
func (s *symSearch) backtrack1(y int, left, down, right uint64) {
	var stack [64]frame
	mask, last, bound1 := s.mask, s.last, s.bound1
	// Row last-2 keeps off column 1 too when bound1 is past it.
	var first uint64
	if last-2 < bound1 {
		first = 2
	}
	var count int64
	start := y
	free := mask &^ (left | down | right)
	if y < bound1 {
		free &^= 2
	}
	stack[y] = frame{free, left, down, right}
	for {
		fr := &stack[y&63]
		f := fr.free
		if f == 0 {
			if y == start {
				break
			}
			y--
			continue
		}
		bit := f & -f
		fr.free = f ^ bit
		l, d, r := (fr.left|bit)<<1, fr.down|bit, (fr.right|bit)>>1
		if y+3 == last {
			count += int64(bits.OnesCount(lastThree(mask&^d, l, r, first, 0)))
			continue
		}
		free := mask &^ (l | d | r)
		if y+1 < bound1 {
			free &^= 2
		}
		// Look one row further ahead: if the queens placed so far
		// already attack all of row y+2, nothing under row y+1 can
		// succeed. This one test, cheaper than a push and pop, prunes
		// many deep rows.
		if free == 0 || mask&^(l<<1|d|r>>1) == 0 {
			continue
		}
		y++
		stack[y&63] = frame{free, l, d, r}
	}
	s.count8 += count
}

// lastThree returns which orders of the three columns left in rem the
// last three rows can take, a bit per order (see orders3): l and r are
// what the queens above attack in row last-2 by their diagonals, first
// and final columns that row last-2 and the last row must avoid anyway.
// Six orders of word operations with no branch to mispredict cost less
// than the pushes and pops of searching the three rows, and most of a
// search's rows are near its bottom.
func lastThree(rem, l, r, first, final uint64) uint {
	a := rem & -rem
	rem ^= a
	b := rem & -rem
	c := rem ^ b
	return fits3(a, b, c, l, r, first, final) |
		fits3(a, c, b, l, r, first, final)<<1 |
		fits3(b, a, c, l, r, first, final)<<2 |
		fits3(b, c, a, l, r, first, final)<<3 |
		fits3(c, a, b, l, r, first, final)<<4 |
		fits3(c, b, a, l, r, first, final)<<5
}

// orders3 lists lastThree's orders, as indices of the columns left from
// the lowest.
var orders3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// fits3 is 1 if queens in columns p, q and s of the last three rows, in
// that order, attack neither each other nor are attacked from above.
func fits3(p, q, s, l, r, first, final uint64) uint {
	bad := p&(l|r|first) |
		q&((l|p)<<1|(r|p)>>1) |
		s&((l|p)<<2|q<<1|(r|p)>>2|q>>1|final)
	return uint(b2i(bad == 0))
}

// b2i is 1 for true and 0 for false; the compiler makes it a SETcc.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// backtrack2 searches with row 0's queen in column bound1, not a corner.
// The masks keep queens off the board's edges where a rotation or mirror
// of the solution would have a queen nearer the corner than row 0's, so
// only candidates for the least of their class reach check.
func (s *symSearch) backtrack2(y int, left, down, right uint64) {
	var stack [64]frame
	mask, last, side, lastRow := s.mask, s.last, s.side, s.lastRow
	bound1, bound2 := s.bound1, s.bound2
	board := &s.board
	// The last three rows are completed at once (see lastThree) unless
	// row bound2, with its own rule, is one of them: then closeAt is a row
	// never reached and the search runs to the last row.
	closeAt := last
	if bound2 >= last-2 {
		closeAt = -1
	}
	start := y
	free := mask &^ (left | down | right)
	if y < bound1 {
		free &^= side
	}
	stack[y] = frame{free, left, down, right}
	for {
		fr := &stack[y&63]
		f := fr.free
		if f == 0 {
			if y == start {
				break
			}
			y--
			continue
		}
		bit := f & -f
		fr.free = f ^ bit
		board[y&63] = bit
		l, d, r := (fr.left|bit)<<1, fr.down|bit, (fr.right|bit)>>1
		if y+3 == closeAt {
			// As in backtrack1, the last three rows are tried at once;
			// the last row also keeps off lastRow. A full solution is
			// rare, so check's cost is not.
			rem := mask &^ d
			for ok := lastThree(rem, l, r, 0, lastRow); ok != 0; ok &= ok - 1 {
				var col [3]uint64
				for i, rest := 0, rem; i < 3; i++ {
					col[i] = rest & -rest
					rest ^= col[i]
				}
				o := orders3[bits.TrailingZeros(ok)]
				board[(last-2)&63], board[(last-1)&63], board[last&63] = col[o[0]], col[o[1]], col[o[2]]
				s.check()
			}
			continue
		}
		free := mask &^ (l | d | r)
		if y+1 == last {
			if free != 0 && free&lastRow == 0 {
				board[last&63] = free
				s.check()
			}
			continue
		}
		if y+1 < bound1 {
			free &^= side
		} else if y+1 == bound2 {
			if d&side == 0 {
				continue
			}
			if d&side != side {
				free &= side
			}
		}
		// Look one row further ahead: if the queens placed so far
		// already attack all of row y+2, nothing under row y+1 can
		// succeed. This one test, cheaper than a push and pop, prunes
		// many deep rows.
		if free == 0 || mask&^(l<<1|d|r>>1) == 0 {
			continue
		}
		y++
		stack[y&63] = frame{free, l, d, r}
	}
}

// check compares the solution on the board with its rotations by 90, 180
// and 270 degrees, reading each as a number row by row, and counts it only
// if it is the least, as a class of 2 (it equals its 90° rotation), 4 (its
// 180° one) or 8.
func (s *symSearch) check() {
	b, last := &s.board, s.last
	if b[s.bound2] == 1 { // 90°
		own, ptn := 1, uint64(2)
		for ; own <= last; own, ptn = own+1, ptn<<1 {
			bit := uint64(1)
			for you := last; b[you] != ptn && b[own] >= bit; you-- {
				bit <<= 1
			}
			if b[own] > bit {
				return
			}
			if b[own] < bit {
				break
			}
		}
		if own > last {
			s.count2++
			return
		}
	}
	if b[last] == s.endBit { // 180°
		own, you := 1, last-1
		for ; own <= last; own, you = own+1, you-1 {
			bit := uint64(1)
			for ptn := s.topBit; ptn != b[you] && b[own] >= bit; ptn >>= 1 {
				bit <<= 1
			}
			if b[own] > bit {
				return
			}
			if b[own] < bit {
				break
			}
		}
		if own > last {
			s.count4++
			return
		}
	}
	if b[s.bound1] == s.topBit { // 270°
		own, ptn := 1, s.topBit>>1
		for ; own <= last; own, ptn = own+1, ptn>>1 {
			bit := uint64(1)
			for you := 0; b[you] != ptn && b[own] >= bit; you++ {
				bit <<= 1
			}
			if b[own] > bit {
				return
			}
			if b[own] < bit {
				break
			}
		}
	}
	s.count8++
}

// KnownQueensCount returns the number of N-Queens solutions on an n×n board
// from the published table (OEIS A000170), for n = 0..27, and false for any
// other n. Tests check CountQueens against it, and checks that need a count
// too slow to compute use it.
func KnownQueensCount(n int) (int64, bool) {
	if n < 0 || n >= len(a000170) {
		return 0, false
	}
	return a000170[n], true
}

// a000170 is OEIS A000170, the number of ways of placing n non-attacking
// queens on an n×n board, n = 0..27 (27 was computed in 2016 by the Q27
// project).
var a000170 = [...]int64{
	1, 1, 0, 0, 2, 10, 4, 40, 92, 352,
	724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624, 4968057848,
	39029188884, 314666222712, 2691008701644, 24233937684440, 227514171973736, 2207893435808352, 22317699616364044, 234907967154122528,
}

// CountRooks returns the number of solutions of the N-Rooks puzzle on an n×n
// board, n! (1 for n = 0, 0 for n < 0), exactly: it passes int64 at n = 21.
func CountRooks(n int) *big.Int {
	if n < 0 {
		return new(big.Int)
	}
	return new(big.Int).MulRange(1, int64(n)) // MulRange(1, 0) is 1
}
