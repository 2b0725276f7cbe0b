package checker

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

// format reads a manifest's format table, for the tests.
func format(t *testing.T, fields puzzle.FormatFields) Format {
	t.Helper()
	f, err := puzzle.ParseFormat("test", fields)
	if err != nil {
		t.Fatalf("ParseFormat(%+v): %v", fields, err)
	}
	return f
}

func sep(s string) *string { return &s }

func placing(piece, name string, rows, cols, count int, removed ...reference.Square) reference.Placing {
	return reference.Placing{Board: reference.Board{Rows: rows, Cols: cols, Removed: removed}, Moves: reference.MustParseMoves(piece), Count: count, Name: reference.Noun{One: name, Many: name + "s"}}
}

// printSolutions prints every solution of p in f, as the grader's builtin
// reference would.
func printSolutions(t *testing.T, p reference.Placing, f Format) (string, int) {
	return printSolutionsUpTo(t, p, f, -1)
}

// printSolutionsUpTo prints the first limit solutions (all when limit < 0).
func printSolutionsUpTo(t *testing.T, p reference.Placing, f Format, limit int) (string, int) {
	t.Helper()
	var b []byte
	n := 0
	err := p.Each(0, func(sq []reference.Square) bool {
		if n == limit {
			return false
		}
		if n > 0 {
			b = f.AppendBetween(b)
		}
		b = f.AppendSolution(b, p.Board, sq)
		n++
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(b), n
}

// TestRoundTrip: what a format prints, the checker reads back as the same
// solutions, for every style, pieces of every kind and boards with holes.
func TestRoundTrip(t *testing.T) {
	formats := []Format{
		FormatList, FormatMatrix, FormatJSON,
		format(t, puzzle.FormatFields{Style: "pairs", Pair: "(c,r)", Open: "", Separator: sep(" "), Base: 1}),
		format(t, puzzle.FormatFields{Style: "pairs", Pair: "r-c", Open: "{", Close: "}", Separator: sep("; ")}),
		format(t, puzzle.FormatFields{Style: "board", Piece: "A", Empty: ".", Separator: sep(" "), Between: "blank"}),
		format(t, puzzle.FormatFields{Style: "board", Piece: "#", Empty: "_", Removed: "x", Rows: "bottom-first", Between: "none"}),
		format(t, puzzle.FormatFields{Style: "board", Piece: "[B]", Empty: "[_]", Separator: sep(""), Between: "any"}),
		format(t, puzzle.FormatFields{Style: "algebraic"}),
		format(t, puzzle.FormatFields{Style: "algebraic", Separator: sep(","), Open: "[", Close: "]"}),
	}
	perm := format(t, puzzle.FormatFields{Style: "permutation", Base: 1})
	puzzles := []reference.Placing{
		placing("QN", "amazon", 10, 10, 10),
		placing("B", "bishop", 5, 5, 8),
		placing("K", "king", 4, 5, 4),
		placing("N", "knight", 4, 4, 8),
		placing("R", "rook", 4, 4, 3, reference.Square{Row: 1, Col: 1}),
		placing("Q", "queen", 6, 6, 6),
		placing("Q", "queen", 5, 7, 5),
	}
	for _, p := range puzzles {
		fs := formats
		if oneARow(p) {
			fs = append(slices.Clone(fs), perm)
		}
		for _, f := range fs {
			if f.Style == puzzle.Board && strings.Contains(f.Empty, " ") {
				continue
			}
			out, count := printSolutions(t, p, f.WithPiece(p.Name.One))
			spec := PlacementSpec{Puzzle: p, Where: "the test", Format: f.WithPiece(p.Name.One), Mode: All, Command: "test"}
			if fl := Placements([]byte(out), spec); fl != nil {
				t.Errorf("%v in %s (%d solutions): %s\n%s", p, f.Name+fmt.Sprint(f.Style), count, fl.Message, head(out))
			}
			if count > 1 {
				// One fewer is a missing solution, named as the format
				// prints it.
				short, _ := printSolutionsUpTo(t, p, f.WithPiece(p.Name.One), count-1)
				if fl := Placements([]byte(short), spec); fl == nil || !strings.Contains(fl.Message, "1 of ") {
					t.Errorf("%v in %s, one solution short: %v", p, f.Style, fl)
				}
			}
		}
	}
}

func head(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

func TestGenericMessages(t *testing.T) {
	amazons := placing("QN", "amazon", 10, 10, 10)
	first, _, _ := amazons.First(0)
	amazons10 := strings.TrimSpace(string(FormatList.AppendSolution(nil, amazons.Board, first)))
	pairs1 := format(t, puzzle.FormatFields{Style: "pairs", Pair: "(r,c)", Open: "", Separator: sep(" "), Base: 1})
	topfirst := format(t, puzzle.FormatFields{Style: "board", Piece: "Q", Empty: ".", Separator: sep(" ")})
	queens4 := placing("Q", "queen", 4, 4, 4)
	alg := format(t, puzzle.FormatFields{Style: "algebraic"})
	perm := format(t, puzzle.FormatFields{Style: "permutation"})
	holes := placing("R", "rook", 3, 3, 3, reference.Square{Row: 1, Col: 1})
	holeBoard := format(t, puzzle.FormatFields{Style: "board", Piece: "R", Empty: ".", Removed: "#", Separator: sep(" ")})
	spec := func(p reference.Placing, f Format, mode Mode) PlacementSpec {
		return PlacementSpec{Puzzle: p, Where: fmt.Sprintf("N = %d", p.Board.Rows), Format: f, Mode: mode, Command: "answer"}
	}
	tests := []struct {
		name string
		spec PlacementSpec
		out  string
		want string
	}{
		{"amazons list", spec(amazons, FormatList, One), amazons10 + "\n", ""},
		{"amazons knight", spec(amazons, FormatList, One), "[[0, 0], [1, 2], [2, 5], [3, 7], [4, 9], [5, 4], [6, 8], [7, 1], [8, 3], [9, 6]]\n",
			"line 1: amazons at row 0 col 0 and row 1 col 2 are a knight's move apart"},
		{"amazons none", spec(placing("QN", "amazon", 9, 9, 9), FormatList, None), "no solution\n", ""},
		{"amazons one of none", spec(placing("QN", "amazon", 9, 9, 9), FormatList, One), "", "checker: answer: N = 9 has no solution; the scenario should ask for none"},
		{"amazons all", spec(amazons, FormatList, All), amazons10 + "\n", "3 of 4 solutions missing, e.g. " + second(t, amazons)},

		{"pairs base 1", spec(queens4, pairs1, One), "(1,2) (2,4) (3,1) (4,3)\n", ""},
		{"pairs base 1 attack", spec(queens4, pairs1, One), "(1,2) (2,3) (3,1) (4,4)\n", "line 1: queens at (1,2) and (2,3) share a diagonal"},
		{"pairs base 1, zero", spec(queens4, pairs1, One), "(0,1) (1,3) (2,0) (3,2)\n", `line 1, column 1: "(0,1)": rows and columns count from 1 here`},
		{"pairs separator", spec(queens4, pairs1, One), "(1,2),(2,4) (3,1) (4,3)\n", `line 1, column 6: expected " " between two pairs, found ",(2,4) ("`},
		{"pairs inside", spec(queens4, pairs1, One), "(1, 2) (2,4) (3,1) (4,3)\n", `line 1, column 4: expected a number, found " 2) (2,4"`},
		{"pairs middle", spec(queens4, pairs1, One), "(1;2) (2,4) (3,1) (4,3)\n", `line 1, column 3: expected "," inside a pair (r,c), found ";2) (2,4"`},
		{"pairs brackets", spec(queens4, pairs1, One), "[1,2] [2,4] [3,1] [4,3]\n", `line 1, column 1: expected a pair (r,c), found "[1,2] [2"`},
		{"pairs off", spec(queens4, pairs1, One), "(1,2) (2,4) (3,1) (5,3)\n", "line 1: (5,3) is off the 4×4 board"},
		{"pairs too few", spec(queens4, pairs1, One), "(1,2) (2,4) (3,1)\n", "line 1 has 3 queens; N = 4 needs 4"},

		{"topfirst", spec(queens4, topfirst, All), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n", ""},
		{"topfirst no blank", spec(queens4, topfirst, All), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n",
			"line 5 starts a board right after the board that ends at line 4; print one empty line between two boards"},
		{"topfirst two blanks", spec(queens4, topfirst, All), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n",
			"lines 5-6 are blank; print one empty line between two boards, not 2"},
		{"topfirst blank after", spec(queens4, topfirst, One), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n", "line 5 is blank; print no empty line after the last board"},
		{"topfirst blank before", spec(queens4, topfirst, One), "\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n", "line 1 is blank; print no empty line before the first board"},
		{"topfirst glyph", spec(queens4, topfirst, One), ". Q . .\n. . x Q\n", `line 2, column 5: expected Q or ., found "x"`},
		{"topfirst bars", spec(queens4, topfirst, One), ".|Q|.|.\n", `line 1, column 2: expected " " between two cells, found "|Q|.|."`},
		{"topfirst short", spec(queens4, topfirst, One), ". Q .\n", "line 1 has 3 cells; a row of the 4×4 board has 4"},
		{"topfirst long", spec(queens4, topfirst, One), ". Q . . .\n", "line 1 has 5 cells; a row of the 4×4 board has 4"},
		{"topfirst text", spec(queens4, topfirst, One), "Solution:\n", `line 1: expected a row of 4 cells Q or . separated by spaces, as "Q . . .", got "Solution:"`},
		{"topfirst nothing", spec(queens4, topfirst, One), "", "printed nothing; expected one solution for N = 4, as 4 lines of 4 cells Q or . separated by spaces"},
		{"topfirst attack", spec(queens4, topfirst, One), "Q . . .\n. Q . .\n. . . Q\n. . Q .\n", "board at lines 1-4: queens at row 0 col 0 and row 1 col 1 share a diagonal"},

		{"algebraic", spec(queens4, alg, All), "a2 b4 c1 d3\na3 b1 c4 d2\n", ""},
		{"algebraic any order in a line", spec(queens4, alg, One), "d3 c1 b4 a2\n", ""},
		{"algebraic attack", spec(queens4, alg, One), "a1 b2 c4 d3\n", "line 1: queens at a1 and b2 share a diagonal"},
		{"algebraic rank 0", spec(queens4, alg, One), "a0 b4 c1 d3\n", `line 1, column 1: "a0": ranks count from 1`},
		{"algebraic capital", spec(queens4, alg, One), "A2 b4 c1 d3\n", `line 1, column 1: "A2": write the file letter small, as "a2"`},
		{"algebraic off", spec(queens4, alg, One), "a2 b4 c1 e3\n", "line 1: e3 is off the 4×4 board"},
		{"algebraic repeat", spec(queens4, alg, All), "a2 b4 c1 d3\nd3 c1 b4 a2\n", "line 2 repeats line 1"},

		{"permutation", spec(queens4, perm, All), "1 3 0 2\n2 0 3 1\n", ""},
		{"permutation attack", spec(queens4, perm, One), "0 1 2 3\n", "line 1: queens at row 0 col 0 and row 1 col 1 share a diagonal"},
		{"permutation short", spec(queens4, perm, One), "1 3 0\n", "line 1 has 3 queens; N = 4 needs 4"},
		{"permutation negative", spec(queens4, perm, One), "1 -3 0 2\n", `line 1, column 3: expected a column, found "-3 0 2"`},

		{"holes", spec(holes, holeBoard, One), "R . .\n. # R\n. R .\n", ""},
		// The removed square blocks the row: these rooks do not attack.
		{"holes block", spec(holes, holeBoard, One), ". R .\nR # R\n. . .\n", ""},
		{"holes block only where they are", spec(holes, holeBoard, One), "R . R\n. # .\n. R .\n", "board at lines 1-3: rooks at row 0 col 0 and row 0 col 2 share a row"},
		{"hole holds a rook", spec(holes, holeBoard, One), "R . .\n. R .\n. . R\n", "board at lines 1-3: row 1 col 1 is not on the board: that square is removed"},
		{"hole drawn empty", spec(holes, holeBoard, One), "R . .\n. . R\n. R .\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Placements([]byte(tt.out), tt.spec)
			got := ""
			checkReason(t, f)
			if f != nil {
				got = f.Message
			}
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestGenericCount(t *testing.T) {
	bishops := CountSpec{Puzzle: placing("B", "bishop", 8, 8, 14), Where: "N = 8", Command: "answer count 8"}
	for _, tt := range []struct{ out, want string }{
		{"256\n", ""},
		{"255\n", "printed 255; N = 8 has 256 solutions"},
		{"", "printed nothing; expected the number of ways to place 14 bishops on the 8×8 board so that no two attack, for N = 8"},
		{"2.56e2\n", "printed 2.56e2; expected a whole number"},
	} {
		f := Counts([]byte(tt.out), bishops)
		got := ""
		checkReason(t, f)
		if f != nil {
			got = f.Message
		}
		if got != tt.want {
			t.Errorf("%q: got %q; want %q", tt.out, got, tt.want)
		}
	}
	// The queens' count keeps its own words.
	if f := Counts([]byte("91\n"), CountSpec{Puzzle: reference.Queen.Puzzle(8), Where: "N = 8"}); f == nil || f.Message != "printed 91; N = 8 has 92 solutions" {
		t.Errorf("queens 8: %v", f)
	}
}

func TestGenericTour(t *testing.T) {
	giraffe := reference.Touring{Board: reference.Board{Rows: 5, Cols: 8}, Moves: reference.MustParseMoves("(1,4)"), Start: &reference.Square{}, Name: reference.Noun{One: "giraffe", Many: "giraffes"}}
	path, err := giraffe.Find(0)
	if err != nil {
		t.Fatal(err)
	}
	alg := format(t, puzzle.FormatFields{Style: "path"})
	pairs := format(t, puzzle.FormatFields{Style: "path", Pair: "(r,c)", Separator: sep(" ")})
	numbers := format(t, puzzle.FormatFields{Style: "numbers", Base: 1})
	spec := func(f Format) TourSpec {
		return TourSpec{Puzzle: &giraffe, Format: f, Where: "ROWS = 5 and COLS = 8", Command: "answer one 5 8"}
	}
	good := map[Format]string{
		alg:     string(alg.AppendTour(nil, giraffe.Board, path)),
		pairs:   string(pairs.AppendTour(nil, giraffe.Board, path)),
		numbers: string(numbers.AppendTour(nil, giraffe.Board, path)),
	}
	for f, out := range good {
		if fl := Tour([]byte(out), spec(f)); fl != nil {
			t.Errorf("%s: the printed tour fails: %s\n%s", f.Style, fl.Message, out)
		}
	}
	swapped := slices.Clone(path)
	swapped[3], swapped[4] = swapped[4], swapped[3]
	a := func(s reference.Square) string { return string(puzzle.AppendSquare(nil, s)) }
	for _, tt := range []struct {
		name string
		f    Format
		out  string
		want string
	}{
		{"bad step", alg, string(alg.AppendTour(nil, giraffe.Board, swapped)),
			fmt.Sprintf("line 1: step 3 -> 4 goes from %s to %s, which is not a giraffe's move", a(swapped[2]), a(swapped[3]))},
		{"short", alg, string(alg.AppendTour(nil, giraffe.Board, path[:39])), "line 1: the path visits 39 squares; the 5×8 board has 40"},
		{"twice", alg, string(alg.AppendTour(nil, giraffe.Board, append(slices.Clone(path[:39]), path[5]))),
			fmt.Sprintf("line 1: %s is visited twice, at steps 6 and 40", a(path[5]))},
		{"start", alg, string(alg.AppendTour(nil, giraffe.Board, reversed(path))), fmt.Sprintf("line 1: the path starts at %s; the tour must start at a1", a(path[39]))},
		{"off", alg, "a1 i9\n", "line 1: square 2 of the path, i9, is off the 5×8 board"},
		{"text", alg, "Solution does not exist\n", `line 1: expected the tour's squares in the order visited, as a1 c2 ..., got "Solution does not exist"`},
		{"nothing", alg, "", "printed nothing; expected a 5×8 giraffe's tour, its 40 squares in the order visited, as a1 c2 ..."},
		{"numbers from 0", numbers, string(puzzle.Moves.AppendTour(nil, giraffe.Board, path)), "the tour is numbered from 0; it must start at 1"},
		{"numbers short row", numbers, "1 2 3\n", "line 1 has 3 numbers; a 5×8 tour needs 8"},
	} {
		f := Tour([]byte(tt.out), spec(tt.f))
		got := ""
		checkReason(t, f)
		if f != nil {
			got = f.Message
		}
		if got != tt.want {
			t.Errorf("%s: got  %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

func reversed(p []reference.Square) []reference.Square {
	r := slices.Clone(p)
	slices.Reverse(r)
	return r
}

// second is the second solution of p the search finds, as a list.
func second(t *testing.T, p reference.Placing) string {
	var sols [][]reference.Square
	p.Each(0, func(sq []reference.Square) bool { sols = append(sols, slices.Clone(sq)); return len(sols) < 2 })
	return strings.TrimSpace(string(FormatList.AppendSolution(nil, p.Board, sols[1])))
}

// TestPieceWords: the pieces of the shipped exercises (namazons' amazon,
// giraffe-tour's giraffe) are the catalogs' words; a piece an author names
// (a camel) is said verbatim.
func TestPieceWords(t *testing.T) {
	amazon := reference.Noun{One: "amazon", Many: "amazons"}
	camel := reference.Noun{One: "camel", Many: "camels"}
	for _, tt := range []struct {
		got  Msg
		want string
	}{
		{pieces(amazon), "checker.pieces.amazon"},
		{kind(amazon), "checker.kind.amazon"},
		{countedPieces(amazon, 3), "checker.count_pieces.amazon"},
		{*leaper("giraffe").Msg, "checker.leaper.giraffe"},
		{pieces(camel), "checker.piece_named"},
		{countedPieces(camel, 3), "checker.count_named"},
		{*leaper("zebra").Msg, "checker.leaper_named"},
	} {
		if tt.got.ID != tt.want {
			t.Errorf("got %s, want %s", tt.got.ID, tt.want)
		}
	}
	if m := *leaper("zebra").Msg; len(m.Args) != 1 || m.Args[0].Kind != MsgVerbatim || m.Args[0].Text != "zebra" {
		t.Errorf("an author's leaper: got %+v, want its name verbatim", m.Args)
	}
	// The giraffe's tour says so in its messages.
	giraffe := reference.Touring{Board: reference.Board{Rows: 5, Cols: 8}, Moves: reference.MustParseMoves("(1,4)"), Start: &reference.Square{}, Name: reference.Noun{One: "giraffe", Many: "giraffes"}}
	path, err := giraffe.Find(0)
	if err != nil {
		t.Fatal(err)
	}
	path[3], path[4] = path[4], path[3]
	alg := format(t, puzzle.FormatFields{Style: "path"})
	f := Tour(alg.AppendTour(nil, giraffe.Board, path), TourSpec{Puzzle: &giraffe, Format: alg, Where: "ROWS = 5 and COLS = 8"})
	if f == nil || f.Reason == nil || !slices.Contains(msgIDs(*f.Reason), "checker.leaper.giraffe") {
		t.Errorf("a giraffe's bad step: got %+v, want checker.leaper.giraffe in its reason", f)
	}
}

// msgIDs are the identifiers of m and of every message inside it.
func msgIDs(m Msg) []string {
	ids := []string{m.ID}
	for _, a := range m.Args {
		if a.Msg != nil {
			ids = append(ids, msgIDs(*a.Msg)...)
		}
	}
	return ids
}
