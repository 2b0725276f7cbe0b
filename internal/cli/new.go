package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/boardcheck/boardcheck/grader/author"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
)

// newFlags are grader new's flags.
type newFlags struct {
	from  string
	dir   string
	langs listFlag
}

// scaffoldLangs are the languages --lang names ("all": every one the
// grader translates into), checked.
func scaffoldLangs(names []string) ([]string, error) {
	var langs []string
	for _, n := range names {
		if n == "all" {
			langs = append(langs, i18n.Languages()[1:]...)
			continue
		}
		l := i18n.Parse(n)
		if l == "" || l == i18n.English || l == i18n.Pseudo {
			return nil, usageErrorf("new: --lang %q names no language to translate into: choose %s, or all", n, strings.Join(i18n.Languages()[1:], ", "))
		}
		langs = append(langs, l)
	}
	slices.Sort(langs)
	return slices.Compact(langs), nil
}

func newCmdFlagSet() (*flag.FlagSet, *newFlags) {
	fs := newFlagSet("new")
	f := &newFlags{}
	fs.StringVar(&f.from, "from", "", "copy exercise `EXISTING` (an ID from grader list, or a folder) instead of starting empty")
	fs.StringVar(&f.dir, "dir", "exercises", "create the exercise in folder `DIR`")
	fs.Var(&f.langs, "lang", "also scaffold its texts in `LANG` (README.LANG.md, exercise.LANG.toml) to translate: "+
		strings.Join(i18n.Languages()[1:], ", ")+", or all; repeatable, or comma-separated")
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

With --lang it also writes, for each language the exercise lacks, what a
translator fills in: exercise.LANG.toml, each title and hint empty under its
English text, and README.LANG.md, the statement to translate in place. A
text left empty is shown in English; "grader verify" lists what each
language lacks. With --lang alone, an exercise DIR/ID that exists gets the
translations it lacks, and nothing of it is overwritten.

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
		list: []operand{{"exercise ID", "the new exercise's ID", "ID", "", ""}}}).check(pos); err != nil {
		return err
	}
	id := pos[0]
	if strings.ContainsAny(id, `/\`) {
		return usageErrorf("new: ID %q must be a name, not a path: give the folder with --dir", id)
	}
	langs, err := scaffoldLangs(f.langs.names)
	if err != nil {
		return err
	}
	var from *exercise.Exercise
	if f.from != "" {
		if from, err = loadExercise(f.from); err != nil {
			return err
		}
	}
	if existing := filepath.Join(f.dir, id); from == nil && len(langs) > 0 && isFile(filepath.Join(existing, "exercise.toml")) {
		// An exercise that exists gets the translations it lacks, and
		// nothing of it is overwritten.
		written, err := author.ScaffoldTranslations(existing, langs)
		if err != nil {
			return err
		}
		if len(written) == 0 {
			printf(sys.stdout, "%s already has its texts in %s: nothing was written\n", existing, strings.Join(langs, ", "))
			return nil
		}
		printf(sys.stdout, "to translate: %s in %s (grader verify lists what each language lacks)\n", strings.Join(written, ", "), existing)
		return nil
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
	var written []string
	if len(langs) > 0 {
		if written, err = author.ScaffoldTranslations(target, langs); err != nil {
			return err
		}
	}
	if from != nil {
		printf(sys.stdout, "created %s, a copy of %s\n", target, from.ID)
	} else {
		printf(sys.stdout, "created %s: exercise.toml, README.md, tests/usage.txtar, good/, bad/, solution/, valid-output/, invalid-output/\n", target)
	}
	if len(written) > 0 {
		printf(sys.stdout, "to translate: %s (grader verify lists what each language lacks)\n", strings.Join(written, ", "))
	}
	if from != nil {
		printf(sys.stdout, "next: change its title in exercise.toml and vary it; then run grader verify %s\n", filepath.ToSlash(target))
		return nil
	}
	printf(sys.stdout, "next: write the statement, the checks and a reference program; then run grader verify %s\n", filepath.ToSlash(target))
	return nil
}

// isFile reports whether path is a regular file.
func isFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}
