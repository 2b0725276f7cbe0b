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
	total := len(g.squares)
	switch {
	case total == 0:
		return nil, nil
	case total == 1 && !t.Closed:
		return []Square{g.squares[0]}, nil
	case total == 1:
		return nil, ErrNoTour
	}
	if !g.possible() {
		return nil, ErrNoTour
	}
	starts := g.starts()
	for _, from := range starts[:min(len(starts), heuristicStarts)] {
		if path, ok := g.heuristic(from); ok {
			return g.path(path), nil
		}
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
// ones left out) and the leaps between them, each square's in adj[first[i]:
// first[i+1]]: one slice for the whole board, which on a 1000×1000 board
// is 8 million leaps.
type leapGraph struct {
	t       Touring
	squares []Square
	index   []int32 // index[r*cols+c]: the square's number, -1 if removed
	first   []int32
	flat    []int32
}

func newLeapGraph(t Touring) *leapGraph {
	b := t.Board
	g := &leapGraph{t: t, index: make([]int32, b.Rows*b.Cols)}
	removed := make(map[Square]bool, len(b.Removed))
	for _, s := range b.Removed {
		removed[s] = true
	}
	for r := range b.Rows {
		for c := range b.Cols {
			i := r*b.Cols + c
			if s := (Square{r, c}); !removed[s] {
				g.index[i] = int32(len(g.squares))
				g.squares = append(g.squares, s)
			} else {
				g.index[i] = -1
			}
		}
	}
	var steps [][2]int
	for _, mv := range t.Moves.moves {
		steps = append(steps, mv.Leap.Steps()...)
	}
	g.first = make([]int32, len(g.squares)+1)
	g.flat = make([]int32, 0, len(g.squares)*len(steps))
	for i, s := range g.squares {
		for _, st := range steps {
			r, c := s.Row+st[0], s.Col+st[1]
			if r >= 0 && r < b.Rows && c >= 0 && c < b.Cols {
				if j := g.index[r*b.Cols+c]; j >= 0 {
					g.flat = append(g.flat, j)
				}
			}
		}
		g.first[i+1] = int32(len(g.flat))
	}
	return g
}

// adj is the squares one leap from square i.
func (g *leapGraph) adj(i int32) []int32 { return g.flat[g.first[i]:g.first[i+1]] }

// indexOf is a square's number in the graph.
func (g *leapGraph) indexOf(s Square) int32 { return g.index[s.Row*g.t.Board.Cols+s.Col] }

func (g *leapGraph) path(p []int32) []Square {
	out := make([]Square, len(p))
	for i, s := range p {
		out[i] = g.squares[s]
	}
	return out
}

// possible is false when a simple count proves there is no tour: the
// board falls apart into pieces the leaper cannot cross; a square has too
// few leaps (none to leave by in a closed tour, or more than two squares
// with a single leap); or, for a piece that always changes colour (every
// leap's sides add up to an odd number, as the knight's), the colours
// cannot alternate along the path.
func (g *leapGraph) possible() bool {
	total := len(g.squares)
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
	if len(queue) != total {
		return false
	}
	ends := 0
	for i := range g.squares {
		if len(g.adj(int32(i))) < 2 {
			ends++
		}
	}
	if g.t.Closed && ends > 0 || ends > 2 {
		return false
	}
	if g.t.Start != nil && !g.t.Closed && ends == 2 && len(g.adj(g.indexOf(*g.t.Start))) >= 2 {
		return false // both ends are fixed, and the start is neither
	}
	for _, mv := range g.t.Moves.moves {
		if (mv.Leap.Short+mv.Leap.Long)%2 == 0 {
			return true
		}
	}
	var colour [2]int
	for _, s := range g.squares {
		colour[(s.Row+s.Col)%2]++
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
	all := make([]int32, len(g.squares))
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
// the path (Pósa) until its ends are a leap apart.
func (g *leapGraph) heuristic(from int32) ([]int32, bool) {
	total := len(g.squares)
	rng := rand.New(rand.NewPCG(uint64(total), uint64(from)))
	visited := make([]bool, total)
	degree := make([]int, total)
	for try := range heuristicTries {
		clear(visited)
		for i := range degree {
			degree[i] = len(g.adj(int32(i)))
		}
		path := make([]int32, 0, total)
		cur := from
		for {
			path = append(path, cur)
			visited[cur] = true
			for _, nb := range g.adj(cur) {
				degree[nb]--
			}
			if len(path) == total {
				break
			}
			best, bestDeg, bestDist := int32(-1), 1<<30, -1
			order := g.adj(cur)
			if try%2 == 1 {
				order = slices.Clone(order)
				rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			}
			for _, nb := range order {
				if visited[nb] || degree[nb] > bestDeg {
					continue
				}
				// Ties go to the square farthest from the centre (Roth), on
				// even tries; odd tries keep the shuffled order.
				d := 0
				if try%2 == 0 {
					d = g.centreDistance(nb)
				}
				if degree[nb] < bestDeg || d > bestDist {
					best, bestDeg, bestDist = nb, degree[nb], d
				}
			}
			if best < 0 {
				break
			}
			cur = best
		}
		if len(path) < total {
			continue
		}
		if !g.t.Closed {
			return path, true
		}
		if g.close(path, rng) {
			return path, true
		}
	}
	return nil, false
}

// centreDistance is a square's squared distance from the board's centre,
// doubled to stay whole.
func (g *leapGraph) centreDistance(i int32) int {
	s := g.squares[i]
	dr, dc := 2*s.Row-(g.t.Board.Rows-1), 2*s.Col-(g.t.Board.Cols-1)
	return dr*dr + dc*dc
}

// closeTries bounds Pósa's rotations for one path.
const closeTries = 20_000

// close rotates path in place until its last square is a leap from its
// first: take a square next to the end, at position i, and reverse the
// path after i, which makes the square after i the new end.
func (g *leapGraph) close(path []int32, rng *rand.Rand) bool {
	total := len(path)
	pos := make([]int, total)
	for i, s := range path {
		pos[s] = i
	}
	var cand []int
	for range closeTries {
		end := path[total-1]
		cand = cand[:0]
		for _, nb := range g.adj(end) {
			switch i := pos[nb]; {
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
			pos[path[a]], pos[path[z]] = a, z
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
	total := len(s.g.squares)
	s.visited = make([]bool, total)
	s.path = make([]int32, 0, total)
	if s.walk(from) {
		return s.path, true
	}
	return nil, false
}

func (s *leapSearch) walk(cur int32) bool {
	g := s.g
	total := len(g.squares)
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
