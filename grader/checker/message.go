package checker

import (
	"fmt"
	"strings"

	"github.com/boardcheck/boardcheck/reference"
)

// A failure's message is data too (issue 31): an identifier of the i18n
// catalogs' checker.* section and its arguments, which the scenario turns
// into a report.Message for the renderers to say in the student's
// language. Package checker sits below report and i18n, so it says the
// English itself (Failure.Message), word for word what en.toml says;
// scenario's TestCheckerMessagesEnglish holds the two to each other.

// Msg is a failure's message as data: ID names the catalog entry.
type Msg struct {
	ID   string
	Args []MsgArg
}

// MsgArgKind is what an argument holds; its values are report.ArgKind's.
type MsgArgKind string

const (
	// MsgInt is a number: a line, a count (a count is named "count" and
	// chooses the plural form).
	MsgInt MsgArgKind = "int"
	// MsgVerbatim is never translated: what the output printed, a square
	// as the exercise's format writes it, a piece's name from a puzzle.
	MsgVerbatim MsgArgKind = "verbatim"
	// MsgMessage is another message, said in the same language.
	MsgMessage MsgArgKind = "message"
)

// MsgArg is one named argument of a Msg; Kind says which field holds it.
type MsgArg struct {
	Name string
	Kind MsgArgKind
	Int  int64
	Text string
	Msg  *Msg
}

func say(id string, args ...MsgArg) Msg { return Msg{ID: id, Args: args} }

func argInt(name string, n int) MsgArg { return MsgArg{Name: name, Kind: MsgInt, Int: int64(n)} }

func argInt64(name string, n int64) MsgArg { return MsgArg{Name: name, Kind: MsgInt, Int: n} }

func argVerbatim(name, s string) MsgArg { return MsgArg{Name: name, Kind: MsgVerbatim, Text: s} }

func argMsg(name string, m Msg) MsgArg { return MsgArg{Name: name, Kind: MsgMessage, Msg: &m} }

// said is the failure saying m, whose English words are english.
func said(english string, m Msg) *Failure { return &Failure{Message: english, Reason: &m} }

// sayAs gives f the message m, in English english.
func (f *Failure) sayAs(english string, m Msg) {
	f.Message, f.Reason = english, &m
}

// onLine prefixes f's message with "line N: ".
func (f *Failure) onLine(line int) {
	f.Message = fmt.Sprintf("line %d: %s", line, f.Message)
	if f.Reason != nil {
		m := say("checker.on_line", argInt("line", line), argMsg("what", *f.Reason))
		f.Reason = &m
	}
}

// then appends "; " and a clause to f's message, or " (...)" when paren.
func (f *Failure) then(english string, m Msg) {
	f.Message += "; " + english
	if f.Reason != nil {
		r := say("checker.then", argMsg("first", *f.Reason), argMsg("then", m))
		f.Reason = &r
	}
}

// aside appends " (english)" to f's message.
func (f *Failure) aside(english string, m Msg) {
	f.Message += " (" + english + ")"
	if f.Reason != nil {
		r := say("checker.aside", argMsg("first", *f.Reason), argMsg("aside", m))
		f.Reason = &r
	}
}

// whereMsg is c.where() as a message: "line 3", "board at lines 5-8".
func (c *candidate) whereMsg() Msg {
	switch {
	case !c.grid && c.first == c.last:
		return say("checker.where.line", argInt("line", c.first))
	case c.first == c.last:
		return say("checker.where.board_line", argInt("line", c.first))
	}
	return say("checker.where.board_lines", argInt("first", c.first), argInt("last", c.last))
}

// pieceWords are the pieces the catalogs name in every language: the
// chess pieces and the amazon of the shipped exercise namazons. Any other
// piece's name comes from the puzzle, and is said verbatim.
var pieceWords = map[string]bool{"queen": true, "rook": true, "knight": true, "king": true, "bishop": true, "amazon": true}

// leaperWords are the leapers other than the knight (which has messages
// of its own) whose tours the catalogs name in every language: the giraffe
// of the shipped exercise giraffe-tour.
var leaperWords = map[string]bool{"giraffe": true}

// LeaperWord is the catalog entry naming the leaper name, whose move or
// tour a message speaks of ("not a giraffe's move"), and whether the
// catalogs know it; a leaper they do not know is checker.leaper_named,
// its name verbatim.
func LeaperWord(name string) (id string, known bool) {
	if leaperWords[name] {
		return "checker.leaper." + name, true
	}
	return "checker.leaper_named", false
}

// leaper is the piece argument of a tour's messages: the catalogs' word
// for a leaper they know, else its name verbatim.
func leaper(name string) MsgArg {
	id, known := LeaperWord(name)
	if known {
		return argMsg("piece", say(id))
	}
	return argMsg("piece", say(id, argVerbatim("name", name)))
}

// pieces names two or more of n's pieces, as n.Many does: the catalogs'
// checker.pieces.* for the pieces they know; a puzzle's own name
// (camel) verbatim.
func pieces(n reference.Noun) Msg {
	if pieceWords[n.One] && n.Many == n.One+"s" {
		return say("checker.pieces." + n.One)
	}
	return say("checker.piece_named", argVerbatim("name", n.Many))
}

// squareMsg names a square as namer does: "row 2 col 3" in words, any
// other notation (b3, [1, 2], (2,3)) verbatim, as the output writes it.
func squareMsg(namer func(reference.Square) string, s reference.Square) Msg {
	name := namer(s)
	if name == reference.RowCol(s) {
		return say("checker.square.rowcol", argInt("row", s.Row), argInt("col", s.Col))
	}
	return say("checker.square.named", argVerbatim("square", name))
}

// placementMsg is pe.Describe(namer) as a message.
func placementMsg(pe *reference.PlacementError, namer func(reference.Square) string) (Msg, bool) {
	a := argMsg("a", squareMsg(namer, pe.A))
	switch pe.Kind {
	case reference.OffBoard:
		return say("checker.placement.off_board", a, argVerbatim("size", pe.Board.Size())), true
	case reference.Removed:
		return say("checker.placement.removed", a), true
	case reference.SameSquare:
		return say("checker.placement.same_square", argMsg("pieces", pieces(pe.Noun)), a), true
	case reference.Attack:
		b := argMsg("b", squareMsg(namer, pe.B))
		p := argMsg("pieces", pieces(pe.Noun))
		switch pe.Line {
		case reference.SameRow:
			return say("checker.attack.row", p, a, b), true
		case reference.SameColumn:
			return say("checker.attack.column", p, a, b), true
		case reference.Diagonal:
			return say("checker.attack.diagonal", p, a, b), true
		case reference.AntiDiagonal:
			return say("checker.attack.anti_diagonal", p, a, b), true
		}
		how := pe.How
		leap := how.Move.Leap
		knight := leap == reference.Leap{Short: 1, Long: 2}
		leapName := argVerbatim("leap", fmt.Sprintf("(%d,%d)", leap.Short, leap.Long))
		switch {
		case pe.Line != "":
		case leap == reference.Leap{Short: 0, Long: 1} && how.Step[0] == 0:
			return say("checker.attack.next_row", p, a, b), true
		case leap == reference.Leap{Short: 0, Long: 1}:
			return say("checker.attack.next_column", p, a, b), true
		case leap == reference.Leap{Short: 1, Long: 1}:
			return say("checker.attack.next_diagonal", p, a, b), true
		case how.Leaps > 1 && knight:
			// A line of squares, never of output: "in a straight line"
			// is the glossaries' "straight line".
			return say("checker.attack.knight_moves_line", p, a, b, argInt("count", how.Leaps)), true
		case how.Leaps > 1:
			return say("checker.attack.leaps_line", p, a, b, argInt("count", how.Leaps), leapName), true
		case knight:
			return say("checker.attack.knight_move", p, a, b), true
		default:
			return say("checker.attack.leap", p, a, b, leapName), true
		}
	}
	return Msg{}, false
}

// lineFail is the failure at output line num: "line N: " and english,
// which m says.
func lineFail(num int, english string, m Msg) *Failure {
	f := said(english, m)
	f.onLine(num)
	f.Line = num
	return f
}

// fixedN is the remark that a board of k is what the program solved.
func (f *Failure) fixedN(k int) {
	f.aside(fmt.Sprintf("is N fixed at %d in your program?", k), say("checker.fixed_n", argInt("n", k)))
}

// blankAfterLast is the failure for a blank line num after the last
// solution; blankBetween for one between two.
func blankAfterLast(num int) *Failure {
	f := said(fmt.Sprintf("line %d is blank; print no blank line after the last solution", num), say("checker.blank_after_last", argInt("line", num)))
	f.Line = num
	return f
}

func blankBetween(num int) *Failure {
	f := said(fmt.Sprintf("line %d is blank; print one solution per line with no blank lines between them", num), say("checker.blank_between", argInt("line", num)))
	f.Line = num
	return f
}

// at is the failure saying m (in English english) at output line num,
// which m names itself.
func at(num int, english string, m Msg) *Failure {
	f := said(english, m)
	f.Line = num
	return f
}

// onColumn prefixes f's message with "line N, column M: ", M counted
// from 1.
func (f *Failure) onColumn(line, column int) {
	f.Message = fmt.Sprintf("line %d, column %d: %s", line, column, f.Message)
	if f.Reason != nil {
		m := say("checker.on_column", argInt("line", line), argInt("column", column), argMsg("what", *f.Reason))
		f.Reason = &m
	}
	f.Line = line
}

// columnFail is the failure at output line num, byte at of it: "line N,
// column M: " and english, which m says.
func columnFail(num, at int, english string, m Msg) *Failure {
	f := said(english, m)
	f.onColumn(num, at+1)
	return f
}

// text is a message that is verbatim text alone: what the output printed,
// a glyph, an example row.
func text(s string) Msg { return say("checker.text", argVerbatim("text", s)) }

// clause is a part of a failure's sentence, in English and as a message,
// for the readers that build a sentence from parts.
type clause struct {
	en string
	m  Msg
}

func (c clause) ok() bool { return c.en != "" }

// orList is quoteList(glyphs) as a message: "Q or .", "Q, . or #", the
// glyphs verbatim.
func orList(glyphs []string) Msg {
	switch len(glyphs) {
	case 1:
		return text(glyphs[0])
	case 2:
		return say("checker.or", argVerbatim("a", glyphs[0]), argVerbatim("b", glyphs[1]))
	}
	return say("checker.or", argVerbatim("a", strings.Join(glyphs[:len(glyphs)-1], ", ")), argVerbatim("b", glyphs[len(glyphs)-1]))
}

// joinedMsg is joined(sep) as a message.
func joinedMsg(sep string) Msg {
	switch sep {
	case "":
		return say("checker.joined.nothing")
	case " ":
		return say("checker.joined.spaces")
	}
	return say("checker.joined.by", argVerbatim("sep", sep))
}

// kind names n's pieces in general, as in "queens are drawn as Q" (the
// catalogs' checker.pieces.* name two); a puzzle's own name verbatim.
func kind(n reference.Noun) Msg {
	if pieceWords[n.One] && n.Many == n.One+"s" {
		return say("checker.kind." + n.One)
	}
	return say("checker.piece_named", argVerbatim("name", n.Many))
}

// countedPieces is n.Count(k) as a message, "1 queen", "8 queens": the
// catalogs' checker.count_pieces.* for the pieces they know, a
// puzzle's own name verbatim.
func countedPieces(n reference.Noun, k int) Msg {
	if pieceWords[n.One] && n.Many == n.One+"s" {
		return say("checker.count_pieces."+n.One, argInt("count", k))
	}
	name := n.Many
	if k == 1 {
		name = n.One
	}
	return say("checker.count_named", argInt("number", k), argVerbatim("name", name))
}

// countOf is a number of things in English and as a message: "4 cells",
// the catalogs' checker.ID with count.
func countOf(id string, k int, one, many string) clause {
	return clause{plural(int64(k), one, many), say(id, argInt("count", k))}
}
