package reference

import "math/rand/v2"

// knightMoves are the eight knight's moves. Their order is the last
// tie-break of Warnsdorff's rule, so it fixes which tour Tour returns.
var knightMoves = [8][2]int{{-2, 1}, {-1, 2}, {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}}

// Tour returns an open knight's tour of the n×n board that starts on start:
// numbers[row][col] is the move number of that square, 0 on start and each
// number k+1 a knight's move from k. It returns false when there is none:
// for n = 2, 3 and 4, for a start off the board, and for a start on the
// minority colour of an odd board (a tour of an odd number of squares
// begins and ends on the majority colour). n = 1 is the single square 0.
//
// It follows Warnsdorff's rule (go to the square with the fewest onward
// moves) with Roth's tie-break (of those, the one farthest from the centre),
// in time linear in n². From the corner that fails for 9 sizes of 5..1000
// (see warnsdorffVariants), and looking at the moves in another order
// succeeds for each of them: every n from 5 to 1000 was checked. Should
// every order fail, a complete backtracking search decides, so that false
// is always a proof. That search is exponential; it is what shows that
// n ≤ 4 has no tour, and it has not been needed for any other board tried
// (every square of the majority colour has a tour from n = 5).
func Tour(n int, start Square) ([][]int, bool) {
	if n < 1 || start.Row < 0 || start.Row >= n || start.Col < 0 || start.Col >= n {
		return nil, false
	}
	if n%2 == 1 && (start.Row+start.Col)%2 == 1 {
		return nil, false
	}
	b := newKnightBoard(n)
	from := b.index(start)
	if n >= 5 {
		for variant := range warnsdorffVariants {
			if path, ok := b.warnsdorff(from, variant); ok {
				return b.numbers(path), true
			}
		}
	}
	if path, ok := b.backtrack(from); ok {
		return b.numbers(path), true
	}
	return nil, false
}

// ClosedTour returns a closed knight's tour of the n×n board (the last
// square a knight's move from the first), numbered from 0 on the top-left
// square, or false when there is none: for odd n, where the colours cannot
// alternate round a cycle, and for n < 6.
//
// It turns an open tour into a closed one by Pósa's rotations: while the
// path's end is not next to its start, take a square next to the end, say
// at position i, and reverse the path after i, which makes the square after
// i the new end. Knight's graphs have so many closed tours that a few
// hundred pseudo-random rotations find one; the seed is fixed, so the tour
// is the same every time.
func ClosedTour(n int) ([][]int, bool) {
	if n < 6 || n%2 == 1 {
		return nil, false
	}
	b := newKnightBoard(n)
	var path []int32
	for variant := range warnsdorffVariants {
		if p, ok := b.warnsdorff(0, variant); ok {
			path = p
			break
		}
	}
	if path == nil {
		return nil, false // not reached: Warnsdorff-Roth succeeds for even n ≥ 6
	}
	total := len(path)
	pos := make([]int, total) // pos[square] is its index in path
	for i, sq := range path {
		pos[sq] = i
	}
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	var cand []int
	for {
		end := path[total-1]
		closed := false
		cand = cand[:0]
		for _, nb := range b.neighbours(end) {
			switch i := pos[nb]; {
			case i == 0:
				closed = true
			case i < total-2:
				cand = append(cand, i)
			}
		}
		if closed {
			break
		}
		// cand is never empty: every square has at least two neighbours,
		// and only one of them can be the square before the end.
		i := cand[rng.IntN(len(cand))]
		for a, z := i+1, total-1; a < z; a, z = a+1, z-1 {
			path[a], path[z] = path[z], path[a]
			pos[path[a]], pos[path[z]] = a, z
		}
	}
	// Renumber the cycle so that 0 is on the top-left square.
	start := pos[0]
	for i := range path {
		pos[path[i]] = (i - start + total) % total
	}
	numbers := make([][]int, n)
	for r := range numbers {
		numbers[r] = pos[r*n : (r+1)*n : (r+1)*n]
	}
	return numbers, true
}

// knightBoard is an n×n board with squares numbered r*n+c. Each square's
// knight moves are listed once, when first asked for: Warnsdorff's walk
// does without the lists, and on a large board building them would take
// longer than the walk.
type knightBoard struct {
	n     int
	first []int32 // the moves of square s are adj[first[s]:first[s+1]]
	adj   []int32
}

func newKnightBoard(n int) *knightBoard { return &knightBoard{n: n} }

func (b *knightBoard) index(s Square) int32          { return int32(s.Row*b.n + s.Col) }
func (b *knightBoard) square(s int32) (row, col int) { return int(s) / b.n, int(s) % b.n }

func (b *knightBoard) neighbours(s int32) []int32 {
	if b.first == nil {
		n := b.n
		b.first = make([]int32, n*n+1)
		b.adj = make([]int32, 0, 8*n*n)
		for r := range n {
			for c := range n {
				for _, m := range knightMoves {
					rr, cc := r+m[0], c+m[1]
					if rr >= 0 && rr < n && cc >= 0 && cc < n {
						b.adj = append(b.adj, int32(rr*n+cc))
					}
				}
				b.first[r*n+c+1] = int32(len(b.adj))
			}
		}
	}
	return b.adj[b.first[s]:b.first[s+1]]
}

// numbers turns a path of squares into the matrix of move numbers.
func (b *knightBoard) numbers(path []int32) [][]int {
	n := b.n
	flat := make([]int, n*n)
	for k, s := range path {
		flat[s] = k
	}
	m := make([][]int, n)
	for r := range m {
		m[r] = flat[r*n : (r+1)*n : (r+1)*n]
	}
	return m
}

// warnsdorffVariants is how many neighbour orders Tour tries. Roth's rule in
// the first order fails from the corner for n = 248, 318, 457, 520, 564, 616,
// 745, 860 and 939 (of 5..1000), and another order always succeeded.
const warnsdorffVariants = 16

// warnsdorff walks from square from, each time to the unvisited neighbour
// with the fewest unvisited neighbours of its own; ties go to the one
// farthest from the centre (Roth), then to the first in the order the moves
// are looked at, which variant sets: variant%8 is the move of knightMoves to
// look at first, and variant ≥ 8 looks at them in reverse. It returns the
// path if it covers the board.
//
// This is the loop knights-tour 1000 spends its time in, so it works on a
// board with a border two squares wide that counts as visited: a move is an
// index offset, with no bounds to check and no lists of moves to build.
func (b *knightBoard) warnsdorff(from int32, variant int) ([]int32, bool) {
	n := b.n
	w := n + 4
	total := n * n
	visited := make([]bool, w*w)
	for i := range visited {
		visited[i] = true
	}
	for r := range n {
		clear(visited[(r+2)*w+2 : (r+2)*w+2+n])
	}
	var offsets [8]int
	for j := range offsets {
		k := j
		if variant >= 8 {
			k = 7 - j
		}
		m := knightMoves[(k+variant)%8]
		offsets[j] = m[0]*w + m[1]
	}
	degree := make([]int8, w*w)
	for r := range n {
		for c := range n {
			i := (r+2)*w + c + 2
			for _, o := range offsets {
				if !visited[i+o] {
					degree[i]++
				}
			}
		}
	}
	path := make([]int32, 0, total)
	fr, fc := b.square(from)
	cur := (fr+2)*w + fc + 2
	for {
		r, c := cur/w-2, cur%w-2
		path = append(path, int32(r*n+c))
		visited[cur] = true
		if len(path) == total {
			return path, true
		}
		best, bestDeg, bestDist := -1, 9, 0
		for _, o := range offsets {
			nb := cur + o
			if visited[nb] {
				continue
			}
			degree[nb]--
			d := int(degree[nb])
			if d > bestDeg {
				continue
			}
			// The distance from the centre, doubled to stay an integer.
			dr, dc := 2*(nb/w-2)-(n-1), 2*(nb%w-2)-(n-1)
			dd := dr*dr + dc*dc
			if d < bestDeg || dd > bestDist {
				best, bestDeg, bestDist = nb, d, dd
			}
		}
		if best < 0 {
			return nil, false
		}
		cur = best
	}
}

// backtrack is a complete search for an open tour from square from, trying
// moves in Warnsdorff's order. It is exponential in the worst case, so Tour
// only reaches it when the heuristics fail: for n ≤ 4, where the board is
// tiny, and on odd boards from squares that have no tour (5×5 is the only
// odd size where that happens on the majority colour, and it is small).
func (b *knightBoard) backtrack(from int32) ([]int32, bool) {
	total := b.n * b.n
	visited := make([]bool, total)
	path := make([]int32, 0, total)
	var walk func(s int32) bool
	walk = func(s int32) bool {
		path = append(path, s)
		visited[s] = true
		if len(path) == total {
			return true
		}
		// Fewest onward moves first: the same order as Warnsdorff.
		var next [8]int32
		var deg [8]int
		k := 0
		for _, nb := range b.neighbours(s) {
			if visited[nb] {
				continue
			}
			d := 0
			for _, nn := range b.neighbours(nb) {
				if !visited[nn] {
					d++
				}
			}
			i := k
			for i > 0 && deg[i-1] > d {
				next[i], deg[i] = next[i-1], deg[i-1]
				i--
			}
			next[i], deg[i] = nb, d
			k++
		}
		for _, nb := range next[:k] {
			if walk(nb) {
				return true
			}
		}
		path = path[:len(path)-1]
		visited[s] = false
		return false
	}
	if walk(from) {
		return path, true
	}
	return nil, false
}
