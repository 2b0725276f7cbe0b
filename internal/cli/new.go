package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/boardcheck/boardcheck/grader/author"
	"github.com/boardcheck/boardcheck/grader/exercise"
)

// newFlags are grader new's flags.
type newFlags struct {
	from string
	dir  string
}

func newCmdFlagSet() (*flag.FlagSet, *newFlags) {
	fs := newFlagSet("new")
	f := &newFlags{}
	fs.StringVar(&f.from, "from", "", "copy exercise `EXISTING` (an ID from grader list, or a folder) instead of starting empty")
	fs.StringVar(&f.dir, "dir", "exercises", "create the exercise in folder `DIR`")
	return fs, f
}

func newHelp() string {
	fs, _ := newCmdFlagSet()
	return fmt.Sprintf(`Usage: grader new [flags] ID

New creates the exercise folder DIR/ID (exercises/ID unless --dir says
otherwise) and never overwrites one that exists.

Without --from it writes a skeleton: exercise.toml, a README.md statement, a
first scenario tests/usage.txtar, and the folders good/, bad/, solution/,
valid-output/ and invalid-output/. "grader verify DIR/ID" then says what
remains to fill in, starting with the reference program.

With --from it copies exercise EXISTING whole, to vary it: the copy verifies
as the original does. Change its title, scenarios and submissions from there.

%s
Exit status:
  0    created
  2    a usage error, an unknown --from exercise, or DIR/ID already exists
  3    the folder could not be written, or EXISTING does not load
`, flagDefaults(fs))
}

func runNew(ctx context.Context, args []string, sys stdio) error {
	fs, f := newCmdFlagSet()
	pos, err := parse(fs, args)
	if errors.Is(err, errHelp) {
		printf(sys.stdout, "%s", newHelp())
		return nil
	}
	if err != nil {
		return err
	}
	if err := (operands{cmd: "new", before: "grader new [--from EXISTING] [--dir DIR]",
		list: []operand{{"exercise ID", "the new exercise's ID", "ID"}}}).check(pos); err != nil {
		return err
	}
	id := pos[0]
	if strings.ContainsAny(id, `/\`) {
		return usageErrorf("new: ID %q must be a name, not a path: give the folder with --dir", id)
	}
	var from *exercise.Exercise
	if f.from != "" {
		if from, err = loadExercise(f.from); err != nil {
			return err
		}
	}
	target, err := author.Scaffold(f.dir, id, from)
	var (
		exists *author.ExistsError
		badID  *author.IDError
	)
	if errors.As(err, &badID) {
		return usageErrorf("new: %s", strings.TrimPrefix(err.Error(), "grader: "))
	}
	if errors.As(err, &exists) {
		return usageErrorf("new: %s already exists; choose another ID, or another folder with --dir (nothing was written)", exists.Path)
	}
	if err != nil {
		return err
	}
	if from != nil {
		printf(sys.stdout, "created %s, a copy of %s\n", target, from.ID)
		printf(sys.stdout, "next: change its title in exercise.toml and vary it; then run grader verify %s\n", filepath.ToSlash(target))
		return nil
	}
	printf(sys.stdout, "created %s: exercise.toml, README.md, tests/usage.txtar, good/, bad/, solution/, valid-output/, invalid-output/\n", target)
	printf(sys.stdout, "next: write the statement, the checks and a reference program; then run grader verify %s\n", filepath.ToSlash(target))
	return nil
}
