package render

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/boardcheck/boardcheck/grader"
)

func init() {
	register(Format{Name: "tap", Summary: "TAP version 14, one test point per check", Render: renderTAP})
}

// The TAP written here is version 14 (testanything.org): the version line,
// the plan 1..N first, then one test point per check in the exercise's
// order, numbered from 1. A pass is "ok", a failure or a broken check
// "not ok", a skipped check "ok ... # SKIP reason" (it did not fail; a check
// it needs did). Every check that did not pass has a YAML diagnostics block
// under its test point, indented two spaces and closed by "...": check,
// severity, message, score, max_score, hint and detail (the text report's
// explanation). Comments (#) give the exercise, the submission and the
// score.
//
// In a description, "#" and "\" are escaped as "\#" and "\\", as TAP 14
// asks, so that a title can never start a directive.

func renderTAP(w io.Writer, r *grader.Report, o Options) error {
	var b strings.Builder
	b.WriteString("TAP version 14\n")
	fmt.Fprintf(&b, "1..%d\n", len(r.Checks))
	fmt.Fprintf(&b, "# %s: %s\n", oneLine(r.Exercise), oneLine(r.Title))
	fmt.Fprintf(&b, "# submission: %s\n", oneLine(r.Submission))
	for i, c := range r.Checks {
		desc := tapEscape(oneLine(c.Title))
		switch c.Status {
		case grader.Pass:
			fmt.Fprintf(&b, "ok %d - %s\n", i+1, desc)
			continue
		case grader.Skip:
			fmt.Fprintf(&b, "ok %d - %s # SKIP %s\n", i+1, desc, tapEscape(oneLine(c.Message)))
		default:
			fmt.Fprintf(&b, "not ok %d - %s\n", i+1, desc)
		}
		severity := "fail"
		switch c.Status {
		case grader.Error:
			severity = "error"
		case grader.Skip:
			severity = "skip"
		}
		y := yamlBlock{b: &b}
		y.open()
		y.field("check", c.Name)
		y.field("severity", severity)
		y.field("message", safeText(c.Message))
		fmt.Fprintf(&b, "  score: %d\n  max_score: %d\n", c.Score, c.MaxScore)
		if c.SkippedBecause != "" {
			y.field("needs", c.SkippedBecause)
		}
		if c.Hint != "" {
			y.field("hint", safeText(c.Hint))
		}
		if d := checkDetail(c, o); d != "" && c.Status != grader.Skip {
			y.field("detail", d)
		}
		y.close()
	}
	fmt.Fprintf(&b, "# score: %d/%d\n", r.Score, r.MaxScore)
	_, err := io.WriteString(w, b.String())
	return err
}

// tapEscape escapes a description or reason for a test point line.
func tapEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "#", `\#`).Replace(s)
}

// yamlBlock writes a TAP YAML diagnostics block: "  ---", "key: value"
// lines indented two spaces, "  ...".
type yamlBlock struct{ b *strings.Builder }

func (y yamlBlock) open()  { y.b.WriteString("  ---\n") }
func (y yamlBlock) close() { y.b.WriteString("  ...\n") }

// field writes key: value. A value of several printable lines is a literal
// block (|-), which reads as it was printed; anything else is one
// double-quoted scalar with escapes, which YAML can hold whatever it says.
func (y yamlBlock) field(key, value string) {
	if strings.Contains(value, "\n") && literalSafe(value) {
		fmt.Fprintf(y.b, "  %s: |-\n", key)
		for _, l := range strings.Split(value, "\n") {
			if l == "" {
				// Still indented, so that every line of the block
				// is a TAP YAML line; YAML reads it as empty.
				y.b.WriteString("  \n")
				continue
			}
			y.b.WriteString("    " + l + "\n")
		}
		return
	}
	fmt.Fprintf(y.b, "  %s: %s\n", key, yamlQuote(value))
}

// literalSafe reports whether s can be a literal block as it is: printable
// characters only, a first line that does not start with a space (which
// would need an indentation indicator), no trailing line break for |- to
// lose, and no line that a TAP reader could take for the block's end.
func literalSafe(s string) bool {
	if s == "" || s[0] == ' ' || strings.HasSuffix(s, "\n") {
		return false
	}
	for _, l := range strings.Split(s, "\n") {
		switch strings.TrimSpace(l) {
		case "...", "---":
			return false
		}
		if strings.TrimSpace(l) == "" && l != "" {
			// A line of spaces only: legal, but easy for a reader to
			// take for the block's indentation.
			return false
		}
	}
	for _, r := range s {
		if !yamlPrintable(r) || r == '\r' {
			return false
		}
	}
	return true
}

// yamlQuote writes s as a YAML double-quoted scalar, escaping what YAML does
// not allow in a stream (most control characters, C1, surrogates) and what
// would end the scalar.
func yamlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\uFFFD`)
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case !yamlPrintable(r):
			if r <= 0xff {
				fmt.Fprintf(&b, `\x%02X`, r)
			} else {
				fmt.Fprintf(&b, `\u%04X`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// yamlPrintable is YAML 1.2's c-printable, less the byte order mark and
// the Unicode line breaks (NEL, U+2028, U+2029), which YAML readers fold or
// split on: those are written escaped.
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t', r == '\n', r == '\r':
		return true
	case r >= 0x20 && r <= 0x7e:
		return true
	case r == 0x2028, r == 0x2029:
		return false
	case r >= 0xa0 && r <= 0xd7ff:
		return true
	case r >= 0xe000 && r <= 0xfffd:
		return r != 0xfeff
	case r >= 0x10000 && r <= 0x10ffff:
		return true
	}
	return false
}
