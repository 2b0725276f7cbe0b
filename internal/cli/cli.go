// Package cli implements the grader command. Its Main is what cmd/grader runs
// and what the end-to-end testscript tests register as "grader".
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"unicode"

	"github.com/mattn/go-isatty"
	"golang.org/x/term"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/suggest"
)

// Exit statuses. They are part of the command's interface (documented in
// cmd/grader's doc comment and in "grader help"): scripts and CI tell a wrong
// submission (1) from a mistyped command (2) from a broken exercise (3).
const (
	exitPass        = 0   // every check passed
	exitFail        = 1   // a check failed or was skipped
	exitUsage       = 2   // the command line, the exercise ID or the submission is at fault
	exitBroken      = 3   // the grader or the exercise is broken
	exitInterrupted = 130 // stopped by Ctrl-C or SIGTERM, as shells report SIGINT
)

// stdio is what a command may touch of the outside world, so that tests can
// run commands without a terminal or the process's environment.
type stdio struct {
	stdout, stderr io.Writer
	// terminal says whether stdout is a terminal: the default for colour.
	terminal bool
	// progress says whether stderr is a terminal, where a progress line
	// can be drawn and erased.
	progress bool
	getenv   func(string) string
	// width is the terminal's width in columns when stdout is one, which
	// the text report wraps its hints to; 0 elsewhere (a file or a pipe
	// keeps each hint on one line).
	width int
}

// Main runs the grader command with args (without the program name) and
// returns the exit status.
func Main(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sys := stdio{
		stdout:   os.Stdout,
		stderr:   os.Stderr,
		terminal: isatty.IsTerminal(os.Stdout.Fd()) || isatty.IsCygwinTerminal(os.Stdout.Fd()),
		progress: isatty.IsTerminal(os.Stderr.Fd()) || isatty.IsCygwinTerminal(os.Stderr.Fd()),
		getenv:   os.Getenv,
	}
	if sys.terminal {
		sys.width = terminalWidth(int(os.Stdout.Fd()), os.Getenv)
	}
	code := run(ctx, args, sys)
	if ctx.Err() != nil && code != exitPass && code != exitInterrupted {
		// The command ended some other way (a report of runs cut short,
		// say), but it ended because it was told to.
		fmt.Fprintln(os.Stderr, interrupted(args, sys))
		return exitInterrupted
	}
	return code
}

// A command is one subcommand of grader.
type command struct {
	name    string
	summary string // one line, for "grader help"
	run     func(ctx context.Context, args []string, sys stdio) error
}

// commands are grader's subcommands, in the order "grader help" lists them.
var commands []command

func init() {
	// Filled here rather than in the declaration because help refers back
	// to the table.
	commands = []command{
		{"list", "list the exercises", runList},
		{"show", "print an exercise's statement", runShow},
		{"check", "check a submission against an exercise", runCheck},
		{"batch", "grade a whole class into reports and a gradebook", runBatch},
		{"merge", "join the gradebooks of batch shards", runMerge},
		{"gradescope", "write a Gradescope autograder for an exercise", runGradescope},
		{"verify", "prove an exercise: reference, submissions, checkers", runVerify},
		{"new", "start an exercise folder, or copy one to vary it", runNew},
		{"help", "explain a command", runHelp},
		{"version", "print grader's version", runVersion},
	}
}

func lookupCommand(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

func run(ctx context.Context, args []string, sys stdio) int {
	if len(args) == 0 {
		sys.stderr.Write([]byte(usageText()))
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		sys.stdout.Write([]byte(usageText()))
		return exitPass
	}
	cmd := lookupCommand(name)
	if cmd == nil {
		err := usageErrorf("unknown command %q%s", name, didYouMean(name, commandNames()))
		return reportError(sys, err, "", i18n.English)
	}
	return reportError(sys, cmd.run(ctx, args[1:], sys), cmd.name, errorLang(cmd.name, args[1:], sys.getenv))
}

// interrupted is "grader: interrupted", in the language of the command
// args ran.
func interrupted(args []string, sys stdio) string {
	lang := i18n.English
	if len(args) > 0 {
		lang = errorLang(args[0], args[1:], sys.getenv)
	}
	l := i18n.For(lang)
	return prefix(l) + l.T("cli.interrupted")
}

// prefix is what every line the grader says of its own on standard error
// starts with: its name, "grader: ", a command's name and so verbatim.
func prefix(l *i18n.Localizer) string { return l.Verbatim("grader") + ": " }

func commandNames() []string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return names
}

// A usageError is a mistake on the command line: exit status 2, and a
// pointer to the help. said is msg as data (usageSay), in the language
// of the command (errorLang); nil where msg is English alone.
type usageError struct {
	msg  string
	said []report.Message
}

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// exitCode is an error that only sets the exit status: the command has said
// all there is to say (a report with failures, for instance).
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// reportError prints err, if any, in the house style ("grader: ..." on stderr)
// and returns the exit status it calls for. cmd names the command that ran,
// to point at its help; lang is the language it speaks (errorLang), in
// which an error said as data (usageSay, saidError) is said.
func reportError(sys stdio, err error, cmd, lang string) int {
	if err == nil {
		return exitPass
	}
	var code exitCode
	if errors.As(err, &code) {
		return int(code)
	}
	// A message may quote a file name a student chose (merge's "student
	// NAME was graded in both ..."): what a message quotes is escaped,
	// and an English message's every line.
	l := i18n.For(lang).WithEscape(render.Escape)
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(sys.stderr, prefix(l)+l.T("cli.interrupted"))
		return exitInterrupted
	}
	var lines []string
	sayLines := func(ms []report.Message) {
		for _, m := range ms {
			lines = append(lines, l.Say(m))
		}
	}
	englishLines := func(msg string) {
		for _, s := range strings.Split(strings.TrimPrefix(msg, "grader: "), "\n") {
			lines = append(lines, render.Escape(s))
		}
	}
	status := exitBroken
	var (
		usage   *usageError
		unknown *exercise.UnknownError
		check   *grader.UnknownCheckError
		sub     *submission.Error
		said    *saidError
	)
	switch {
	case errors.As(err, &usage):
		status = exitUsage
		if usage.said != nil && err.Error() == usage.msg {
			sayLines(usage.said)
		} else {
			englishLines(err.Error())
		}
		topic := "grader help"
		if cmd != "" && cmd != "help" {
			topic += " " + cmd
		}
		lines = append(lines, l.T("cli.usage_hint", report.Verbatim("command", topic)))
	case errors.As(err, &unknown):
		status = exitUsage
		id := report.Verbatim("exercise", strconv.Quote(unknown.ID))
		if unknown.Suggestion != "" {
			lines = append(lines, l.T("cli.unknown_exercise_suggest", id, report.Verbatim("suggestion", unknown.Suggestion)))
		} else {
			lines = append(lines, l.T("cli.unknown_exercise", id))
		}
		lines = append(lines, l.T("cli.list_hint", report.Verbatim("command", "grader list")))
	case errors.As(err, &check):
		status = exitUsage
		englishLines(err.Error())
	case errors.As(err, &sub):
		status = exitUsage
		if m, ok := submissionMessage(sub); ok && err.Error() == sub.Error() && "grader: "+english([]report.Message{m}) == sub.Error() {
			sayLines([]report.Message{m})
		} else {
			englishLines(err.Error())
		}
	case errors.As(err, &said):
		sayLines(said.said)
	default:
		englishLines(err.Error())
	}
	fmt.Fprintln(sys.stderr, prefix(l)+strings.Join(lines, "\n"))
	return status
}

// submissionMessage is a submission that cannot be run, said as data
// where its package says why as data (submission.Error's Why and Todo).
func submissionMessage(e *submission.Error) (report.Message, bool) {
	if e.Why == nil || (e.Fix != "") != (e.Todo != nil) {
		return report.Message{}, false
	}
	path := e.Path
	if strings.IndexFunc(path, unicode.IsControl) >= 0 {
		path = strconv.Quote(path) // as submission.Error quotes it
	}
	if e.Todo != nil {
		return say("cli.submission_todo", report.Verbatim("path", path), report.Nested("why", *e.Why), report.Nested("todo", *e.Todo)), true
	}
	return say("cli.submission", report.Verbatim("path", path), report.Nested("why", *e.Why)), true
}

// didYouMean returns "; did you mean X?" for the candidate nearest to s, or ""
// when none is near enough to be a likely typo.
func didYouMean(s string, candidates []string) string {
	best := suggest.Closest(s, candidates)
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %s?", best)
}

// terminalWidth is the width of the terminal on fd: as the terminal says, or
// as $COLUMNS says where it cannot (script(1) and some CI consoles give no
// size), else the 80 columns terminals start with.
func terminalWidth(fd int, getenv func(string) string) int {
	if w, _, err := term.GetSize(fd); err == nil && w > 0 {
		return w
	}
	if w, err := strconv.Atoi(getenv("COLUMNS")); err == nil && w > 0 {
		return w
	}
	return 80
}
