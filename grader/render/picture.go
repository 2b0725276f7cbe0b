package render

import (
	"fmt"
	"strings"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/reference"
	"github.com/fatih/color"
)

// Pictures are drawn so that they read the same without colour: the squares
// at fault are bracketed ([Q], [17]) and the squares between two attacking
// pieces hold a *, and colour only repeats what the characters already say.

// maxPictureSide is the most rows and columns drawn; a larger board is shown
// as a window around the squares at fault, labelled with the real row and
// column numbers.
const maxPictureSide = 20

type cell struct {
	text  string
	style *color.Color // nil: plain
}

// A picLine is one line of a picture, kept as styled cells so its width can
// be measured before colour escapes are added.
type picLine []cell

// width is the line's width in a terminal's columns: a caption in Korean
// is wider than its runes.
func (l picLine) width() int {
	w := 0
	for _, c := range l {
		w += width(c.text)
	}
	return w
}

func (l picLine) render() string {
	var b strings.Builder
	for _, c := range l {
		if c.style == nil {
			b.WriteString(c.text)
		} else {
			b.WriteString(c.style.Sprint(c.text))
		}
	}
	return b.String()
}

func plain(s string) picLine { return picLine{{text: s}} }

// window is the part of a board of rows × cols squares that is drawn.
type window struct{ row, col, rows, cols int }

// pickWindow chooses at most limit rows and columns of a rows × cols
// board: centred on the focus squares when they fit, else starting from
// the first of them and reaching towards the others, so that one end of
// the fault and the way to the other show.
func pickWindow(rows, cols, limit int, focus []reference.Square) window {
	w := window{0, 0, min(rows, limit), min(cols, limit)}
	if len(focus) == 0 {
		return w
	}
	lo, hi := focus[0], focus[0]
	for _, s := range focus {
		lo.Row, lo.Col = min(lo.Row, s.Row), min(lo.Col, s.Col)
		hi.Row, hi.Col = max(hi.Row, s.Row), max(hi.Col, s.Col)
	}
	const margin = 2 // squares shown beyond the first focus square
	start := func(n, first, lo, hi int) int {
		if n <= limit {
			return 0
		}
		var s int
		switch {
		case hi-lo < limit:
			s = (lo+hi)/2 - limit/2
		case first == lo:
			s = first - margin
		default:
			s = first + margin + 1 - limit
		}
		return min(max(s, 0), n-limit)
	}
	w.row, w.col = start(rows, focus[0].Row, lo.Row, hi.Row), start(cols, focus[0].Col, lo.Col, hi.Col)
	return w
}

func (w window) cropped(rows, cols int) bool { return w.rows < rows || w.cols < cols }

func (w window) note(l *i18n.Localizer, rows, cols int) string {
	return l.T("picture.window", report.Int("row", w.row), report.Int("last_row", w.row+w.rows-1),
		report.Int("col", w.col), report.Int("last_col", w.col+w.cols-1), report.Int("rows", rows), report.Int("cols", cols))
}

func digits(n int) int { return len(fmt.Sprint(n)) }

// gridLines draws the column labels and rows of a window of a board of
// rows rows, each cell width wide, with draw giving the cell at a square.
// bottomUp draws row 0 last, to match a program that prints its board that
// way.
func gridLines(w window, rows, cellWidth int, bottomUp bool, draw func(r, c int) cell) []picLine {
	rw := digits(rows - 1)
	head := picLine{{text: strings.Repeat(" ", rw+1)}}
	for c := w.col; c < w.col+w.cols; c++ {
		// Right-align the label with the cell's content, which ends one
		// character before the cell does (the space or closing bracket).
		head = append(head, cell{text: fmt.Sprintf("%*d ", cellWidth-1, c)})
	}
	lines := []picLine{head}
	for i := 0; i < w.rows; i++ {
		r := w.row + i
		if bottomUp {
			r = w.row + w.rows - 1 - i
		}
		l := picLine{{text: fmt.Sprintf("%*d ", rw, r)}}
		for c := w.col; c < w.col+w.cols; c++ {
			l = append(l, draw(r, c))
		}
		lines = append(lines, l)
	}
	return lines
}

func squareSet(sq []reference.Square) map[reference.Square]bool {
	m := make(map[reference.Square]bool, len(sq))
	for _, s := range sq {
		m[s] = true
	}
	return m
}

// boardLines draws a placement: pieces as Q (or R), attackers as [Q], the
// squares between them as *.
func boardLines(p *checker.BoardPicture, pieces []reference.Square, withFault bool, w window, pal palette) []picLine {
	piece := string(rune(p.Piece))
	if p.Piece == 0 {
		piece = "Q"
	}
	at, on, between := squareSet(pieces), map[reference.Square]bool{}, map[reference.Square]bool{}
	if withFault {
		on, between = squareSet(p.Attackers), squareSet(p.Between)
	}
	removed := squareSet(p.Removed)
	rows, _ := p.Dims()
	return gridLines(w, rows, 3, p.BottomUp, func(r, c int) cell {
		s := reference.Square{Row: r, Col: c}
		switch {
		case removed[s]:
			return cell{" # ", pal.dim}
		case on[s]:
			return cell{"[" + piece + "]", pal.attack}
		case at[s]:
			return cell{" " + piece + " ", nil}
		case between[s]:
			return cell{" * ", pal.between}
		default:
			return cell{" . ", pal.dim}
		}
	})
}

// boardPicture draws the student's placement and, beside it when it fits, a
// correct one. A picture with no pieces of the student's (a solution they
// did not print) shows the correct board alone.
func boardPicture(p *checker.BoardPicture, pal palette, l *i18n.Localizer) []picLine {
	focus := p.Attackers
	if len(focus) == 0 {
		focus = p.Pieces
	}
	rows, cols := p.Dims()
	w := pickWindow(rows, cols, maxPictureSide, focus)
	mine := append([]picLine{plain(l.T("picture.your_board"))}, boardLines(p, p.Pieces, true, w, pal)...)
	var lines []picLine
	switch {
	case p.Suggestion == nil:
		lines = mine
	case len(p.Pieces) == 0:
		// As the HTML report says it: the board is one the student's
		// program should have printed, not a fix for one it did.
		lines = append([]picLine{plain(l.T("picture.unprinted_board"))}, boardLines(p, p.Suggestion, false, w, pal)...)
	default:
		right := append([]picLine{plain(l.T("picture.correct_board"))}, boardLines(p, p.Suggestion, false, w, pal)...)
		if mine[1].width()*2+4 <= 100 {
			lines = sideBySide(mine, right, 4)
		} else {
			lines = append(append(mine, plain("")), right...)
		}
	}
	if w.cropped(rows, cols) {
		lines = append(lines, picLine{{w.note(l, rows, cols), pal.dim}})
	}
	if len(p.Removed) > 0 {
		lines = append(lines, picLine{{"#", pal.dim}, {text: " " + l.T("picture.removed")}})
	}
	if len(p.Attackers) > 0 {
		piece := string(rune(p.Piece))
		if p.Piece == 0 {
			piece = "Q"
		}
		legend := picLine{{"[" + piece + "]", pal.attack}, {text: " " + l.T("picture.attackers")}}
		if len(p.Between) > 0 {
			legend = append(legend, cell{text: l.T("legend.sep")}, cell{"*", pal.between}, cell{text: " " + l.T("picture.between")})
		}
		lines = append(lines, legend)
	}
	return lines
}

// tourPicture draws a tour as its grid of move numbers, the squares of the
// broken move bracketed.
func tourPicture(p *checker.TourPicture, pal palette, l *i18n.Localizer) []picLine {
	rows, cols := p.Dims()
	biggest := rows*cols - 1
	for _, row := range p.Numbers {
		for _, v := range row {
			biggest = max(biggest, v)
		}
	}
	d := digits(biggest)
	hl := squareSet(p.Highlight)
	w := pickWindow(rows, cols, maxPictureSide, p.Highlight)
	lines := append([]picLine{plain(l.T("picture.your_tour"))}, gridLines(w, rows, d+2, false, func(r, c int) cell {
		text := "?"
		if r < len(p.Numbers) && c < len(p.Numbers[r]) && p.Numbers[r][c] >= 0 {
			text = fmt.Sprint(p.Numbers[r][c])
		}
		if hl[reference.Square{Row: r, Col: c}] {
			return cell{fmt.Sprintf("[%*s]", d, text), pal.attack}
		}
		return cell{fmt.Sprintf(" %*s ", d, text), nil}
	})...)
	if w.cropped(rows, cols) {
		lines = append(lines, picLine{{w.note(l, rows, cols), pal.dim}})
	}
	if len(p.Highlight) > 0 {
		lines = append(lines, picLine{{"[n]", pal.attack}, {text: " " + l.T("picture.tour_fault")}})
	}
	if bad := badMoves(p); bad > 0 {
		// The picture shows the first fault; the count says whether it is
		// the only one, as the HTML report's caption does.
		lines = append(lines, plain(badMovesText(l, p, bad)))
	}
	return lines
}

// badMovesText says how many steps of a tour are no move of its piece:
// a knight's in the words of the knight's tour, any other leaper as
// leaperArg names it.
func badMovesText(l *i18n.Localizer, p *checker.TourPicture, bad int) string {
	if p.Piece == "" {
		return l.T("picture.bad_moves", report.Int("count", bad))
	}
	return l.T("picture.bad_leaps", report.Int("count", bad), leaperArg(p.Piece))
}

// leaperArg is the piece argument of the messages about a leaper other
// than the knight: the catalogs' word for one they know (the giraffe),
// else the name its exercise gives it, verbatim.
func leaperArg(name string) report.Arg {
	id, known := checker.LeaperWord(name)
	if known {
		return report.Nested("piece", report.Say(id))
	}
	return report.Nested("piece", report.Say(id, report.Verbatim("name", name)))
}

// badMoves counts the steps from k to k+1 of a printed tour that are not a
// leap of its piece, between numbers that each appear; a number printed
// twice counts at its first square, as the HTML report draws it.
func badMoves(p *checker.TourPicture) int {
	at := map[int]reference.Square{}
	for r, row := range p.Numbers {
		for c, v := range row {
			if _, dup := at[v]; !dup && v >= 0 {
				at[v] = reference.Square{Row: r, Col: c}
			}
		}
	}
	bad := 0
	for v, s := range at {
		next, ok := at[v+1]
		if !ok {
			continue
		}
		if !p.IsLeap(s, next) {
			bad++
		}
	}
	return bad
}

// sideBySide puts right to the right of left, gap spaces apart.
func sideBySide(left, right []picLine, gap int) []picLine {
	w := 0
	for _, l := range left {
		w = max(w, l.width())
	}
	var out []picLine
	for i := 0; i < len(left) || i < len(right); i++ {
		var l picLine
		if i < len(left) {
			l = append(l, left[i]...)
		}
		if i < len(right) {
			l = append(l, cell{text: strings.Repeat(" ", w-l.width()+gap)})
			l = append(l, right[i]...)
		}
		out = append(out, l)
	}
	return out
}
