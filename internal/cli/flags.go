package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/boardcheck/boardcheck/grader/report"
)

// newFlagSet returns a FlagSet that reports nothing itself: parse errors come
// back to the command, which prints them in the house style.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// errHelp is returned by parse when -h or --help was given.
var errHelp = flag.ErrHelp

// parse parses args with fs, allowing flags after the positional arguments
// as well as before (students type "grader check nqueens sol.py -v"), and
// returns the positional arguments. Everything after "--" is positional, for
// a submission whose name starts with a dash.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	failed := recordFailures(fs)
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, flagError(fs.Name(), err, failed)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		// The flag package stops at the first non-flag argument, or
		// after "--" (which it consumes): tell the two apart.
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// durationFlag is a positive time.Duration.
type durationFlag struct{ d time.Duration }

func (f *durationFlag) String() string {
	if f == nil || f.d == 0 {
		return ""
	}
	return f.d.String()
}

func (f *durationFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return &valueError{say("cli.want.duration", report.Verbatim("example", "30s"), report.Verbatim("other", "2m"))}
	}
	f.d = d
	return nil
}

// listFlag collects names given as a repeated flag, comma-separated, or both:
// --run a --run b,c. It keeps each value as given too, since a check's title
// may hold a comma ("N = 2, 3 and 4 have no tour").
type listFlag struct{ names, values []string }

func (f *listFlag) String() string {
	if f == nil {
		return ""
	}
	return strings.Join(f.names, ",")
}

func (f *listFlag) Set(s string) error {
	f.values = append(f.values, strings.TrimSpace(s))
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return &valueError{say("cli.want.check_name")}
		}
		f.names = append(f.names, name)
	}
	return nil
}

// colorFlag is --color's value: auto, always or never.
type colorFlag struct{ when string }

func (f *colorFlag) String() string {
	if f == nil || f.when == "" {
		return "auto"
	}
	return f.when
}

func (f *colorFlag) Set(s string) error {
	switch s {
	case "auto", "always", "never":
		f.when = s
		return nil
	}
	return &valueError{say("cli.want.color", report.Verbatim("auto", "auto"), report.Verbatim("always", "always"), report.Verbatim("never", "never"))}
}

// enabled decides colour for output to a terminal or not. NO_COLOR
// (https://no-color.org) and TERM=dumb turn it off unless --color=always
// asks for it: a command-line flag beats the environment.
func (f *colorFlag) enabled(sys stdio) bool {
	switch f.when {
	case "always":
		return true
	case "never":
		return false
	}
	return sys.terminal && sys.getenv("NO_COLOR") == "" && sys.getenv("TERM") != "dumb"
}

// flagDefaults returns fs's flags as PrintDefaults writes them, for the help
// text, so that it cannot drift from the flags themselves.
func flagDefaults(fs *flag.FlagSet) string {
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	return b.String()
}

// printf writes to w, ignoring errors: a closed stdout is no reason to change
// the exit status.
func printf(w io.Writer, format string, args ...any) { fmt.Fprintf(w, format, args...) }
