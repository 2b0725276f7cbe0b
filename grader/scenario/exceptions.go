package scenario

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/report"
)

// A program that stops on an uncaught exception prints where and why on
// standard error, each language in its own form. The report leads with it
// ("crashed: ValueError: invalid literal for int() with base 10: 'abc'
// (nqueens.py line 12)") rather than with the symptom a check meets first
// (nothing on standard output), which leaves the student to find the
// exception in a page of traceback.

// exception is an uncaught exception, as a run's standard error shows it.
type exception struct {
	text string // "ValueError: invalid literal for int() with base 10: 'abc'"
	file string // the submission's file it names, base name; "" when none
	line int    // in file; 0 when none
}

// where says where the exception was raised, for a message: " (nqueens.py
// line 12)", or "" when the trace names no file of the submission.
func (e *exception) where() string {
	if e.file == "" || e.line == 0 {
		return ""
	}
	return " (" + e.file + " line " + strconv.Itoa(e.line) + ")"
}

// say is the message id about e, with args: the exception as its argument
// "exception", and where there is one the place it names as "file" and
// "line", the message then being id's variant with "_at" before any "_n"
// ("scenario.stdin.exception_n" becomes "scenario.stdin.exception_at_n").
func (e *exception) say(id string, args ...report.Arg) report.Message {
	args = append([]report.Arg{report.Verbatim("exception", e.text)}, args...)
	if e.file == "" || e.line == 0 {
		return say(id, args...)
	}
	if base, ok := strings.CutSuffix(id, "_n"); ok {
		id = base + "_at_n"
	} else {
		id += "_at"
	}
	return say(id, append(args, report.Verbatim("file", e.file), report.Int("line", e.line))...)
}

// maxExceptionText bounds the exception's text in a message: a message
// carrying a whole board as its argument helps nobody.
const maxExceptionText = 200

// parseException reads the uncaught exception that stderr ends with, in
// Python's, Node.js's, Java's, Ruby's, Go's or C++'s form; nil when it shows
// none. ours says whether a file (by base name) is one of the submission's,
// so that the line given is the student's, not the library's that raised.
func parseException(stderr []byte, ours func(base string) bool) *exception {
	if len(stderr) > 1<<20 {
		// The exception is at the end of a traceback; a flood before it
		// is not worth scanning.
		stderr = stderr[len(stderr)-1<<20:]
	}
	text := strings.ReplaceAll(string(stderr), "\r\n", "\n")
	for _, parse := range []func(string, func(string) bool) *exception{
		pythonException, javaException, nodeException, rubyException, goPanic, cppTerminate,
	} {
		if e := parse(text, ours); e != nil {
			if r := []rune(e.text); len(r) > maxExceptionText {
				e.text = string(r[:maxExceptionText]) + "..."
			}
			return e
		}
	}
	return nil
}

// pythonFrame is a frame of a Python traceback: `  File "x.py", line 12, in f`.
var pythonFrame = regexp.MustCompile(`^\s*File "([^"]+)", line (\d+)`)

// pythonException reads the last traceback of stderr: its exception line,
// and its deepest frame in the submission's files.
func pythonException(text string, ours func(string) bool) *exception {
	i := strings.LastIndex(text, "Traceback (most recent call last):\n")
	if i < 0 {
		return nil
	}
	e := &exception{}
	lines := strings.Split(strings.TrimRight(text[i:], "\n"), "\n")[1:]
	for _, l := range lines {
		if m := pythonFrame.FindStringSubmatch(l); m != nil {
			if ours(filepath.Base(m[1])) {
				e.file, e.line = filepath.Base(m[1]), atoi(m[2])
			}
			continue
		}
		if l != "" && l[0] != ' ' && l[0] != '\t' && e.text == "" {
			e.text = strings.TrimSpace(l)
		}
	}
	if e.text == "" {
		return nil
	}
	return e
}

// javaFrame is a frame of a Java stack trace: `\tat Main.main(Main.java:3)`.
var javaFrame = regexp.MustCompile(`^\s+at \S+\(([^:()]+):(\d+)\)`)

func javaException(text string, ours func(string) bool) *exception {
	const head = `Exception in thread "main" `
	i := strings.LastIndex(text, head)
	if i < 0 {
		return nil
	}
	lines := strings.Split(text[i+len(head):], "\n")
	e := &exception{text: strings.TrimPrefix(strings.TrimSpace(lines[0]), "java.lang.")}
	for _, l := range lines[1:] {
		if m := javaFrame.FindStringSubmatch(l); m != nil && ours(m[1]) {
			e.file, e.line = m[1], atoi(m[2])
			break
		}
	}
	return e
}

// nodeHead is the first line Node.js prints for an uncaught exception: the
// file and line that threw.
var nodeHead = regexp.MustCompile(`(?m)^(\S+\.[cm]?js):(\d+)$`)

// nodeError is the exception's own line, after the code and caret.
var nodeError = regexp.MustCompile(`(?m)^(?:Uncaught )?[A-Za-z_$][\w$.]*(?:Error|Exception)?(?:: .*|\b)$`)

func nodeException(text string, ours func(string) bool) *exception {
	m := nodeHead.FindStringSubmatchIndex(text)
	if m == nil || !strings.Contains(text, "\nNode.js v") && !strings.Contains(text, "    at ") {
		return nil
	}
	rest := text[m[1]:]
	// The code line and its caret, then a blank line, then the error.
	blank := strings.Index(rest, "\n\n")
	if blank < 0 {
		return nil
	}
	errLine, _, _ := strings.Cut(strings.TrimLeft(rest[blank:], "\n"), "\n")
	if !nodeError.MatchString(errLine) || strings.HasPrefix(errLine, "    at ") {
		return nil
	}
	e := &exception{text: strings.TrimSpace(errLine)}
	if file := filepath.Base(text[m[2]:m[3]]); ours(file) {
		e.file, e.line = file, atoi(text[m[4]:m[5]])
	}
	return e
}

// rubyHead is the first line of a Ruby error: `x.rb:3:in 'Integer': invalid
// value for Integer(): "abc" (ArgumentError)`, Ruby 3.4 quoting the
// method's name as 'Integer', earlier ones as `Integer'.
var rubyHead = regexp.MustCompile("(?m)^([^\\s:]+\\.rb):(\\d+):in [`'][^']*': (.*) \\(([A-Z]\\w*(?:::\\w+)*)\\)$")

// rubyFrame is a later frame: `\tfrom x.rb:7:in '<main>'`.
var rubyFrame = regexp.MustCompile(`^\s+from ([^\s:]+\.rb):(\d+):`)

func rubyException(text string, ours func(string) bool) *exception {
	m := rubyHead.FindStringSubmatchIndex(text)
	if m == nil {
		return nil
	}
	e := &exception{text: text[m[8]:m[9]] + ": " + text[m[6]:m[7]]}
	if file := filepath.Base(text[m[2]:m[3]]); ours(file) {
		e.file, e.line = file, atoi(text[m[4]:m[5]])
		return e
	}
	for _, l := range strings.Split(text[m[1]:], "\n") {
		if f := rubyFrame.FindStringSubmatch(l); f != nil && ours(filepath.Base(f[1])) {
			e.file, e.line = filepath.Base(f[1]), atoi(f[2])
			break
		}
	}
	return e
}

// goFrame is a frame of a Go panic's trace: `\t/tmp/x/main.go:12 +0x1d`.
var goFrame = regexp.MustCompile(`^\t(\S+\.go):(\d+)`)

func goPanic(text string, ours func(string) bool) *exception {
	i := strings.Index(text, "panic: ")
	if i < 0 || (i > 0 && text[i-1] != '\n') || !strings.Contains(text[i:], "\ngoroutine ") {
		return nil
	}
	lines := strings.Split(text[i:], "\n")
	e := &exception{text: strings.TrimSpace(strings.TrimSuffix(lines[0], " [recovered]"))}
	for _, l := range lines[1:] {
		if m := goFrame.FindStringSubmatch(l); m != nil && ours(filepath.Base(m[1])) {
			e.file, e.line = filepath.Base(m[1]), atoi(m[2])
			break
		}
	}
	return e
}

// cppTerminate is libstdc++'s word on an exception no catch caught:
// "terminate called after throwing an instance of 'std::invalid_argument'",
// then "  what():  stoi".
var cppTerminate = func(text string, _ func(string) bool) *exception {
	const head = "terminate called after throwing an instance of '"
	i := strings.Index(text, head)
	if i < 0 {
		return nil
	}
	name, rest, ok := strings.Cut(text[i+len(head):], "'")
	if !ok {
		return nil
	}
	e := &exception{text: "uncaught exception " + name}
	if _, what, ok := strings.Cut(rest, "what():"); ok {
		what, _, _ = strings.Cut(what, "\n")
		if what = strings.TrimSpace(what); what != "" {
			e.text += ": " + what
		}
	}
	return e
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
