package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/boardcheck/boardcheck/grader/render"
)

// Spell is a student's name as a batch writes it everywhere: in the CSV
// gradebook and the spreadsheet, in the JSON and HTML reports ("student"),
// in the class JUnit file and on the terminal. A name is a file name in
// the class folder, which may hold any byte but "/" and NUL: each byte that
// is not UTF-8, each control character (tab, CR and LF too) and each
// character that reorders or breaks a line is written as a visible escape,
// as render.Escape writes them ("inv\xff", "line\nbreak", "x\x01"), and so
// is a first character that a spreadsheet would run as a formula (=, +, -,
// @: "\x3d2+2"). A backslash of the name itself is written twice ("a\\b"),
// so that no name is spelt as another's escape: "=bob" is "\x3dbob", and
// the seven characters "\x3dbob" are "\\x3dbob". One spelling, valid UTF-8
// and printable, so that every row of the gradebook names its report, and
// no file of the batch reads a name differently from another; and one
// name to a spelling, so that two students are never shown as one.
func Spell(entry string) string {
	s := strings.ReplaceAll(render.Escape(strings.ReplaceAll(entry, `\`, `\\`)), "\t", `\t`)
	if s != "" && strings.ContainsRune("=+-@", rune(s[0])) {
		s = fmt.Sprintf(`\x%02x`, s[0]) + s[1:]
	}
	return s
}

// spellPath is a submission's path, relative to the class folder, as a
// batch's reports write it ("submission"): escaped as render.Escape
// escapes, a backslash of a name written twice where it is no separator
// (as Spell does), so that two students' paths are never spelt alike.
func spellPath(p string) string {
	if filepath.Separator == '/' {
		p = strings.ReplaceAll(p, `\`, `\\`)
	}
	return render.Escape(p)
}

// maxReportName is the longest student's name whose report files are named
// by it (NAME.json, NAME.html): a file name is at most 255 bytes on every
// file system Linux writes (NAME_MAX).
const maxReportName = 255 - len(".html")

// reportName is the name of a student's report files without their
// extension: the student's name, or where that would make a file name
// longer than a file system allows (a 252-byte entry, or a shorter one
// whose escapes made it longer), its start and a digest of the whole
// ("aaaa…~0123456789abcdef"), which no other student's shares. The report
// itself holds the whole name ("student").
func reportName(student string) string {
	if len(student) <= maxReportName {
		return student
	}
	sum := sha256.Sum256([]byte(student))
	tail := "~" + hex.EncodeToString(sum[:8])
	cut := maxReportName - len(tail)
	for cut > 0 && !utf8.RuneStart(student[cut]) {
		cut--
	}
	return student[:cut] + tail
}
