package main

// board is a search in progress: the column of each row's queen so far,
// and which columns and diagonals are taken.
type board struct {
	cols       []int
	used, down []bool // by column, by row-col+n
	up         []bool // by row+col
}

func newBoard(n int) *board {
	return &board{cols: make([]int, n), used: make([]bool, n), down: make([]bool, 2*n), up: make([]bool, 2*n)}
}

// solve places the queens of row and the rows after it, calling found
// with every complete placement.
func (b *board) solve(row int, found func([]int)) {
	n := len(b.cols)
	if row == n {
		found(b.cols)
		return
	}
	for c := 0; c < n; c++ {
		if b.used[c] || b.down[row-c+n] || b.up[row+c] {
			continue
		}
		b.used[c], b.down[row-c+n], b.up[row+c] = true, true, true
		b.cols[row] = c
		b.solve(row+1, found)
		b.used[c], b.down[row-c+n], b.up[row+c] = false, false, false
	}
}
