package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"regexp"
	"strconv"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/reference"
)

// showFlags are show's flags: --trace N replaces the statement with the
// reference solver's search for N queens, step by step.
type showFlags struct {
	trace  traceFlag
	format string
	lang   string
}

// traceFlag is --trace's N; set tells "--trace 0" from no --trace.
type traceFlag struct {
	n   int
	set bool
}

func (f *traceFlag) String() string {
	if f == nil || !f.set {
		return ""
	}
	return fmt.Sprint(f.n)
}

func (f *traceFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > reference.MaxTraceN {
		return &valueError{say("cli.want.board_size", report.Int("min", 1), report.Int("max", reference.MaxTraceN))}
	}
	f.n, f.set = n, true
	return nil
}

func showFlagSet() (*flag.FlagSet, *showFlags) {
	f := &showFlags{}
	fs := newFlagSet("show")
	fs.Var(&f.trace, "trace", fmt.Sprintf("for a queens exercise: print the reference solver's search for `N` queens step by step (N from 1 to %d)", reference.MaxTraceN))
	fs.StringVar(&f.format, "format", "text", "with --trace: `FORMAT` is text, or html for an animated page")
	registerLang(fs, &f.lang)
	return fs, f
}

// parseShow parses show's arguments, printing its help for -h.
func parseShow(args []string, sys stdio) (pos []string, f *showFlags, help bool, err error) {
	fs, f := showFlagSet()
	pos, err = parse(fs, args)
	if errors.Is(err, errHelp) {
		printf(sys.stdout, "%s", helpText("show"))
		return nil, f, true, nil
	}
	if err == nil && f.format != "text" && f.format != "html" {
		err = usageSay(inCommand("show", say("cli.show.unknown_format", report.Verbatim("flag", "-format"),
			report.Verbatim("format", strconv.Quote(f.format)), report.Verbatim("text", "text"), report.Verbatim("html", "html"))))
	}
	if err == nil && f.format != "text" && !f.trace.set {
		err = usageSay(inCommand("show", say("cli.show.format_needs_trace", report.Verbatim("flag", "-format"),
			report.Verbatim("trace", "--trace"), report.Verbatim("text", "text"))))
	}
	return pos, f, false, err
}

// queensCommand finds a scenario line that checks N-Queens output: the
// exercises whose checks use it are the ones a trace of the queens search
// explains.
var queensCommand = regexp.MustCompile(`(?m)^[ \t]*(?:![ \t]*)?(?:queens\b.*\b(?:all|one|none)\b|count[ \t]+queens\b).*$`)

func isQueensExercise(ex *exercise.Exercise) bool {
	for _, c := range ex.Checks {
		for _, line := range queensCommand.FindAll(c.Script, -1) {
			if !bytes.Contains(line, []byte("-rooks")) {
				return true
			}
		}
	}
	return false
}

// showTrace prints the search for f.trace.n queens, for exercise ex.
func showTrace(ex *exercise.Exercise, f *showFlags, sys stdio) error {
	if !isQueensExercise(ex) {
		return usageSay(inCommand("show", say("cli.show.not_queens", report.Verbatim("flag", "--trace"),
			report.Verbatim("exercise", ex.ID), report.Verbatim("command", "queens"))))
	}
	// In the student's language, chosen as for the statement.
	lang, note, err := i18n.Choose(f.lang, sys.getenv, ex.DefaultLang)
	if err != nil {
		return usageErrorf("show: %v", err)
	}
	if note != nil {
		printf(sys.stderr, "grader: %v; speaking English\n", note)
	}
	if f.format == "html" {
		return render.TraceHTML(sys.stdout, ex.ID, f.trace.n, lang)
	}
	return render.TraceText(sys.stdout, f.trace.n, lang)
}

// showFlagDefaults is show's flags for its help text.
func showFlagDefaults() string {
	fs, _ := showFlagSet()
	return "Flags:\n" + flagDefaults(fs)
}
