package submission

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/handin"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// What grading says of a submission that does not build or start, and the
// hints that go with it, are report.Messages (submission.* in the
// catalogs), said in the student's language by the renderers; their
// English words, the English catalog's, are what the functions returning
// strings here return. What the compiler or the interpreter said, a #!
// line, a file name and a command line are verbatim arguments, never
// translated.

// say is report.Say, shorter for the messages here.
func say(id string, args ...report.Arg) report.Message { return report.Say(id, args...) }

// English is m in the English catalog's words.
func English(m report.Message) string { return i18n.For(i18n.English).Say(m) }

// NoCompile is the message of a submission that does not compile: the
// compiler's output, shown beside it, says why.
func NoCompile() report.Message { return say("submission.no_compile") }

// NoStart is the message of a program that does not start; why is
// Complaint's, or CheckShebang's problem.
func NoStart(why report.Message) report.Message {
	return say("submission.no_start", report.Nested("why", why))
}

// Python2Start is the message of Python 2 code that does not start under
// Python 3: at is its first line of Python 2, why the interpreter's
// complaint (Complaint).
func Python2Start(at *Place, why report.Message) report.Message {
	return say("submission.python2", report.Verbatim("code", at.Code), report.Verbatim("file", at.File),
		report.Int("line", at.Line), report.Nested("why", why))
}

// Complaint is the line of an interpreter's complaint that explains it
// (see ErrorLine), the interpreter's own words verbatim, with the line of
// the program at fault where the output names it.
func Complaint(output, path string) report.Message {
	explain, line := errorLine(output, path)
	if line == "" {
		return say("submission.complaint", report.Verbatim("error", explain))
	}
	n, _ := strconv.Atoi(line)
	return say("submission.complaint_at", report.Verbatim("error", explain), report.Int("line", n))
}

// ShebangHint is the hint of a script whose #! line (line, with "#!")
// names a program the grader cannot run.
func ShebangHint(line string) report.Message {
	return say("submission.hint.shebang", report.Verbatim("line", line), report.Verbatim("example", "#!/usr/bin/env python3"))
}

// StartsHint is the hint of a script its interpreter cannot parse: the
// command (interpreter, then the path as the student gave it) that shows
// the same complaint.
func StartsHint(interpreter, path string) report.Message {
	return say("submission.hint.starts", report.Verbatim("command", filepath.Base(interpreter)+" "+path))
}

// Python2HintMessage is the advice for Python 2 code, which the grader
// runs with Python 3: the differences a student's program meets first.
func Python2HintMessage() report.Message {
	return say("submission.hint.python2",
		report.Verbatim("print", "print"), report.Verbatim("print_call", "print(x)"),
		report.Verbatim("range", "range"), report.Verbatim("xrange", "xrange"),
		report.Verbatim("input", "input"), report.Verbatim("raw_input", "raw_input"),
		report.Verbatim("div", "/"), report.Verbatim("floordiv", "//"),
		report.Verbatim("python3", "python3"))
}

// HintMessage says what to give instead of one file of a split program,
// for exercise.
func (sp *SplitProgram) HintMessage(exercise string) report.Message {
	return say("submission.hint.split", report.Verbatim("file", sp.File), report.Nested("others", report.List(sp.Others)),
		report.Verbatim("command", "grader check "+exercise+" "+sp.Folder))
}

// problem is the *Error of path: why (a submission.* or handin.* message)
// and what to do (fix; none when its ID is empty), as data and in English
// words.
func problem(path string, why, fix report.Message) *Error {
	e := &Error{Path: path, Problem: English(why), Why: &why}
	if fix.ID != "" {
		e.Fix, e.Todo = English(fix), &fix
	}
	return e
}

// refusal is the *Error of path, which package handin refused (r).
func refusal(path string, r *handin.RefusedError) *Error {
	if r.Why.ID == "" {
		return &Error{Path: path, Problem: r.Problem, Fix: r.Fix}
	}
	return problem(path, r.Why, r.Todo)
}

// linkRefusal is refusal, of a submission that is a link itself.
func linkRefusal(path string, r *handin.RefusedError) *Error {
	e := refusal(path, r)
	e.Link = path
	return e
}

// Message is the error as a student reads it, as data ("submission
// notes.txt: file is empty: save your program into it"), and whether it is
// said as data at all: an Error whose Problem is English alone is not.
func (e *Error) Message() (report.Message, bool) {
	if e.Why == nil {
		return report.Message{}, false
	}
	path := report.Verbatim("path", shownPath(e.Path))
	if e.Todo == nil {
		return say("submission.error_nofix", path, report.Nested("problem", *e.Why)), true
	}
	return say("submission.error", path, report.Nested("problem", *e.Why), report.Nested("fix", *e.Todo)), true
}

// cmd is a command line in a message, verbatim.
func cmd(name, s string) report.Arg { return report.Verbatim(name, s) }

// noFix is no fix: an *Error that says only what is wrong.
var noFix report.Message

// saidError is an error said as a message: Error is its English words.
type saidError struct{ m report.Message }

func (e *saidError) Error() string { return English(e.m) }

// machineProblem is problem, of the machine's doing (Error.Machine): an
// interpreter or compiler missing.
func machineProblem(path string, why, fix report.Message) *Error {
	e := problem(path, why, fix)
	e.Machine = true
	return e
}

// toolMissingMessage says that the tool a submission needs is not on PATH
// (np), or only where runs may not reach it, and why (np.ClosedWhy).
func toolMissingMessage(np *sandbox.NotOnPathError) report.Message {
	if np.Closed != "" {
		return say("submission.tool_closed", cmd("tool", np.Name), cmd("var", "PATH"), report.Nested("closed", np.ClosedWhy))
	}
	return say("submission.tool_missing", cmd("tool", np.Name), cmd("var", "PATH"))
}

// installMessage says what to install where the tool of a language
// (languages' install, NAME in submission.install.NAME) is missing.
func installMessage(name string) report.Message {
	if name == "go" {
		return say("submission.install.go", cmd("url", "https://go.dev/dl/"))
	}
	return say("submission.install." + name)
}

// What a folder was built as (Submission.Built), as data: the files and
// the tool, verbatim.

func builtWith(sources []string, tool string) report.Message {
	return say("submission.built", cmd("files", shownNames(sources, " ")), cmd("tool", tool))
}

func builtJava(sources []string, class string) report.Message {
	return say("submission.built_java", cmd("files", shownNames(sources, " ")), cmd("tool", "javac"), cmd("class", shownPath(class)))
}

func builtPackage(sources []string) report.Message {
	return say("submission.built_python", cmd("python3", "python3"), cmd("main", "__main__.py"), cmd("files", shownNames(sources, " ")))
}

func builtPythonEntry(main string, sources []string) report.Message {
	return say("submission.built_python_entry", cmd("python3", "python3"), cmd("main", shownPath(main)),
		cmd("guard", `if __name__ == "__main__"`), cmd("files", shownNames(sources, " ")))
}

func builtOneFile(file string) report.Message {
	return say("submission.built_one_file", cmd("file", handin.Shown(file)))
}

// leftOut is built, with the files the rule of package handin left out
// of the folder (refused), each and why.
func leftOut(built report.Message, refused []*handin.RefusedError) report.Message {
	var files report.Message
	for i, r := range refused {
		why := report.Text("problem", r.Problem) // still English alone
		if r.Why.ID != "" {
			why = report.Nested("problem", r.Why)
		}
		f := say("submission.left_out_file", cmd("name", handin.Shown(r.Name)), why)
		if r.Why.ID == "handin.unreadable" {
			// What to do is the whole of it: make it readable.
			f = say("submission.left_out_file_fix", cmd("name", handin.Shown(r.Name)), why, report.Nested("fix", r.Todo))
		}
		if i == 0 {
			files = f
		} else {
			files = say("submission.list.then", report.Nested("first", files), report.Nested("then", f))
		}
	}
	return say("submission.left_out", report.Nested("built", built), report.Nested("files", files))
}

// setBuilt sets what sub was built as, as data and in English words.
func (sub *Submission) setBuilt(m report.Message) {
	sub.Built, sub.BuiltReason = English(m), &m
}

// folderHolds is the fix of a folder with no program the grader builds:
// what a folder can hold.
func folderHolds() report.Message {
	return say("submission.fix.folder_holds", cmd("package", "package main"), cmd("main", "__main__.py"))
}

// sourcesFix is what to hand in instead of a project or a program built:
// a source file the grader runs by its extension, or the program (verbatim
// path) where one was built.
func sourcesFix(program string) report.Message {
	exts := cmd("extensions", strings.Join(SourceExtensions(), ", "))
	if program == "" {
		return say("submission.fix.build_project", exts)
	}
	return say("submission.fix.hand_in_built", cmd("program", shownPath(program)), exts)
}

// uploadList names an upload's files, verbatim, "a.py, b.py and c.py",
// naming a few.
func uploadList(names []string) report.Message {
	if len(names) > maxUploadNamed {
		shown := names[:maxUploadNamed-1]
		return say("submission.list.more_files", report.Nested("first", report.CommaList(shownNamesList(shown))), report.Int("count", len(names)-len(shown)))
	}
	return report.List(shownNamesList(names))
}

// shownNamesList is names as a message shows each (shownPath).
func shownNamesList(names []string) []string {
	shown := make([]string, len(names))
	for i, n := range names {
		shown[i] = shownPath(n)
	}
	return shown
}
