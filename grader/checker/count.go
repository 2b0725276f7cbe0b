package checker

import (
	"bytes"
	"fmt"
	"math/big"
	"strconv"

	"github.com/boardcheck/boardcheck/reference"
)

// maxCountN is past the reference's table of N-Queens counts; N-Rooks
// counts, n!, are exact for any n.
const maxCountN = 27

// maxRooksCountN bounds n! to a few thousand digits.
const maxRooksCountN = 1000

// Count judges output as the number of N-Queens (N-Rooks) solutions on an
// n×n board: one whole number, trailing spaces and newline allowed.
func Count(output []byte, piece reference.Piece, n int) *Failure {
	want, f := expectedCount(piece, n)
	if f != nil {
		return f
	}
	puzzle := "N-Queens"
	if piece == reference.Rook {
		puzzle = "N-Rooks"
	}
	nothing := fmt.Sprintf("expected the number of %s solutions for N = %d", puzzle, n)
	nothingMsg := say("checker.count_want", argVerbatim("puzzle", puzzle), argInt("n", n))
	f = judgeCount(output, want, nothing, nothingMsg, fmt.Sprintf("N = %d", n))
	if f == nil || f.Line == 0 {
		return f
	}
	other := reference.Rook
	if piece == reference.Rook {
		other = reference.Queen
	}
	// The hint is for a number as printed, digits alone, that is the
	// other puzzle's count.
	text := bytes.Trim(countLine(output), " \t")
	if !allDigits(text) || len(text) > len(want.String())+8 {
		return f
	}
	got, _ := new(big.Int).SetString(string(text), 10)
	if oc, err := expectedCount(other, n); err == nil && oc.Cmp(got) == 0 && oc.Cmp(want) != 0 {
		name := "N-Rooks"
		if piece == reference.Rook {
			name = "N-Queens"
		}
		f.aside("that is the number of "+name+" solutions", say("checker.count_other_puzzle", argVerbatim("puzzle", name)))
	}
	return f
}

// CountSpec says what a count check expects: the number of solutions of
// Puzzle. Where and Command are as in PlacementSpec.
type CountSpec struct {
	Puzzle  reference.Placing
	Where   string
	Command string
}

// Counts judges output as the number of solutions of spec's puzzle: one
// whole number, trailing spaces and newline allowed.
func Counts(output []byte, spec CountSpec) *Failure {
	p := spec.Puzzle
	if piece, ok := linePiece(p); ok {
		return Count(output, piece, p.Count)
	}
	if err := p.Validate(); err != nil {
		return invalid(fmt.Sprintf("checker: %s: %v", spec.Command, err))
	}
	want, err := cachedCount(p)
	if err != nil {
		return invalid(fmt.Sprintf("checker: %s: %v", spec.Command, err))
	}
	nothing := fmt.Sprintf("expected the number of ways to place %s on the %s board so that no two attack, for %s", p.Name.Count(p.Count), p.Board.Size(), spec.Where)
	nothingMsg := say("checker.count_want_ways", argMsg("pieces", countedPieces(p.Name, p.Count)), argVerbatim("size", p.Board.Size()), argVerbatim("puzzle", spec.Where))
	return judgeCount(output, want, nothing, nothingMsg, spec.Where)
}

// countLine is the output's one line that is not blank, or nil.
func countLine(output []byte) []byte {
	sc := lineScanner{data: output}
	for {
		line, ok := sc.next()
		if !ok {
			return nil
		}
		if !isBlank(line) {
			return line
		}
	}
}

// judgeCount judges output as one whole number, want. nothing completes
// the message for an output without one; where names the arguments.
func judgeCount(output []byte, want *big.Int, nothing string, nothingMsg Msg, where string) *Failure {
	sc := lineScanner{data: output}
	var text []byte
	textLine := 0
	for {
		line, ok := sc.next()
		if !ok {
			break
		}
		if f := windowsLineEnding(line, sc.num); f != nil {
			return f
		}
		if isBlank(line) {
			continue
		}
		if textLine > 0 {
			got := quote(trimRight(line))
			return lineFail(sc.num, fmt.Sprintf("expected only the number, got a second line %s", got), say("checker.count_second_line", argVerbatim("got", got)))
		}
		// Spaces and tabs around the number, as every format allows; any
		// other white space (a form feed, say) is shown to the student.
		text, textLine = bytes.Trim(line, " \t"), sc.num
	}
	if textLine == 0 {
		what, id := "printed nothing", "checker.printed_nothing"
		if len(output) > 0 {
			what, id = "printed only blank lines", "checker.printed_blank_lines"
		}
		f := said(what, say(id))
		f.then(nothing, nothingMsg)
		return f
	}
	fail := func(m Msg, format string, args ...any) *Failure {
		return at(textLine, fmt.Sprintf(format, args...), m)
	}
	wrong := func() *Failure {
		return fail(say("checker.count_wrong", argVerbatim("text", shown(text)), argVerbatim("puzzle", where), argMsg("solutions", solutionsMsg(want))),
			"printed %s; %s has %s", shown(text), where, solutionsText(want))
	}
	// A number longer than the count by far is wrong whatever its digits,
	// and parsing 16 MB of them would take the grader a while.
	if w := want.String(); len(text) > len(w)+8 && allDigits(text) {
		return wrong()
	}
	got, ok := new(big.Int).SetString(string(text), 10)
	// "-0" is zero to big.Int, but no count is printed with a sign, and
	// accepting it would tell the student a sign is fine where "+0" is not.
	signedZero := ok && text[0] == '-' && got.Sign() == 0
	if !ok || text[0] == '+' || signedZero || bytes.ContainsRune(text, '_') {
		switch {
		case isSeparated(text):
			return fail(say("checker.count_separators", argVerbatim("text", shown(text))), "printed %s; print the number without separators", shown(text))
		case isFloat(text):
			if f, _ := strconv.ParseFloat(string(text), 64); f >= 1<<53 {
				return fail(say("checker.count_float", argVerbatim("text", shown(text))),
					"printed %s; expected a whole number, exactly: a float is not exact this large (use a big integer type, such as BigInt in JavaScript)", shown(text))
			}
			return fail(say("checker.count_not_whole", argVerbatim("text", shown(text))), "printed %s; expected a whole number", shown(text))
		case len(text) > 0 && text[0] == '+' || signedZero:
			return fail(say("checker.count_sign", argVerbatim("text", quote(text))), "printed %s; print the number without a sign", quote(text))
		}
		return fail(say("checker.count_not_number", argVerbatim("text", quote(text))), "printed %s; expected only the number", quote(text))
	}
	if got.Cmp(want) == 0 {
		return nil
	}
	return wrong()
}

// solutionsMsg is solutionsText(c) as a message; a count past an int64's,
// which no plural form is chosen by, is said with its digits verbatim.
func solutionsMsg(c *big.Int) Msg {
	switch {
	case c.Sign() == 0:
		return say("checker.no_solution")
	case c.IsInt64():
		return say("checker.solutions", argInt64("count", c.Int64()))
	}
	return say("checker.solutions_huge", argVerbatim("number", c.String()))
}

func solutionsText(c *big.Int) string {
	switch {
	case c.Sign() == 0:
		return "no solution"
	case c.IsInt64() && c.Int64() == 1:
		return "1 solution"
	}
	return c.String() + " solutions"
}

// expectedCount is the reference's count, or the grader's own failure when
// there is none.
func expectedCount(piece reference.Piece, n int) (*big.Int, *Failure) {
	if n < 0 {
		return nil, invalid(fmt.Sprintf("checker: N must be at least 0, got %d", n))
	}
	switch piece {
	case reference.Rook:
		if n > maxRooksCountN {
			return nil, invalid(fmt.Sprintf("checker: count rooks N must be at most %d, got %d", maxRooksCountN, n))
		}
		return reference.CountRooks(n), nil
	case reference.Queen:
		if c, ok := reference.KnownQueensCount(n); ok {
			return big.NewInt(c), nil
		}
		return nil, invalid(fmt.Sprintf("checker: the number of N-Queens solutions is known only up to N = %d, not %d", maxCountN, n))
	}
	return nil, invalid(fmt.Sprintf("checker: unknown piece %v", piece))
}

// isSeparated reports digits grouped by commas, underscores, dots or spaces:
// "14,200", "14_200", "14 200".
func isSeparated(t []byte) bool {
	groups := 0
	for _, g := range bytes.FieldsFunc(t, func(r rune) bool { return r == ',' || r == '_' || r == ' ' || r == '\'' }) {
		for _, b := range g {
			if b < '0' || b > '9' {
				return false
			}
		}
		groups++
	}
	return groups > 1
}

// isFloat reports what JavaScript or Python print for a float: "2.0",
// "1.4e+4", "5.109094217170944e+19".
func isFloat(t []byte) bool {
	_, err := strconv.ParseFloat(string(t), 64)
	return err == nil && bytes.ContainsAny(t, ".eE")
}

// shown is a printed number as a message shows it: as it is when short, else
// quoted and cut.
func shown(t []byte) string {
	if len(t) <= maxQuoted {
		return string(t)
	}
	return quote(t)
}

func allDigits(t []byte) bool {
	for _, b := range t {
		if b < '0' || b > '9' {
			return false
		}
	}
	return len(t) > 0
}
