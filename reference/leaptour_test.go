package reference

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// validPath is the test's own check of a tour: every square of the board
// once, each step one of the piece's leaps, from the start, closed when
// asked.
func validPath(t Touring, path []Square) bool {
	if len(path) != t.Board.Squares() {
		return false
	}
	seen := map[Square]bool{}
	for i, s := range path {
		if !t.Board.Has(s) || seen[s] {
			return false
		}
		seen[s] = true
		if i > 0 && !oracleAttacks(t.Board, t.Moves, path[i-1], s) {
			return false
		}
	}
	if t.Start != nil && len(path) > 0 && path[0] != *t.Start {
		return false
	}
	if t.Closed && len(path) > 0 && !oracleAttacks(t.Board, t.Moves, path[len(path)-1], path[0]) {
		return false
	}
	return true
}

// bruteTour says whether a tour exists, by trying every path.
func bruteTour(t Touring) bool {
	var squares []Square
	for r := range t.Board.Rows {
		for c := range t.Board.Cols {
			if t.Board.Has(Square{r, c}) {
				squares = append(squares, Square{r, c})
			}
		}
	}
	if len(squares) == 0 {
		return true
	}
	seen := map[Square]bool{}
	var path []Square
	var walk func(s Square) bool
	walk = func(s Square) bool {
		path = append(path, s)
		seen[s] = true
		defer func() { path = path[:len(path)-1]; seen[s] = false }()
		if len(path) == len(squares) {
			// A cycle needs three squares: two squares a leap apart are a
			// path, and going back is the same leap again.
			return !t.Closed || len(path) >= 3 && oracleAttacks(t.Board, t.Moves, s, path[0])
		}
		for _, n := range squares {
			if !seen[n] && oracleAttacks(t.Board, t.Moves, s, n) && walk(n) {
				return true
			}
		}
		return false
	}
	if t.Start != nil {
		return walk(*t.Start)
	}
	for _, s := range squares {
		if walk(s) {
			return true
		}
	}
	return false
}

// TestFindAgainstBruteForce holds Find's tours and its proofs of "no
// tour" to an exhaustive search on boards small enough for one.
func TestFindAgainstBruteForce(t *testing.T) {
	pieces := []string{"N", "C", "Z", "K", "WD", "NC"}
	var boards []Board
	for r := 1; r <= 4; r++ {
		for c := r; c <= 5; c++ {
			boards = append(boards, Board{Rows: r, Cols: c})
		}
	}
	boards = append(boards, Board{Rows: 3, Cols: 4, Removed: []Square{{1, 1}}}, Board{Rows: 4, Cols: 4, Removed: []Square{{0, 0}, {3, 3}}})
	for _, text := range pieces {
		for _, b := range boards {
			for _, closed := range []bool{false, true} {
				for _, start := range []*Square{nil, {0, 1}} {
					if start != nil && !b.Has(*start) {
						continue
					}
					tr := Touring{Board: b, Moves: MustParseMoves(text), Closed: closed, Start: start}
					path, err := tr.Find(0)
					want := bruteTour(tr)
					switch {
					case err == nil && !validPath(tr, path):
						t.Fatalf("%s on %+v closed=%v start=%v: Find's path %v is no tour", text, b, closed, start, path)
					case err == nil && !want:
						t.Fatalf("%s on %+v closed=%v start=%v: Find found %v; brute force found none", text, b, closed, start, path)
					case errors.Is(err, ErrNoTour) && want:
						t.Fatalf("%s on %+v closed=%v start=%v: Find proved there is none; brute force found one", text, b, closed, start)
					case err != nil && !errors.Is(err, ErrNoTour):
						t.Fatalf("%s on %+v closed=%v start=%v: %v", text, b, closed, start, err)
					}
				}
			}
		}
	}
}

func TestFindLarger(t *testing.T) {
	tests := []struct {
		piece  string
		b      Board
		closed bool
		start  *Square
	}{
		{"N", Board{Rows: 5, Cols: 6}, false, &Square{0, 0}},
		{"N", Board{Rows: 6, Cols: 8}, true, nil},
		{"N", SquareBoard(8), true, &Square{3, 4}},
		{"N", SquareBoard(30), false, &Square{0, 0}},
		{"Z", Board{Rows: 10, Cols: 10}, false, nil},
		{"C", Board{Rows: 8, Cols: 8}, false, nil}, // the camel keeps to one colour: no tour
		{"(1,4)", Board{Rows: 10, Cols: 10}, false, nil},
		{"(1,4)", Board{Rows: 5, Cols: 8}, false, &Square{0, 0}},
		{"(1,4)", Board{Rows: 8, Cols: 10}, false, &Square{0, 0}},
		{"NC", Board{Rows: 8, Cols: 8}, true, nil},
		{"K", Board{Rows: 7, Cols: 9}, true, nil}, // 63 squares, and the king changes colour only on W: tours exist
	}
	for _, tt := range tests {
		tr := Touring{Board: tt.b, Moves: MustParseMoves(tt.piece), Closed: tt.closed, Start: tt.start}
		path, err := tr.Find(2_000_000)
		if tt.piece == "C" {
			if !errors.Is(err, ErrNoTour) {
				t.Errorf("camel on 8×8: %v; want ErrNoTour", err)
			}
			continue
		}
		if err != nil || !validPath(tr, path) {
			t.Errorf("%s on %s closed=%v: %v, valid %v", tt.piece, tt.b.Size(), tt.closed, err, validPath(tr, path))
		}
	}
}

func TestFindKnightMatchesTour(t *testing.T) {
	for n := 1; n <= 8; n++ {
		tr := Touring{Board: SquareBoard(n), Moves: KnightMoves, Start: &Square{0, 0}}
		path, err := tr.Find(0)
		numbers, ok := Tour(n, Square{0, 0})
		if ok != (err == nil) {
			t.Fatalf("n=%d: Find %v, Tour %v", n, err, ok)
		}
		if ok && !slices.EqualFunc(numbers, SquareBoard(n).Numbers(path, 0), func(a, b []int) bool { return slices.Equal(a, b) }) {
			t.Fatalf("n=%d: Find's tour is not Tour's", n)
		}
	}
}

func TestTouringValidate(t *testing.T) {
	for _, tt := range []struct {
		tr   Touring
		want string
	}{
		{Touring{Board: SquareBoard(5), Moves: MustParseMoves("Q")}, "a tour is made with a leaper, and Q rides"},
		{Touring{Board: SquareBoard(5), Moves: KnightMoves, Start: &Square{5, 0}}, "the start square row 5 col 0 is not on the 5×5 board"},
		{Touring{Board: Board{Rows: 2000, Cols: 2000}, Moves: KnightMoves}, "more than the 1000000 squares"},
	} {
		err := tt.tr.Validate()
		if err == nil || !contains(err.Error(), tt.want) {
			t.Errorf("Validate() = %v; want %q", err, tt.want)
		}
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// TestFindProvesNone checks the proofs of "no tour" that need the whole
// search, not only a count: the giraffe from the corner of a 5×9 board,
// the zebra on 5×6 from any square.
func TestFindProvesNone(t *testing.T) {
	for _, tr := range []Touring{
		{Board: Board{Rows: 5, Cols: 9}, Moves: MustParseMoves("(1,4)"), Start: &Square{0, 0}},
		{Board: Board{Rows: 5, Cols: 6}, Moves: MustParseMoves("Z")},
	} {
		if !newLeapGraph(tr).possible() {
			t.Fatalf("%s on %s: the counts prove it already; the test wants a search", tr.Moves, tr.Board.Size())
		}
		if _, err := tr.Find(5_000_000); !errors.Is(err, ErrNoTour) {
			t.Errorf("%s on %s: %v; want ErrNoTour", tr.Moves, tr.Board.Size(), err)
		}
	}
}

// TestLeapGraphDegree holds the degrees Warnsdorff's walk starts from,
// counted on the board without lists, to the lists of leaps.
func TestLeapGraphDegree(t *testing.T) {
	for _, piece := range []string{"N", "(1,4)", "NC", "K"} {
		for _, b := range []Board{
			{Rows: 9, Cols: 12},
			{Rows: 3, Cols: 20},
			{Rows: 10, Cols: 10, Removed: []Square{{0, 0}, {4, 4}, {4, 5}, {5, 4}, {9, 7}}},
		} {
			g := newLeapGraph(Touring{Board: b, Moves: MustParseMoves(piece)})
			for r := range b.Rows {
				for c := range b.Cols {
					got, want := int(g.degree[r*b.Cols+c]), visitedMark
					if b.Has(Square{r, c}) {
						want = len(g.adj(g.indexOf(Square{r, c})))
					}
					if got != want {
						t.Fatalf("%s on %v: row %d col %d has degree %d; want %d", piece, b, r, c, got, want)
					}
				}
			}
		}
	}
}
