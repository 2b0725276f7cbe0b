package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/boardcheck/boardcheck/reference"
)

// A traced search is narrated the way the source documents narrate it (seed
// 000 prints "placing at r c" and "Backtracking, deleted: [r, c]"): one line
// per queen placed or taken back, with the reason for taking it back, and one
// per solution. Squares rejected because a queen attacks them are not
// narrated, or N = 8 would take 15,720 lines, but they are counted: seed
// 002's "placements tried" is every square looked at.

// TraceStep is one narrated step of the search.
type TraceStep struct {
	Kind      string // "place", "remove" or "solution"
	Row, Col  int    // the square placed or taken back
	Text      string // the step as one line, "remove [1, 2]: row 2 has no safe square"
	Tried     int    // squares looked at so far, this one included
	Solutions int    // solutions found so far
}

// TraceSummary counts the whole search.
type TraceSummary struct {
	N, Solutions, Tried, Placed, Rejected int
}

func (s TraceSummary) String() string {
	return fmt.Sprintf("%d queens: %d %s, %s placements tried (%s queens placed, %s squares rejected as attacked)",
		s.N, s.Solutions, plural(s.Solutions, "solution"), thousands(s.Tried), thousands(s.Placed), thousands(s.Rejected))
}

// thousands writes n with commas, as seed 002's table does: 15,720.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// NarrateQueens runs reference.TraceQueens(n) and narrates its steps.
func NarrateQueens(n int) ([]TraceStep, TraceSummary) {
	sum := TraceSummary{N: n}
	var steps []TraceStep
	// placedBelow[r] says whether a queen went into row r+1 since the queen
	// in row r was placed: if not, that row had no safe square.
	placedBelow := make([]bool, n+1)
	for s := range reference.TraceQueens(n) {
		sq := s.Square
		switch s.Kind {
		case reference.Reject:
			sum.Tried++
			sum.Rejected++
			continue
		case reference.Place:
			sum.Tried++
			sum.Placed++
			placedBelow[sq.Row] = false
			if sq.Row > 0 {
				placedBelow[sq.Row-1] = true
			}
			steps = append(steps, TraceStep{Kind: "place", Row: sq.Row, Col: sq.Col, Text: fmt.Sprintf("place  [%d, %d]", sq.Row, sq.Col)})
		case reference.Remove:
			why := fmt.Sprintf("row %d has no safe square left", sq.Row+1)
			switch {
			case sq.Row == n-1:
				why = "solution noted; look for the next"
			case !placedBelow[sq.Row]:
				why = fmt.Sprintf("row %d has no safe square", sq.Row+1)
			}
			steps = append(steps, TraceStep{Kind: "remove", Row: sq.Row, Col: sq.Col, Text: fmt.Sprintf("remove [%d, %d]: %s", sq.Row, sq.Col, why)})
		case reference.Solution:
			sum.Solutions++
			steps = append(steps, TraceStep{Kind: "solution", Row: -1, Col: -1, Text: fmt.Sprintf("solution %d: %s", sum.Solutions, s.Board)})
		}
		steps[len(steps)-1].Tried = sum.Tried
		steps[len(steps)-1].Solutions = sum.Solutions
	}
	return steps, sum
}

// TraceText writes the narrated search of n queens, one numbered step a line,
// then the counts.
func TraceText(w io.Writer, n int) error {
	steps, sum := NarrateQueens(n)
	var b strings.Builder
	fmt.Fprintf(&b, "Backtracking search for %d queens: one queen per row, trying columns from left to right.\n", n)
	width := digits(len(steps))
	for i, s := range steps {
		fmt.Fprintf(&b, "%*d  %s\n", width, i+1, s.Text)
	}
	fmt.Fprintln(&b, sum)
	_, err := io.WriteString(w, b.String())
	return err
}

type tracePage struct {
	Exercise string
	N        int
	Board    *svgBoard
	// Steps are [kind, row, col, text, tried, solutions]; html/template
	// writes them into the script as JSON.
	Steps   [][]any
	Last    int
	Summary string
	Shape   string // the queen's outline, for the script that draws the pieces
}

// TraceHTML writes a self-contained page that animates the narrated search
// of n queens: play, pause, step and a slider, over an SVG board.
func TraceHTML(w io.Writer, exercise string, n int) error {
	steps, sum := NarrateQueens(n)
	rows := make([][]any, len(steps))
	for i, s := range steps {
		rows[i] = []any{s.Kind, s.Row, s.Col, s.Text, s.Tried, s.Solutions}
	}
	board := drawEmptyBoard(n)
	return htmlTemplates().ExecuteTemplate(w, "trace.tmpl", &tracePage{
		Exercise: exercise, N: n, Board: board, Steps: rows, Last: len(steps), Summary: sum.String(), Shape: queenShape,
	})
}

// drawEmptyBoard is an n×n board with no pieces, for the script to fill.
func drawEmptyBoard(n int) *svgBoard {
	b := &svgBoard{ID: "trace-board", N: n, Side: svgMargin + n*svgCell, Width: min(max(n*svgCell+svgMargin, 260), 440)}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			x, y := square(n, r, c, false)
			class := "light"
			if (r+c)%2 == 1 {
				class = "dark"
			}
			b.Squares = append(b.Squares, svgSquare{x, y, r, c, class})
		}
	}
	for i := 0; i < n; i++ {
		x, y := square(n, i, i, false)
		b.RowLabels = append(b.RowLabels, svgLabel{svgMargin / 2, y + svgCell/2, fmt.Sprint(i)})
		b.ColLabels = append(b.ColLabels, svgLabel{x + svgCell/2, svgMargin / 2, fmt.Sprint(i)})
	}
	return b
}
