package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/boardcheck/boardcheck/grader"
)

// A Student is one entry of the class folder: a submission file, or a folder
// holding one.
type Student struct {
	// Name is the entry's name, without its extension for a file: the
	// student's row in the gradebook and the name of their report.
	Name string
	// Path is the submission to grade, under the class folder; "" when
	// none could be picked, and then Problem says why.
	Path    string
	Problem string
}

// Students lists the entries of dir, sorted by name. A file is a
// submission. In a folder, pattern (a glob relative to the folder, such as
// "nqueens.*" or "src/*.py") picks the submission, which must be one file;
// without a pattern, the submission is the one file directly inside with an
// extension grader knows (.py, .c, ...). A folder where that does not give
// exactly one file gets a Problem, which becomes the student's report, so
// one odd folder does not stop the class. Entries whose names start with a
// dot are left out, and so is skip (the output folder, when it is inside
// dir). Two entries with the same name but for the extension are an error:
// they would be the same student.
func Students(dir, pattern, skip string) ([]Student, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("grader: reading the class folder: %w", err)
	}
	if pattern != "" {
		if _, err := filepath.Match(pattern, ""); err != nil {
			return nil, fmt.Errorf("grader: --pattern %q: %w", pattern, err)
		}
	}
	skipAbs := ""
	if skip != "" {
		skipAbs, _ = filepath.Abs(skip)
	}
	byName := map[string]string{} // student name -> entry name
	var students []Student
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if abs, _ := filepath.Abs(path); abs == skipAbs {
			continue
		}
		info, err := os.Stat(path) // follows links: a link to a folder is a folder
		if err != nil {
			return nil, fmt.Errorf("grader: reading the class folder: %w", err)
		}
		s := Student{Name: e.Name()}
		if info.IsDir() {
			s.Path, s.Problem = pick(path, pattern)
		} else {
			s.Name = strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
			s.Path = path
		}
		if s.Name == "" {
			s.Name = e.Name()
		}
		if other, dup := byName[s.Name]; dup {
			return nil, fmt.Errorf("grader: %s and %s in %s would both be student %q: rename one, or give each student a folder",
				other, e.Name(), dir, s.Name)
		}
		byName[s.Name] = e.Name()
		students = append(students, s)
	}
	sort.Slice(students, func(i, j int) bool { return students[i].Name < students[j].Name })
	return students, nil
}

// pick finds the submission inside a student's folder.
func pick(folder, pattern string) (path, problem string) {
	var found []string
	if pattern != "" {
		matches, _ := filepath.Glob(filepath.Join(folder, pattern))
		for _, m := range matches {
			if info, err := os.Stat(m); err == nil && info.Mode().IsRegular() {
				found = append(found, m)
			}
		}
	} else {
		entries, _ := os.ReadDir(folder)
		exts := grader.SourceExtensions()
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") || !slices.Contains(exts, strings.ToLower(filepath.Ext(e.Name()))) {
				continue
			}
			if info, err := os.Stat(filepath.Join(folder, e.Name())); err == nil && info.Mode().IsRegular() {
				found = append(found, filepath.Join(folder, e.Name()))
			}
		}
	}
	rel := func(paths []string) string {
		var names []string
		for _, p := range paths {
			r, err := filepath.Rel(folder, p)
			if err != nil {
				r = p
			}
			names = append(names, r)
		}
		return strings.Join(names, ", ")
	}
	switch {
	case len(found) == 1:
		return found[0], ""
	case len(found) > 1 && pattern != "":
		return "", fmt.Sprintf("%d files match %s: %s; the instructor's --pattern must pick one", len(found), pattern, rel(found))
	case len(found) > 1:
		return "", fmt.Sprintf("the folder holds %d programs: %s; the instructor's --pattern must pick one", len(found), rel(found))
	case pattern != "":
		return "", fmt.Sprintf("no file in the folder matches %s", pattern)
	}
	return "", fmt.Sprintf("the folder holds no program (a file ending in %s)", strings.Join(grader.SourceExtensions(), ", "))
}
