package scenario

import (
	"bytes"
	"fmt"
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
	message string // leads the check's message, after the run's command
	hint    string // replaces the check's hint when set
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
		return &cause{message: "crashed: " + exc.text + exc.where()}
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
	from := "its arguments"
	if src != nil {
		from = src.ArgsName
	}
	noun := g.argumentNoun()
	var msg string
	switch {
	case src != nil && src.Stdin != nil && noun != "":
		msg = fmt.Sprintf("waited for input that is not given: it reads standard input (%s at %s line %d), which is empty here; N comes from the command line, as the statement's examples show: read it from %s",
			src.Stdin.Code, src.Stdin.File, src.Stdin.Line, from)
	case src != nil && src.Stdin != nil:
		msg = fmt.Sprintf("waited for input that is not given: it reads standard input (%s at %s line %d), which is empty here; its input comes from the command line, as the statement's examples show: read it from %s",
			src.Stdin.Code, src.Stdin.File, src.Stdin.Line, from)
	case noun != "":
		msg = fmt.Sprintf("waited for input that is not given: it read standard input, which is empty here (%s%s); N comes from the command line, as the statement's examples show: read it from %s",
			exc.text, exc.at(), from)
	default:
		msg = fmt.Sprintf("waited for input that is not given: it read standard input, which is empty here (%s%s); its input comes from the command line, as the statement's examples show: read it from %s",
			exc.text, exc.at(), from)
	}
	return &cause{message: msg, hint: "The grader gives your program its input as command-line arguments, the way the statement's examples run it, and nothing on standard input: a prompt and a read of standard input get nothing back. Read the arguments instead (" + from + "), and print nothing but what the statement asks for."}
}

// python2Names are the names Python 2 has and Python 3 does not, with what
// replaces each.
var python2Names = map[string]string{
	"xrange": "range", "raw_input": "input", "unicode": "str", "long": "int", "unichr": "chr",
	"basestring": "str", "reduce": "functools.reduce", "file": "open", "execfile": "exec(open(...).read())",
	"cmp": "a key function", "has_key": "the in operator", "iteritems": "items()", "iterkeys": "keys()",
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
	return &cause{
		message: fmt.Sprintf("crashed: %s%s: %s is Python 2, and the grader runs Python 3, where %s does its work", exc.text, exc.where(), name, instead),
		hint:    submission.Python2Hint,
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
	if n := len(out); n >= bufferSize && n%bufferSize == 0 && out[n-1] != '\n' {
		line := bytes.Count(out, []byte("\n")) + 1
		if res.Signal != "" {
			return &cause{message: fmt.Sprintf("output still in its buffer was lost when it crashed: its output stops after %d bytes, in the middle of line %d, where an output buffer fills",
				n, line), follows: true}
		}
		if exit != nil {
			return &cause{message: fmt.Sprintf("output still in the program's buffer was lost at exit: its output stops after %d bytes, in the middle of line %d, and %s (%s line %d) ended the program without writing the rest out; flush standard output before exiting (%s)",
				n, line, exit.Code, exit.File, exit.Line, flush), hint: unflushedHint}
		}
		return &cause{message: fmt.Sprintf("output still in the program's buffer was lost at exit: its output stops after %d bytes, in the middle of line %d, where an output buffer fills; flush standard output before exiting (%s)",
			n, line, flush), hint: unflushedHint}
	}
	if exit != nil && res.Signal == "" {
		return &cause{message: fmt.Sprintf("output still in the program's buffer was lost at exit: %s (%s line %d) ends the program without writing its buffer out, so what it printed last never arrived; flush standard output before exiting (%s)",
			exit.Code, exit.File, exit.Line, flush), hint: unflushedHint}
	}
	return nil
}

// unflushedExit is the source's exit that skips the flush, when the source
// flushes nowhere, and how the language flushes.
func (g *Runner) unflushedExit() (*submission.Place, string) {
	flush := map[string]string{
		"python": "sys.stdout.flush(), or sys.exit in place of os._exit",
		"c":      "fflush(stdout), or exit in place of _exit",
		"c++":    "std::cout << std::flush, or exit in place of _exit",
		"ruby":   "$stdout.flush, or exit in place of exit!",
		"go":     "Flush the bufio.Writer before os.Exit",
		"java":   "System.out.flush()",
	}[g.sub.Lang]
	if flush == "" {
		flush = "its language's flush"
	}
	src := g.src
	if src == nil || src.UnflushedExit == nil || src.Flushes {
		return nil, flush
	}
	return src.UnflushedExit, flush
}

// unflushedHint is the advice for output lost in a buffer.
const unflushedHint = "A program's output waits in a buffer until the buffer is full or the program ends normally; " +
	"ended any other way (os._exit, _exit, a crash, a kill), what the buffer holds is lost. " +
	"In a terminal the buffer is written at every line, so running it yourself shows everything: " +
	"pipe it (| cat) to see what the grader sees."

// leadWith puts the cause before the check's message: in place of the
// run's failed exit status or its crash, which the cause explains, else
// before the symptom the check found.
func leadWith(c *cause, r *report.CheckResult, run string, res *sandbox.Result) {
	msg := r.Message
	prefix := run + ": "
	switch {
	case c.follows:
		r.Message = msg + "; " + c.message
	case res.ExitCode != 0 && (strings.HasPrefix(msg, prefix+"exited with status") || strings.HasPrefix(msg, prefix+"killed by")):
		r.Message = prefix + c.message
	case strings.HasPrefix(msg, prefix):
		r.Message = prefix + c.message + "; " + strings.TrimPrefix(msg, prefix)
	default:
		r.Message = prefix + c.message + "; " + msg
	}
	if c.hint != "" {
		r.Hint = c.hint
	}
}
