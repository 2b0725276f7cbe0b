package cli

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"

	"github.com/boardcheck/boardcheck/grader/batch"
)

func mergeFlagSet() (*flag.FlagSet, *string) {
	fs := newFlagSet("merge")
	out := fs.String("out", "", "write the merged reports and gradebook to folder `DIR`; must be set")
	return fs, out
}

func runMerge(ctx context.Context, args []string, sys stdio) error {
	fs, out := mergeFlagSet()
	pos, err := parse(fs, args)
	if errors.Is(err, errHelp) {
		printf(sys.stdout, "%s", mergeHelp())
		return nil
	}
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageErrorf("merge: missing the folders to merge: want grader merge OUTDIR... --out DIR")
	}
	if *out == "" {
		return usageErrorf("merge: --out is missing: name the folder for the merged gradebook")
	}
	for _, d := range pos {
		if !isDir(filepath.Join(d, batch.ReportsDir)) {
			return usageErrorf("merge: %s is not an output folder of grader batch: it has no %s folder", d, batch.ReportsDir)
		}
	}
	if info, err := os.Stat(*out); err == nil && !info.IsDir() {
		return usageErrorf("merge: --out %s is a file: want a folder", *out)
	}
	if parent := filepath.Dir(filepath.Clean(*out)); !isDir(parent) {
		return usageErrorf("merge: --out %s: folder %s does not exist: create it first", *out, parent)
	}
	rows, err := batch.Merge(*out, pos)
	if err != nil {
		return err
	}
	exercise := ""
	if len(rows) > 0 {
		exercise = rows[0].Exercise
	}
	printBatchSummary(sys.stdout, exercise, *out, rows, 0, 0)
	return nil
}

func mergeHelp() string {
	fs, _ := mergeFlagSet()
	return `Usage: grader merge OUTDIR... --out DIR

Merge joins the output folders of "grader batch --shard K/N" runs into DIR:
every report is copied to DIR/reports, and DIR/gradebook.csv is built from
them, the same byte for byte as one batch run over the whole class that
keeps those reports (and DIR/gradebook.xlsx, DIR/index.html and
DIR/junit.xml, the class as JUnit XML, likewise). Each OUTDIR's class.json says which slice of which
class it holds: the OUTDIRs must hold every slice K/N of one N, each once,
of one class (the same students), graded against the same version of one
exercise (its files, --timeout and --run) by the same grader build, and a
report for each of their students. Otherwise merge names the slice or the
folder at fault ("slice 2/4 is missing", "slice 1/4 is in both r1 and
r1b", "r3 is a slice of another class than r1: its class has student
dave, which r1's has not") and writes nothing. DIR may be one of the
OUTDIRs; its reports of students not in the class are deleted.

` + flagDefaults(fs) + `
Exit status: 0 when merged, 2 for a usage error, 3 when the folders
disagree or cannot be read.
`
}
