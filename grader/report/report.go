// Package report holds the verdicts of grading one submission: a Report of
// CheckResults, each with its runs and what a renderer needs to show a failure.
// It is plain data, below both the grading that fills it in and the renderers
// that print it.
package report

import (
	"time"

	"github.com/boardcheck/boardcheck/grader/checker"
)

// Status is the verdict on one check. The set is fixed: renderers, scores and
// exit statuses all depend on it, so a new kind of outcome must map onto one of
// these four rather than add a fifth.
type Status string

const (
	// Pass: the submission did everything the check asks.
	Pass Status = "pass"
	// Fail: the submission is wrong; the message says how. The student's to fix.
	Fail Status = "fail"
	// Skip: not run, because a check it depends on did not pass. Fixing that
	// check first is the student's next step.
	Skip Status = "skip"
	// Error: the exercise or the grader itself broke (a malformed scenario, a
	// reference that could not run). Never the student's fault.
	Error Status = "error"
)

// Report is the outcome of grading one submission against one exercise.
// It is plain data: renderers (text, JSON, ...) turn it into output.
type Report struct {
	Exercise   string        // exercise ID, e.g. "nqueens"
	Title      string        // exercise title from its manifest
	Submission string        // the submission path as the user gave it
	Command    []string      // how the submission is run, e.g. ["python3", "/abs/sol.py"]
	Checks     []CheckResult // in the exercise's order, whatever finished first
	Score      int           // sum of the checks' scores
	MaxScore   int           // sum of the checks' points
	Passed     bool          // every check passed
	Duration   time.Duration // wall time of the whole grading
	// Protections says which isolation measures were in force for the runs
	// (e.g. "time limit 10s", "memory limit 512 MiB via cgroup"), for -v,
	// in English: what a machine reads (the JSON report's protections).
	Protections []string
	// ProtectionReasons are Protections as data, one for each, for the
	// renderers to say in the report's language; nil where the report
	// holds Protections alone (read back from JSON).
	ProtectionReasons []Message
	// Compiled says Command runs a program compiled from Submission into a
	// temporary folder, which is deleted once grading ends.
	Compiled bool
	// Built says, for a folder, what the grader chose to build or run:
	// "built main.go board.go with go build". Empty for a file.
	Built string
	// BuiltReason is Built as data, for the renderers to say in the
	// report's language; Built holds its English words, which the JSON
	// report keeps. Nil where Built is words alone (read back from JSON).
	BuiltReason *Message
	// Graded says what the report was graded from (grader batch and
	// grader check record it); nil when not recorded.
	Graded *Graded
	// Student is the student's name in a class (grader batch), spelt as
	// every file of the batch writes it; "" elsewhere.
	Student string
	// Lang is the language the report is said in, a tag the grader has a
	// catalog for ("bn", "ar"; "" is English): the exercise's titles and
	// hints in it were chosen when grading, and renderers say their own
	// words and every Message in it.
	Lang string
}

// CheckResult is the verdict on one check (one scenario).
type CheckResult struct {
	Name     string // the scenario's file name without .txtar: "usage-no-argument"
	Title    string // from the scenario header
	Status   Status
	Score    int // MaxScore when Status is Pass, else 0
	MaxScore int // the scenario's points
	// Message says why the check did not pass, in a sentence a student can act
	// on ("line 3: queens at row 0 col 1 and row 2 col 3 share a diagonal").
	// Empty on Pass.
	Message string
	// Reason is Message as data, where the code that found the failure
	// says it as a Message: renderers then say it in the report's
	// language, and Message holds its English. Nil where the failure is
	// still said in English words alone (issue 31's phase B converts the
	// rest).
	Reason *Message
	Hint   string // from the scenario header; shown when the check does not pass
	// HintReason is Hint as data where the hint is the grader's own (a
	// crash's, a time-out's, a read of standard input's) rather than the
	// exercise's: the text report says it in the report's language, its
	// code and names isolated as a Message's are; Hint holds its words
	// in the exercise's language, without isolates. Nil otherwise.
	HintReason *Message
	// Visibility is the check's, from the manifest: a report for a student
	// shows a Hidden or AfterDueDate check only by its verdict
	// (render.ForStudent); a platform that hides tests itself (Gradescope)
	// is told it.
	Visibility Visibility
	// SkippedBecause names the check whose failure caused a Skip.
	SkippedBecause string
	// RanDespite names a check it needs that had not passed when it ran
	// all the same, because the user asked for it by name (--run).
	RanDespite string
	// Line is the scenario line (1-based) at which the check failed, 0 if none.
	Line int
	// Runs lists every run of the submission in the order they happened.
	Runs []Run
	// Detail carries structured data about a failure, for diffs and pictures.
	// Nil when there is nothing to draw.
	Detail   *Detail
	Duration time.Duration
	// Log is testscript's transcript of the scenario, for -v.
	Log string
}

// Run is one execution of the submission inside a check.
type Run struct {
	Args     []string // as written in the scenario: ["nqueens", "4"]
	Command  []string // the argv actually executed
	Stdin    string   // the standard input given, if any (trimmed like Stdout)
	Stdout   string   // captured standard output, trimmed to a readable size
	Stderr   string   // captured standard error, trimmed likewise
	Trimmed  bool     // Stdout or Stderr was cut for the report
	ExitCode int      // -1 when the process did not exit normally
	// Death says how the run ended when it did not exit by itself:
	// "killed by SIGSEGV", "timed out: it used all of its 10s of CPU time", "used more than 512 MiB of
	// memory", "printed more than 16 MiB on standard output". Empty otherwise.
	Death string
	// DeathReason is Death as data, for the renderers to say in the
	// report's language; nil where Death is said in English words alone
	// (the sandbox's own, for the few ends package scenario does not
	// word itself).
	DeathReason *Message
	Duration    time.Duration
	// CPU is the processor time the run's processes used, what the time
	// limit bounds: the same however busy the machine was.
	CPU time.Duration
	// CPUWait is how long the run's processes waited for a processor the
	// machine's other work held (not for one another): part of Duration,
	// none of CPU.
	CPUWait time.Duration
	// StdoutLines and StderrLines count the lines of the whole output as
	// captured, before trimming: what "... N more lines" is to be taken
	// from. A last line without a newline counts.
	StdoutLines, StderrLines int
}

// Detail is what a renderer needs to show a failure rather than just state it.
type Detail struct {
	// Expected and Actual are texts to diff (e.g. for `cmp stdout want.txt`).
	// Both empty when the failure is not a text comparison.
	Expected string
	Actual   string
	// OutputLine is the 1-based line of the submission's output at fault, 0 if none.
	OutputLine int
	// Board is a placement to draw, with the attack highlighted.
	Board *checker.BoardPicture
	// Tour is a knight's tour to draw, with the broken move highlighted.
	Tour *checker.TourPicture
	// Tally counts, for a `queens ... all` check, the solutions printed
	// right, repeated and invalid, and those missing.
	Tally *checker.QueensTally
	// Excerpt is the output's lines around OutputLine when the last run's
	// Stdout, as the report keeps it, ends before that line; ExcerptFrom
	// is the number of its first line. A report that names line 708 shows
	// it.
	Excerpt     string
	ExcerptFrom int
}

// The checks that stand for the whole submission, before any of the
// exercise's own: they come first in a report, and every other check needs them.

// BuildCheck is the name of the check a compile error becomes.
const BuildCheck = "build"

// StartCheck is the name of the check a program that does not start
// becomes: a script its interpreter cannot parse. Like BuildCheck for a
// compiled language, it comes first and every other check needs it, so
// that one syntax error is reported once, with the line that explains it,
// not as a dozen identical failures.
const StartCheck = "starts"

// UngradableCheck is the check a submission that cannot be run at all (no
// such file, empty, not executable, its interpreter missing) fails, in the
// report written for it.
const UngradableCheck = "submission"

// Visibility is when a student may see a check: its title, its scenario's
// runs, why it failed. The words are Gradescope's, which hides such tests
// itself; every other report for a student shows a check that is not
// Visible only as existing, with its points and whether it passed. An
// author hides a check so that a class cannot write to its input (a large
// N, a tricky argument) instead of solving the exercise.
type Visibility string

const (
	// Visible: shown in full, always. The default.
	Visible Visibility = ""
	// Hidden: never shown to the student beyond its verdict.
	Hidden Visibility = "hidden"
	// AfterDueDate: shown in full once the assignment's due date has
	// passed, on a platform that knows it (Gradescope); hidden until then,
	// and everywhere else.
	AfterDueDate Visibility = "after_due_date"
)

// HiddenTitle is what a student is shown of a hidden check's title, in a
// report and in the statement's table of checks: the title may name the
// input ("N = 27 in time"). These are its English words; a report says the
// catalogs' grader.title.hidden in its language.
const HiddenTitle = "A hidden check"

// Shown reports whether a student sees the check in full.
func (v Visibility) Shown() bool { return v == Visible }

// Graded says what a report was graded from, so that a grade can be told
// stale: a report is only as good as the submission, the exercise and the
// grader it came from. Batch keeps a report from an earlier run only when
// all three are the same.
type Graded struct {
	// Submission is grader.DigestPath of the student's entry: the submission
	// file, or every file of their folder.
	Submission string
	// Exercise is grader.ExerciseDigest of the exercise and the options that
	// change a grade (--timeout, --run).
	Exercise string
	// Grader names the grader's build: its version and the digest of its
	// binary ("v1.2.0 sha256:...", "(devel) 0123456789ab sha256:..."), or
	// its version alone where its binary could not be read.
	Grader string
}
