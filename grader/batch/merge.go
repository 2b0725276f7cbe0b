package batch

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// Merge joins the output folders of several batch runs (the slices of one
// class, --shard K/N) into out: every report is copied to out/reports, and
// the gradebook is built from them, byte for byte what one run over the
// whole class writes. Each folder's record (RecordFile) says which slices
// of which class it holds; the folders must hold every slice of one split
// of the class exactly once, each graded against the same exercise by the
// same grader, and hold a report for each of their students: a slice
// missing or twice, a folder of another class, exercise or build, or a
// student without a report is an error that names it, and nothing is
// written. out may be one of the inputs; its reports of students not in
// the class are deleted.
func Merge(out string, dirs []string) ([]Row, error) {
	if len(dirs) == 0 {
		return nil, errors.New("grader: merge: no output folder to merge")
	}
	owner, rec, err := mergeRecords(dirs)
	if err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	n := len(rec.Shards)

	type source struct {
		dir  string
		data []byte
	}
	var found []source
	var rows []Row
	var first Row // the first report's, which every other must share
	firstPath := ""
	for i, student := range rec.Class {
		dir := owner[i%n+1]
		path := filepath.Join(dir, ReportsDir, reportName(student)+".json")
		data, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("grader: merge: %s has no report for student %s, of slice %s: run its grader batch again (the grader failed on the student, or was interrupted)",
				dir, student, Shard{i%n + 1, n})
		}
		if err != nil {
			return nil, fmt.Errorf("grader: merge: %w", err)
		}
		row, err := parseRow(student, data)
		if err != nil {
			return nil, fmt.Errorf("grader: merge: %s: %w", path, err)
		}
		switch {
		case row.Student != student:
			return nil, fmt.Errorf("grader: merge: %s is the report of student %s, not %s", path, row.Student, student)
		case firstPath == "":
			first, firstPath = row, path
		case row.Exercise != first.Exercise:
			return nil, fmt.Errorf("grader: merge: %s holds a report for exercise %s, %s for %s: merge one exercise at a time",
				firstPath, first.Exercise, path, row.Exercise)
		case row.Graded.Grader != first.Graded.Grader:
			return nil, fmt.Errorf("grader: merge: %s was graded by grader %s, %s by %s: grade every shard with one grader",
				firstPath, orNone(first.Graded.Grader), path, orNone(row.Graded.Grader))
		case row.Graded.Exercise != first.Graded.Exercise:
			return nil, fmt.Errorf("grader: merge: %s and %s were graded against different versions of exercise %s (its files, --timeout or --run differ): grade every shard against the same one",
				firstPath, path, row.Exercise)
		}
		found = append(found, source{dir, data})
		rows = append(rows, row)
	}
	if firstPath != "" && (first.Exercise != rec.Exercise || first.Graded.Grader != rec.Graded.Grader || first.Graded.Exercise != rec.Graded.Exercise) {
		return nil, fmt.Errorf("grader: merge: %s was not graded as its folder's %s says (exercise, its version or the grader differ): run its grader batch again",
			firstPath, RecordFile)
	}

	if err := os.MkdirAll(filepath.Join(out, ReportsDir), 0o755); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	if _, err := removeGone(out, rec.Class, rec.Exercise); err != nil {
		return nil, err
	}
	for i, student := range rec.Class {
		src := found[i]
		dst := filepath.Join(out, ReportsDir, reportName(student)+".json")
		if old, err := os.ReadFile(dst); err != nil || !bytes.Equal(old, src.data) {
			if err := atomicfile.Write(dst, src.data); err != nil {
				return nil, fmt.Errorf("grader: merge: %w", err)
			}
		}
		if err := copyHTMLReport(src.dir, out, student); err != nil {
			return nil, err
		}
	}
	if err := rec.write(out); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	if err := WriteGradebook(out, rows); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	if err := WriteGradebookXLSX(out, rows); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	if err := WriteGradebookHTML(out, rows); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	if err := WriteClassJUnit(out, rec.Exercise, rows); err != nil {
		return nil, fmt.Errorf("grader: merge: %w", err)
	}
	return rows, nil
}

// mergeRecords reads the records of dirs and checks that they are the
// slices of one split of one class, each once, graded alike: owner maps
// each slice K (1 to N) to the folder that holds it, and rec is the merged
// folder's record.
func mergeRecords(dirs []string) (owner map[int]string, rec Record, err error) {
	owner = map[int]string{}
	var first Record
	for i, dir := range dirs {
		r, err := ReadRecord(dir)
		if err != nil {
			return nil, Record{}, err
		}
		if i == 0 {
			first = r
		}
		switch {
		case r.Exercise != first.Exercise:
			return nil, Record{}, fmt.Errorf("%s holds reports for exercise %s, %s for %s: merge one exercise at a time",
				dirs[0], first.Exercise, dir, r.Exercise)
		case r.Graded.Grader != first.Graded.Grader:
			return nil, Record{}, fmt.Errorf("%s was graded by grader %s, %s by %s: grade every shard with one grader",
				dirs[0], first.Graded.Grader, dir, r.Graded.Grader)
		case r.Graded.Exercise != first.Graded.Exercise:
			return nil, Record{}, fmt.Errorf("%s and %s were graded against different versions of exercise %s (its files, --timeout or --run differ): grade every shard against the same one",
				dirs[0], dir, r.Exercise)
		case !slices.Equal(r.Class, first.Class):
			return nil, Record{}, fmt.Errorf("%s is a slice of another class than %s: %s; grade every slice from the same class folder",
				dir, dirs[0], classDiff(dir, r.Class, dirs[0], first.Class))
		}
		for _, s := range r.Shards {
			sh, _ := ParseShard(s) // ReadRecord checked them
			want, _ := ParseShard(first.Shards[0])
			if sh.N != want.N {
				return nil, Record{}, fmt.Errorf("%s holds slice %s, %s slice %s: the class was split two ways; merge the slices of one --shard K/N",
					dirs[0], want, dir, sh)
			}
			if prev, dup := owner[sh.K]; dup {
				return nil, Record{}, fmt.Errorf("slice %s is in both %s and %s: keep one", sh, prev, dir)
			}
			owner[sh.K] = dir
		}
	}
	n, _ := ParseShard(first.Shards[0])
	rec = first
	rec.Shards = nil
	var missing []string
	for k := 1; k <= n.N; k++ {
		sh := Shard{k, n.N}
		rec.Shards = append(rec.Shards, sh.String())
		if owner[k] == "" {
			missing = append(missing, sh.String())
		}
	}
	if len(missing) > 0 {
		which := "slice " + missing[0] + " is"
		if len(missing) > 1 {
			which = "slices " + strings.Join(missing, ", ") + " are"
		}
		return nil, Record{}, fmt.Errorf("%s missing: merge the output folders of grader batch --shard K/N for every K from 1 to %d, each once", which, n.N)
	}
	return owner, rec, nil
}

// classDiff names a student that one class has and the other has not.
func classDiff(dirA string, a []string, dirB string, b []string) string {
	for _, s := range a {
		if _, found := slices.BinarySearch(b, s); !found {
			return fmt.Sprintf("its class has student %s, which %s's has not", s, dirB)
		}
	}
	for _, s := range b {
		if _, found := slices.BinarySearch(a, s); !found {
			return fmt.Sprintf("%s's class has student %s, which its has not", dirB, s)
		}
	}
	return "the classes differ"
}

func orNone(version string) string {
	if version == "" {
		return "(not recorded)"
	}
	return version
}
