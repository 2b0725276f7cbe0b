package render

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// A submission's output is shown to the person grading it, so it must never be
// able to rewrite their terminal: a carriage return, an ANSI escape sequence
// or a Unicode direction override in a student's output could hide a failure,
// fake a pass or clear the screen. Everything the report carries that a
// program printed goes through escapeLine before it reaches the writer.

// maxLineRunes caps one shown line of a program's output: a program that
// prints a megabyte with no newline must not flood the terminal either.
// maxMessageRunes caps a line of a message, which may quote that output but
// is the engine's sentence, cut by the engine already.
const (
	maxLineRunes    = 160
	maxMessageRunes = 1000
)

// Escape is s as it may be printed on a terminal: every character that
// could move the cursor or change how the rest of the line is drawn
// replaced by a visible escape (\r, \x1b, \u202e), as escapeLine does. A
// student's name is a file name they chose, and is printed through it.
func Escape(s string) string { return escapeLine(s, maxMessageRunes, nil, nil) }

// escapeLine returns s with every character that could move the cursor or
// change how the rest of the line is drawn replaced by a visible Go-style
// escape (\r, \x1b, \u202e), and cut at limit characters. mark styles the
// escapes so that they stand out from what was really printed; nil leaves
// them plain. l says how much was cut (stream.more_characters) in the
// report's language; nil says it in English (a student's name, a title, a
// page of the instructor's).
func escapeLine(s string, limit int, mark func(string) string, l *i18n.Localizer) string {
	if mark == nil {
		mark = func(s string) string { return s }
	}
	if l == nil {
		l = i18n.For(i18n.English)
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); {
		if n == limit {
			b.WriteString(mark(l.T("stream.more_characters", report.Int("count", utf8.RuneCountInString(s[i:])))))
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(mark(fmt.Sprintf(`\x%02x`, s[i])))
		case r == '\t':
			b.WriteByte('\t')
		case r == '\r':
			b.WriteString(mark(`\r`))
		case r == '\n':
			b.WriteString(mark(`\n`))
		case r < 0x20 || r == 0x7f:
			b.WriteString(mark(fmt.Sprintf(`\x%02x`, r)))
		case isHazard(r) && r > 0xffff:
			b.WriteString(mark(fmt.Sprintf(`\U%08x`, r)))
		case isHazard(r):
			b.WriteString(mark(fmt.Sprintf(`\u%04x`, r)))
		default:
			b.WriteRune(r)
		}
		i += size
		n++
	}
	return b.String()
}

// isHazard reports whether r, though valid UTF-8, changes how a terminal
// draws the text around it or breaks a format that quotes it: C1 controls
// (0x9b is a one-byte CSI on some terminals), bidirectional overrides and
// isolates (which can reorder a whole line, as in the "Trojan Source"
// attacks), the byte order mark, the Unicode line and paragraph separators
// (which YAML and JavaScript readers take for line breaks), and the
// noncharacters U+FDD0-U+FDEF and U+xFFFE, U+xFFFF (XML allows neither
// U+FFFE nor U+FFFF anywhere in a document). Escaped, none of them can end a
// line early, reorder it, or make a JUnit or TAP file unreadable.
func isHazard(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x200e, r == 0x200f, r == 0x061c: // direction marks
		return true
	case r >= 0x202a && r <= 0x202e: // embeddings and overrides
		return true
	case r >= 0x2066 && r <= 0x2069: // isolates
		return true
	case r == 0xfeff, r == 0x2028, r == 0x2029:
		return true
	case r >= 0xfdd0 && r <= 0xfdef, r&0xfffe == 0xfffe:
		return true
	}
	return unicode.Is(unicode.Cc, r)
}

// splitLines splits text into lines without their newlines. A final newline
// does not start another line, and an empty text has no lines.
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// countSplitLines is len(splitLines(text)), counted without splitting.
func countSplitLines(text string) int {
	if text == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 1
}

// lineRange is splitLines(text)[from:to], found without splitting the
// whole text.
func lineRange(text string, from, to int) []string {
	var out []string
	rest := strings.TrimSuffix(text, "\n")
	for i := 0; i < to && text != ""; i++ {
		l, r, more := strings.Cut(rest, "\n")
		if i >= from {
			out = append(out, l)
		}
		if !more {
			break
		}
		rest = r
	}
	return out
}

// An excerpt is the part of a program's output worth showing: all of it when
// short, the lines around the one at fault, or its head and tail.
type excerpt struct {
	lines []numberedLine
	total int // lines in the whole text
}

type numberedLine struct {
	n     int    // 1-based line number in the whole output; 0 marks a gap
	text  string // raw, not yet escaped
	focus bool   // the line at fault
	gap   int    // for a gap, how many lines it stands for
}

// outputExcerpt is makeExcerpt for a run's standard output, or for the
// lines of it around the line at fault that d keeps when text, the start
// the report keeps, ends before that line: the gap before them counts the
// lines between.
func outputExcerpt(text string, d *report.Detail, printed, focus, limit int) excerpt {
	if d == nil || d.Excerpt == "" || focus < d.ExcerptFrom {
		return makeExcerpt(text, printed, focus, limit)
	}
	lines := splitLines(d.Excerpt)
	last := d.ExcerptFrom + len(lines) - 1
	ex := excerpt{total: max(printed, last)}
	if d.ExcerptFrom > 1 {
		ex.lines = append(ex.lines, numberedLine{gap: d.ExcerptFrom - 1})
	}
	for i, l := range lines {
		ex.lines = append(ex.lines, numberedLine{n: d.ExcerptFrom + i, text: l, focus: d.ExcerptFrom+i == focus})
	}
	if ex.total > last {
		ex.lines = append(ex.lines, numberedLine{gap: ex.total - last})
	}
	return ex
}

// makeExcerpt picks at most limit lines of text to show. With focus > 0 it shows
// the lines around line focus; otherwise the head and tail, because a long
// output's last lines (a traceback's error, the final count) matter as much
// as its first. printed is how many lines the program printed, when text is
// only the start of them (the report keeps a few KiB of each stream): the
// gaps then count what the program printed, not what the report kept, and
// no tail is shown, since the kept text does not hold it. 0 means text is
// the whole output.
func makeExcerpt(text string, printed, focus, limit int) excerpt {
	// The text may be a run's whole output (-v keeps it): 16 million
	// lines, which as a slice of strings took 256 MB to show a few.
	kept := countSplitLines(text)
	ex := excerpt{total: max(kept, printed)}
	add := func(from, to int) { // 0-based, to exclusive
		for i, l := range lineRange(text, from, min(to, kept)) {
			ex.lines = append(ex.lines, numberedLine{n: from + i + 1, text: l, focus: from+i+1 == focus})
		}
	}
	gap := func(n int) {
		if n > 0 {
			ex.lines = append(ex.lines, numberedLine{gap: n})
		}
	}
	shown := func() int { // the last line number added
		for i := len(ex.lines) - 1; i >= 0; i-- {
			if ex.lines[i].gap == 0 {
				return ex.lines[i].n
			}
		}
		return 0
	}
	cut := ex.total > kept
	switch {
	case ex.total <= limit+1 || (cut && kept <= limit):
		// A gap of one line would take as much room as the line.
		add(0, kept)
		gap(ex.total - kept)
	case focus > 0 && focus <= kept:
		from := focus - 1 - limit/2
		if from < 0 {
			from = 0
		}
		to := from + limit
		if to > kept {
			to = kept
			from = max(to-limit, 0)
		}
		if from == 1 {
			from = 0
		}
		if to == ex.total-1 {
			to = ex.total
		}
		gap(from)
		add(from, to)
		gap(ex.total - shown())
	case cut:
		add(0, limit)
		gap(ex.total - limit)
	default:
		head := (limit + 1) / 2
		tail := limit - head
		add(0, head)
		gap(kept - head - tail)
		add(kept-tail, kept)
	}
	return ex
}
