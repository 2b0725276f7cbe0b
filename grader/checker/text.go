package checker

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// lineScanner walks output line by line without copying it: a 44 MB output
// must not become 365,596 strings.
type lineScanner struct {
	data []byte
	pos  int
	num  int // 1-based number of the line last returned
}

// next returns the next line without its "\n". The last line needs no "\n",
// and a "\n" that ends the output does not start an empty line after it.
func (s *lineScanner) next() ([]byte, bool) {
	if s.pos >= len(s.data) {
		return nil, false
	}
	rest := s.data[s.pos:]
	s.num++
	i := bytes.IndexByte(rest, '\n')
	if i < 0 {
		s.pos = len(s.data)
		return rest, true
	}
	s.pos += i + 1
	return rest[:i], true
}

// windowsLineEnding is the failure for a line that ends with "\r": checked
// before anything else on a line, since every other message would otherwise
// blame an invisible character.
func windowsLineEnding(line []byte, num int) *Failure {
	if len(line) == 0 || line[len(line)-1] != '\r' {
		return nil
	}
	return lineFail(num, `lines end with \r\n (Windows line endings); end them with \n only`, say("checker.crlf"))
}

func isBlank(line []byte) bool {
	for _, b := range line {
		if b != ' ' && b != '\t' {
			return false
		}
	}
	return true
}

// trimRight drops trailing spaces and tabs, which every format allows.
func trimRight(line []byte) []byte {
	for len(line) > 0 && (line[len(line)-1] == ' ' || line[len(line)-1] == '\t') {
		line = line[:len(line)-1]
	}
	return line
}

// maxQuoted is how much of a line a message quotes: enough to recognise it,
// short enough that a 100 MB line does not become a 100 MB message.
const maxQuoted = 60

// quote returns b as a Go string literal, cut to maxQuoted bytes. Control
// characters, escape sequences and invalid UTF-8 come out escaped, so a
// message can never drive the terminal it is shown on.
func quote(b []byte) string {
	if len(b) <= maxQuoted {
		return strconv.Quote(string(b))
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return strconv.Quote(string(b[:cut])) + "..."
}

// quoteAround quotes b around byte offset at, for a difference deep in a
// long line.
func quoteAround(b []byte, at int) string {
	const before = 24
	if len(b) <= maxQuoted || at < before {
		return quote(b)
	}
	start := at - before
	for start < len(b) && !utf8.RuneStart(b[start]) {
		start++
	}
	return "..." + quote(b[start:])
}

// plural returns "1 solution", "2 solutions".
func plural(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.FormatInt(n, 10) + " " + many
}

// lineSpan names the output lines a board covers: "line 3", "lines 5-8".
func lineSpan(first, last int) string {
	if first == last {
		return fmt.Sprintf("line %d", first)
	}
	return fmt.Sprintf("lines %d-%d", first, last)
}
