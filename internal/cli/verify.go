package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path"
	"sync"

	"github.com/fatih/color"

	"github.com/boardcheck/boardcheck/grader/author"
)

// verifyFlags are grader verify's flags.
type verifyFlags struct {
	color   colorFlag
	verbose bool
	update  bool
}

func verifyFlagSet() (*flag.FlagSet, *verifyFlags) {
	fs := newFlagSet("verify")
	f := &verifyFlags{}
	fs.Var(&f.color, "color", "colour: `WHEN` is auto (on a terminal, unless NO_COLOR is set), always or never")
	fs.BoolVar(&f.verbose, "v", false, "verbose: also say what each item that holds proved, and how each invalid output is rejected")
	fs.BoolVar(&f.update, "update", false, "first rewrite, from the reference, every expected output a scenario compares with cmp, and README.md's table of checks and examples; then verify (GRADER_UPDATE=1 does the same)")
	return fs, f
}

func verifyHelp() string {
	fs, _ := verifyFlagSet()
	return fmt.Sprintf(`Usage: grader verify [flags] ID|PATH

Verify proves an exercise before any student sees it, as Kattis's
verifyproblem proves a problem package. It checks that:

  - exercise.toml and every scenario parse, and every dependency resolves;
  - the reference program (exercise.toml's reference) passes every check;
  - every file under good/ passes every check;
  - every file under bad/ has a [[bad]] entry, and fails each check the
    entry names with a message containing the entry's phrase;
  - the checkers accept every output under valid-output/ and reject every
    output under invalid-output/, without crashing;
  - the time limit is above the CPU time of the reference's slowest run.

  - the checks' points add up to the exercise's maximum (exercise.toml's
    points, 100 unless it says);
  - README.md's table of checks lists the checks, and its examples
    ($ PROGRAM ARGS, then the output) show what the reference prints.

It warns, without failing, where the time limit is less than twice the
reference's slowest run, where a bad submission fails only by timing out, and
where a submission cannot run for want of its interpreter or compiler. Where
a message exercise.toml's [messages] rewords is still in a good/ or bad/
submission, or in a [[bad]] phrase, that fails, it says so.

With -update (or GRADER_UPDATE=1 in the environment), verify first writes
what the folder's files take from elsewhere: each file a scenario's
cmp stdout FILE compares with becomes the reference's output, and README.md's
table of checks and examples' outputs are written anew. It lists the files
it changed; read the diff before committing.

ID is an exercise from "grader list", or the path of an exercise folder.
CONTRIBUTING.md describes the folder's layout.

%s
Exit status:
  0    everything holds (warnings allowed)
  1    something does not hold; each problem is listed
  2    a usage error, or no such exercise
  3    the exercise does not load (a malformed manifest or scenario), or the
       grader is broken
  130  interrupted (Ctrl-C)
`, flagDefaults(fs))
}

func runVerify(ctx context.Context, args []string, sys stdio) error {
	fs, f := verifyFlagSet()
	pos, err := parse(fs, args)
	if errors.Is(err, errHelp) {
		printf(sys.stdout, "%s", verifyHelp())
		return nil
	}
	if err != nil {
		return err
	}
	if err := (operands{cmd: "verify", before: "grader verify",
		list: []operand{{"exercise", "the exercise", "ID|PATH", "", ""}}}).check(pos); err != nil {
		return err
	}
	ex, err := loadExercise(pos[0])
	if err != nil {
		return err
	}
	if f.update || sys.getenv("GRADER_UPDATE") == "1" {
		if ex.Source == "builtin" {
			return usageErrorf("verify -update rewrites an exercise folder, and %s is builtin: copy it with grader new --from %s DIR, then update the copy", ex.ID, ex.ID)
		}
		changed, err := author.Update(ctx, ex)
		for _, file := range changed {
			printf(sys.stdout, "updated %s\n", path.Join(ex.Source, file))
		}
		if err != nil {
			return err
		}
		if len(changed) == 0 {
			printf(sys.stdout, "updated nothing: every expected output and README.md are current\n")
		}
		// What verify proves is the folder as it now is.
		if ex, err = loadExercise(pos[0]); err != nil {
			return err
		}
	}
	var opts author.VerifyOptions
	var p *verifyProgress
	if sys.progress && sys.getenv("TERM") != "dumb" {
		p = &verifyProgress{w: sys.stderr, exercise: ex.ID}
		opts.OnItem = p.done
	}
	rep, err := author.Verify(ctx, ex, opts)
	p.erase()
	if err != nil {
		return err
	}
	w := bufio.NewWriter(sys.stdout)
	renderVerify(w, rep, f.color.enabled(sys), f.verbose)
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	if !rep.OK {
		return exitCode(exitFail)
	}
	return nil
}

// renderVerify writes the report: a line per item, ✓ or ✗, its problems and
// warnings under it, then a summary line.
func renderVerify(w io.Writer, r *author.VerifyReport, on, verbose bool) {
	mk := func(attrs ...color.Attribute) *color.Color {
		c := color.New(attrs...)
		// Explicit, never fatih/color's global NoColor: see render's palette.
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c
	}
	green, red, yellow, dim, bold := mk(color.FgGreen), mk(color.FgRed), mk(color.FgYellow), mk(color.Faint), mk(color.Bold)

	fmt.Fprintf(w, "%s %s (%s): %d %s\n", bold.Sprint("verify"), r.Exercise, r.Title, r.Checks, plural(r.Checks, "check", "checks"))
	kind := ""
	for _, it := range r.Items {
		if it.Kind != kind {
			kind = it.Kind
			fmt.Fprintf(w, "\n%s\n", bold.Sprint(kindTitle(kind)))
		}
		mark := green.Sprint("✓")
		if !it.OK() {
			mark = red.Sprint("✗")
		} else if len(it.Warnings) > 0 {
			mark = yellow.Sprint("~")
		}
		line := fmt.Sprintf("%s %s", mark, it.Name)
		if it.OK() && (verbose || it.Kind == author.ItemTiming || it.Kind == author.ItemReference || it.Kind == author.ItemPoints || it.Kind == author.ItemTranslation) && it.Detail != "" {
			line += dim.Sprint(": " + it.Detail)
		}
		fmt.Fprintln(w, line)
		for _, p := range it.Problems {
			fmt.Fprintf(w, "    %s\n", red.Sprint(p))
		}
		for _, warn := range it.Warnings {
			fmt.Fprintf(w, "    %s %s\n", yellow.Sprint("warning:"), warn)
		}
	}
	fmt.Fprintln(w)
	problems, warnings := r.Problems(), r.Warnings()
	summary := fmt.Sprintf("%d %s, %d %s", problems, plural(problems, "problem", "problems"), warnings, plural(warnings, "warning", "warnings"))
	if r.OK {
		fmt.Fprintf(w, "%s %s: %s\n", green.Sprint("VERIFIED"), r.Exercise, summary)
	} else {
		fmt.Fprintf(w, "%s %s: %s\n", red.Sprint("NOT VERIFIED"), r.Exercise, summary)
	}
}

func kindTitle(kind string) string {
	switch kind {
	case author.ItemReference:
		return "reference: passes every check"
	case author.ItemGood:
		return "good/: each passes every check"
	case author.ItemBad:
		return "bad/: each fails its named checks"
	case author.ItemValidOutput:
		return "valid-output/: each accepted"
	case author.ItemInvalidOutput:
		return "invalid-output/: each rejected"
	case author.ItemTiming:
		return "timing"
	case author.ItemPoints:
		return "points: the checks add up to the maximum"
	case author.ItemStatement:
		return "statement: README.md matches the checks"
	case author.ItemTranslation:
		return "translations: what each language lacks (README.LANG.md, exercise.LANG.toml)"
	}
	return kind
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// verifyProgress draws "verifying nqueens: 7 done" on a terminal's standard
// error, since verify grades many submissions and takes a while.
type verifyProgress struct {
	w        io.Writer
	exercise string
	mu       sync.Mutex
	n        int
}

func (p *verifyProgress) done(author.VerifyItem) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	fmt.Fprintf(p.w, "\rverifying %s: %d done", p.exercise, p.n)
}

func (p *verifyProgress) erase() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.n > 0 {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
