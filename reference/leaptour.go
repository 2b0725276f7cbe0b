package reference

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Touring is a tour puzzle: visit every square of Board exactly once with
// a leaper (a piece whose every move is one leap, such as the knight N, the
// camel C or the zebra Z), starting on Start (nil: any square), and when
// Closed ending a move away from the first square. Name is how messages
// call the piece.
type Touring struct {
	Board  Board
	Moves  Moves
	Closed bool
	Start  *Square
	Name   Noun
}

// MaxTourSquares bounds the boards a tour is looked for on and checked:
// 1000×1000, the largest knight's tour the reference programs print.
const MaxTourSquares = 1000 * 1000

// ErrNoTour is what Find returns when it proved that no tour exists.
var ErrNoTour = errors.New("no tour exists")

// Validate says why t is no tour puzzle: a piece that rides, a board too
// big, a start off the board.
func (t Touring) Validate() error {
	if err := t.Board.Validate(); err != nil {
		return err
	}
	if t.Board.Rows*t.Board.Cols > MaxTourSquares {
		return fmt.Errorf("a board of %s squares is more than the %d squares tours are looked for on here", t.Board.Size(), MaxTourSquares)
	}
	if len(t.Moves.moves) == 0 {
		return errors.New("the piece has no move")
	}
	if !t.Moves.Leaper() {
		return fmt.Errorf("a tour is made with a leaper, and %s rides: write each of its leaps once, without a range", t.Moves)
	}
	if t.Start != nil && !t.Board.Has(*t.Start) {
		return fmt.Errorf("the start square row %d col %d is not on the %s board", t.Start.Row, t.Start.Col, t.Board.Size())
	}
	return nil
}

// knight says whether t is a knight's tour of a full square board, which
// the specialised Tour and ClosedTour solve.
func (t Touring) knight() bool {
	return t.Moves.Equal(KnightMoves) && t.Board.isSquare()
}

// Leap reports whether the piece moves from a to b in one leap.
func (t Touring) Leap(a, b Square) bool {
	dr, dc := abs(a.Row-b.Row), abs(a.Col-b.Col)
	for _, mv := range t.Moves.moves {
		l := mv.Leap
		if dr == l.Short && dc == l.Long || dr == l.Long && dc == l.Short {
			return true
		}
	}
	return false
}

// Find returns a tour: the squares in the order visited. It returns
// ErrNoTour when it proved there is none, by the board's colours, its
// connections or an exhaustive search, and ErrSearchLimit when the search
// looked at budget nodes (≤ 0: no limit) without settling it.
//
// A knight's tour of a full square board is the specialised Tour's or
// ClosedTour's. Any other tries Warnsdorff's rule first, from several
// orders of the moves (and for a closed tour Pósa's rotations to close
// it), then a complete backtracking search in Warnsdorff's order.
func (t Touring) Find(budget int64) ([]Square, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	if t.knight() {
		return t.findKnight()
	}
	return t.FindGeneric(budget)
}

// FindGeneric is Find by the generic search even for a knight on a full
// square board: for the tests and benchmarks that compare it with the
// specialised Tour and ClosedTour.
func (t Touring) FindGeneric(budget int64) ([]Square, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	g := newLeapGraph(t)
	total := g.total
	switch {
	case total == 0:
		return nil, nil
	case total == 1 && !t.Closed:
		return []Square{g.square(0)}, nil
	case total == 1:
		return nil, ErrNoTour
	}
	if !g.possible() {
		return nil, ErrNoTour
	}
	starts := g.starts()
	for _, from := range starts[:min(len(starts), heuristicStarts)] {
		tour, apart := g.heuristic(from)
		switch {
		case tour != nil:
			return tour, nil
		case apart:
			return nil, ErrNoTour
		}
	}
	if !g.isConnected() {
		return nil, ErrNoTour
	}
	search := &leapSearch{g: g, budget: budget}
	for _, from := range starts {
		if path, ok := search.run(from); ok {
			return g.path(path), nil
		}
		if search.limited {
			return nil, ErrSearchLimit
		}
	}
	return nil, ErrNoTour
}

// findKnight asks the specialised solvers.
func (t Touring) findKnight() ([]Square, error) {
	n := t.Board.Rows
	var numbers [][]int
	var ok bool
	switch {
	case t.Closed:
		numbers, ok = ClosedTour(n)
	case t.Start != nil:
		numbers, ok = Tour(n, *t.Start)
	default:
		// Any square: the corner has a tour whenever a square does, but
		// Tour proves "none" from one square only, so ask each in turn.
		for r := 0; r < n && !ok; r++ {
			for c := 0; c < n && !ok; c++ {
				numbers, ok = Tour(n, Square{r, c})
			}
		}
	}
	if !ok {
		return nil, ErrNoTour
	}
	path := make([]Square, n*n)
	for r, row := range numbers {
		for c, k := range row {
			path[k] = Square{r, c}
		}
	}
	if t.Closed && t.Start != nil {
		i := slices.Index(path, *t.Start)
		path = append(path[i:], path[:i]...)
	}
	return path, nil
}

// Numbers turns a path into the matrix of move numbers from base, -1 on a
// square the path does not visit.
func (b Board) Numbers(path []Square, base int) [][]int {
	m := make([][]int, b.Rows)
	for r := range m {
		m[r] = make([]int, b.Cols)
		for c := range m[r] {
			m[r][c] = -1
		}
	}
	for k, s := range path {
		m[s.Row][s.Col] = k + base
	}
	return m
}

// leapGraph is the board's squares (numbered in reading order, removed
// ones left out) and the leaps between them. Warnsdorff's walk, which is
// what finds a tour on a large board, works on the board itself (a
// square's leaps are its steps that stay on the board), as the specialised
// Tour does: the squares' numbers, and the lists of each square's leaps
// (on a 1000×1000 board 8 million), are made only for the complete search
// and the proof that the board falls apart, each square's leaps in
// flat[first[i]:first[i+1]].
type leapGraph struct {
	t     Touring
	total int      // the board's squares
	steps [][2]int // every leap's steps, in the moves' order: adj's order
	// degree[r*cols+c] is how many leaps the square has, or visitedMark if
	// it is removed: what each walk starts from. removed[r*cols+c] says
	// whether it is removed.
	degree  []int16
	removed []bool
	// connected is 1 when the board is known to be in one piece (a walk
	// covered it), -1 when it is known not to be, 0 before either.
	connected int
	squares   []Square // built by number, for a board with removed squares
	index     []int32  // index[r*cols+c]: the square's number, -1 if removed
	first     []int32  // built by adj, on its first call
	flat      []int32
}

func newLeapGraph(t Touring) *leapGraph {
	b := t.Board
	g := &leapGraph{t: t, total: b.Squares(), removed: make([]bool, b.Rows*b.Cols), degree: make([]int16, b.Rows*b.Cols)}
	for _, s := range b.Removed {
		g.removed[s.Row*b.Cols+s.Col] = true
	}
	for _, mv := range t.Moves.moves {
		g.steps = append(g.steps, mv.Leap.Steps()...)
	}
	// Each square's leaps on the full board: all of them at least reach
	// squares from the edge, counted nearer; then each removed square
	// takes one from each square a leap away.
	reach := 0
	for _, st := range g.steps {
		reach = max(reach, abs(st[0]), abs(st[1]))
	}
	for r := range b.Rows {
		row := g.degree[r*b.Cols : (r+1)*b.Cols]
		inner := r >= reach && r < b.Rows-reach
		for c := range row {
			if inner && c >= reach && c < b.Cols-reach {
				row[c] = int16(len(g.steps))
				continue
			}
			d := int16(0)
			for _, st := range g.steps {
				if r2, c2 := r+st[0], c+st[1]; uint(r2) < uint(b.Rows) && uint(c2) < uint(b.Cols) {
					d++
				}
			}
			row[c] = d
		}
	}
	for _, s := range b.Removed {
		for _, st := range g.steps { // every step's opposite is a step
			if r2, c2 := s.Row+st[0], s.Col+st[1]; uint(r2) < uint(b.Rows) && uint(c2) < uint(b.Cols) {
				g.degree[r2*b.Cols+c2]--
			}
		}
	}
	for _, s := range b.Removed {
		g.degree[s.Row*b.Cols+s.Col] = visitedMark
	}
	return g
}

// number numbers the squares of a board with removed squares; on a full
// board a square's number is r*cols+c.
func (g *leapGraph) number() {
	b := g.t.Board
	if b.Full() || g.index != nil {
		return
	}
	g.index = make([]int32, b.Rows*b.Cols)
	g.squares = make([]Square, 0, g.total)
	for r := range b.Rows {
		for c := range b.Cols {
			i := r*b.Cols + c
			if !g.removed[i] {
				g.index[i] = int32(len(g.squares))
				g.squares = append(g.squares, Square{r, c})
			} else {
				g.index[i] = -1
			}
		}
	}
}

// indexOf is a square's number in the graph.
func (g *leapGraph) indexOf(s Square) int32 {
	if g.number(); g.index == nil {
		return int32(s.Row*g.t.Board.Cols + s.Col)
	}
	return g.index[s.Row*g.t.Board.Cols+s.Col]
}

// square is the square numbered i.
func (g *leapGraph) square(i int32) Square {
	if g.number(); g.squares == nil {
		return Square{int(i) / g.t.Board.Cols, int(i) % g.t.Board.Cols}
	}
	return g.squares[i]
}

// adj is the squares one leap from square i, in the steps' order.
func (g *leapGraph) adj(i int32) []int32 {
	if g.first == nil {
		b := g.t.Board
		g.first = make([]int32, g.total+1)
		g.flat = make([]int32, 0, g.total*len(g.steps))
		for i := range int32(g.total) {
			s := g.square(i)
			for _, st := range g.steps {
				r, c := s.Row+st[0], s.Col+st[1]
				if uint(r) < uint(b.Rows) && uint(c) < uint(b.Cols) && !g.removed[r*b.Cols+c] {
					g.flat = append(g.flat, g.indexOf(Square{r, c}))
				}
			}
			g.first[i+1] = int32(len(g.flat))
		}
	}
	return g.flat[g.first[i]:g.first[i+1]]
}

func (g *leapGraph) path(p []int32) []Square {
	out := make([]Square, len(p))
	for i, s := range p {
		out[i] = g.square(s)
	}
	return out
}

// possible is false when a simple count proves there is no tour: a square
// has too few leaps (none to leave by in a closed tour, or more than two
// squares with a single leap); or, for a piece that always changes colour
// (every leap's sides add up to an odd number, as the knight's), the
// colours cannot alternate along the path. That the board falls apart
// into pieces the leaper cannot cross is asked apart (isConnected), once
// a walk failed to cover it: a walk that covers it shows it is in one
// piece, at no cost.
func (g *leapGraph) possible() bool {
	ends := 0
	for i, d := range g.degree {
		if d < 2 && !g.removed[i] {
			ends++
		}
	}
	if g.t.Closed && ends > 0 || ends > 2 {
		return false
	}
	if g.t.Start != nil && !g.t.Closed && ends == 2 && g.degree[g.t.Start.Row*g.t.Board.Cols+g.t.Start.Col] >= 2 {
		return false // both ends are fixed, and the start is neither
	}
	for _, mv := range g.t.Moves.moves {
		if (mv.Leap.Short+mv.Leap.Long)%2 == 0 {
			return true
		}
	}
	var colour [2]int
	b := g.t.Board
	colour[0], colour[1] = (b.Rows*b.Cols+1)/2, b.Rows*b.Cols/2
	for _, s := range b.Removed {
		colour[(s.Row+s.Col)%2]--
	}
	diff := colour[0] - colour[1]
	switch {
	case g.t.Closed:
		return diff == 0
	case abs(diff) > 1:
		return false
	case diff != 0 && g.t.Start != nil:
		// The path starts and ends on the colour there is more of.
		major := 0
		if diff < 0 {
			major = 1
		}
		return (g.t.Start.Row+g.t.Start.Col)%2 == major
	}
	return true
}

// isConnected reports whether the leaper can go from any square to any
// other, working it out the first time it is asked.
func (g *leapGraph) isConnected() bool {
	if g.connected == 0 {
		total := g.total
		seen := make([]bool, total)
		queue := []int32{0}
		seen[0] = true
		for k := 0; k < len(queue); k++ {
			for _, j := range g.adj(queue[k]) {
				if !seen[j] {
					seen[j] = true
					queue = append(queue, j)
				}
			}
		}
		g.connected = -1
		if len(queue) == total {
			g.connected = 1
		}
	}
	return g.connected > 0
}

// starts lists the squares a tour may start on, in reading order: Start
// alone, or any square (for a closed tour the first is enough, since a
// cycle can start anywhere).
func (g *leapGraph) starts() []int32 {
	switch {
	case g.t.Start != nil:
		return []int32{g.indexOf(*g.t.Start)}
	case g.t.Closed:
		return []int32{0}
	}
	all := make([]int32, g.total)
	for i := range all {
		all[i] = int32(i)
	}
	return all
}

// heuristicStarts is how many start squares Warnsdorff's walk tries
// before the search, for a tour from any square: each try costs a walk
// over the whole board.
const heuristicStarts = 8

// heuristicTries is how many orders of the moves Warnsdorff's walk tries
// from each start before the search: the first follow the moves' order,
// the rest shuffle the ties with a fixed seed, so the result is the same
// on every machine.
const heuristicTries = 24

// heuristic walks by Warnsdorff's rule from square from, each time to the
// unvisited neighbour with the fewest unvisited neighbours, ties broken by
// an order that changes from try to try; for a closed tour it then rotates
// the path (Pósa) until its ends are a leap apart. It returns the tour, or
// nil and whether the board was found to fall apart (so that no tour
// exists).
//
// A walk is the loop a large board spends its time in, so it keeps its
// squares as board cells (r*cols+c), with the removed ones visited from
// the start, and allocates nothing a step.
func (g *leapGraph) heuristic(from int32) (tour []Square, apart bool) {
	b := g.t.Board
	rows, cols := b.Rows, b.Cols
	total := g.total
	rng := rand.New(rand.NewPCG(uint64(total), uint64(from)))
	// degree[cell] is the square's unvisited neighbours, or visitedMark
	// once it is visited (or removed): one array to read a step, not two.
	degree := make([]int16, len(g.degree))
	path := make([]Square, 0, total)
	steps := g.steps
	order := make([]int, 0, len(steps)) // the steps to look at, shuffled
	for try := range heuristicTries {
		copy(degree, g.degree)
		path = path[:0]
		fs := g.square(from)
		r, c := fs.Row, fs.Col
		for {
			cur := r*cols + c
			path = append(path, Square{r, c})
			degree[cur] = visitedMark
			if len(path) == total {
				break
			}
			best, bestDeg, bestDist := -1, int16(visitedMark), -1
			if try%2 == 0 {
				// Each unvisited neighbour loses a neighbour, cur, and is
				// weighed at once. Ties go to the square farthest from the
				// centre (Roth), then to the first in the steps' order.
				for k, st := range steps {
					r2, c2 := r+st[0], c+st[1]
					if uint(r2) >= uint(rows) || uint(c2) >= uint(cols) {
						continue
					}
					nb := r2*cols + c2
					d := degree[nb]
					if d == visitedMark {
						continue
					}
					d--
					degree[nb] = d
					if d > bestDeg {
						continue
					}
					dr, dc := 2*r2-(rows-1), 2*c2-(cols-1)
					if dist := dr*dr + dc*dc; d < bestDeg || dist > bestDist {
						best, bestDeg, bestDist = k, d, dist
					}
				}
			} else {
				// The squares one leap away, removed ones left out, in the
				// steps' order, shuffled: ties go to the first of them.
				order = order[:0]
				for k, st := range steps {
					r2, c2 := r+st[0], c+st[1]
					if uint(r2) >= uint(rows) || uint(c2) >= uint(cols) || g.removed[r2*cols+c2] {
						continue
					}
					order = append(order, k)
					if nb := r2*cols + c2; degree[nb] != visitedMark {
						degree[nb]--
					}
				}
				rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
				for _, k := range order {
					nb := (r+steps[k][0])*cols + c + steps[k][1]
					if d := degree[nb]; d != visitedMark && d < bestDeg {
						best, bestDeg = k, d
					}
				}
			}
			if best < 0 {
				break
			}
			r, c = r+steps[best][0], c+steps[best][1]
		}
		if len(path) < total {
			if !g.isConnected() {
				return nil, true
			}
			continue
		}
		g.connected = 1
		if !g.t.Closed || g.close(path, rng) {
			return path, false
		}
	}
	return nil, false
}

// visitedMark is the degree of a visited square in a walk: more than any
// square's number of leaps (at most 8 a leap, and a leap's sides are at
// most 64).
const visitedMark = 1<<15 - 1

// closeTries bounds Pósa's rotations for one path.
const closeTries = 20_000

// close rotates path in place until its last square is a leap from its
// first: take a square next to the end, at position i, and reverse the
// path after i, which makes the square after i the new end.
func (g *leapGraph) close(path []Square, rng *rand.Rand) bool {
	b := g.t.Board
	total := len(path)
	pos := make([]int, b.Rows*b.Cols)
	for i, s := range path {
		pos[s.Row*b.Cols+s.Col] = i
	}
	var cand []int
	for range closeTries {
		r, c := path[total-1].Row, path[total-1].Col
		cand = cand[:0]
		for _, st := range g.steps {
			r2, c2 := r+st[0], c+st[1]
			if uint(r2) >= uint(b.Rows) || uint(c2) >= uint(b.Cols) || g.removed[r2*b.Cols+c2] {
				continue
			}
			switch i := pos[r2*b.Cols+c2]; {
			case i == 0:
				return true
			case i < total-2:
				cand = append(cand, i)
			}
		}
		if len(cand) == 0 {
			return false
		}
		i := cand[rng.IntN(len(cand))]
		for a, z := i+1, total-1; a < z; a, z = a+1, z-1 {
			path[a], path[z] = path[z], path[a]
			pos[path[a].Row*b.Cols+path[a].Col], pos[path[z].Row*b.Cols+path[z].Col] = a, z
		}
	}
	return false
}

// leapSearch is the complete search for a tour, moves in Warnsdorff's
// order, within a budget of nodes shared by every start.
type leapSearch struct {
	g       *leapGraph
	budget  int64
	nodes   int64
	limited bool
	visited []bool
	path    []int32
}

func (s *leapSearch) run(from int32) ([]int32, bool) {
	total := s.g.total
	s.visited = make([]bool, total)
	s.path = make([]int32, 0, total)
	if s.walk(from) {
		return s.path, true
	}
	return nil, false
}

func (s *leapSearch) walk(cur int32) bool {
	g := s.g
	total := g.total
	if s.nodes++; s.budget > 0 && s.nodes > s.budget {
		s.limited = true
		return false
	}
	s.path = append(s.path, cur)
	s.visited[cur] = true
	if len(s.path) == total {
		if !g.t.Closed || slices.Contains(g.adj(cur), s.path[0]) {
			return true
		}
	} else if s.viable(cur) {
		type next struct {
			sq  int32
			deg int
		}
		var order []next
		for _, nb := range g.adj(cur) {
			if s.visited[nb] {
				continue
			}
			d := 0
			for _, nn := range g.adj(nb) {
				if !s.visited[nn] {
					d++
				}
			}
			order = append(order, next{nb, d})
		}
		slices.SortStableFunc(order, func(a, b next) int { return a.deg - b.deg })
		for _, nx := range order {
			if s.walk(nx.sq) {
				return true
			}
			if s.limited {
				return false
			}
		}
	}
	s.path = s.path[:len(s.path)-1]
	s.visited[cur] = false
	return false
}

// viable is false when an unvisited square next to cur can no longer be
// part of the tour: it has no unvisited neighbour and no way in but from
// cur, so at most one such square may exist, the one cur moves to last.
// For a closed tour, a neighbour of the first square must keep a way back.
func (s *leapSearch) viable(cur int32) bool {
	g := s.g
	deadEnds := 0
	for _, nb := range g.adj(cur) {
		if s.visited[nb] {
			continue
		}
		free := 0
		for _, nn := range g.adj(nb) {
			if !s.visited[nn] || g.t.Closed && nn == s.path[0] {
				free++
			}
		}
		if free == 0 {
			deadEnds++
		}
	}
	return deadEnds <= 1
}
