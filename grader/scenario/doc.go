// Package scenario runs one check of an exercise against a submission: the
// check's testscript scenario, with the grader's commands added (run,
// status, queens, tour, count), and returns its verdict as a
// report.CheckResult.
//
// The grader drives testscript (github.com/rogpeppe/go-internal) itself
// rather than through `go test`: scriptT is its testscript.T (driver.go).
// A Runner holds what one grading's checks share: the exercise, the
// submission, the limits, and which checks the machine starved (a run
// that waited for a processor until its wall-clock limit), to be run
// again alone (timeouts.go). Which check runs when is the caller's
// (package grader's scheduler).
//
// testscript's builtin exec cannot isolate a program, so `run` executes the
// submission in package sandbox: its limits, its own namespaces and root,
// and a folder of its own beside the scenario's, which it can neither see
// nor change (scenariofiles.go). What a run prints is handed to testscript
// through ts.Stdout and ts.Stderr, so the builtins stdout, stderr and cmp
// judge it as they would an exec's output. The commands' arguments are
// parsed by package script, as the exercise loader parsed them.
//
// # Verdicts
//
// A check fails with a message a student can act on. The grader's commands
// say what is wrong with the output (through package checker) or the run
// ("nqueens 12: timed out: it used all of its 20s of CPU time"). When a builtin fails, its terse message
// ("no match for `^usage` found in stdout") is rewritten from the scenario
// line that failed (explain.go, pattern.go): which stream, what was
// expected, and the common near misses (text on the wrong stream, Windows
// line endings, trailing spaces, a stray period). A scenario that breaks at
// run time for a reason that is not the submission's (a file missing from
// the archive) gives the check the status Error, never Fail.
//
// Every such message is data, a report.Message with the run's command line,
// its output and its files as verbatim arguments (messages.go): the
// renderers say it in the report's language, and CheckResult.Message holds
// its English, the English catalog's words. So are the grader's own hints
// (CheckResult.HintReason) and how a run ended (report.Run.DeathReason).
package scenario
