package scenario

import (
	"slices"
	"strings"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// A check's message is built as data (report.Message), from the pieces
// below, and said in words only by the renderers; its English words, the
// English catalog's, are what CheckResult.Message and testscript's log
// hold. What a run printed, its command line, a file name and a pattern
// are verbatim arguments, never translated.

// say is report.Say, shorter for the many messages here.
func say(id string, args ...report.Arg) report.Message { return report.Say(id, args...) }

// english is m in the English catalog's words.
func english(m report.Message) string { return i18n.For(i18n.English).Say(m) }

// untranslatedID is the message of English words another package still
// builds with fmt (a checker's failure, a submission's, the sandbox's, a
// Go error): said as it is in every language until that package says it as
// a Message too (issue 31's phase B).
const untranslatedID = "scenario.untranslated"

func untranslated(s string) report.Message {
	return say(untranslatedID, report.Text("text", s))
}

// diagnostic is words for whoever fixes the exercise or the grader, not
// the student: testscript's own on a scenario's mistake, a Go error. They
// stay English in every language, as a compiler's output does, and are
// isolated as verbatim text is, so that they keep their order inside a
// right-to-left sentence; the sentence around them ("exercise error at
// ... (not your fault)") is the student's, in the student's language.
const diagnosticID = "scenario.diagnostic"

func diagnostic(s string) report.Message {
	return say(diagnosticID, report.Verbatim("text", s))
}

// checkerMessage is the checker's failure as a message: its Reason, or
// its English words where the checker does not say it as data yet.
func checkerMessage(f *checker.Failure) report.Message {
	if f.Reason == nil {
		return untranslated(f.Message)
	}
	return fromChecker(*f.Reason)
}

// fromChecker is a checker.Msg as a report.Message: the same identifier
// and arguments (checker cannot import report, which imports it).
func fromChecker(m checker.Msg) report.Message {
	r := report.Message{ID: m.ID}
	for _, a := range m.Args {
		switch a.Kind {
		case checker.MsgInt:
			r.Args = append(r.Args, report.Int64(a.Name, a.Int))
		case checker.MsgMessage:
			r.Args = append(r.Args, report.Nested(a.Name, fromChecker(*a.Msg)))
		default:
			r.Args = append(r.Args, report.Verbatim(a.Name, a.Text))
		}
	}
	return r
}

// onRun is what a run did, after its command line: "nqueens 4: ...".
func onRun(run string, what report.Message) report.Message {
	return say("scenario.on_run", report.Verbatim("run", run), report.Nested("what", what))
}

// then joins clauses as "first; second; ...", leaving out empty ones.
func then(first report.Message, rest ...report.Message) report.Message {
	m := first
	for _, r := range rest {
		if r.ID == "" {
			continue
		}
		m = say("scenario.then", report.Nested("first", m), report.Nested("then", r))
	}
	return m
}

// lead is the identifier of the clause m begins with.
func lead(m report.Message) string {
	for {
		var a report.Arg
		switch m.ID {
		case "scenario.then", "scenario.comma", "scenario.and":
			a, _ = m.Arg("first")
		case "scenario.exit_zero_want":
			a, _ = m.Arg("what")
		default:
			return m.ID
		}
		m = *a.Msg
	}
}

// holds says whether m says the message id, itself or in an argument.
func holds(m report.Message, id string) bool {
	if m.ID == id {
		return true
	}
	for _, a := range m.Args {
		if a.Msg != nil && holds(*a.Msg, id) {
			return true
		}
	}
	return false
}

// onRunWhat returns what m says the run called run did, when m begins with
// an onRun of it: m without that command line.
func onRunWhat(m report.Message, run string) (report.Message, bool) {
	switch m.ID {
	case "scenario.on_run":
		r, _ := m.Arg("run")
		w, _ := m.Arg("what")
		if r.Text != run {
			return m, false
		}
		return *w.Msg, true
	case "scenario.then", "scenario.and", "scenario.comma", "scenario.exit_zero_want":
		// The first clause is the one that may begin with it.
		name := "first"
		if m.ID == "scenario.exit_zero_want" {
			name = "what"
		}
		args := slices.Clone(m.Args)
		for i, a := range args {
			if a.Name == name && a.Msg != nil {
				first, ok := onRunWhat(*a.Msg, run)
				if !ok {
					return m, false
				}
				args[i] = report.Nested(name, first)
				return report.Message{ID: m.ID, Args: args}, true
			}
		}
	case untranslatedID:
		a, _ := m.Arg("text")
		if rest, ok := strings.CutPrefix(a.Text, run+": "); ok {
			return untranslated(rest), true
		}
	}
	return m, false
}

// setReason gives r the message m: as data, unless it is English alone,
// and as its English words.
func setReason(r *report.CheckResult, m report.Message) {
	r.Message = english(m)
	r.Reason = nil
	if m.ID != untranslatedID {
		r.Reason = &m
	}
}

// reasonOf is r's message as data.
func reasonOf(r *report.CheckResult) report.Message {
	if r.Reason != nil {
		return *r.Reason
	}
	return untranslated(r.Message)
}

// stream is a stream of a run, or a file of the scenario's folder, as a
// message names it.
type stream struct {
	cmd  string // "stdout", "stderr", or "" for a file
	file string
}

var (
	stdoutStream = stream{cmd: "stdout"}
	stderrStream = stream{cmd: "stderr"}
)

func fileStream(name string) stream { return stream{file: name} }

// other is the other stream of a run: none for a file.
func (s stream) other() stream {
	switch s.cmd {
	case "stdout":
		return stderrStream
	case "stderr":
		return stdoutStream
	}
	return stream{}
}

func (s stream) msg() report.Message {
	if s.cmd != "" {
		return say("stream." + s.cmd)
	}
	return say("scenario.file", report.Verbatim("file", s.file))
}

func (s stream) arg(name string) report.Arg { return report.Nested(name, s.msg()) }

// quoted is a line of a run's output or an expected text, quoted and cut
// as quoteLine or quoteText did: verbatim.
func quoted(name, q string) report.Arg { return report.Verbatim(name, q) }
