package scenario

import (
	"regexp/syntax"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/report"
)

// linePhrase words what a stdout or stderr pattern asks of a line, for the
// student who must read it, to follow "no line" or "expected a line": the
// line itself when the pattern is one exact line ("Usage: nqueens N" for
// ^Usage: nqueens N$), "starting with" or "containing" a text when that is
// all it asks, else a line it matches, when one can be made: like "[[0, 0]]"
// for ^\[\[0, ?0\]\]$. A regular expression asks a student to read regular
// expressions, so it is shown only when no example can be made of it.
func linePhrase(pattern string) report.Message {
	// The grader matches with (?m): ^ and $ are the ends of a line.
	re, err := syntax.Parse(pattern, syntax.Perl&^syntax.OneLine)
	if err != nil {
		return say("scenario.phrase.matching", report.Verbatim("pattern", pattern))
	}
	re = re.Simplify()
	if lit, ok := literal(re); ok {
		return say("scenario.phrase.containing", quoted("text", quoteText(lit)))
	}
	// Only ^ and $, the ends of a line: \A and \z ask for the whole
	// output, which "a line" would misstate.
	if re.Op == syntax.OpConcat && len(re.Sub) >= 2 && len(re.Sub) <= 3 && re.Sub[0].Op == syntax.OpBeginLine {
		if lit, ok := literal(re.Sub[1]); ok && !strings.Contains(lit, "\n") {
			switch {
			case len(re.Sub) == 2:
				return say("scenario.phrase.starting", quoted("text", quoteText(lit)))
			case re.Sub[2].Op == syntax.OpEndLine:
				return say("scenario.phrase.exact", quoted("text", quoteText(lit)))
			}
		}
	}
	var b strings.Builder
	if example(&b, re) && b.Len() > 0 {
		return say("scenario.phrase.like", quoted("text", quoteText(b.String())))
	}
	return say("scenario.phrase.matching", report.Verbatim("pattern", pattern))
}

// quoteText quotes a text the pattern asks for, cut as quoteLine cuts a
// line of output but with every character kept: a pattern's "\r" is the
// point, where an output line's is noise.
func quoteText(s string) string {
	if r := []rune(s); len(r) > 120 {
		s = string(r[:120]) + "..."
	}
	return strconv.Quote(s)
}

// literal reports the text of a pattern that is plain text, case and all.
func literal(re *syntax.Regexp) (string, bool) {
	if re.Op != syntax.OpLiteral || re.Flags&syntax.FoldCase != 0 {
		return "", false
	}
	return string(re.Rune), true
}

// example writes a short text re matches, optional parts included (so " ?"
// gives the space a model answer has) and any character shown as "…". It
// reports false for what it cannot show on one line.
func example(b *strings.Builder, re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			// The parser keeps folded letters in upper case.
			b.WriteString(strings.ToLower(string(re.Rune)))
		} else {
			b.WriteString(string(re.Rune))
		}
		return true
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		if !strings.HasSuffix(b.String(), "…") {
			b.WriteString("…")
		}
		return true
	case syntax.OpCharClass:
		// A digit or a letter if the class allows one, as a model answer
		// would have; else the first printable character it allows.
		in := func(c rune) bool {
			for i := 0; i+1 < len(re.Rune); i += 2 {
				if re.Rune[i] <= c && c <= re.Rune[i+1] {
					return true
				}
			}
			return false
		}
		for _, c := range "0aA" {
			if in(c) {
				b.WriteRune(c)
				return true
			}
		}
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if lo, hi := max(re.Rune[i], '!'), re.Rune[i+1]; lo <= hi {
				b.WriteRune(lo)
				return true
			}
		}
		return false
	case syntax.OpCapture, syntax.OpPlus, syntax.OpQuest:
		return example(b, re.Sub[0])
	case syntax.OpStar:
		if s := re.Sub[0].Op; s == syntax.OpAnyCharNotNL || s == syntax.OpAnyChar {
			return example(b, re.Sub[0])
		}
		return true
	case syntax.OpRepeat:
		for range max(re.Min, 1) {
			if !example(b, re.Sub[0]) {
				return false
			}
		}
		return true
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !example(b, s) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		return example(b, re.Sub[0])
	}
	return false
}
