package puzzle

import (
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/reference"
)

func TestExpr(t *testing.T) {
	for _, tt := range []struct {
		text string
		want int
	}{
		{"N", 8}, {"2*N-2", 14}, {"(N+1)*2", 18}, {"N - 1", 7}, {"3", 3}, {"ROWS*COLS", 30},
	} {
		e, err := ParseExpr(tt.text, []string{"N", "ROWS", "COLS"})
		if err != nil {
			t.Fatalf("ParseExpr(%q): %v", tt.text, err)
		}
		if got := e.Eval(map[string]int{"N": 8, "ROWS": 5, "COLS": 6}); got != tt.want {
			t.Errorf("%q = %d; want %d", tt.text, got, tt.want)
		}
	}
	for _, text := range []string{"", "M", "N+", "2*(N", "N N"} {
		if _, err := ParseExpr(text, []string{"N"}); err == nil {
			t.Errorf("ParseExpr(%q) took it; want an error", text)
		}
	}
}

// TestParse holds a manifest's [puzzle] to the puzzle it means, and
// refuses each mistake with a message that names the key at fault.
func TestParse(t *testing.T) {
	spec, err := Parse(Fields{Piece: "QN", Name: "amazon", Args: "N", Answer: "all"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	values, err := spec.Values([]int{10})
	if err != nil {
		t.Fatal(err)
	}
	p, err := spec.Placing(values)
	if err != nil {
		t.Fatal(err)
	}
	if p.Board.Rows != 10 || p.Board.Cols != 10 || p.Count != 10 || spec.Answer != All || spec.Format != List {
		t.Errorf("amazons: %+v, answer %s, format %s", p.Board, spec.Answer, spec.Format)
	}
	if got := spec.Describe(values); got != "N = 10" {
		t.Errorf("Describe = %q", got)
	}

	bishops, err := Parse(Fields{Piece: "B", Name: "bishop", Args: "N", Pieces: "2*N-2", Answer: "count"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := bishops.Values([]int{4})
	bp, err := bishops.Placing(v)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := bp.CountSolutions(0); err != nil || n.Int64() != 16 {
		t.Errorf("6 bishops on 4×4: %v solutions (%v); want 16, 2^N", n, err)
	}

	for _, tt := range []struct {
		fields Fields
		want   string
	}{
		{Fields{Name: "queen"}, "no piece"},
		{Fields{Piece: "Q"}, "no name"},
		{Fields{Piece: "Q", Name: "queen", Kind: "race"}, `kind = "race"`},
		{Fields{Piece: "Q", Name: "queen", Kind: "tour"}, "rides"},
		{Fields{Piece: "Q", Name: "queen", Args: "n"}, "is no argument"},
		{Fields{Piece: "Q", Name: "queen", Args: "N N"}, "named twice"},
		{Fields{Piece: "Q", Name: "queen", Args: "[--verbose] N"}, "flag --verbose"},
		{Fields{Piece: "Q", Name: "queen", Answer: "some"}, `answer = "some"`},
		{Fields{Piece: "Q", Name: "queen", Format: "fancy"}, `format = "fancy"`},
		{Fields{Piece: "Q", Name: "queen", Rows: "M"}, "rows = "},
		{Fields{Piece: "Q", Name: "queen", Start: "0,0"}, "a tour's"},
		{Fields{Piece: "N", Name: "knight", Kind: "tour", Format: "list"}, "prints placements"},
	} {
		_, err := Parse(tt.fields, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%+v) = %v; want an error saying %q", tt.fields, err, tt.want)
		}
	}
}

// TestMarshal: builtin:puzzle gets its puzzle back as the exercise wrote
// it, its own format included.
func TestMarshal(t *testing.T) {
	f, err := ParseFormat("topfirst", FormatFields{Style: "board", Piece: "Q", Empty: ".", Separator: ptr(" "), Rows: "top-first", Between: "blank"})
	if err != nil {
		t.Fatal(err)
	}
	spec, err := Parse(Fields{Piece: "Q", Name: "queen", Args: "[--all] N", Format: "topfirst"}, map[string]Format{"topfirst": f})
	if err != nil {
		t.Fatal(err)
	}
	data, err := spec.Marshal("queens-board")
	if err != nil {
		t.Fatal(err)
	}
	program, back, err := Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	if program != "queens-board" || back.Format.Style != Board || back.Format.Separator != " " || back.Format.BottomFirst || back.Answer != One || len(back.Flags) != 1 {
		t.Errorf("round trip: %q, %+v", program, back)
	}
}

func ptr(s string) *string { return &s }

// TestAppend prints one solution of 4 queens in several formats, as a
// program of the exercise would.
func TestAppend(t *testing.T) {
	board := reference.SquareBoard(4)
	sol := []reference.Square{{Row: 0, Col: 1}, {Row: 1, Col: 3}, {Row: 2, Col: 0}, {Row: 3, Col: 2}}
	top, err := ParseFormat("top", FormatFields{Style: "board", Piece: "Q", Separator: ptr(" ")})
	if err != nil {
		t.Fatal(err)
	}
	alg, err := ParseFormat("alg", FormatFields{Style: "algebraic"})
	if err != nil {
		t.Fatal(err)
	}
	one, err := ParseFormat("one", FormatFields{Style: "pairs", Pair: "(r,c)", Base: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		f    Format
		want string
	}{
		{List, "[[0, 1], [1, 3], [2, 0], [3, 2]]\n"},
		{top, ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"},
		{alg, "b1 d2 a3 c4\n"},
		{one, "(1,2), (2,4), (3,1), (4,3)\n"},
	} {
		if got := string(tt.f.AppendSolution(nil, board, sol)); got != tt.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tt.f.Name, got, tt.want)
		}
	}
}
