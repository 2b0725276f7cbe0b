package cli

import (
	"context"
	"debug/buildinfo"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/internal/gradescope"
)

// gradescopeFlags are grader gradescope's flags.
type gradescopeFlags struct {
	out     string
	timeout durationFlag
	pattern string
	grader  string
	lang    string
}

func gradescopeFlagSet() (*flag.FlagSet, *gradescopeFlags) {
	fs := newFlagSet("gradescope")
	f := &gradescopeFlags{}
	fs.StringVar(&f.out, "out", "", "write the autograder folder and its zip to folder `DIR`; must be set")
	fs.StringVar(&f.pattern, "pattern", "", "the file of the submission to grade: a `GLOB` such as \"nqueens.*\" (default: the one file with a known extension)")
	fs.Var(&f.timeout, "timeout", "CPU time limit of every run, instead of the exercise's (a run that waits is stopped by the wall clock at twice that and a second): a positive `DURATION` such as 30s")
	fs.StringVar(&f.lang, "lang", "", "say every student's report in language `LANG`: "+strings.Join(i18n.Languages(), ", ")+" (default: the exercise's lang, else en; Gradescope's machines set no language of their own)")
	fs.StringVar(&f.grader, "grader", "", "the grader binary to ship: a Linux x86-64 build such as GOOS=linux GOARCH=amd64 go build -o `FILE` ./cmd/grader (default: this grader, if it is one)")
	return fs, f
}

func runGradescope(ctx context.Context, args []string, sys stdio) error {
	fs, f := gradescopeFlagSet()
	pos, err := parse(fs, args)
	if errors.Is(err, errHelp) {
		printf(sys.stdout, "%s", gradescopeHelp())
		return nil
	}
	if err != nil {
		return err
	}
	if err := (operands{cmd: "gradescope", before: "grader gradescope [flags]", after: "--out DIR",
		list: []operand{exerciseID}}).check(pos); err != nil {
		return err
	}
	if f.out == "" {
		return usageErrorf("gradescope: --out is missing: name the folder for the autograder")
	}
	if info, err := os.Stat(f.out); err == nil && !info.IsDir() {
		return usageErrorf("gradescope: --out %s is a file: want a folder", f.out)
	}
	ex, err := loadExercise(pos[0])
	if err != nil {
		return err
	}
	bin, err := graderToShip(f.grader)
	if err != nil {
		return err
	}
	c := gradescope.Config{Exercise: ex.ID, Grader: bin, Version: version()}
	if ex.Source != "builtin" {
		c.ExerciseFS, c.Reference = ex.FS, exercise.ReferencePath(ex.Reference)
	}
	if f.timeout.d > 0 {
		c.Flags = append(c.Flags, "--timeout", f.timeout.d.String())
	}
	if f.lang != "" {
		lang := i18n.Parse(f.lang)
		if lang == "" {
			return usageErrorf("gradescope: %v", &i18n.Unknown{Given: f.lang, From: "--lang"})
		}
		c.Flags = append(c.Flags, "--lang", lang)
	}
	if f.pattern != "" {
		if _, err := filepath.Match(f.pattern, ""); err != nil {
			return usageErrorf("gradescope: --pattern %q: %v", f.pattern, err)
		}
		c.Flags = append(c.Flags, "--pattern", f.pattern)
	}
	if err := gradescope.Write(f.out, c); err != nil {
		return err
	}
	zip := filepath.Join(f.out, gradescope.ZipFile)
	printf(sys.stdout, "wrote %s: upload it as the autograder of a Gradescope programming assignment\n", zip)
	printf(sys.stdout, "(its files are beside it: %s, %s, %s", gradescope.SetupScript, gradescope.RunScript, gradescope.GraderFile)
	if c.ExerciseFS != nil {
		printf(sys.stdout, ", %s/", gradescope.ExerciseDir)
	}
	printf(sys.stdout, ")\n")
	return nil
}

// graderToShip is the grader binary the autograder runs on Gradescope's
// Linux x86-64 machines: the one given, or this one. Either must be a
// Linux x86-64 program: one written on a Mac or an ARM machine would not
// start there, and Gradescope would say only that the autograder failed.
func graderToShip(given string) (string, error) {
	if given == "" {
		self, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("gradescope: finding the grader binary to ship: %w", err)
		}
		if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
			return "", usageErrorf("gradescope: this grader is a %s/%s program, and Gradescope runs Linux x86-64: "+
				"build one (GOOS=linux GOARCH=amd64 go build -o grader-linux ./cmd/grader) and give it with --grader grader-linux",
				runtime.GOOS, runtime.GOARCH)
		}
		return self, nil
	}
	const build = "GOOS=linux GOARCH=amd64 go build -o grader-linux ./cmd/grader"
	if _, err := os.Stat(given); err != nil {
		return "", usageErrorf("gradescope: --grader %s: no such file", given)
	}
	f, err := elf.Open(given)
	if err != nil {
		return "", usageErrorf("gradescope: --grader %s is not a Linux program: build one with %s", given, build)
	}
	defer f.Close()
	if f.Machine != elf.EM_X86_64 {
		return "", usageErrorf("gradescope: --grader %s is a Linux program for %v, and Gradescope runs x86-64: build one with %s", given, f.Machine, build)
	}
	if bi, err := buildinfo.ReadFile(given); err != nil || bi.Path != "github.com/boardcheck/boardcheck/cmd/grader" {
		return "", usageErrorf("gradescope: --grader %s is not a build of boardcheck's grader: build one with %s", given, build)
	}
	return given, nil
}

func gradescopeHelp() string {
	fs, _ := gradescopeFlagSet()
	return `Usage: grader gradescope [flags] ID --out DIR

Gradescope writes the autograder of a Gradescope programming assignment
for exercise ID into folder DIR, and zips it as DIR/autograder.zip, the file
to upload on the assignment's "Configure Autograder" page:

  setup.sh         run once by Gradescope when it builds the image: installs
                   python3, gcc, g++ and node (add what else your class uses)
  run_autograder   run for each submission: grades the one program in
                   /autograder/submission into /autograder/results/results.json
                   (grader check --format gradescope)
  grader           this grader (or --grader FILE), a static binary
  exercise/        the exercise, when ID is a folder rather than built in

A check the exercise's manifest marks hidden or after_due_date
([visibility]) is a test Gradescope hides from the student, or shows once
the assignment is due.

` + flagDefaults(fs) + `
Example:

  grader gradescope nqueens --out autograder
`
}
