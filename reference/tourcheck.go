package reference

import (
	"fmt"
	"slices"
	"strings"
)

// TourOptions says what kind of knight's tour CheckTour expects.
type TourOptions struct {
	Start  Square // where the first number must be
	Closed bool   // the last square must be a knight's move from the first
	// Base is the first number, 0 or 1. Messages show numbers as printed,
	// that is from Base to Base+n²-1.
	Base int
}

// TourErrorKind says which rule a knight's tour breaks.
type TourErrorKind int

const (
	OutOfRange TourErrorKind = iota + 1 // a number outside Base..Base+n²-1
	Repeated                            // a number that appears more than once
	Missing                             // a number that does not appear
	// Shape: all n² numbers are there, but not as n rows of n.
	Shape
	WrongStart // the first number is not on the start square
	BadMove    // k and k+1 are not a knight's move apart
	NotClosed  // the last number is not a knight's move from the first
)

// TourError says why a matrix of move numbers is not a valid tour.
type TourError struct {
	Kind TourErrorKind
	// Number is the number at fault, as printed (Base added). For BadMove it
	// is k, the move being k -> k+1; for NotClosed the last number.
	Number int
	// Squares says where: the one out-of-range square; every square of the
	// repeated number; the square where the first number was found
	// (WrongStart); the squares of k and k+1 (BadMove) or of the last and
	// the first number (NotClosed). Empty for Missing and Shape.
	Squares []Square
	N       int // the side of a square board; for any other, Board says
	Opts    TourOptions
	Board   Board
	Name    Noun // the piece that tours: "knight"
	// Rows is, for Shape, the number of rows found, and Row the row
	// whose length is wrong (-1 when the number of rows is wrong).
	Rows, Row, RowLen int
}

func (e *TourError) Error() string { return e.Describe(XY) }

// Describe is the error's message with each square named by name.
func (e *TourError) Describe(xy func(Square) string) string {
	switch e.Kind {
	case OutOfRange:
		return fmt.Sprintf("%d is out of range %d..%d", e.Number, e.Opts.Base, e.Opts.Base+e.Board.Squares()-1)
	case Repeated:
		times := "twice"
		if len(e.Squares) > 2 {
			times = fmt.Sprintf("%d times", len(e.Squares))
		}
		at := make([]string, len(e.Squares))
		for i, s := range e.Squares {
			at[i] = xy(s)
		}
		list := strings.Join(at[:len(at)-1], ", ") + " and " + at[len(at)-1]
		return fmt.Sprintf("%d appears %s, at %s", e.Number, times, list)
	case Missing:
		return fmt.Sprintf("%d is missing", e.Number)
	case Shape:
		if e.Row < 0 {
			return fmt.Sprintf("the tour has %d rows; want %d", e.Rows, e.Board.Rows)
		}
		return fmt.Sprintf("row %d has %d numbers; want %d", e.Row, e.RowLen, e.Board.Cols)
	case WrongStart:
		return fmt.Sprintf("%d is at %s; the tour must start at %s", e.Opts.Base, xy(e.Squares[0]), xy(e.Opts.Start))
	case BadMove:
		return fmt.Sprintf("move %d -> %d goes from %s to %s, which is not a %s's move",
			e.Number, e.Number+1, xy(e.Squares[0]), xy(e.Squares[1]), e.Name.One)
	case NotClosed:
		return fmt.Sprintf("the tour is not closed: %d at %s is not a %s's move from %d at %s",
			e.Number, xy(e.Squares[0]), e.Name.One, e.Opts.Base, xy(e.Squares[1]))
	}
	return fmt.Sprintf("invalid tour (kind %d)", int(e.Kind))
}

// XY names a square as the knight's tour messages do: "(2,3)", counted
// from 0.
func XY(s Square) string { return fmt.Sprintf("(%d,%d)", s.Row, s.Col) }

// IsKnightMove reports whether a knight moves from a to b in one step.
func IsKnightMove(a, b Square) bool {
	dr, dc := abs(a.Row-b.Row), abs(a.Col-b.Col)
	return dr == 1 && dc == 2 || dr == 2 && dc == 1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// CheckTour says why numbers is not a valid knight's tour of an n×n board, or
// returns nil when it is one. numbers[row][col] is the move number of that
// square, counted from opts.Base. It is Touring.Check for the knight.
func CheckTour(n int, numbers [][]int, opts TourOptions) *TourError {
	if n < 0 {
		n = 0
	}
	start := opts.Start
	t := Touring{Board: SquareBoard(n), Moves: KnightMoves, Closed: opts.Closed, Start: &start, Name: Noun{"knight", "knights"}}
	return t.Check(numbers, opts.Base)
}

// Check says why numbers is not a valid tour of t, or returns nil when it
// is one. numbers[row][col] is the move number of that square, counted
// from base; a removed square's number is never looked at.
//
// Only the first fault is reported, looked for in this order: a number out
// of range (the first in reading order); a repeated number (the smallest);
// a missing number (the smallest); rows of the wrong number or length; the
// first number not on the start square; each move k -> k+1 in turn; when
// closed, the closing move. The numbers are looked at before the shape
// because "63 is missing" says more about a short row than its length does.
func (t Touring) Check(numbers [][]int, base int) *TourError {
	b := t.Board
	opts := TourOptions{Closed: t.Closed, Base: base}
	if t.Start != nil {
		opts.Start = *t.Start
	}
	n := 0
	if b.isSquare() {
		n = b.Rows
	}
	fail := func(kind TourErrorKind, number int, sq ...Square) *TourError {
		return &TourError{Kind: kind, Number: number, Squares: sq, N: n, Opts: opts, Board: b, Name: t.Name, Row: -1}
	}
	total := b.Squares()
	// where[k] lists the squares holding number k (0-based); one slice per
	// number would cost a slice a square, so the first square is kept apart
	// and only repeats go to a map.
	first := make([]Square, total)
	seen := make([]bool, total)
	repeats := map[int][]Square{}
	for r, row := range numbers {
		for c, v := range row {
			if !b.Full() && slices.Contains(b.Removed, Square{r, c}) {
				continue
			}
			k := v - base
			if k < 0 || k >= total {
				return fail(OutOfRange, v, Square{r, c})
			}
			if seen[k] {
				if repeats[k] == nil {
					repeats[k] = []Square{first[k]}
				}
				repeats[k] = append(repeats[k], Square{r, c})
				continue
			}
			seen[k], first[k] = true, Square{r, c}
		}
	}
	if len(repeats) > 0 {
		smallest := -1
		for k := range repeats {
			if smallest < 0 || k < smallest {
				smallest = k
			}
		}
		return fail(Repeated, smallest+base, repeats[smallest]...)
	}
	for k, ok := range seen {
		if !ok {
			return fail(Missing, k+base)
		}
	}
	if len(numbers) != b.Rows {
		e := fail(Shape, 0)
		e.Rows = len(numbers)
		return e
	}
	for r, row := range numbers {
		if len(row) != b.Cols {
			e := fail(Shape, 0)
			e.Rows, e.Row, e.RowLen = len(numbers), r, len(row)
			return e
		}
	}
	if total == 0 {
		return nil
	}
	if t.Start != nil && first[0] != *t.Start {
		return fail(WrongStart, base, first[0])
	}
	for k := 0; k+1 < total; k++ {
		if !t.Leap(first[k], first[k+1]) {
			return fail(BadMove, k+base, first[k], first[k+1])
		}
	}
	if t.Closed && !t.Leap(first[total-1], first[0]) {
		return fail(NotClosed, total-1+base, first[total-1], first[0])
	}
	return nil
}
