package reference

import "iter"

// MaxTraceN is the largest board TraceQueens walks: at N = 8 the search is
// already 15,720 squares tried and 4,112 queens placed or taken back, about
// as much as a person will step through.
const MaxTraceN = 8

// StepKind is what one step of the traced search does.
type StepKind int

const (
	// Reject: the square is attacked by a queen already placed, so no queen
	// goes there.
	Reject StepKind = iota
	// Place: a queen goes on the square.
	Place
	// Remove: the queen on the square is taken back (backtracking), either
	// because the rows below have no safe square left or because every
	// solution through it has been found.
	Remove
	// Solution: the board holds N queens; Step.Board is the solution.
	Solution
)

func (k StepKind) String() string {
	switch k {
	case Reject:
		return "reject"
	case Place:
		return "place"
	case Remove:
		return "remove"
	case Solution:
		return "solution"
	}
	return "unknown"
}

// A Step is one event of the traced search.
type Step struct {
	Kind   StepKind
	Square Square    // the square tried, placed or taken back; zero for Solution
	Board  Placement // the queens on the board after the step, row 0 first (shared: copy to keep)
}

// TraceQueens yields the steps of the backtracking search that Queens does
// for an n×n board, in the order they happen: every square tried (rejected
// or placed), every queen taken back, every solution found. It is the search
// seed 002 teaches, one queen per row, columns left to right, so its
// solutions come in Queens' order.
//
// "Placements tried" in seed 002's table (60 for N = 4, 15,720 for N = 8)
// counts every square the loop looks at, safe or not: the Reject and Place
// steps together. TraceQueens yields nothing for n < 1.
func TraceQueens(n int) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		if n < 1 {
			return
		}
		// Slices rather than queensBits' words: the trace is for people
		// and small boards, and reads like the seed's Python.
		cols := make([]bool, n)
		diag := make([]bool, 2*n-1) // row-col+n-1
		anti := make([]bool, 2*n-1) // row+col
		board := make(Placement, 0, n)
		var solve func(row int) bool
		solve = func(row int) bool {
			if row == n {
				return yield(Step{Kind: Solution, Board: board})
			}
			for col := 0; col < n; col++ {
				sq := Square{row, col}
				if cols[col] || diag[row-col+n-1] || anti[row+col] {
					if !yield(Step{Kind: Reject, Square: sq, Board: board}) {
						return false
					}
					continue
				}
				cols[col], diag[row-col+n-1], anti[row+col] = true, true, true
				board = append(board, col)
				if !yield(Step{Kind: Place, Square: sq, Board: board}) || !solve(row+1) {
					return false
				}
				board = board[:len(board)-1]
				cols[col], diag[row-col+n-1], anti[row+col] = false, false, false
				if !yield(Step{Kind: Remove, Square: sq, Board: board}) {
					return false
				}
			}
			return true
		}
		solve(0)
	}
}

// TraceCounts sums a traced search: what seed 002's table reports.
type TraceCounts struct {
	Tried     int // squares looked at: placed plus rejected
	Placed    int
	Removed   int
	Solutions int
}

// CountTrace runs TraceQueens(n) to the end and counts its steps.
func CountTrace(n int) TraceCounts {
	var c TraceCounts
	for s := range TraceQueens(n) {
		switch s.Kind {
		case Reject:
			c.Tried++
		case Place:
			c.Tried++
			c.Placed++
		case Remove:
			c.Removed++
		case Solution:
			c.Solutions++
		}
	}
	return c
}
