package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// The command line's errors, said in the language the command speaks. A
// student who mistypes "grader check" reads them, so check's and show's
// are catalog messages (cli.*), said as the report would be: in --lang's
// language, else the environment's, else English (errorLang). What the
// user typed (a flag, a value, an exercise ID, a check's name, a file
// name) and the commands an error names are verbatim. The other commands
// are an instructor's or an author's: they share the mechanism, but speak
// English, and most of their errors are English alone (usageErrorf).

// say is report.Say, shorter for the many messages here.
func say(id string, args ...report.Arg) report.Message { return report.Say(id, args...) }

// english is lines in the English catalog's words, one a line.
func english(lines []report.Message) string {
	l := i18n.For(i18n.English)
	s := make([]string, len(lines))
	for i, m := range lines {
		s[i] = l.Say(m)
	}
	return strings.Join(s, "\n")
}

// usageSay is a usage error said as data: lines of messages, the first
// said after "grader: ".
func usageSay(lines ...report.Message) error {
	return &usageError{msg: english(lines), said: lines}
}

// inCommand is m said after the command's name: "check: ...".
func inCommand(cmd string, m report.Message) report.Message {
	return say("cli.in_command", report.Verbatim("command", cmd), report.Nested("error", m))
}

// A saidError is an error other than the command line's (exit status 3)
// said as data; err, when not nil, is what it says, for errors.As.
type saidError struct {
	said []report.Message
	err  error
}

func (e *saidError) Error() string { return english(e.said) }
func (e *saidError) Unwrap() error { return e.err }

// diagnostic is err's words, for whoever fixes the exercise (a manifest's
// or a scenario's mistake, an error of the file system), said as verbatim
// text in every language, a line at a time, as grader/scenario says its
// diagnostics: English, as a compiler's output is, and isolated so that
// they keep their order in a right-to-left line. English says no words
// around them; neither do the other languages, whose reader knows from
// "grader: " and the file's name and line what they are.
func diagnostic(err error) error {
	var lines []report.Message
	for _, s := range strings.Split(strings.TrimPrefix(err.Error(), "grader: "), "\n") {
		lines = append(lines, say("cli.diagnostic", report.Verbatim("text", s)))
	}
	return &saidError{said: lines, err: err}
}

// A valueError is a flag's value refused by its Set, said as data: the
// cause after "invalid value ... for flag -NAME: ".
type valueError struct{ m report.Message }

func (e *valueError) Error() string { return english([]report.Message{e.m}) }

// errorLang is the language cmd's errors are said in: check's and show's
// in --lang's, if args give one the grader speaks, else the environment's
// (i18n.Choose); every other command's, and an unknown --lang's, English.
// It reads args before the flags are parsed, since parsing may fail before
// --lang is reached: "grader check --timeout 0 --lang ko ...". A flag's
// value is skipped over, so that "--pattern --lang" names no language.
func errorLang(cmd string, args []string, getenv func(string) string) string {
	var fs *flag.FlagSet
	switch cmd {
	case "check":
		fs, _ = checkFlagSet()
	case "show":
		fs, _ = showFlagSet()
	default:
		return i18n.English
	}
	given := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		f := fs.Lookup(name)
		if f == nil || isBoolFlag(f) {
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				break
			}
			i++
			value = args[i]
		}
		if name == "lang" {
			given = value // the last one, as flag.Parse keeps
		}
	}
	lang, _, err := i18n.Choose(given, getenv, "")
	if err != nil {
		// An unknown --lang is said as the flag says it: in English, with
		// the languages there are.
		return i18n.English
	}
	return lang
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// A flagFailure is the value a flag's Set refused, kept for flagError,
// since the flag package returns only its words.
type flagFailure struct {
	name, value string
	err         error
}

// recorder is a flag's Value that keeps the last value Set refused.
type recorder struct {
	flag.Value
	name   string
	failed *flagFailure
}

func (r recorder) Set(s string) error {
	err := r.Value.Set(s)
	if err != nil {
		*r.failed = flagFailure{r.name, s, err}
	}
	return err
}

// boolRecorder is a recorder of a boolean flag, which takes no value of
// its own.
type boolRecorder struct{ recorder }

func (boolRecorder) IsBoolFlag() bool { return true }

// recordFailures makes every flag of fs keep the value its Set refuses,
// in the flagFailure returned.
func recordFailures(fs *flag.FlagSet) *flagFailure {
	failed := &flagFailure{}
	fs.VisitAll(func(f *flag.Flag) {
		switch v := f.Value.(type) {
		case recorder, boolRecorder:
			return // recorded already
		default:
			r := recorder{v, f.Name, failed}
			if isBoolFlag(f) {
				f.Value = boolRecorder{r}
			} else {
				f.Value = r
			}
		}
	})
	return failed
}

// flagError is the flag package's err, in cmd, as a usage error said as
// data. The package words its errors in a few fixed shapes (flag.go's
// failf); one it words otherwise, or an error it quotes from a Set that is
// no valueError, is said in English alone, as before: the pseudo-language
// harness finds it.
func flagError(cmd string, err error, failed *flagFailure) error {
	words := fmt.Sprintf("%s: %v", cmd, err)
	msg := err.Error()
	var m report.Message
	value, flagName := report.Verbatim("value", strconv.Quote(failed.value)), report.Verbatim("flag", "-"+failed.name)
	var why *valueError
	switch {
	case failed.err != nil && strings.HasPrefix(msg, "invalid value ") && errors.As(failed.err, &why):
		m = say("cli.flag.invalid", value, flagName, report.Nested("why", why.m))
	case failed.err != nil && strings.HasPrefix(msg, "invalid boolean value "):
		m = say("cli.flag.invalid_bool", value, flagName)
	case strings.HasPrefix(msg, "flag provided but not defined: "):
		m = say("cli.flag.undefined", report.Verbatim("flag", strings.TrimPrefix(msg, "flag provided but not defined: ")))
	case strings.HasPrefix(msg, "flag needs an argument: "):
		m = say("cli.flag.needs_value", report.Verbatim("flag", strings.TrimPrefix(msg, "flag needs an argument: ")))
	case strings.HasPrefix(msg, "bad flag syntax: "):
		m = say("cli.flag.bad_syntax", report.Verbatim("arg", strings.TrimPrefix(msg, "bad flag syntax: ")))
	default:
		return usageErrorf("%s", words)
	}
	said := usageSay(inCommand(cmd, m))
	if said.Error() != words {
		// The flag package words it otherwise now: its words, in
		// English, rather than a message that says something else.
		return usageErrorf("%s", words)
	}
	return said
}
