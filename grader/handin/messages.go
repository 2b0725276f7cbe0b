package handin

import (
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
)

// tooLarge is the problem of a file larger than MaxFileSize.
func tooLarge() report.Message {
	return say("handin.too_large", report.Verbatim("size", size(MaxFileSize)))
}
