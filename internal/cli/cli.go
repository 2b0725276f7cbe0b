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

	"github.com/mattn/go-isatty"
	"golang.org/x/term"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/render"
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
		fmt.Fprintln(os.Stderr, "grader: interrupted")
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
		return reportError(sys, err, "")
	}
	return reportError(sys, cmd.run(ctx, args[1:], sys), cmd.name)
}

func commandNames() []string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return names
}

// A usageError is a mistake on the command line: exit status 2, and a
// pointer to the help.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// exitCode is an error that only sets the exit status: the command has said
// all there is to say (a report with failures, for instance).
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// reportError prints err, if any, in the house style ("grader: ..." on stderr)
// and returns the exit status it calls for. cmd names the command that ran,
// to point at its help.
func reportError(sys stdio, err error, cmd string) int {
	if err == nil {
		return exitPass
	}
	var code exitCode
	if errors.As(err, &code) {
		return int(code)
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(sys.stderr, "grader: interrupted")
		return exitInterrupted
	}
	status := exitBroken
	msg := err.Error()
	var (
		usage   *usageError
		unknown *exercise.UnknownError
		check   *grader.UnknownCheckError
		sub     *submission.Error
	)
	switch {
	case errors.As(err, &usage):
		status = exitUsage
		topic := "grader help"
		if cmd != "" && cmd != "help" {
			topic += " " + cmd
		}
		msg += fmt.Sprintf("\nrun %q for usage", topic)
	case errors.As(err, &unknown):
		status = exitUsage
		msg = fmt.Sprintf("unknown exercise %q", unknown.ID)
		if unknown.Suggestion != "" {
			msg += fmt.Sprintf("; did you mean %s?", unknown.Suggestion)
		}
		msg += "\nrun \"grader list\" to see every exercise"
	case errors.As(err, &check):
		status = exitUsage
	case errors.As(err, &sub):
		status = exitUsage
	}
	// A message may quote a file name a student chose (merge's "student
	// NAME was graded in both ..."): each line is printed escaped.
	lines := strings.Split(strings.TrimPrefix(msg, "grader: "), "\n")
	for i, l := range lines {
		lines[i] = render.Escape(l)
	}
	fmt.Fprintln(sys.stderr, "grader: "+strings.Join(lines, "\n"))
	return status
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
