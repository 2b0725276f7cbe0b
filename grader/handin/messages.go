package handin

import (
	"strings"
	"unicode"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// Why a file is refused, and what to hand in instead, are report.Messages
// (handin.* in the catalogs), for a report to say in the student's
// language; RefusedError's Problem and Fix are their English words, the
// English catalog's. The names of files and where a link leads are
// verbatim arguments, never translated.

// refused is the RefusedError of name, why and what to do about it.
func refused(name string, why, fix report.Message) *RefusedError {
	en := i18n.For(i18n.English)
	return &RefusedError{Name: name, Problem: en.Say(why), Fix: en.Say(fix), Why: why, Todo: fix}
}

func say(id string, args ...report.Arg) report.Message { return report.Say(id, args...) }

// Message is the refusal as a student reads it, as data: "notes.txt is a
// link to /dev/zero, outside your folder: hand in the file itself".
func (e *RefusedError) Message() report.Message {
	return say("handin.refused", report.Verbatim("name", Shown(e.Name)), report.Nested("problem", e.Why), report.Nested("fix", e.Todo))
}

// What to do instead.
var (
	fixFileItself   = say("handin.fix.file_itself")
	fixFolderItself = say("handin.fix.folder_itself")
	fixOwnFiles     = say("handin.fix.own_files")
	fixOwnAlone     = say("handin.fix.own_files_alone")
	fixCopy         = say("handin.fix.copy")
	fixNameFile     = say("handin.fix.name_file")
	fixAgain        = say("handin.fix.again")
	fixShallower    = say("handin.fix.shallower")
)

// fixReadable is what to do about a file (or, folder, a folder) the
// grader's user may not read: "make it readable (chmod a+r notes.txt)",
// the command naming it relative to the student's folder, quoted for a
// shell where it must be.
func fixReadable(name string, folder bool) report.Message {
	mode := "a+r"
	if folder {
		mode = "a+rx"
	}
	return say("handin.fix.readable", report.Verbatim("command", "chmod "+mode+" "+shellWord(name)))
}

// shellWord is s as one word of a shell's command line: as it is where
// that is one, else in single quotes; a name that starts with "-" is
// written "./-x", so that chmod reads no option.
func shellWord(s string) string {
	if strings.HasPrefix(s, "-") {
		s = "./" + s
	}
	plain := func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-./+,@%:=", r) ||
			r > 0x7f && !unicode.IsSpace(r) && !unicode.IsControl(r)
	}
	if s != "" && strings.IndexFunc(s, func(r rune) bool { return !plain(r) }) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// tooLarge is the problem of a file larger than MaxFileSize.
func tooLarge() report.Message {
	return say("handin.too_large", report.Verbatim("size", size(MaxFileSize)))
}
