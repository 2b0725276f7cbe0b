package render

import (
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/reference"
)

// The HTML report is one self-contained page: its CSS, SVG pictures and the
// few lines of script that step through a tour are inline, so it opens
// offline, from a mail attachment or a course's file store, and fetches
// nothing. Colour never carries a verdict alone: every verdict has a mark
// and a word, and every highlighted square a pattern and an outline too.

func init() {
	register(Format{Name: "html", Summary: "one self-contained web page with the boards and tours drawn", Render: renderHTML})
}

//go:embed html/*.tmpl
var htmlFiles embed.FS

// htmlTemplates are parsed on first use rather than at start: about 1 ms
// that every start of the grader (each run's supervisor aside) would
// otherwise spend before it reads its arguments, for a format most
// gradings never write.
var htmlTemplates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(template.FuncMap{
		"lower": strings.ToLower,
	}).ParseFS(htmlFiles, "html/*.tmpl"))
})

type htmlPage struct {
	// Lang and Dir are the page's language and direction (rtl for
	// Arabic); W are the page's own words in it, by catalog identifier.
	Lang, Dir                            string
	W                                    map[string]string
	ScoreText                            string
	Exercise, Title, Submission, Command string
	Built                                string // what a folder's build chose
	Score, MaxScore                      int
	Passed                               bool
	Counts                               []htmlCount
	FixFirst                             *htmlCheck
	Checks                               []*htmlCheck
	Broken                               bool // a check could not be judged
}

type htmlCount struct {
	Status, Mark, Text string
	N                  int
}

type htmlCheck struct {
	ID, Name, Title, Status, Mark, Word, Points string
	PointsText                                  string
	SkippedBecause, SkippedBecauseID            string
	// NotRun is the sentence of a skipped check, around the link to the
	// check it needs.
	NotRunBefore, NotRunAfter string
	Message, Hint             []string
	Command                   string // "$ nqueens 4" and how it ended
	Ended                     string
	Diff                      []htmlDiffLine
	Outputs                   []htmlOutput
	Trimmed                   bool
	Boards                    []*svgBoard
	Legend                    *boardLegend
	Tour                      *svgTour
	Tally                     *htmlTally
	LacksTool                 bool // see lacksTool
	Log                       string

	// MessageLang is "en" where Message is English in a page of another
	// language (a message not yet said as data), for a screen reader to
	// read it as English and the page to lay it out left to right.
	MessageLang string
}

// htmlTally is an all check's whole output sorted, each kind with a few
// boards drawn when its details are opened.
type htmlTally struct {
	Want, Missing            int64
	Right, Repeated, Invalid int
	Stopped                  int
	Kinds                    []tallyKind
	// Label names the tally for a screen reader; Head and Sum are its
	// first line, in the report's language.
	Label, Head, Sum string
}

type tallyKind struct {
	Key, Class, Mark string
	Text, Show       string // "2 repeated", "(show 1)", in the report's language
	Count            int64
	Boards           []*svgBoard
}

type htmlDiffLine struct{ Class, Sign, Text string }

type htmlOutput struct {
	Label   string
	Heading string // "standard output:", or "standard output: (nothing)"
	Lines   []htmlLine
	Digits  int
}

type htmlLine struct {
	Num   string // the 1-based line number, padded to the widest
	Text  string
	Focus bool
	Gap   string // "... 12 more lines", for a gap
}

func renderHTML(w io.Writer, r *report.Report, o Options) error {
	r = ForStudent(r)
	return htmlTemplates().ExecuteTemplate(w, "report.tmpl", newHTMLPage(r, o))
}

// htmlWords are the catalog's messages the report page says as they are,
// with no argument.
var htmlWords = []string{
	"html.skip_link", "label.submission", "label.folder", "label.run_as", "html.fix_first", "html.broken",
	"html.col_verdict", "html.col_check", "html.col_points", "check.lacks_tool", "check.broken",
	"diff.expected", "diff.yours", "legend.sep", "html.trimmed", "html.legend_between", "html.legend_line",
	"check.hint", "stream.log", "html.legend_attack_queens", "html.legend_attack_rooks",
	"verdict.pass", "verdict.fail", "html.checks",
}

// In every language, boards, tours and a program's text read left to right
// (style.tmpl: figure svg, pre, code): an Arabic page keeps column 0 on the
// left, as the statement numbers it.

// sayAll says each of ids in l's language.
func sayAll(l *i18n.Localizer, ids []string) map[string]string {
	w := make(map[string]string, len(ids))
	for _, id := range ids {
		w[id] = l.T(id)
	}
	return w
}

// verdictIDs name each verdict's word in the catalog: PASS, FAIL, ...
var verdictIDs = map[report.Status]string{
	report.Pass: "verdict.pass", report.Fail: "verdict.fail", report.Skip: "verdict.skip", report.Error: "verdict.error",
}

// around says m with its argument name a link (or any markup) the
// template writes: the sentence's text before it and after it, each escaped
// by the template as text.
func around(l *i18n.Localizer, m report.Message, name string) (before, after string) {
	const mark = "\x00"
	before, after, _ = strings.Cut(l.SayReady(m, map[string]string{name: mark}), mark)
	return before, after
}

// htmlEsc shows a program's text with its control characters made visible,
// as the text report does; html/template then escapes what is left.
func htmlEsc(s string) string { return escapeLine(s, maxLineRunes, nil, nil) }

// htmlEscIn is htmlEsc for a line of a program's output in a report in
// loc's language, which says how much of a long line was cut.
func htmlEscIn(loc *i18n.Localizer, s string) string { return escapeLine(s, maxLineRunes, nil, loc) }

func htmlLines(s string) []string {
	var out []string
	for _, l := range splitLines(s) {
		out = append(out, escapeLine(l, maxMessageRunes, nil, nil))
	}
	return out
}

func checkID(name string) string { return "check-" + name }

// built is what a folder was built as, said in l's language where it is
// data.
func built(r *report.Report, l *i18n.Localizer) string {
	if r.BuiltReason != nil {
		return said(l).Say(*r.BuiltReason)
	}
	return htmlEsc(r.Built)
}

func newHTMLPage(r *report.Report, o Options) *htmlPage {
	t := newText(r, o)
	l := i18n.For(r.Lang)
	p := &htmlPage{
		Lang: l.Lang(), Dir: l.Dir(), W: sayAll(l, htmlWords),
		// Never translated: isolated in a right-to-left page's title and
		// heading, so that "nqueens: ..." keeps its order (and marked in
		// the pseudo-language, for its test).
		Exercise: l.Verbatim(htmlEsc(r.Exercise)), Title: htmlEsc(r.Title), Submission: l.Verbatim(htmlEsc(r.Submission)),
		Command: htmlEsc(shellJoin(t.paths(r.Command))), Built: built(r, l),
		Score: r.Score, MaxScore: r.MaxScore, Passed: r.Passed,
	}
	score := []report.Arg{report.Int("score", r.Score), report.Int("max", r.MaxScore)}
	if r.Passed {
		p.ScoreText = l.T("html.score_passed", score...)
	} else {
		p.ScoreText = l.T("html.score", score...)
	}
	counts := map[report.Status]int{}
	for i, c := range r.Checks {
		counts[c.Status]++
		p.Checks = append(p.Checks, newHTMLCheck(r, c, i, o, l))
		if c.Status == report.Error && !lacksTool(c) {
			p.Broken = true
		}
	}
	for _, s := range []report.Status{report.Pass, report.Fail, report.Skip, report.Error} {
		if counts[s] > 0 {
			p.Counts = append(p.Counts, htmlCount{string(s), marks[s], l.T("count."+string(s), report.Int("count", counts[s])), counts[s]})
		}
	}
	if first, _ := fixFirst(r); first != nil {
		for _, c := range p.Checks {
			if c.Name == first.Name {
				p.FixFirst = c
			}
		}
	}
	return p
}

func newHTMLCheck(r *report.Report, c report.CheckResult, i int, o Options, l *i18n.Localizer) *htmlCheck {
	h := &htmlCheck{
		ID: checkID(c.Name), Name: htmlEsc(c.Name), Title: htmlEsc(c.Title), Status: string(c.Status),
		Mark: marks[c.Status], Word: l.T(verdictIDs[c.Status]), Points: points(c), LacksTool: lacksTool(c),
	}
	h.PointsText = l.T("html.points", report.Verbatim("points", h.Points))
	if c.Status == report.Skip {
		h.SkippedBecause, h.SkippedBecauseID = l.Verbatim(htmlEsc(c.SkippedBecause)), checkID(c.SkippedBecause)
		h.NotRunBefore, h.NotRunAfter = around(l, report.Say("html.not_run"), "check")
	}
	if c.Status == report.Pass || c.Status == report.Skip {
		return h
	}
	if c.Reason != nil {
		h.Message = splitLines(said(l).Say(*c.Reason))
	} else {
		h.Message = htmlLines(c.Message)
		if l.Lang() != i18n.English {
			h.MessageLang = i18n.English
		}
	}
	h.Hint = htmlLines(c.Hint)
	if c.HintReason != nil {
		h.Hint = splitLines(said(l).Say(*c.HintReason))
	}
	if c.Status == report.Error {
		h.Log = phaseTime.ReplaceAllString(envDump.ReplaceAllString(c.Log, ""), "$1")
		return h
	}
	var last *report.Run
	if len(c.Runs) > 0 {
		last = &c.Runs[len(c.Runs)-1]
		h.Command = "$ " + htmlEsc(shellJoin(last.Args))
		switch {
		case strings.HasPrefix(last.Death, "killed"):
			h.Ended = l.T("run.killed", report.Text("death", deathWords(l, last)))
		case last.Death != "":
			h.Ended = l.T("run.ended", report.Text("death", deathWords(l, last)))
		case last.ExitCode >= 0:
			h.Ended = l.T("run.exit_status", report.Int("status", last.ExitCode))
		}
		h.Trimmed = last.Trimmed
	}
	d := c.Detail
	hasDiff := d != nil && d.Expected != ""
	if hasDiff {
		h.Diff = htmlDiff(l, d.Expected, d.Actual)
	}
	if d != nil && d.Expected == "" && d.Actual != "" &&
		(last == nil || (d.Actual != last.Stdout && d.Actual != last.Stderr)) {
		h.Outputs = append(h.Outputs, htmlExcerpt(l, "stream.output", d.Actual, 0, d.OutputLine, maxOutputLines))
	}
	if last != nil {
		focus, errFocus := outputFocus(d, last)
		outLines, errLines := 0, 0
		if last.Trimmed {
			outLines, errLines = last.StdoutLines, last.StderrLines
		}
		switch {
		case hasDiff && !o.Verbose:
		case focus > 0 && !o.Verbose:
			h.Outputs = append(h.Outputs, htmlExcerptWith(l, "stream.stdout", last.Stdout, d, outLines, focus, maxFocusLines))
		default:
			h.Outputs = append(h.Outputs, htmlExcerpt(l, "stream.stdout", last.Stdout, outLines, focus, maxOutputLines))
		}
		if last.Stderr != "" && !(hasDiff && last.Stderr == d.Actual) {
			h.Outputs = append(h.Outputs, htmlExcerpt(l, "stream.stderr", last.Stderr, errLines, errFocus, maxOutputLines))
		}
	}
	if d != nil && d.Board != nil {
		h.Boards, h.Legend = boardSVGs(l, d.Board, fmt.Sprint(i))
	}
	if d != nil && d.Tour != nil {
		h.Tour = tourSVG(l, d.Tour, fmt.Sprint(i))
		h.Tour.Caption = l.T("picture.your_tour")
		if h.Tour.Bad > 0 {
			h.Tour.Caption = l.T("html.tour_bad", report.Int("count", h.Tour.Bad))
			if d.Tour.Piece != "" {
				h.Tour.Caption = l.T("html.tour_bad_leaps", report.Int("count", h.Tour.Bad), leaperArg(d.Tour.Piece))
			}
		}
	}
	if d != nil && d.Tally != nil {
		h.Tally = tallyView(l, d.Tally, d.Board, fmt.Sprint(i))
	}
	if o.Verbose {
		h.Log = phaseTime.ReplaceAllString(envDump.ReplaceAllString(c.Log, ""), "$1")
	}
	return h
}

// htmlExcerpt is the text report's excerpt of a stream (see makeExcerpt;
// printed is 0 for a stream kept whole). stream is the catalog's name of it.
func htmlExcerpt(loc *i18n.Localizer, stream, s string, printed, focus, limit int) htmlOutput {
	return htmlExcerptWith(loc, stream, s, nil, printed, focus, limit)
}

// htmlExcerptWith is htmlExcerpt for standard output, whose line at fault
// d may keep beyond what s holds (see outputExcerpt).
func htmlExcerptWith(loc *i18n.Localizer, stream, s string, d *report.Detail, printed, focus, limit int) htmlOutput {
	name := report.Nested("stream", report.Say(stream))
	out := htmlOutput{Label: loc.T(stream), Heading: loc.T("stream.label", name)}
	if s == "" {
		out.Heading = loc.T("stream.nothing", name)
		return out
	}
	ex := outputExcerpt(s, d, printed, focus, limit)
	out.Digits = digits(ex.total)
	for _, l := range ex.lines {
		if l.gap > 0 {
			out.Lines = append(out.Lines, htmlLine{Gap: loc.T("stream.more_lines", report.Int("count", l.gap))})
			continue
		}
		out.Lines = append(out.Lines, htmlLine{Num: fmt.Sprintf("%*d", out.Digits, l.n), Text: htmlEscIn(loc, l.text), Focus: l.focus})
	}
	return out
}

// htmlDiff is the text report's diff as lines to style: each keeps its - or
// + so that it reads without colour, and when copied.
func htmlDiff(loc *i18n.Localizer, expected, actual string) []htmlDiffLine {
	out := diff.Diff("expected", []byte(expected), "actual", []byte(actual))
	if out == nil {
		return nil
	}
	lines := splitLines(string(out))
	if len(lines) > 3 {
		lines = lines[3:]
	}
	hunks := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "@@") {
			hunks++
		}
	}
	var d []htmlDiffLine
	for _, l := range lines {
		if len(d) == maxDiffLines {
			d = append(d, htmlDiffLine{"gap", "", loc.T("diff.more_lines", report.Int("count", len(lines)-len(d)))})
			break
		}
		switch {
		case strings.HasPrefix(l, "@@"):
			// One hunk needs no header, as in the text report.
			if m := hunk.FindStringSubmatch(l); m != nil && hunks > 1 {
				n, _ := strconv.Atoi(m[1])
				d = append(d, htmlDiffLine{"gap", "", loc.T("diff.hunk", report.Int("line", n))})
			}
		case strings.HasPrefix(l, `\`):
			d = append(d, htmlDiffLine{"gap", "", loc.T("diff.no_newline")})
		case strings.HasPrefix(l, "-"):
			d = append(d, htmlDiffLine{"del", "-", visibleTrailing(htmlEscIn(loc, l[1:]))})
		case strings.HasPrefix(l, "+"):
			d = append(d, htmlDiffLine{"add", "+", visibleTrailing(htmlEscIn(loc, l[1:]))})
		default:
			d = append(d, htmlDiffLine{"same", " ", htmlEscIn(loc, strings.TrimPrefix(l, " "))})
		}
	}
	if actual == "" {
		d = append(d, htmlDiffLine{"gap", "", loc.T("diff.empty")})
	}
	return d
}

// Pictures. A square is cell units wide; the labels take a svgMargin on the
// left and at the top. The SVG's viewBox is in these units and its width in
// pixels is chosen for the board's size, so a 30×30 board stays on screen.
const (
	svgCell   = 40
	svgMargin = 24
)

type svgBoard struct {
	ID, Caption, Role, Desc string
	// N is the board's larger side; Side × SideY its drawing, Width ×
	// Height what it takes on the page.
	N, Side, Width, SideY, Height int
	Squares                       []svgSquare
	Pieces                        []svgPiece
	Line                          *svgLine
	RowLabels, ColLabels          []svgLabel
}

type svgSquare struct {
	X, Y, Row, Col int
	Class          string // "light", "dark", plus "attack" or "between"
}

type svgPiece struct {
	X, Y     int // the square's top left corner
	Row, Col int
	Attack   bool
	Shape    string // the piece's outline, an SVG path in the square's units
	Letter   string // "Q" or "R": also said in words for screen readers
}

type svgLine struct{ X1, Y1, X2, Y2 int }

type svgLabel struct {
	X, Y int
	Text string
}

type boardLegend struct {
	Piece   string
	Between bool
}

// Outlines drawn in a 40×40 square: a crown for a queen, a tower for a rook,
// a disc for any other piece (its letter in the legend names it).
const (
	queenShape = "M8 31 L6 13 L13 21 L16 9 L20 19 L24 9 L27 21 L34 13 L32 31 Z M8 33 H32 V36 H8 Z"
	rookShape  = "M10 35 H30 V31 H27 V18 H30 V9 H26 V13 H22 V9 H18 V13 H14 V9 H10 V18 H13 V31 H10 Z"
	discShape  = "M20 8 A12 12 0 1 1 19.99 8 Z"
)

// pieceName is the letter a board's pieces are drawn with and the name the
// catalog's messages know them by: queens, rooks, or pieces for any other.
func pieceName(p *checker.BoardPicture) (letter, name string) {
	switch p.Piece {
	case 'R':
		return "R", "rooks"
	case 'Q', 0:
		return "Q", "queens"
	}
	return string(rune(p.Piece)), "pieces"
}

// pieceCount is n pieces of p in words: "4 queens".
func pieceCount(p *checker.BoardPicture, n int) report.Message {
	_, name := pieceName(p)
	return report.Say("piece."+name, report.Int("count", n))
}

func pieceShape(letter string) string {
	switch letter {
	case "R":
		return rookShape
	case "Q":
		return queenShape
	}
	return discShape
}

func svgWidth(n int) int {
	return min(max(n*svgCell/2+svgMargin, 260), 420)
}

// boardSVGs draws the student's placement and, beside it, the suggestion.
func boardSVGs(l *i18n.Localizer, p *checker.BoardPicture, id string) ([]*svgBoard, *boardLegend) {
	letter, name := pieceName(p)
	var boards []*svgBoard
	if len(p.Pieces) > 0 || p.Suggestion == nil {
		b := drawBoard(p, p.Pieces, true, "board-"+id+"-yours")
		b.Caption, b.Role = l.T("picture.your_board"), "student"
		pieces := report.Nested("pieces", pieceCount(p, len(p.Pieces)))
		b.Desc = l.T("html.board_desc", pieces)
		if len(p.Attackers) == 2 {
			a, c := p.Attackers[0], p.Attackers[1]
			b.Desc = l.T("html.board_desc_"+name, pieces, report.Int("row1", a.Row), report.Int("col1", a.Col), report.Int("row2", c.Row), report.Int("col2", c.Col))
		}
		boards = append(boards, b)
	}
	if p.Suggestion != nil {
		b := drawBoard(p, p.Suggestion, false, "board-"+id+"-correct")
		b.Caption, b.Role = l.T("picture.correct_board"), "suggestion"
		if len(p.Pieces) == 0 {
			b.Caption = l.T("picture.unprinted_board")
		}
		b.Desc = l.T("html.correct_desc", report.Verbatim("squares", pairsText(p.Suggestion)))
		boards = append(boards, b)
	}
	var legend *boardLegend
	if len(p.Attackers) > 0 {
		legend = &boardLegend{Piece: letter, Between: len(p.Between) > 0}
	}
	return boards, legend
}

// pairsText writes squares as [[row, col], ...], for words.
func pairsText(sq []reference.Square) string {
	parts := make([]string, len(sq))
	for i, s := range sq {
		parts[i] = fmt.Sprintf("[%d, %d]", s.Row, s.Col)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// square returns the top left corner of row r, column c of a board of
// rows rows.
func square(rows, r, c int, bottomUp bool) (x, y int) {
	if bottomUp {
		r = rows - 1 - r
	}
	return svgMargin + c*svgCell, svgMargin + r*svgCell
}

// boardSize is what a board of rows × cols squares takes on the page: its
// larger side as a square board's, the other in proportion.
func boardSize(rows, cols int) (width, height int) {
	side := max(rows, cols)
	width = svgWidth(side)
	return width * (svgMargin + cols*svgCell) / (svgMargin + side*svgCell), width * (svgMargin + rows*svgCell) / (svgMargin + side*svgCell)
}

func drawBoard(p *checker.BoardPicture, pieces []reference.Square, withFault bool, id string) *svgBoard {
	letter, _ := pieceName(p)
	shape := pieceShape(letter)
	rows, cols := p.Dims()
	n := max(rows, cols)
	b := &svgBoard{ID: id, N: n, Side: svgMargin + cols*svgCell, SideY: svgMargin + rows*svgCell}
	b.Width, b.Height = boardSize(rows, cols)
	attack, between := map[reference.Square]bool{}, map[reference.Square]bool{}
	if withFault {
		attack, between = squareSet(p.Attackers), squareSet(p.Between)
	}
	removed := squareSet(p.Removed)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			x, y := square(rows, r, c, p.BottomUp)
			class := "light"
			if (r+c)%2 == 1 {
				class = "dark"
			}
			s := reference.Square{Row: r, Col: c}
			switch {
			case removed[s]:
				class = "removed"
			case attack[s]:
				class += " attack"
			case between[s]:
				class += " between"
			}
			b.Squares = append(b.Squares, svgSquare{x, y, r, c, class})
		}
	}
	for i := 0; i < rows; i++ {
		_, y := square(rows, i, 0, p.BottomUp)
		b.RowLabels = append(b.RowLabels, svgLabel{svgMargin / 2, y + svgCell/2, fmt.Sprint(i)})
	}
	for i := 0; i < cols; i++ {
		x, _ := square(rows, 0, i, p.BottomUp)
		b.ColLabels = append(b.ColLabels, svgLabel{x + svgCell/2, svgMargin / 2, fmt.Sprint(i)})
	}
	for _, s := range pieces {
		if s.Row < 0 || s.Row >= rows || s.Col < 0 || s.Col >= cols {
			continue
		}
		x, y := square(rows, s.Row, s.Col, p.BottomUp)
		b.Pieces = append(b.Pieces, svgPiece{x, y, s.Row, s.Col, attack[s], shape, letter})
	}
	if withFault && len(p.Attackers) == 2 {
		x1, y1 := square(rows, p.Attackers[0].Row, p.Attackers[0].Col, p.BottomUp)
		x2, y2 := square(rows, p.Attackers[1].Row, p.Attackers[1].Col, p.BottomUp)
		b.Line = &svgLine{x1 + svgCell/2, y1 + svgCell/2, x2 + svgCell/2, y2 + svgCell/2}
	}
	return b
}

// svgTour is a knight's tour: the numbered board, the path through it as
// one segment per move, and the squares at fault.
type svgTour struct {
	ID, Desc, Caption  string
	Piece              string // the touring piece's name: "knight"
	N, Side, Width     int
	SideY, Height      int
	Squares            []svgSquare
	Numbers            []svgNumber
	Moves              []svgMove
	Stops              string // JSON: [[x, y, "label"], ...] per step, for the script
	Steps              int    // the last step's index
	FontSize           int
	RowLabels          []svgLabel
	ColLabels          []svgLabel
	Bad                int // moves that are not a knight's move
	Fault, FaultSquare bool

	// W are the tour's own words: its controls, their labels and its
	// legend, by catalog identifier; Status is the status line's
	// sentence, {0}, {1} and {2} standing for the step, the last step and
	// the square, which the script fills in.
	W      map[string]string
	Status string
}

type svgNumber struct {
	X, Y  int // centre
	Text  string
	Fault bool
	Dark  bool // on a dark square: its halo, which keeps the path off the digits, is dark too
}

type svgMove struct {
	Step           int // the move arrives at the step'th square of the path
	X1, Y1, X2, Y2 int
	Bad            bool   // not a knight's move
	Title          string // "3 (1,2) → 4 (1,3)", and why it is wrong
}

// tourWords are the catalog's messages a tour says as they are: its
// controls, their labels for a screen reader, and its legend.
var tourWords = []string{
	"html.tour_first", "html.tour_prev", "html.tour_next", "html.tour_last",
	"html.tour_first_label", "html.tour_prev_label", "html.tour_slider_label", "html.tour_next_label", "html.tour_last_label",
	"html.legend_tour_fault",
}

func tourSVG(l *i18n.Localizer, p *checker.TourPicture, id string) *svgTour {
	rows, cols := p.Dims()
	n := max(rows, cols)
	t := &svgTour{ID: "tour-" + id, Piece: p.PieceName(), N: n, Side: svgMargin + cols*svgCell, SideY: svgMargin + rows*svgCell, FontSize: 15}
	t.W = sayAll(l, tourWords)
	// A knight is the glossary's word; another leaper as leaperArg names
	// it.
	notMove := func(id string, args ...report.Arg) string {
		if p.Piece == "" {
			return l.T(id, args...)
		}
		return l.T(id+"_leap", append(args, leaperArg(p.Piece))...)
	}
	t.W["html.legend_not_move"] = notMove("html.legend_not_knight")
	t.Status = l.T("html.tour_step", report.Text("step", "{0}"), report.Text("last", "{1}"), report.Text("square", "{2}"))
	width := min(max(n*56+svgMargin, 300), 640)
	t.Width, t.Height = width*t.Side/(svgMargin+n*svgCell), width*t.SideY/(svgMargin+n*svgCell)
	if n > 12 {
		t.FontSize = 11
	}
	fault := squareSet(p.Highlight)
	t.Fault = len(p.Highlight) > 0
	// Where each number stands; a number printed twice keeps its first
	// square, the other is highlighted as the checker found it.
	at := map[int]reference.Square{}
	biggest := -1
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			x, y := square(rows, r, c, false)
			class := "light"
			if (r+c)%2 == 1 {
				class = "dark"
			}
			s := reference.Square{Row: r, Col: c}
			if fault[s] {
				class += " fault"
			}
			t.Squares = append(t.Squares, svgSquare{x, y, r, c, class})
			v := -1
			if r < len(p.Numbers) && c < len(p.Numbers[r]) {
				v = p.Numbers[r][c]
			}
			text := "?"
			if v >= 0 {
				text = fmt.Sprint(v)
				if _, dup := at[v]; !dup {
					at[v] = s
				}
				biggest = max(biggest, v)
			}
			t.Numbers = append(t.Numbers, svgNumber{x + svgCell/2, y + svgCell/2, text, fault[s], (r+c)%2 == 1})
		}
	}
	for i := 0; i < rows; i++ {
		_, y := square(rows, i, 0, false)
		t.RowLabels = append(t.RowLabels, svgLabel{svgMargin / 2, y + svgCell/2, fmt.Sprint(i)})
	}
	for i := 0; i < cols; i++ {
		x, _ := square(rows, 0, i, false)
		t.ColLabels = append(t.ColLabels, svgLabel{x + svgCell/2, svgMargin / 2, fmt.Sprint(i)})
	}
	var stops []string
	prev, havePrev := reference.Square{}, false
	prevNum := 0
	for v := 0; v <= biggest && v <= rows*cols; v++ {
		s, ok := at[v]
		if !ok {
			havePrev = false
			continue
		}
		x, y := square(rows, s.Row, s.Col, false)
		step := len(stops)
		label, _ := json.Marshal(l.T("html.tour_stop", report.Int("n", v), report.Int("row", s.Row), report.Int("col", s.Col)))
		stops = append(stops, fmt.Sprintf("[%d,%d,%s]", x+svgCell/2, y+svgCell/2, label))
		if havePrev {
			px, py := square(rows, prev.Row, prev.Col, false)
			bad := !p.IsLeap(prev, s)
			if bad {
				t.Bad++
			}
			ends := []report.Arg{
				report.Verbatim("from", fmt.Sprintf("%d (%d,%d)", prevNum, prev.Row, prev.Col)),
				report.Verbatim("to", fmt.Sprintf("%d (%d,%d)", v, s.Row, s.Col)),
			}
			title := l.T("html.move", ends...)
			if bad {
				title = notMove("html.move_bad", ends...)
			}
			t.Moves = append(t.Moves, svgMove{step, px + svgCell/2, py + svgCell/2, x + svgCell/2, y + svgCell/2, bad, title})
		}
		prev, havePrev, prevNum = s, true, v
	}
	t.Stops = "[" + strings.Join(stops, ",") + "]"
	t.Steps = max(len(stops)-1, 0)
	t.Desc = l.T("html.tour_desc", report.Int("rows", rows), report.Int("cols", cols), report.Int("count", len(t.Moves)))
	if t.Bad > 0 {
		t.Desc += notMove("html.tour_desc_bad", report.Int("count", t.Bad))
	}
	for _, s := range p.Highlight {
		t.Desc += l.T("html.tour_desc_fault", report.Int("row", s.Row), report.Int("col", s.Col))
	}
	return t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// tallyView draws a tally's examples. pic, the failure's own picture, says
// which piece and which way up; a tally without one draws queens, row 0 on
// top.
func tallyView(l *i18n.Localizer, t *checker.QueensTally, pic *checker.BoardPicture, id string) *htmlTally {
	v := &htmlTally{Want: t.Want, Missing: t.Missing, Right: t.Right, Repeated: t.Repeated, Invalid: t.Invalid, Stopped: t.Stopped}
	v.Label, v.Head = l.T("html.tally_label"), l.T("html.tally_read")
	if t.Stopped > 0 {
		v.Head = l.T("html.tally_read_stopped", report.Int("line", t.Stopped))
	}
	v.Sum = l.T("html.tally_right", report.Int("right", t.Right), report.Int64("count", t.Want))
	base := checker.BoardPicture{Piece: 'Q'}
	if pic != nil {
		base.Piece, base.BottomUp = pic.Piece, pic.BottomUp
		base.Rows, base.Cols, base.Removed = pic.Rows, pic.Cols, pic.Removed
	}
	n := 0
	for _, sq := range t.MissingEx {
		n = max(n, len(sq))
	}
	draw := func(kind string, k int, pieces, attackers, between []reference.Square, line int) *svgBoard {
		p := base
		p.N = max(n, len(pieces))
		for _, s := range pieces {
			p.N = max(p.N, s.Row+1, s.Col+1)
		}
		withFault := false
		switch {
		case len(attackers) == 2:
			// The checker found the attack, for any piece.
			p.Attackers, p.Between, withFault = attackers, between, true
		case p.Rows == 0 && (p.Piece == 'Q' || p.Piece == 'R'):
			// A report read back from JSON keeps no attack: a queen's
			// and a rook's are found again.
			if pe := reference.CheckPlacement(p.N, pieceOf(p.Piece), pieces); pe != nil && pe.Kind == reference.Attack {
				p.Attackers, p.Between, withFault = []reference.Square{pe.A, pe.B}, pe.Between, true
			}
		}
		b := drawBoard(&p, pieces, withFault, fmt.Sprintf("tally-%s-%s-%d", id, kind, k))
		b.Role = kind
		switch kind {
		case "missing":
			b.Caption = l.T("html.tally_never_printed", report.Verbatim("squares", pairsText(pieces)))
		case "repeated":
			b.Caption = l.T("html.tally_printed_again", report.Int("line", line))
		default:
			b.Caption = l.T("html.tally_not_solution", report.Int("line", line))
		}
		b.Desc = l.T("html.tally_desc", report.Text("caption", b.Caption), report.Nested("pieces", pieceCount(&p, len(pieces))))
		return b
	}
	kind := func(key, class string, count int64) tallyKind {
		return tallyKind{Key: key, Class: class, Mark: marks[report.Fail], Count: count, Text: l.T("html.tally_kind_"+key, report.Int64("count", count))}
	}
	right := kind("right", "pass", int64(t.Right))
	right.Mark = marks[report.Pass]
	missing := kind("missing", "fail", t.Missing)
	for k, sq := range t.MissingEx {
		missing.Boards = append(missing.Boards, draw("missing", k, sq, nil, nil, 0))
	}
	repeated := kind("repeated", "fail", int64(t.Repeated))
	for k, ex := range t.RepeatedAt {
		repeated.Boards = append(repeated.Boards, draw("repeated", k, ex.Pieces, ex.Attackers, ex.Between, ex.Line))
	}
	invalid := kind("invalid", "fail", int64(t.Invalid))
	for k, ex := range t.InvalidAt {
		invalid.Boards = append(invalid.Boards, draw("invalid", k, ex.Pieces, ex.Attackers, ex.Between, ex.Line))
	}
	v.Kinds = []tallyKind{right, missing, repeated, invalid}
	for i := range v.Kinds {
		v.Kinds[i].Show = l.T("html.tally_show", report.Int("count", len(v.Kinds[i].Boards)))
	}
	return v
}

func pieceOf(letter byte) reference.Piece {
	if letter == 'R' {
		return reference.Rook
	}
	return reference.Queen
}

// deathWords is how run ended, in l's language where the report holds it
// as data, safe to show.
func deathWords(l *i18n.Localizer, run *report.Run) string {
	if run.DeathReason != nil {
		return said(l).Say(*run.DeathReason)
	}
	return htmlEscIn(l, run.Death)
}

// said is l for a sentence of the page that quotes a program's text: each
// argument escaped as htmlEsc escapes it (html/template then escapes the
// markup), and the sentence not again, which would show a right-to-left
// language's isolates as \u2068.
func said(l *i18n.Localizer) *i18n.Localizer {
	return l.WithEscape(func(s string) string { return escapeLine(s, maxMessageRunes, nil, l) })
}
