package cli

import (
	"context"
	"errors"
	"runtime"
	"runtime/debug"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/author"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
)

// parseSimple parses the arguments of a command whose only flag is -h,
// printing its help for -h.
func parseSimple(name string, args []string, sys stdio) (pos []string, help bool, err error) {
	pos, err = parse(newFlagSet(name), args)
	if errors.Is(err, errHelp) {
		printf(sys.stdout, "%s", helpText(name))
		return nil, true, nil
	}
	return pos, false, err
}

func runList(ctx context.Context, args []string, sys stdio) error {
	pos, help, err := parseSimple("list", args, sys)
	if help || err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErrorf("list: takes no arguments, got %q", pos[0])
	}
	list, err := exercise.Builtin()
	width := 0
	for _, ex := range list {
		width = max(width, len(ex.ID))
	}
	for _, ex := range list {
		printf(sys.stdout, "%-*s  %s\n", width, ex.ID, ex.Title)
	}
	// A broken exercise is left out of the list and reported: the others
	// are still usable.
	return err
}

func runShow(ctx context.Context, args []string, sys stdio) error {
	pos, flags, help, err := parseShow(args, sys)
	if help || err != nil {
		return err
	}
	if err := (operands{cmd: "show", before: "grader show", listHint: true,
		list: []operand{exerciseID}}).check(pos); err != nil {
		return err
	}
	ex, err := loadExercise(pos[0])
	if err != nil {
		return err
	}
	if flags.trace.set {
		return showTrace(ex, flags, sys)
	}
	if ex, err = inLanguage("show", flags.lang, ex, sys, true); err != nil {
		return err
	}
	if ex.Statement == "" {
		return &saidError{said: []report.Message{say("cli.show.no_statement", report.Verbatim("exercise", ex.ID), report.Verbatim("file", "README.md"))}}
	}
	statement := author.ShownStatement(ex)
	printf(sys.stdout, "%s", statement)
	if statement[len(statement)-1] != '\n' {
		printf(sys.stdout, "\n")
	}
	return nil
}

func runHelp(ctx context.Context, args []string, sys stdio) error {
	pos, help, err := parseSimple("help", args, sys)
	if help || err != nil {
		return err
	}
	switch len(pos) {
	case 0:
		printf(sys.stdout, "%s", usageText())
		return nil
	case 1:
	default:
		return usageErrorf("help: want at most one command, got %d arguments", len(pos))
	}
	if lookupCommand(pos[0]) == nil {
		return usageErrorf("help: unknown command %q%s", pos[0], didYouMean(pos[0], commandNames()))
	}
	printf(sys.stdout, "%s", helpText(pos[0]))
	return nil
}

func runVersion(ctx context.Context, args []string, sys stdio) error {
	pos, help, err := parseSimple("version", args, sys)
	if help || err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErrorf("version: takes no arguments, got %q", pos[0])
	}
	printf(sys.stdout, "grader %s %s %s/%s\n", version(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	d, err := grader.BuildDigest()
	if err != nil {
		return err
	}
	printf(sys.stdout, "build %s\n", d)
	return nil
}

// build names this grader in the reports it grades (their graded.grader):
// its version and the digest of its binary, "(devel) sha256:0123...", so
// that a report graded by another build is told apart even where both say
// "(devel)". Where the binary cannot be read (a file that may only be
// executed), ok is false and the version alone is returned.
func build() (id string, ok bool) {
	d, err := grader.BuildDigest()
	if err != nil {
		return version(), false
	}
	return version() + " " + d, true
}

// version is the module version grader was built at ("v1.2.0" from go
// install), or "(devel)" with the commit when built from a checkout.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
