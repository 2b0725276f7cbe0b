package scenario

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/submission"
)

// A check's failure is first met as a symptom: a prompt where the usage was
// expected, nothing printed, a traceback's exit status. When the run at
// fault shows its cause as well, the message leads with the cause, in the
// order below (the first that applies), and keeps the symptom after it:
//
//   - it read standard input, which is empty here, for N that the command
//     line gives: its traceback says so (EOFError, Java's Scanner), or its
//     source reads standard input and never its arguments;
//   - it is Python 2 code, which Python 3 stops on (xrange);
//   - it crashed on an uncaught exception, named with its line;
//   - its output was cut where a buffer fills (mid-line, at a multiple of
//     4096 bytes), or it ends with an exit that skips the flush (os._exit)
//     and what it printed never arrived.
//
// A run out of time is left to its own message (timeouts.go).

// A cause is what a failed run shows of why it failed.
type cause struct {
	message report.Message // leads the check's message, after the run's command
	hint    report.Message // replaces the check's hint when set
	// follows says the message follows the check's instead: the run's
	// death (a signal) is the cause, and this says what it cost.
	follows bool
}

// argumentNoun is what the exercise's command line gives, for a message:
// "N" where its usage names N, else "its arguments".
func (g *Runner) argumentNoun() string {
	if regexp.MustCompile(`(?i)\bN\b|<n>|\[n\]`).MatchString(g.ex.Messages["usage"]) {
		return "N"
	}
	return ""
}

// causeOf finds the cause the run at fault shows, nil for none. stdinGiven
// says the scenario gave the run some standard input.
func (g *Runner) causeOf(res *sandbox.Result, stdinGiven bool) *cause {
	if res.TimedOut {
		return nil
	}
	src := g.src
	exc := parseException(res.Stderr, src.Has)
	if c := g.stdinCause(res, exc, stdinGiven); c != nil {
		return c
	}
	if c := python2Cause(src, exc); c != nil {
		return c
	}
	if exc != nil && (res.ExitCode != 0 || res.Signal == "SIGABRT") {
		return &cause{message: exc.say("scenario.crashed")}
	}
	return g.unflushedCause(res)
}

// stdinCause is the cause of a run that read standard input where the
// exercise gives its input on the command line.
func (g *Runner) stdinCause(res *sandbox.Result, exc *exception, stdinGiven bool) *cause {
	if stdinGiven {
		return nil
	}
	src := g.src
	// What the run itself says: Python's input() at the end of its input,
	// Java's Scanner finding no token. A program that reads its arguments
	// too (a solver of boards given on standard input) may rightly read
	// an empty one: its exception is its crash.
	ranDry := exc != nil && (src == nil || !src.Args) && (strings.HasPrefix(exc.text, "EOFError") ||
		strings.HasPrefix(exc.text, "java.util.NoSuchElementException") && bytes.Contains(res.Stderr, []byte("java.util.Scanner")))
	// What its source says: it reads standard input and never looks at
	// its arguments.
	readsOnlyStdin := src != nil && src.Stdin != nil && !src.Args
	if !ranDry && !readsOnlyStdin {
		return nil
	}
	from := say("scenario.its_arguments")
	if src != nil {
		from = say("scenario.code", report.Verbatim("code", src.ArgsName))
	}
	args := []report.Arg{report.Nested("from", from)}
	id := "scenario.stdin"
	if src != nil && src.Stdin != nil {
		id += ".source"
		args = append(args, report.Verbatim("code", src.Stdin.Code), report.Verbatim("file", src.Stdin.File), report.Int("line", src.Stdin.Line))
	} else {
		id += ".exception"
	}
	if g.argumentNoun() != "" {
		id += "_n"
	}
	m := say(id, args...)
	if id == "scenario.stdin.exception" || id == "scenario.stdin.exception_n" {
		m = exc.say(id, args...)
	}
	return &cause{message: m, hint: say("scenario.hint.stdin", report.Nested("from", from))}
}

// python2Names are the names Python 2 has and Python 3 does not, with what
// replaces each: code, or words (a message's identifier, starting
// "scenario.").
var python2Names = map[string]string{
	"xrange": "range", "raw_input": "input", "unicode": "str", "long": "int", "unichr": "chr",
	"basestring": "str", "reduce": "functools.reduce", "file": "open", "execfile": "exec(open(...).read())",
	"cmp": "scenario.py3.key_function", "has_key": "scenario.py3.in_operator", "iteritems": "items()", "iterkeys": "keys()",
	"itervalues": "values()",
}

// python2Error is Python 3's word on one of python2Names.
var python2Error = regexp.MustCompile(`^(?:NameError: name '(\w+)' is not defined|AttributeError: '\w+' object has no attribute '(\w+)')`)

// python2Cause is the cause of a Python program that stopped on a name
// only Python 2 has.
func python2Cause(src *submission.Source, exc *exception) *cause {
	if exc == nil || src == nil || src.Lang != "python" {
		return nil
	}
	m := python2Error.FindStringSubmatch(exc.text)
	if m == nil {
		return nil
	}
	name := m[1] + m[2]
	instead, ok := python2Names[name]
	if !ok {
		return nil
	}
	insteadMsg := say("scenario.code", report.Verbatim("code", instead))
	if strings.HasPrefix(instead, "scenario.") {
		insteadMsg = say(instead)
	}
	return &cause{
		message: exc.say("scenario.python2", report.Verbatim("name", name), report.Nested("instead", insteadMsg)),
		hint:    submission.Python2HintMessage(),
	}
}

// bufferSize is the size output buffers come in: C's stdio writes a pipe
// 4096 bytes at a time, Go's bufio.Writer holds 4096, and others a
// multiple of it. Output cut in the middle of a line at a multiple of it
// was cut where a buffer was written out, and the next never was.
const bufferSize = 4096

// unflushedCause is the cause of a run whose output, or its end, was still
// in the program's buffer when it ended: its output stops mid-line where a
// buffer fills, or it ends with an exit that skips the flush (and its
// source flushes nowhere) and the check found its output wanting.
func (g *Runner) unflushedCause(res *sandbox.Result) *cause {
	out := res.Stdout
	if res.StdoutOverflow || res.ExitCode < 0 && res.Signal == "" {
		return nil
	}
	exit, flush := g.unflushedExit()
	hint := say(unflushedHint)
	if n := len(out); n >= bufferSize && n%bufferSize == 0 && out[n-1] != '\n' {
		bytesArg, lineArg := report.Int("count", n), report.Int("line", bytes.Count(out, []byte("\n"))+1)
		if res.Signal != "" {
			return &cause{message: say("scenario.unflushed.crash", bytesArg, lineArg), follows: true}
		}
		if exit != nil {
			return &cause{message: say("scenario.unflushed.cut_exit", bytesArg, lineArg, report.Verbatim("code", exit.Code),
				report.Verbatim("file", exit.File), report.Int("at", exit.Line), report.Nested("flush", flush)), hint: hint}
		}
		return &cause{message: say("scenario.unflushed.cut", bytesArg, lineArg, report.Nested("flush", flush)), hint: hint}
	}
	if exit != nil && res.Signal == "" {
		return &cause{message: say("scenario.unflushed.exit", report.Verbatim("code", exit.Code), report.Verbatim("file", exit.File),
			report.Int("line", exit.Line), report.Nested("flush", flush)), hint: hint}
	}
	return nil
}

// unflushedExit is the source's exit that skips the flush, when the source
// flushes nowhere, and how the language flushes.
func (g *Runner) unflushedExit() (*submission.Place, report.Message) {
	or := func(flush, exit, skips string) report.Message {
		return say("scenario.flush_or_exit", report.Verbatim("flush", flush), report.Verbatim("exit", exit), report.Verbatim("skips", skips))
	}
	var flush report.Message
	switch g.sub.Lang {
	case "python":
		flush = or("sys.stdout.flush()", "sys.exit", "os._exit")
	case "c":
		flush = or("fflush(stdout)", "exit", "_exit")
	case "c++":
		flush = or("std::cout << std::flush", "exit", "_exit")
	case "ruby":
		flush = or("$stdout.flush", "exit", "exit!")
	case "go":
		flush = say("scenario.flush_go", report.Verbatim("writer", "bufio.Writer"), report.Verbatim("exit", "os.Exit"))
	case "java":
		flush = say("scenario.code", report.Verbatim("code", "System.out.flush()"))
	default:
		flush = say("scenario.flush_any")
	}
	src := g.src
	if src == nil || src.UnflushedExit == nil || src.Flushes {
		return nil, flush
	}
	return src.UnflushedExit, flush
}

// unflushedHint is the advice for output lost in a buffer.
const unflushedHint = "scenario.hint.unflushed"

// leadWith puts the cause before the check's message m, said of the run
// called run: in place of the run's failed exit status or its crash, which
// the cause explains, else before the symptom the check found.
func (g *Runner) leadWith(c *cause, r *report.CheckResult, m report.Message, run string, res *sandbox.Result) {
	what, ofRun := onRunWhat(m, run)
	switch first := lead(what); {
	case c.follows:
		m = then(m, c.message)
	case ofRun && res.ExitCode != 0 && (first == "scenario.exit_status" || first == "scenario.exit_zero" ||
		first == "scenario.death.signal"):
		m = onRun(run, c.message)
	case ofRun:
		m = onRun(run, then(c.message, what))
	default:
		m = onRun(run, then(c.message, m))
	}
	setReason(r, m)
	switch {
	case c.hint.ID == untranslatedID:
		a, _ := c.hint.Arg("text")
		r.Hint, r.HintReason = a.Text, nil
	case c.hint.ID != "":
		g.hint(r, c.hint)
	}
}
