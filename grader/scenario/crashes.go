package scenario

// A program killed by a signal the grader did not send crashed, or was
// ended by something of its own: the report names the signal, and says in
// a student's words what usually raises it.

// signalMeanings are the common signals a student's program dies of.
var signalMeanings = map[string]string{
	"SIGSEGV": "a segmentation fault: it read or wrote memory it may not (a null or dangling pointer, " +
		"an index past the end of an array, a recursion too deep for the stack)",
	"SIGBUS": "a bus error: it read or wrote an address no memory backs",
	"SIGFPE": "an arithmetic error, such as an integer division by zero",
	"SIGABRT": "it aborted: an assertion failed, an exception went uncaught (C++), the C library found " +
		"its memory corrupted (a double free, a write past the end of an allocation), or its runtime gave up " +
		"(its standard error says why)",
	"SIGILL": "an illegal instruction: it ran something that is not code (corrupted memory, " +
		"or in C++ a function that ends without returning its value)",
	"SIGXFSZ": "it wrote a file larger than a run may write",
	"SIGXCPU": "it used more processor time than a run may",
	"SIGKILL": "a signal the grader did not send: no limit of the grader's was reached, " +
		"so the program, something it started, or the machine (its out-of-memory killer, for one) ended it",
}

// signalNote explains the signal that ended a run, "" for none or one of
// the grader's own (a limit's, which the death already names).
func signalNote(signal string) string {
	if signal == "" {
		return ""
	}
	if m, ok := signalMeanings[signal]; ok {
		return ", " + m
	}
	return ", a signal the grader did not send: the program itself, or something it started, ended it"
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

// crashHint is the advice for a check whose last run crashed: the check's
// own hint is about output, which a crashed program did not finish.
const crashHint = "Your program crashed before it finished: run the command above yourself to see where " +
	"(what it printed on standard error may say why). " +
	"In C or C++, compiling with -g -fsanitize=address,undefined makes the crash name the line at fault."
