package puzzle

import (
	"fmt"
	"slices"
	"strings"
)

// Style is the shape of a printed answer.
type Style string

const (
	// Pairs is one solution a line, each piece a pair of its row and
	// column written as the format's Pair template says: "[[0, 1], [1, 3]]".
	Pairs Style = "pairs"
	// Board is one solution as a drawing, a line a row: a glyph a square,
	// the squares joined by a separator: "Q|.|.|." or "1 0 0 0".
	Board Style = "board"
	// Algebraic is one solution a line, each piece its square in a
	// chessboard's notation, file letter then rank number: "a2 b4 c1 d3".
	Algebraic Style = "algebraic"
	// Permutation is one solution a line, the column of each row's piece
	// in row order: "1 3 0 2". Only for puzzles of one piece a row.
	Permutation Style = "permutation"
	// JSON is one solution a JSON array of rows of 0 and 1.
	JSON Style = "json"
	// Numbers is a tour as the matrix of its move numbers, a line a row.
	Numbers Style = "numbers"
	// Path is a tour as its squares in the order visited, pairs or
	// algebraic.
	Path Style = "path"
)

// Between is what separates two boards printed one after the other.
type Between string

const (
	BlankLine Between = "blank" // exactly one empty line, none before the first board or after the last
	NoLine    Between = "none"  // nothing: each board starts on the line after the last one's
	AnyLines  Between = "any"   // empty lines or none, anywhere between boards
)

// Format is how a program prints its answers: a description a checker
// parses by and judges by, and a program prints by. Its fields are the
// manifest's, each meaningful for some styles (see Validate). It is
// comparable, so that a checker can tell a preset from another format.
type Format struct {
	Name  string // the preset's name ("list"), or the manifest's [formats.NAME]
	Style Style

	// Open and Close go around a line of pairs, squares or columns; Pair
	// is how one piece (or a path's square) is written, "r" standing for
	// its row and "c" for its column: "[r, c]", "(c,r)", "r-c".
	Open, Close, Pair string
	// Separator goes between two pairs, squares or columns on a line, or
	// between two cells of a board's row.
	Separator string
	// Base is the first row, column or move number: 0 or 1.
	Base int

	// Piece, Empty and Removed are a board's glyphs: a square with a
	// piece, one without, one removed from the board (by default drawn as
	// an empty one). Piece "" in a preset stands for the piece's letter.
	Piece, Empty, Removed string
	// BottomFirst prints a board's last row first, as the Ruby article
	// draws it (a chessboard's rank 1 at the bottom).
	BottomFirst bool
	// Between separates two boards.
	Between Between
}

// The presets are the formats the first exercises print, by name.
var (
	// List is Python's print of a list of [row, col] pairs.
	List = Format{Name: "list", Style: Pairs, Open: "[", Close: "]", Pair: "[r, c]", Separator: ", "}
	// Matrix is a board of 1 and 0 separated by single spaces.
	Matrix = Format{Name: "matrix", Style: Board, Piece: "1", Empty: "0", Removed: "0", Separator: " ", Between: AnyLines}
	// Drawn is a board of Q (R for rooks) and . joined by |, the last row
	// first, one empty line between two boards: seed 000's print_board.
	Drawn = Format{Name: "board", Style: Board, Empty: ".", Removed: ".", Separator: "|", BottomFirst: true, Between: BlankLine}
	// JSONBoard is a JSON array of rows of 0 and 1.
	JSONBoard = Format{Name: "json", Style: JSON}
	// Moves is a tour's matrix of move numbers from 0, separated by spaces.
	Moves = Format{Name: "moves", Style: Numbers}
)

// Presets lists the presets by name, for `-format NAME` and a manifest's
// format = "NAME".
var Presets = map[string]Format{List.Name: List, Matrix.Name: Matrix, Drawn.Name: Drawn, JSONBoard.Name: JSONBoard, Moves.Name: Moves}

// PresetNames returns the presets' names, sorted.
func PresetNames() []string {
	var names []string
	for n := range Presets {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// String is the format's name.
func (f Format) String() string { return f.Name }

// WithPiece returns f with its piece glyph, when it has none, the
// upper-case first letter of the piece's name: Q for queens.
func (f Format) WithPiece(name string) Format {
	if f.Style == Board && f.Piece == "" && name != "" {
		first := []rune(name)[0]
		f.Piece = strings.ToUpper(string(first))
	}
	return f
}

// ForTour reports whether the format prints tours rather than placements.
func (f Format) ForTour() bool { return f.Style == Numbers || f.Style == Path }

// FormatFields is a format as a manifest writes it, [formats.NAME], before it
// is checked (ParseFormat).
type FormatFields struct {
	Style     string  `toml:"style"`
	Open      string  `toml:"open"`
	Close     string  `toml:"close"`
	Pair      string  `toml:"pair"`
	Separator *string `toml:"separator"`
	Base      int     `toml:"base"`
	Piece     string  `toml:"piece"`
	Empty     string  `toml:"empty"`
	Removed   string  `toml:"removed"`
	Rows      string  `toml:"rows"`
	Between   string  `toml:"between"`
}

// FormatFieldNames are the keys a [formats.NAME] table may hold, for the
// message that refuses another.
const FormatFieldNames = "style, open, close, pair, separator, base, piece, empty, removed, rows, between"

// ParseFormat checks a manifest's format and fills in its defaults.
func ParseFormat(name string, fl FormatFields) (Format, error) {
	f := Format{Name: name, Style: Style(fl.Style), Open: fl.Open, Close: fl.Close, Pair: fl.Pair, Base: fl.Base,
		Piece: fl.Piece, Empty: fl.Empty, Removed: fl.Removed}
	sep := func(def string) string {
		if fl.Separator != nil {
			return *fl.Separator
		}
		return def
	}
	switch f.Style {
	case Pairs:
		f.Separator = sep(", ")
		if f.Pair == "" {
			f.Pair = "[r, c]"
		}
	case Board:
		f.Separator = sep("")
		if f.Empty == "" {
			f.Empty = "."
		}
		if f.Removed == "" {
			f.Removed = f.Empty
		}
		switch fl.Rows {
		case "", "top-first":
		case "bottom-first":
			f.BottomFirst = true
		default:
			return f, fmt.Errorf("rows = %q: want \"top-first\" (row 0 printed first) or \"bottom-first\" (row 0 printed last, as a chessboard's rank 1)", fl.Rows)
		}
		f.Between = Between(fl.Between)
		if f.Between == "" {
			f.Between = BlankLine
		}
	case Algebraic, Permutation:
		f.Separator = sep(" ")
	case Path:
		f.Separator = sep(" ")
	case Numbers:
		// The numbers are separated by spaces or tabs, any number of
		// them, so that right-aligned columns read: nothing to choose.
		if fl.Separator != nil {
			return f, fmt.Errorf("separator is not read by a numbers format: its numbers are separated by spaces or tabs, any number of them")
		}
	case JSON:
	case "":
		return f, fmt.Errorf("no style: add style = \"pairs\", \"board\", \"algebraic\", \"permutation\" or \"json\" for placements, \"numbers\" or \"path\" for tours")
	default:
		return f, fmt.Errorf("style %q: want pairs, board, algebraic, permutation or json for placements, numbers or path for tours", fl.Style)
	}
	if fl.Rows != "" && f.Style != Board {
		return f, fmt.Errorf("rows is a board's, not a %s format's", f.Style)
	}
	if fl.Between != "" && f.Style != Board {
		return f, fmt.Errorf("between is a board's, not a %s format's", f.Style)
	}
	return f, f.Validate()
}

// Validate says why f cannot be read back unambiguously, or what it holds
// that its style does not use.
func (f Format) Validate() error {
	if f.Base != 0 && f.Base != 1 {
		return fmt.Errorf("base = %d: want 0 or 1", f.Base)
	}
	uses := map[Style]string{
		Pairs: "open close pair separator base", Board: "piece empty removed separator",
		Algebraic: "open close separator", Permutation: "open close separator base",
		JSON: "", Numbers: "base", Path: "open close pair separator base",
	}
	for _, field := range []struct {
		name string
		set  bool
	}{
		{"open", f.Open != ""}, {"close", f.Close != ""}, {"pair", f.Pair != "" && f.Style != Pairs},
		{"base", f.Base != 0}, {"piece", f.Piece != ""}, {"empty", f.Empty != ""}, {"removed", f.Removed != ""},
	} {
		if field.set && !slices.Contains(strings.Fields(uses[f.Style]), field.name) {
			return fmt.Errorf("%s is not read by a %s format", field.name, f.Style)
		}
	}
	for _, t := range []struct{ name, text string }{{"open", f.Open}, {"close", f.Close}, {"separator", f.Separator}} {
		if strings.ContainsAny(t.text, "\n\r") {
			return fmt.Errorf("%s %q holds a line break: a solution is one line", t.name, t.text)
		}
		if strings.ContainsAny(t.text, "0123456789") && f.Style != Board {
			return fmt.Errorf("%s %q holds a digit, which would run into the numbers", t.name, t.text)
		}
	}
	switch f.Style {
	case Pairs, Path:
		if f.Style == Path && f.Pair == "" {
			return nil // algebraic squares
		}
		t, err := ParsePair(f.Pair)
		if err != nil {
			return err
		}
		if f.Separator == "" && t.Before == "" && t.After == "" {
			return fmt.Errorf("pair %q with no separator: two pairs would run together; give a separator or brackets", f.Pair)
		}
	case Board:
		glyphs := []string{f.Piece, f.Empty}
		if f.Removed != f.Empty {
			glyphs = append(glyphs, f.Removed)
		}
		for _, g := range glyphs {
			switch {
			case g == "" && f.Piece == "":
				continue // the piece's letter (WithPiece)
			case g == "" || strings.ContainsAny(g, " \t"):
				return fmt.Errorf("glyph %q: a square is drawn with at least one character and no space", g)
			case f.Separator != "" && strings.Contains(g, f.Separator):
				return fmt.Errorf("glyph %q holds the separator %q", g, f.Separator)
			}
		}
		if f.Piece != "" && (f.Piece == f.Empty || f.Piece == f.Removed) {
			return fmt.Errorf("the piece and an empty or removed square are both drawn %q", f.Piece)
		}
		if f.Separator == "" {
			// Without a separator, glyphs of one length cut a row one way
			// only; of several lengths, "ab" could be "a" then "b".
			for _, g := range glyphs {
				if g != "" && f.Piece != "" && len(g) != len(f.Piece) || f.Piece == "" && len([]rune(g)) > 1 {
					return fmt.Errorf("glyph %q and the piece's glyph %q differ in length and the cells have no separator: a row could be read more than one way", g, f.Piece)
				}
			}
		}
	case Permutation:
		if f.Separator == "" {
			return fmt.Errorf("a %s format needs a separator between its numbers", f.Style)
		}
	}
	if f.Between != "" && f.Between != BlankLine && f.Between != NoLine && f.Between != AnyLines {
		return fmt.Errorf("between = %q: want \"blank\" (one empty line between two boards), \"none\" or \"any\"", f.Between)
	}
	return nil
}

// PairTemplate is a Pair split at its placeholders: Before, the first
// number, Middle, the second, After. RowFirst says the first is the row.
type PairTemplate struct {
	Before, Middle, After string
	RowFirst              bool
}

// ParsePair splits a pair template such as "[r, c]".
func ParsePair(text string) (PairTemplate, error) {
	r, c := strings.Count(text, "r"), strings.Count(text, "c")
	if r != 1 || c != 1 {
		return PairTemplate{}, fmt.Errorf("pair %q: write the row as r and the column as c, once each, such as \"[r, c]\" or \"(c,r)\"", text)
	}
	i, j := strings.IndexByte(text, 'r'), strings.IndexByte(text, 'c')
	t := PairTemplate{RowFirst: i < j}
	a, b := min(i, j), max(i, j)
	t.Before, t.Middle, t.After = text[:a], text[a+1:b], text[b+1:]
	if t.Middle == "" {
		return t, fmt.Errorf("pair %q: the row and the column need something between them, or they run together", text)
	}
	if strings.ContainsAny(text, "0123456789\n\r") {
		return t, fmt.Errorf("pair %q: a digit or a line break in the template would run into the numbers", text)
	}
	return t, nil
}

// Fill writes a pair: the template with the row and column (Base added).
func (t PairTemplate) Fill(b []byte, row, col, base int) []byte {
	first, second := row, col
	if !t.RowFirst {
		first, second = col, row
	}
	b = append(b, t.Before...)
	b = appendInt(b, first+base)
	b = append(b, t.Middle...)
	b = appendInt(b, second+base)
	return append(b, t.After...)
}
