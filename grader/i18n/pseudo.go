package i18n

import (
	"strings"
	"unicode"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

// The pseudo-language en-XA is English made unmistakable: every letter of a
// catalog string swapped for an accented one, the whole bracketed in ⟦ ⟧.
// A report said in it still reads (a tester can follow it), but a word of
// plain ASCII letters in it came from no catalog: it is English the grader
// builds with fmt, which a student of another language would read as it
// is. Untranslated finds those words.

// accented maps each ASCII letter to a letter of the same look with a mark,
// none of them ASCII, so that no pseudo word is a word of plain letters.
var accented = func() map[rune]rune {
	const from = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	const to = "áƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"
	m := map[rune]rune{}
	t := []rune(to)
	for i, r := range from {
		m[r] = t[i]
	}
	return m
}()

// PseudoText is s in the pseudo-language: bracketed and accented, its
// template actions ({{.line}}) kept as they are.
func PseudoText(s string) string {
	if s == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("⟦")
	for len(s) > 0 {
		if i := strings.Index(s, "{{"); i == 0 {
			end := strings.Index(s, "}}")
			if end < 0 {
				end = len(s) - 2
			}
			b.WriteString(s[:end+2])
			s = s[end+2:]
			continue
		} else if i < 0 {
			i = len(s)
			accent(&b, s[:i])
			s = ""
		} else {
			accent(&b, s[:i])
			s = s[i:]
		}
	}
	b.WriteString("⟧")
	return b.String()
}

func accent(b *strings.Builder, s string) {
	for _, r := range s {
		if a, ok := accented[r]; ok {
			r = a
		}
		b.WriteRune(r)
	}
}

// pseudoCatalog is the English catalog in the pseudo-language.
func pseudoCatalog(en []*goi18n.Message) []*goi18n.Message {
	out := make([]*goi18n.Message, 0, len(en))
	for _, m := range en {
		p := *m
		p.Zero, p.One, p.Two, p.Few, p.Many, p.Other =
			PseudoText(m.Zero), PseudoText(m.One), PseudoText(m.Two), PseudoText(m.Few), PseudoText(m.Many), PseudoText(m.Other)
		out = append(out, &p)
	}
	return out
}

// Untranslated returns the words of a line a student sees, said in the
// pseudo-language, that came from no catalog: runs of two or more plain
// ASCII letters outside the isolates that mark what is never translated (a
// program's output, a command, a file name). A unit after a number (10s,
// 512MiB, 35ms) is a symbol, not a word, and a word inside a template
// action cannot occur. The line's escapes (\n, \x1b) are not words either.
func Untranslated(line string) []string {
	var words []string
	depth := 0
	word := []rune{}
	afterDigit := false
	flush := func() {
		if len(word) >= 2 && !afterDigit {
			words = append(words, string(word))
		}
		word = word[:0]
	}
	prev := rune(0)
	for _, r := range line {
		switch {
		case string(r) == FSI:
			flush()
			depth++
		case string(r) == PDI:
			if depth > 0 {
				depth--
			}
		case depth > 0:
		case r < 0x80 && unicode.IsLetter(r):
			if len(word) == 0 {
				afterDigit = unicode.IsDigit(prev) || prev == '\\'
			}
			word = append(word, r)
		default:
			flush()
		}
		prev = r
	}
	flush()
	return words
}

// PseudoMarkdown is an exercise's statement, Markdown, in the
// pseudo-language: its prose accented, and what a statement shows as code
// isolated and kept as it is (a code span, which may go on over a line's
// end; an indented or fenced block: the commands, messages and outputs
// the program must match), as a translated statement keeps them.
func PseudoMarkdown(s string) string {
	var b strings.Builder
	fenced, inSpan := false, false
	for line := range strings.Lines(s) {
		body, nl := strings.CutSuffix(line, "\n")
		fence := strings.HasPrefix(strings.TrimSpace(body), "```")
		switch {
		case strings.TrimSpace(body) == "":
			b.WriteString(body)
			inSpan = false // a code span ends with its paragraph
		case !inSpan && (fence || fenced || strings.HasPrefix(body, "    ") || strings.HasPrefix(body, "\t")):
			b.WriteString(FSI + body + PDI)
		default:
			inSpan = pseudoProse(&b, body, inSpan)
		}
		if fence {
			fenced = !fenced
		}
		if nl {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// pseudoProse writes a line of Markdown prose accented, its code spans
// (`...`) isolated and kept; inSpan says whether the line starts inside a
// span the line before opened, and the result whether it ends inside one.
func pseudoProse(b *strings.Builder, line string, inSpan bool) bool {
	if inSpan {
		b.WriteString(FSI)
	}
	for _, r := range line {
		switch {
		case r == '`' && inSpan:
			b.WriteString("`" + PDI)
			inSpan = false
		case r == '`':
			b.WriteString(FSI + "`")
			inSpan = true
		case inSpan:
			b.WriteRune(r)
		default:
			accent(b, string(r))
		}
	}
	if inSpan {
		b.WriteString(PDI)
	}
	return inSpan
}
