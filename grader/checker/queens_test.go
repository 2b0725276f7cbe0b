package checker

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/reference"
)

// The two solutions for N = 4, in each format.
const (
	sol4a = "[[0, 1], [1, 3], [2, 0], [3, 2]]"
	sol4b = "[[0, 2], [1, 0], [2, 3], [3, 1]]"
)

func q4(format Format, mode Mode) QueensSpec {
	return QueensSpec{N: 4, Piece: reference.Queen, Format: format, Mode: mode}
}

type queensCase struct {
	name   string
	spec   QueensSpec
	output string
	want   string // the failure's message; "" for a pass
	line   int
}

func runQueensCases(t *testing.T, cases []queensCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := Queens([]byte(c.output), c.spec)
			checkReason(t, f)
			switch {
			case f == nil && c.want != "":
				t.Fatalf("got a pass; want %q", c.want)
			case f != nil && c.want == "":
				t.Fatalf("got %q; want a pass", f.Message)
			case f != nil && f.Message != c.want:
				t.Fatalf("got  %q;\nwant %q", f.Message, c.want)
			case f != nil && f.Line != c.line:
				t.Fatalf("got line %d; want %d", f.Line, c.line)
			case f != nil && f.Invalid != strings.HasPrefix(c.want, "checker: "):
				t.Fatalf("got Invalid %v; want it only for the grader's own errors", f.Invalid)
			}
			if c.spec.check() != nil {
				return
			}
			// The generic judge, by the attacked squares of any piece,
			// says the same of every output.
			g := PlacementsGeneric([]byte(c.output), c.spec.placements())
			if (g == nil) != (f == nil) || g != nil && (g.Message != f.Message || g.Line != f.Line) {
				t.Fatalf("PlacementsGeneric: %+v; Queens: %+v", g, f)
			}
		})
	}
}

func TestParseOrder(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Order
		err  bool
	}{
		{"any", AnyOrder, false},
		{"ascending", Ascending, false},
		{"descending", Descending, false},
		{"", "", true},
		{"asc", "", true},
		{"reverse", "", true},
	} {
		got, err := ParseOrder(c.in)
		if got != c.want || (err != nil) != c.err {
			t.Errorf("ParseOrder(%q) = %q, %v; want %q, error %v", c.in, got, err, c.want, c.err)
		}
	}
}

func TestQueensList(t *testing.T) {
	all, one, none := q4(FormatList, All), q4(FormatList, One), q4(FormatList, None)
	sorted := all
	sorted.Order = Ascending
	descending := all
	descending.Order = Descending
	runQueensCases(t, []queensCase{
		{"all", all, sol4a + "\n" + sol4b + "\n", "", 0},
		{"all any order", all, sol4b + "\n" + sol4a + "\n", "", 0},
		{"no final newline", all, sol4a + "\n" + sol4b, "", 0},
		{"trailing spaces", all, sol4a + " \n" + sol4b + "\t\n", "", 0},
		{"sorted", sorted, sol4a + "\n" + sol4b + "\n", "", 0},
		{"descending", descending, sol4b + "\n" + sol4a + "\n", "", 0},
		{"ascending, descending", descending, sol4a + "\n" + sol4b + "\n", "line 2 is out of order: " + sol4b + " belongs before line 1", 2},
		{"unknown order", QueensSpec{N: 4, Piece: reference.Queen, Format: FormatList, Mode: All, Order: "sideways"}, sol4a + "\n", `checker: unknown order "sideways"`, 0},
		{"one", one, sol4b + "\n", "", 0},
		{"none empty", none, "", "", 0},
		{"none text", none, "N must be at least 4\n", "", 0},

		{"empty", all, "", "printed nothing; expected the 2 solutions for N = 4, one per line", 0},
		{"only newline", all, "\n", "printed only blank lines; expected the 2 solutions for N = 4, one per line", 0},
		{"one empty", one, "", "printed nothing; expected one solution for N = 4, as [[r, c], ...]", 0},
		{"header", all, "Solutions:\n" + sol4a + "\n" + sol4b + "\n", `line 1: expected [[r, c], ...], got "Solutions:"`, 1},
		{"no spaces", all, "[[0,1],[1,3],[2,0],[3,2]]\n",
			`line 1: pairs need a space after each comma: [[0, 1], [1, 3], [2, 0], [3, 2]] (Python's print of a list), got "[[0,1],[1,3],[2,0],[3,2]]"`, 1},
		{"tuples", all, "((0, 1), (1, 3), (2, 0), (3, 2))\n",
			`line 1: print lists, not tuples: expected [[0, 1], [1, 3], [2, 0], [3, 2]], got "((0, 1), (1, 3), (2, 0), (3, 2))"`, 1},
		{"list of tuples", all, sol4a + "\n[(0, 2), (1, 0), (2, 3), (3, 1)]\n",
			`line 2: print lists, not tuples: expected [[0, 2], [1, 0], [2, 3], [3, 1]], got "[(0, 2), (1, 0), (2, 3), (3, 1)]"`, 2},
		{"row order", all, sol4a + "\n[[0, 2], [2, 3], [1, 0], [3, 1]]\n",
			"line 2: pairs must be in row order 0, 1, 2, ...; got row 2 before row 1", 2},
		{"col row", all, "[[1, 0], [3, 1], [0, 2], [2, 3]]\n",
			"line 1: pairs must be in row order 0, 1, 2, ...; got row 1 first (they are in order of their second number, the column: list them row by row, each [row, col])", 1},
		{"crlf", all, sol4a + "\r\n" + sol4b + "\r\n", `line 1: lines end with \r\n (Windows line endings); end them with \n only`, 1},
		{"blank between", all, sol4a + "\n\n" + sol4b + "\n", "line 2 is blank; print one solution per line with no blank lines between them", 2},
		{"blank after", all, sol4a + "\n" + sol4b + "\n\n", "line 3 is blank; print no blank line after the last solution", 3},
		{"repeat", all, sol4a + "\n" + sol4b + "\n" + sol4a + "\n", "line 3 repeats line 1", 3},
		{"diagonal", all, sol4a + "\n[[0, 1], [1, 2], [2, 0], [3, 3]]\n",
			"line 2: queens at row 0 col 1 and row 1 col 2 share a diagonal", 2},
		{"anti-diagonal", all, "[[0, 2], [1, 1], [2, 3], [3, 0]]\n",
			"line 1: queens at row 0 col 2 and row 1 col 1 share an anti-diagonal", 1},
		{"column", all, "[[0, 1], [1, 3], [2, 1], [3, 2]]\n",
			"line 1: queens at row 0 col 1 and row 2 col 1 share a column", 1},
		{"row twice", all, "[[0, 1], [0, 3], [2, 0], [3, 2]]\n",
			"line 1: queens at row 0 col 1 and row 0 col 3 share a row", 1},
		{"same square", all, "[[0, 1], [0, 1], [2, 0], [3, 2]]\n", "line 1: two queens on row 0 col 1", 1},
		{"missing", all, sol4a + "\n", "1 of 2 solutions missing, e.g. " + sol4b, 0},
		{"five pairs", all, sol4a + "\n[[0, 2], [1, 0], [2, 3], [3, 1], [4, 1]]\n", "line 2: 5 pairs; N = 4 needs 4", 2},
		{"three pairs", all, "[[0, 1], [1, 3], [2, 0]]\n", "line 1: 3 pairs; N = 4 needs 4", 1},
		{"one pair", all, "[[0, 1]]\n", "line 1: 1 pair; N = 4 needs 4", 1},
		{"empty list", all, "[]\n", "line 1: 0 pairs; N = 4 needs 4", 1},
		{"hard-coded 8", all, "[[0, 0], [1, 4], [2, 7], [3, 5], [4, 2], [5, 6], [6, 1], [7, 3]]\n",
			"line 1: 8 pairs; N = 4 needs 4 (is N fixed at 8 in your program?)", 1},
		{"off board", all, "[[0, 1], [1, 3], [2, 0], [3, 4]]\n",
			"line 1: [3, 4] is off the board; rows and columns go from 0 to 3 for N = 4", 1},
		{"negative", all, "[[0, 1], [1, -3], [2, 0], [3, 2]]\n",
			"line 1: [1, -3] is off the board; rows and columns go from 0 to 3 for N = 4", 1},
		{"huge number", all, "[[0, 1], [1, 3], [2, 0], [3, 99999999999999999999999]]\n",
			"line 1: [3, 99999999999999999999999] is off the board; rows and columns go from 0 to 3 for N = 4", 1},
		{"flat", all, "[1, 3, 0, 2]\n",
			`line 1: expected [row, col] pairs like [[0, 1], [1, 3], ...], got a flat list of numbers "[1, 3, 0, 2]"`, 1},
		{"single pair", all, "[0, 1]\n[1, 3]\n",
			`line 1: expected a whole solution per line, [[r, c], ...], got the single pair "[0, 1]"`, 1},
		{"unclosed", all, "[[0, 1], [1, 3], [2, 0], [3, 2]\n",
			`line 1: expected [[r, c], ...], got "[[0, 1], [1, 3], [2, 0], [3, 2]" (column 32: missing "]" at the end)`, 1},
		{"text after", all, sol4a + " ok\n",
			`line 1: expected [[r, c], ...], got "[[0, 1], [1, 3], [2, 0], [3, 2]] ok" (column 34: unexpected "o" after the list)`, 1},
		{"double space", all, "[[0, 1],  [1, 3], [2, 0], [3, 2]]\n",
			`line 1: expected exactly Python's print of the list, [[0, 1], [1, 3], [2, 0], [3, 2]], got "[[0, 1],  [1, 3], [2, 0], [3, 2]]" (they differ at column 10)`, 1},
		{"leading space", all, " " + sol4a + "\n",
			`line 1: expected exactly Python's print of the list, [[0, 1], [1, 3], [2, 0], [3, 2]], got " [[0, 1], [1, 3], [2, 0], [3, 2]]" (they differ at column 1)`, 1},
		{"leading zero", all, "[[0, 01], [1, 3], [2, 0], [3, 2]]\n",
			`line 1: expected exactly Python's print of the list, [[0, 1], [1, 3], [2, 0], [3, 2]], got "[[0, 01], [1, 3], [2, 0], [3, 2]]" (they differ at column 6)`, 1},
		{"float", all, "[[0, 1.0], [1, 3], [2, 0], [3, 2]]\n", `line 1: "1.0" is not a whole number`, 1},
		{"triple", all, "[[0, 1, 2], [1, 3], [2, 0], [3, 2]]\n", `line 1: "[0, 1, 2]" is not a [row, col] pair`, 1},
		{"escape codes", all, "\x1b[2J" + sol4a + "\n", `line 1: expected [[r, c], ...], got "\x1b[2J[[0, 1], [1, 3], [2, 0], [3, 2]]"`, 1},
		{"too long", all, "[[0, 1]" + strings.Repeat(", [0, 1]", 100) + "]\n", "line 1 has 808 characters; a solution for N = 4 has at most 32", 1},
		{"out of order", sorted, sol4b + "\n" + sol4a + "\n", "line 2 is out of order: " + sol4a + " belongs before line 1", 2},
		{"second", one, sol4a + "\n" + sol4b + "\n", "line 2: a second solution (the first is at line 1); print exactly one", 2},
		{"one invalid", one, "[[0, 0], [1, 1], [2, 2], [3, 3]]\n", "line 1: queens at row 0 col 0 and row 1 col 1 share a diagonal", 1},
		{"none printed", none, "N has no solution\n" + sol4a + "\n", "line 2: printed a placement; expected no solution", 2},
		{"none no solution", QueensSpec{N: 3, Piece: reference.Queen, Format: FormatList, Mode: None},
			"[[0, 0], [1, 2], [2, 1]]\n", "line 1: printed a placement, but N = 3 has no solution", 1},
		{"all none exists", QueensSpec{N: 3, Piece: reference.Queen, Format: FormatList, Mode: All}, "", "", 0},
		{"rooks", QueensSpec{N: 2, Piece: reference.Rook, Format: FormatList, Mode: All}, "[[0, 1], [1, 0]]\n[[0, 0], [1, 1]]\n", "", 0},
		{"rooks share", QueensSpec{N: 2, Piece: reference.Rook, Format: FormatList, Mode: All}, "[[0, 1], [1, 1]]\n",
			"line 1: rooks at row 0 col 1 and row 1 col 1 share a column", 1},
		{"two on a line", all, sol4a + sol4b + "\n", `line 1: more than one solution on the line; print each on a line of its own: got "[[0, 1], [1, 3], [2, 0], [3, 2]][[0, 2], [1, 0], [2, 3], [3,"...`, 1},
		{"list of solutions", all, "[" + sol4a + ", " + sol4b + "]\n", `line 1: a list of solutions; print each solution on a line of its own: got "[[[0, 1], [1, 3], [2, 0], [3, 2]], [[0, 2], [1, 0], [2, 3], "...`, 1},
		{"one-based", all, "[[1, 2], [2, 4], [3, 1], [4, 3]]\n", "line 1: rows and columns count from 0, so the first pair is [0, 1], not [1, 2]", 1},
		{"first fault wins", all, sol4a + "\n" + sol4a + "\nSolutions:\n", "line 2 repeats line 1", 2},
	})
}

// boardLine is the output line on which solution k (0-based) starts when
// printAll prints solutions of size n in format f.
func boardLine(f Format, k, n int) int {
	if f == FormatMatrix || f == FormatBoard {
		return k*(n+1) + 1
	}
	return k + 1
}

// whereOf names solution k as the checker's messages do.
func whereOf(f Format, k, n int) string {
	first := boardLine(f, k, n)
	if f == FormatMatrix || f == FormatBoard {
		return "board at " + lineSpan(first, first+n-1)
	}
	return fmt.Sprintf("line %d", first)
}

// TestQueensRoundTrip prints the reference's solutions in every format and
// checks that they pass in any order, and that each kind of damage fails
// with the message that names it.
func TestQueensRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	type size struct {
		piece reference.Piece
		n     int
	}
	var sizes []size
	for n := 4; n <= 9; n++ {
		sizes = append(sizes, size{reference.Queen, n})
	}
	for n := 1; n <= 6; n++ {
		sizes = append(sizes, size{reference.Rook, n})
	}
	for _, sz := range sizes {
		n, piece := sz.n, sz.piece
		sols := all(n, piece)
		for _, format := range formats {
			name := fmt.Sprintf("%s/%d/%s", piece.Plural(), n, format)
			spec := QueensSpec{N: n, Piece: piece, Format: format, Mode: All}
			sortedSpec := spec
			sortedSpec.Order = Ascending
			check := func(what string, ps []reference.Placement, spec QueensSpec, want string) {
				t.Helper()
				f := Queens([]byte(printAll(ps, format, piece)), spec)
				checkReason(t, f)
				switch {
				case f == nil && want != "":
					t.Errorf("%s %s: got a pass; want %q", name, what, want)
				case f != nil && f.Message != want:
					t.Errorf("%s %s: got %q; want %q", name, what, f.Message, want)
				}
			}
			descSpec := spec
			descSpec.Order = Descending
			reversed := slices.Clone(sols)
			slices.Reverse(reversed)
			check("sorted", sols, spec, "")
			check("sorted, sorted", sols, sortedSpec, "")
			check("reversed, descending", reversed, descSpec, "")
			if len(sols) > 1 {
				// In the wrong order, the second solution belongs
				// before the first.
				outOfOrder := func(ps []reference.Placement) string {
					if format == FormatMatrix || format == FormatBoard {
						return fmt.Sprintf("the %s is out of order: it belongs before the board at line %d", whereOf(format, 1, n), boardLine(format, 0, n))
					}
					return fmt.Sprintf("%s is out of order: %s belongs before line %d", whereOf(format, 1, n), queensJudge(t, spec).renderAs(ps[1]), boardLine(format, 0, n))
				}
				check("sorted, descending", sols, descSpec, outOfOrder(sols))
				check("reversed, ascending", reversed, sortedSpec, outOfOrder(reversed))
			}
			shuffled := slices.Clone(sols)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			check("shuffled", shuffled, spec, "")
			for i := range min(3, len(shuffled)) {
				one := QueensSpec{N: n, Piece: piece, Format: format, Mode: One}
				check("one", shuffled[i:i+1], one, "")
			}

			j := queensJudge(t, spec)
			k := rng.IntN(len(shuffled))
			dropped := slices.Delete(slices.Clone(shuffled), k, k+1)
			if len(sols) > 1 {
				check("drop", dropped, spec, fmt.Sprintf("1 of %d solutions missing, e.g. %s", len(sols), j.renderAs(shuffled[k])))
			}

			repeated := append(slices.Clone(shuffled), shuffled[k])
			wantRepeat := fmt.Sprintf("%s repeats line %d", whereOf(format, len(shuffled), n), boardLine(format, k, n))
			if format == FormatMatrix || format == FormatBoard {
				wantRepeat = fmt.Sprintf("the %s repeats the board at line %d", whereOf(format, len(shuffled), n), boardLine(format, k, n))
			}
			check("repeat", repeated, spec, wantRepeat)

			if n >= 2 {
				broken := slices.Clone(shuffled)
				bad := slices.Clone(broken[k])
				bad[0] = bad[1]
				broken[k] = bad
				pe := reference.CheckPlacement(n, piece, bad.Squares())
				want := whereOf(format, k, n) + ": " + pe.Error()
				if format == FormatBoard {
					want += " (row 0 is the board's last line)"
				}
				check("attack", broken, spec, want)
			}

			if d := firstDescent(shuffled); d > 0 {
				before := 0
				for before < d && slices.Compare(shuffled[before], shuffled[d]) < 0 {
					before++
				}
				var want string
				if format == FormatMatrix || format == FormatBoard {
					want = fmt.Sprintf("the %s is out of order: it belongs before the board at line %d", whereOf(format, d, n), boardLine(format, before, n))
				} else {
					want = fmt.Sprintf("%s is out of order: %s belongs before line %d", whereOf(format, d, n), j.renderAs(shuffled[d]), boardLine(format, before, n))
				}
				check("unsorted", shuffled, sortedSpec, want)
			}

			crlf := strings.ReplaceAll(printAll(shuffled, format, piece), "\n", "\r\n")
			if f := Queens([]byte(crlf), spec); f == nil || f.Line != 1 || !strings.Contains(f.Message, "Windows line endings") {
				t.Errorf("%s crlf: got %v; want the Windows line endings at line 1", name, f)
			}
		}
	}
}

// firstDescent is the first index whose placement comes before the one
// printed just before it, or -1.
func firstDescent(ps []reference.Placement) int {
	for i := 1; i < len(ps); i++ {
		if slices.Compare(ps[i], ps[i-1]) < 0 {
			return i
		}
	}
	return -1
}

// TestQueensFaultOrder checks that the first fault in output order wins,
// whether the checker finds it on its line or, for repeats, after the parse.
func TestQueensFaultOrder(t *testing.T) {
	spec := q4(FormatList, All)
	runQueensCases(t, []queensCase{
		{"repeat before fault", spec, sol4a + "\n" + sol4b + "\n" + sol4a + "\nbad\n", "line 3 repeats line 1", 3},
		{"fault before repeat", spec, sol4a + "\nbad\n" + sol4a + "\n", `line 2: expected [[r, c], ...], got "bad"`, 2},
		{"first of two repeats", spec, sol4a + "\n" + sol4b + "\n" + sol4b + "\n" + sol4a + "\n", "line 3 repeats line 2", 3},
	})
}

// TestQueensLargeN covers N past 16, where solutions are keyed by strings.
func TestQueensLargeN(t *testing.T) {
	var first, second reference.Placement
	for p := range reference.Queens(17) {
		if first == nil {
			first = slices.Clone(p)
			continue
		}
		second = slices.Clone(p)
		break
	}
	spec := QueensSpec{N: 17, Piece: reference.Queen, Format: FormatList, Mode: All}
	runQueensCases(t, []queensCase{
		{"missing", spec, first.String() + "\n", "95815103 of 95815104 solutions missing, e.g. " + second.String(), 0},
		{"repeat", spec, first.String() + "\n" + second.String() + "\n" + first.String() + "\n", "line 3 repeats line 1", 3},
		{"one", QueensSpec{N: 17, Format: FormatList, Mode: One}, second.String() + "\n", "", 0},
	})
	sorted := spec
	sorted.Order = Ascending
	descending := spec
	descending.Order = Descending
	runQueensCases(t, []queensCase{
		{"ascending, descending", descending, first.String() + "\n" + second.String() + "\n", "line 2 is out of order: " + second.String() + " belongs before line 1", 2},
		{"unsorted", sorted, second.String() + "\n" + first.String() + "\n", "line 2 is out of order: " + first.String() + " belongs before line 1", 2},
		{"sorted repeat", sorted, first.String() + "\n" + second.String() + "\n" + first.String() + "\n", "line 3 repeats line 1", 3},
	})
	big, _ := reference.FirstQueens(200)
	if f := Queens([]byte(big.String()+"\n"), QueensSpec{N: 200, Format: FormatList, Mode: One}); f != nil {
		t.Errorf("N = 200: got %q; want a pass", f.Message)
	}
}
