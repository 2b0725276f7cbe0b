package batch

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// Merge joins the output folders of several batch runs (the shards of one
// class) into out: every report is copied to out/reports, and the gradebook
// is built from them, byte for byte what one run over the whole class
// writes. A student found in two folders must have the same report in both
// (a shard run twice); anything else is an error, as is a mix of exercises,
// of versions of one exercise, or of grader versions: the shards of one
// gradebook are graded alike.
// out may be one of the inputs.
func Merge(out string, dirs []string) ([]Row, error) {
	if len(dirs) == 0 {
		return nil, errors.New("grader: merge: no output folder to merge")
	}
	type source struct {
		dir  string
		data []byte
	}
	found := map[string]source{}
	exercise, exerciseDir := "", ""
	var graded Row // the first report's, which every other must share
	gradedPath := ""
	for _, dir := range dirs {
		reports := filepath.Join(dir, ReportsDir)
		entries, err := os.ReadDir(reports)
		if err != nil {
			return nil, fmt.Errorf("grader: merge: %s is not the output folder of grader batch: %w", dir, err)
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") || !strings.HasSuffix(e.Name(), ".json") || e.IsDir() {
				continue
			}
			path := filepath.Join(reports, e.Name())
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("grader: merge: %w", err)
			}
			student := strings.TrimSuffix(e.Name(), ".json")
			row, err := parseRow(student, data)
			if err != nil {
				return nil, fmt.Errorf("grader: merge: %s: %w", path, err)
			}
			switch {
			case exercise == "":
				exercise, exerciseDir = row.Exercise, dir
			case row.Exercise != exercise:
				return nil, fmt.Errorf("grader: merge: %s holds reports for exercise %s, %s for %s: merge one exercise at a time",
					exerciseDir, exercise, dir, row.Exercise)
			}
			switch {
			case gradedPath == "":
				graded, gradedPath = row, path
			case row.Graded.Grader != graded.Graded.Grader:
				return nil, fmt.Errorf("grader: merge: %s was graded by grader %s, %s by %s: grade every shard with one grader",
					gradedPath, orNone(graded.Graded.Grader), path, orNone(row.Graded.Grader))
			case row.Graded.Exercise != graded.Graded.Exercise:
				return nil, fmt.Errorf("grader: merge: %s and %s were graded against different versions of exercise %s (its files, --timeout or --run differ): grade every shard against the same one",
					gradedPath, path, exercise)
			}
			if prev, dup := found[student]; dup && !sameVerdict(prev.data, data) {
				return nil, fmt.Errorf("grader: merge: student %s was graded in both %s and %s, with different results: keep one",
					student, prev.dir, dir)
			} else if dup {
				continue
			}
			found[student] = source{dir, data}
		}
	}
	if err := os.MkdirAll(filepath.Join(out, ReportsDir), 0o755); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	students := make([]string, 0, len(found))
	for s := range found {
		students = append(students, s)
	}
	sort.Strings(students)
	var rows []Row
	for _, s := range students {
		src := found[s]
		dst := filepath.Join(out, ReportsDir, s+".json")
		if old, err := os.ReadFile(dst); err != nil || !bytes.Equal(old, src.data) {
			if err := atomicfile.Write(dst, src.data); err != nil {
				return nil, fmt.Errorf("grader: merge: %w", err)
			}
		}
		if err := copyHTMLReport(src.dir, out, s); err != nil {
			return nil, err
		}
		row, _ := parseRow(s, src.data)
		rows = append(rows, row)
	}
	if err := WriteGradebook(out, rows); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	if err := WriteGradebookHTML(out, nil, rows); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	if err := WriteClassJUnit(out, exercise, rows); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	return rows, nil
}

func orNone(version string) string {
	if version == "" {
		return "(not recorded)"
	}
	return version
}

// sameVerdict reports whether two reports of one student agree on
// everything the gradebook shows. Timings differ from run to run, so two
// gradings of one submission are rarely the same bytes.
func sameVerdict(a, b []byte) bool {
	ra, errA := parseRow("", a)
	rb, errB := parseRow("", b)
	return errA == nil && errB == nil && ra.Score == rb.Score && ra.MaxScore == rb.MaxScore &&
		ra.Passed == rb.Passed && strings.Join(ra.FailedChecks, " ") == strings.Join(rb.FailedChecks, " ")
}
