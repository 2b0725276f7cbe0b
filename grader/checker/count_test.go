package checker

import (
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/reference"
)

func TestCount(t *testing.T) {
	queen, rook := reference.Queen, reference.Rook
	cases := []struct {
		name   string
		piece  reference.Piece
		n      int
		output string
		want   string
		line   int
	}{
		{"92", queen, 8, "92\n", "", 0},
		{"no newline", queen, 8, "92", "", 0},
		{"spaces", queen, 8, "  92 \n\n", "", 0},
		{"14200", queen, 12, "14200\n", "", 0},
		{"N = 2", queen, 2, "0\n", "", 0},
		{"N = 27", queen, 27, "234907967154122528\n", "", 0},
		{"rooks", rook, 8, "40320\n", "", 0},
		{"rooks 25", rook, 25, "15511210043330985984000000\n", "", 0},

		{"wrong", queen, 12, "14199\n", "printed 14199; N = 12 has 14200 solutions", 1},
		{"one solution", queen, 1, "0\n", "printed 0; N = 1 has 1 solution", 1},
		{"no solution", queen, 3, "1\n", "printed 1; N = 3 has no solution", 1},
		{"queens for rooks", rook, 8, "92\n", "printed 92; N = 8 has 40320 solutions (that is the number of N-Queens solutions)", 1},
		{"rooks for queens", queen, 8, "40320\n", "printed 40320; N = 8 has 92 solutions (that is the number of N-Rooks solutions)", 1},
		{"float", queen, 4, "2.0\n", "printed 2.0; expected a whole number", 1},
		{"big float", rook, 21, "5.109094217170944e+19\n", "printed 5.109094217170944e+19; expected a whole number, exactly: a float is not exact this large (use a big integer type, such as BigInt in JavaScript)", 1},
		{"separators", queen, 12, "14,200\n", "printed 14,200; print the number without separators", 1},
		{"underscore", queen, 12, "14_200\n", "printed 14_200; print the number without separators", 1},
		{"plus", queen, 8, "+92\n", `printed "+92"; print the number without a sign`, 1},
		{"minus zero", queen, 3, "-0\n", `printed "-0"; print the number without a sign`, 1},
		{"form feed", queen, 8, "\f\n", `printed "\f"; expected only the number`, 1},
		{"minus zeros", rook, 0, "-000\n", `printed "-000"; print the number without a sign`, 1},
		{"words", queen, 8, "Solutions: 92\n", `printed "Solutions: 92"; expected only the number`, 1},
		{"two lines", queen, 8, "92\n92\n", `line 2: expected only the number, got a second line "92"`, 2},
		{"empty", queen, 8, "", "printed nothing; expected the number of N-Queens solutions for N = 8", 0},
		{"blank", rook, 8, " \n", "printed only blank lines; expected the number of N-Rooks solutions for N = 8", 0},
		{"crlf", queen, 8, "92\r\n", `line 1: lines end with \r\n (Windows line endings); end them with \n only`, 1},
		{"huge", queen, 8, "99999999999999999999999999999999999999999999999999999999999999999999999999\n",
			`printed "999999999999999999999999999999999999999999999999999999999999"...; N = 8 has 92 solutions`, 1},
		{"negative", queen, 8, "-92\n", "printed -92; N = 8 has 92 solutions", 1},
		{"unknown N", queen, 28, "1\n", "checker: the number of N-Queens solutions is known only up to N = 27, not 28", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := Count([]byte(c.output), c.piece, c.n)
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
		})
	}
}

// TestCountReference checks every count the reference computes against
// what a correct program prints, and its neighbours against failure.
func TestCountReference(t *testing.T) {
	for n := 0; n <= 12; n++ {
		want := reference.CountQueens(n)
		for _, d := range []int64{-1, 0, 1} {
			f := Count([]byte(itoa(want+d)+"\n"), reference.Queen, n)
			if (f == nil) != (d == 0) {
				t.Errorf("N = %d, printed %d: got %v; want a pass only for %d", n, want+d, f, want)
			}
		}
	}
}

func itoa(v int64) string {
	if v < 0 {
		return "-" + itoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}
