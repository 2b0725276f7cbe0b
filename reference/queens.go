package reference

import (
	"iter"
	"math/bits"
)

// Queens yields every solution of the N-Queens puzzle on an n×n board, in
// lexicographic order of the placement (row 0's column first, then row 1's,
// ...), as nqueens prints them. The empty board has one solution, the empty
// placement; a negative n has none.
//
// The yielded Placement is reused for the next solution, and must not be
// changed: copy it (slices.Clone) to keep it. Reusing it is what lets a
// printer find the rows that changed since the last solution and format only
// those.
//
// Solutions are found one at a time as the loop asks for them, so any n works,
// but past n ≈ 30 the first solution alone can take a long time: the search is
// plain backtracking, because its order is the lexicographic one.
func Queens(n int) iter.Seq[Placement] {
	return func(yield func(Placement) bool) {
		switch {
		case n < 0:
			return
		case n == 0:
			yield(Placement{})
		case n <= 64:
			queensBits(n, -1, yield)
		default:
			queensSlices(n, yield)
		}
	}
}

// queensBits is the backtracking search with the attacked columns and
// diagonals of each row in one word each, for n ≤ 64. Bit c is column c, so
// taking the lowest free bit first gives lexicographic order. A budget ≥ 0
// stops the search after that many placements.
func queensBits(n, budget int, yield func(Placement) bool) {
	queensBitsFrom(n, nil, budget, yield)
}

// queensBitsFrom is queensBits for the solutions that begin with prefix,
// whose queens must not attack each other.
func queensBitsFrom(n int, prefix []int, budget int, yield func(Placement) bool) {
	full := uint64(1)<<n - 1 // for n = 64 the shift gives 0 and full is all ones
	p := make(Placement, n)
	// stack[r] is row r's columns not yet tried and what the queens above
	// attack: left holds the squares of row r on a diagonal (row-col) of a
	// queen above, right those on an anti-diagonal.
	stack := make([]frame, n)
	var d, l, rt uint64
	for r, c := range prefix {
		p[r] = c
		bit := uint64(1) << c
		d, l, rt = d|bit, (l|bit)<<1, (rt|bit)>>1
	}
	first := len(prefix)
	if first == n {
		yield(p)
		return
	}
	stack[first] = frame{full &^ (d | l | rt), l, d, rt}
	last := n - 1
	for r := first; ; {
		fr := &stack[r]
		f := fr.free
		if f == 0 {
			if r == first {
				return
			}
			r--
			continue
		}
		if budget--; budget == -1 {
			return
		}
		bit := f & -f
		fr.free = f ^ bit
		p[r] = bits.TrailingZeros64(bit)
		if r == last {
			if !yield(p) {
				return
			}
			continue
		}
		d, l, rt := fr.down|bit, (fr.left|bit)<<1, (fr.right|bit)>>1
		// A row with no free square is not pushed: it would only be popped.
		if free := full &^ (d | l | rt); free != 0 {
			r++
			stack[r] = frame{free, l, d, rt}
		}
	}
}

// QueensWithPrefix yields, in lexicographic order, the solutions of the
// N-Queens puzzle on an n×n board (n ≤ 64) whose first rows are prefix. The
// solutions of Queens(n) are those of QueensWithPrefix(n, {c}) for c = 0,
// 1, ..., n-1 in turn, so a printer can search the parts on several cores
// and still print in order. It yields nothing if prefix is longer than n,
// leaves the board or has two queens that attack each other. The yielded
// Placement is reused, as in Queens.
func QueensWithPrefix(n int, prefix []int) iter.Seq[Placement] {
	return func(yield func(Placement) bool) {
		if n > 64 || len(prefix) > n {
			return
		}
		for i, c := range prefix {
			if c < 0 || c >= n {
				return
			}
			for j, d := range prefix[:i] {
				if c == d || abs(c-d) == i-j {
					return
				}
			}
		}
		if n == 0 {
			yield(Placement{})
			return
		}
		queensBitsFrom(n, prefix, -1, yield)
	}
}

// queensSlices is the same search for boards too wide for one word.
func queensSlices(n int, yield func(Placement) bool) {
	p := make(Placement, n)
	col := make([]bool, n)
	diag := make([]bool, 2*n) // row-col+n
	anti := make([]bool, 2*n) // row+col
	place := func(r, c int, v bool) { col[c], diag[r-c+n], anti[r+c] = v, v, v }
	next := make([]int, n) // the next column to try in row r
	for r := 0; r >= 0; {
		c := next[r]
		for c < n && (col[c] || diag[r-c+n] || anti[r+c]) {
			c++
		}
		if c == n {
			next[r] = 0
			r--
			if r >= 0 {
				place(r, p[r], false)
			}
			continue
		}
		next[r] = c + 1
		p[r] = c
		if r == n-1 {
			if !yield(p) {
				return
			}
			continue
		}
		place(r, c, true)
		r++
	}
}

// FirstQueens returns one solution of the N-Queens puzzle on an n×n board,
// quickly for any n up to at least 1000, or false when there is none (n = 2
// and n = 3; n < 0).
//
// It is the lexicographically first solution, the one Queens yields first,
// whenever backtracking finds that within firstQueensBudget placements, which
// it does for n ≤ 27 and n = 29, and for no n from 30 to 64. Otherwise it is the
// explicit construction of Hoffman, Loessi and Moore (1969), which needs no
// search at all. The budget makes the choice the same on every machine.
func FirstQueens(n int) (Placement, bool) {
	switch {
	case n < 0 || n == 2 || n == 3:
		return nil, false
	case n == 0:
		return Placement{}, true
	}
	if n <= 64 {
		if p, ok := firstQueensBits(n, firstQueensBudget); ok {
			return p, true
		}
	}
	return constructQueens(n), true
}

// firstQueensBudget bounds the backtracking of FirstQueens: about 20 ms.
const firstQueensBudget = 2_000_000

// firstQueensBits is queensBits stopped at the first solution or after
// budget placements.
func firstQueensBits(n, budget int) (Placement, bool) {
	var found Placement
	queensBits(n, budget, func(p Placement) bool {
		found = append(Placement(nil), p...)
		return false
	})
	return found, found != nil
}

// constructQueens places n queens (n ≥ 4, or n = 1) without search. In
// 1-based columns, row by row: the even columns 2, 4, ..., then the odd
// columns 1, 3, ..., adjusted for n mod 6 = 2 (swap 1 and 3, move 5 to the
// end) and n mod 6 = 3 (move 2 to the end of the evens, 1 and 3 to the end of
// the odds). That is Hoffman, Loessi and Moore's construction as Wikipedia
// states it; the tests check every n from 4 to 1000.
func constructQueens(n int) Placement {
	var evens, odds []int
	for c := 2; c <= n; c += 2 {
		evens = append(evens, c)
	}
	for c := 1; c <= n; c += 2 {
		odds = append(odds, c)
	}
	switch n % 6 {
	case 2:
		odds[0], odds[1] = odds[1], odds[0]
		odds = append(append(odds[:2:2], odds[3:]...), 5)
	case 3:
		evens = append(evens[1:], 2)
		odds = append(odds[2:], 1, 3)
	}
	p := make(Placement, 0, n)
	for _, c := range append(evens, odds...) {
		p = append(p, c-1)
	}
	return p
}
