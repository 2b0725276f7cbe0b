package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/reference"
)

// A traced search is narrated the way the source documents narrate it (seed
// 000 prints "placing at r c" and "Backtracking, deleted: [r, c]"): one line
// per queen placed or taken back, with the reason for taking it back, and one
// per solution. Squares rejected because a queen attacks them are not
// narrated, or N = 8 would take 15,720 lines, but they are counted: seed
// 002's "placements tried" is every square looked at. A student reads it
// (grader show --trace), so it is said in their language: trace.* in the
// catalogs.

// TraceStep is one narrated step of the search.
type TraceStep struct {
	Kind      string // "place", "remove" or "solution"
	Row, Col  int    // the square placed or taken back
	Text      string // the step as one line, "remove [1, 2]: row 2 has no safe square", in the search's language
	Tried     int    // squares looked at so far, this one included
	Solutions int    // solutions found so far
}

// TraceSummary counts the whole search.
type TraceSummary struct {
	N, Solutions, Tried, Placed, Rejected int
	Lang                                  string // the language String says it in
}

func (s TraceSummary) String() string {
	return i18n.For(s.Lang).T("trace.summary", report.Int("n", s.N), report.Int("count", s.Solutions),
		report.Text("tried", thousands(s.Tried)), report.Text("placed", thousands(s.Placed)), report.Text("rejected", thousands(s.Rejected)))
}

// thousands writes n with commas, as seed 002's table does: 15,720.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// NarrateQueens runs reference.TraceQueens(n) and narrates its steps in
// lang, a language of i18n.Languages ("" is English).
func NarrateQueens(n int, lang string) ([]TraceStep, TraceSummary) {
	l := i18n.For(lang)
	sum := TraceSummary{N: n, Lang: lang}
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
			steps = append(steps, TraceStep{Kind: "place", Row: sq.Row, Col: sq.Col, Text: l.T("trace.place", report.Int("row", sq.Row), report.Int("col", sq.Col))})
		case reference.Remove:
			why := report.Say("trace.no_safe_left", report.Int("row", sq.Row+1))
			switch {
			case sq.Row == n-1:
				why = report.Say("trace.noted")
			case !placedBelow[sq.Row]:
				why = report.Say("trace.no_safe", report.Int("row", sq.Row+1))
			}
			text := l.T("trace.remove", report.Int("row", sq.Row), report.Int("col", sq.Col), report.Nested("why", why))
			steps = append(steps, TraceStep{Kind: "remove", Row: sq.Row, Col: sq.Col, Text: text})
		case reference.Solution:
			sum.Solutions++
			text := l.T("trace.solution", report.Int("n", sum.Solutions), report.Verbatim("board", fmt.Sprint(s.Board)))
			steps = append(steps, TraceStep{Kind: "solution", Row: -1, Col: -1, Text: text})
		}
		steps[len(steps)-1].Tried = sum.Tried
		steps[len(steps)-1].Solutions = sum.Solutions
	}
	return steps, sum
}

// TraceText writes the narrated search of n queens in lang, one numbered
// step a line, then the counts.
func TraceText(w io.Writer, n int, lang string) error {
	steps, sum := NarrateQueens(n, lang)
	var b strings.Builder
	b.WriteString(i18n.For(lang).T("trace.header", report.Int("count", n)) + "\n")
	width := digits(len(steps))
	for i, s := range steps {
		fmt.Fprintf(&b, "%*d  %s\n", width, i+1, s.Text)
	}
	fmt.Fprintln(&b, sum)
	_, err := io.WriteString(w, b.String())
	return err
}

type tracePage struct {
	// Lang and Dir are the page's language and direction; W its words by
	// catalog identifier; IntroBefore and IntroAfter the introduction
	// around the exercise's name; Status the status line's sentence, {0}
	// to {4} standing for what the script fills in.
	Lang, Dir               string
	W                       map[string]string
	Title                   string
	IntroBefore, IntroAfter string
	Status                  string
	Exercise                string
	N                       int
	Board                   *svgBoard
	// Steps are [kind, row, col, text, tried, solutions]; html/template
	// writes them into the script as JSON.
	Steps   [][]any
	Last    int
	Summary string
	Shape   string // the queen's outline, for the script that draws the pieces
}

// traceWords are the catalog's messages the trace page says as they are.
var traceWords = []string{
	"trace.play", "trace.pause", "html.tour_first", "html.tour_prev", "html.tour_next", "html.tour_last",
	"trace.first_label", "trace.prev_label", "trace.slider_label", "trace.next_label", "trace.last_label",
	"trace.speed", "trace.slow", "trace.normal", "trace.fast", "trace.board_label", "trace.solved",
	"trace.caption", "trace.log_label", "trace.empty",
}

// TraceHTML writes a self-contained page that animates the narrated search
// of n queens in lang: play, pause, step and a slider, over an SVG board.
func TraceHTML(w io.Writer, exercise string, n int, lang string) error {
	steps, sum := NarrateQueens(n, lang)
	l := i18n.For(lang)
	rows := make([][]any, len(steps))
	for i, s := range steps {
		rows[i] = []any{s.Kind, s.Row, s.Col, s.Text, s.Tried, s.Solutions}
	}
	board := drawEmptyBoard(n)
	p := &tracePage{
		Lang: l.Lang(), Dir: l.Dir(), W: sayAll(l, traceWords), Title: l.T("trace.title", report.Int("n", n)),
		Status: l.T("trace.status", report.Text("step", "{0}"), report.Text("last", "{1}"), report.Text("what", "{2}"),
			report.Text("tried", "{3}"), report.Text("solutions", "{4}")),
		Exercise: exercise, N: n, Board: board, Steps: rows, Last: len(steps), Summary: sum.String(), Shape: queenShape,
	}
	p.IntroBefore, p.IntroAfter = around(l, report.Say("trace.intro"), "exercise")
	return htmlTemplates().ExecuteTemplate(w, "trace.tmpl", p)
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
