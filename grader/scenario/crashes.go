package scenario

import "github.com/boardcheck/boardcheck/grader/report"

// A program killed by a signal the grader did not send crashed, or was
// ended by something of its own: the report names the signal, and says in
// a student's words what usually raises it.

// signalMeanings are the common signals a student's program dies of: each
// one's message says in a student's words what usually raises it
// ("scenario.signal.SIGSEGV": "a segmentation fault: ...").
var signalMeanings = map[string]bool{
	"SIGSEGV": true, "SIGBUS": true, "SIGFPE": true, "SIGABRT": true,
	"SIGILL": true, "SIGXFSZ": true, "SIGXCPU": true, "SIGKILL": true,
}

// signalNote explains the signal that ended a run, the zero Message for
// none or one of the grader's own (a limit's, which the death already
// names).
func signalNote(signal string) report.Message {
	if signal == "" {
		return report.Message{}
	}
	if signalMeanings[signal] {
		return say("scenario.signal." + signal)
	}
	return say("scenario.signal.other")
}

// comma joins a death and what it means: "killed by SIGSEGV, a
// segmentation fault: ...".
func comma(first, next report.Message) report.Message {
	if next.ID == "" {
		return first
	}
	return say("scenario.comma", report.Nested("first", first), report.Nested("then", next))
}

// crashed says whether signal is one a program dies of by its own fault,
// rather than one something sent it.
func crashed(signal string) bool {
	switch signal {
	case "SIGSEGV", "SIGBUS", "SIGFPE", "SIGABRT", "SIGILL":
		return true
	}
	return false
}

// crashHint ("scenario.hint.crash") is the advice for a check whose last
// run crashed: the check's own hint is about output, which a crashed
// program did not finish.
const crashHint = "scenario.hint.crash"
