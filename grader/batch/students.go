package batch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/boardcheck/boardcheck/grader/handin"
	"github.com/boardcheck/boardcheck/grader/submission"
)

// A Student is one entry of the class folder: a submission file, or a folder
// holding one.
type Student struct {
	// Name is the entry's name, without its extension for a file, spelt
	// as every file of the batch writes it (see Spell): the student's row
	// in the gradebook and the name of their report.
	Name string
	// Path is the submission to grade, under the class folder; "" when
	// none could be picked, and then Problem says why.
	Path    string
	Problem string
	// Entries are the class folder's entries that make up the student:
	// one, or several that clash (alice/ and alice.sh), which is a Problem.
	Entries []string
}

// Students lists the entries of dir, sorted by name. A file is a
// submission. In a folder, pattern (a glob relative to the folder, such as
// "nqueens.*" or "src/*.py") picks the submission, which must be one file;
// without a pattern, the submission is the one file directly inside with an
// extension grader knows (.py, .c, ...), or the folder itself when its files
// are one program of several (main.go and board.go; see
// submission.IsProgramFolder). A folder where that does not give
// exactly one file gets a Problem, which becomes the student's report, so
// one odd folder does not stop the class. Entries whose names start with a
// dot are left out, and so is skip (the output folder, when it is inside
// dir). Two entries with the same name but for the extension would be the
// same student: that student gets a Problem naming both. An entry that is a
// link is refused, whatever it leads to, with a Problem naming it: a class
// folder's entries are the students' own files and folders, and the grader,
// as root, must not grade through mallory.py -> ../alice/prog.py what
// mallory could not read.
//
// The class folder is the instructor's, followed as given, but as root
// through links root owns alone (handin.OpenDir): a student's link on its
// path (h2/mallory/work -> ../alice) is refused for the whole class,
// naming it, as each student's grading would refuse it.
func Students(dir, pattern, skip string) ([]Student, error) {
	if err := CheckClass(dir); err != nil {
		return nil, fmt.Errorf("grader: reading the class folder: %w", err)
	}
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
		skipAbs = resolve(skip)
	}
	byName := map[string]int{} // student name -> index in students
	var students []Student
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if resolve(path) == skipAbs {
			continue
		}
		s := Student{Name: e.Name(), Entries: []string{path}}
		info, err := os.Lstat(path)
		if handin.Off() {
			info, err = os.Stat(path) // the rule turned off for a test: links followed
		}
		switch {
		case err == nil && info.Mode()&fs.ModeSymlink != 0:
			// A link is refused, whatever it leads to: the class folder
			// is the instructor's, and its entries the students' own.
			// Followed, as root, mallory.py -> alice/prog.py would grade
			// alice's file, past her folder's permissions, as mallory's
			// (issue 29); a link to a folder would let a student's own
			// links lead anywhere from there.
			s.Problem = linkProblem(path, e.Name())
			if target, err := os.Stat(path); err != nil || !target.IsDir() {
				s.Name = strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
			}
		case err != nil:
			// A link to nowhere, say: the student's problem, not the class's.
			cause := err
			var pe *fs.PathError
			if errors.As(err, &pe) {
				cause = pe.Err
			}
			s.Problem = fmt.Sprintf("%s cannot be read: %v", Spell(e.Name()), cause)
			if !e.IsDir() {
				s.Name = strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
			}
		case info.IsDir():
			s.Path, s.Problem = Pick(path, pattern)
		default:
			s.Name = strings.TrimSuffix(e.Name(), filepath.Ext(e.Name()))
			s.Path = path
		}
		if s.Name == "" {
			s.Name = e.Name()
		}
		s.Name = Spell(s.Name)
		if i, dup := byName[reportName(s.Name)]; dup {
			// Neither entry can be told to be the submission: the student
			// is told, and the rest of the class is graded.
			other := &students[i]
			other.Entries = append(other.Entries, path)
			var names []string
			for _, p := range other.Entries {
				names = append(names, Spell(filepath.Base(p)))
			}
			other.Path = ""
			all, but := "both", "one of them"
			if len(names) > 2 {
				all, but = "all", "all but one"
			}
			other.Problem = fmt.Sprintf("%s would %s be student %s: the instructor must rename %s, or keep the submission in one folder",
				strings.Join(names, " and "), all, other.Name, but)
			continue
		}
		byName[reportName(s.Name)] = len(students)
		students = append(students, s)
	}
	sort.Slice(students, func(i, j int) bool { return students[i].Name < students[j].Name })
	return students, nil
}

// CheckClass says whether the class folder dir may be read as it is
// given: as root, a link on its path that root does not own (a student's)
// is a *handin.OwnerError naming it. Other errors are left to the reading.
func CheckClass(dir string) error {
	d, err := handin.OpenDir(dir)
	var oe *handin.OwnerError
	if errors.As(err, &oe) {
		return err
	}
	if err == nil {
		d.Close()
	}
	return nil
}

// Pick finds the submission inside a student's folder, as Students does:
// the one file pattern matches, or without a pattern the one file directly
// inside with an extension grader knows. When there is not exactly one,
// path is "" and problem says why, for the student's report. grader check
// picks a folder's submission with it too (Gradescope's
// /autograder/submission).
func Pick(folder, pattern string) (path, problem string) {
	// Read as a submission is read (package handin): a file refused by
	// the rule (a link out of the folder) is found all the same, so that
	// grading it says why it cannot be graded.
	d, err := handin.OpenDir(folder)
	if err != nil {
		return "", fmt.Sprintf("the folder cannot be read: %v", unwrap(err))
	}
	defer d.Close()
	isFile := func(e handin.Entry) bool {
		return e.Kind == handin.File || (e.Kind == handin.Refused && e.Refused != nil)
	}
	var found []string
	refused := 0 // of found, without a pattern
	if pattern != "" {
		matches, _ := filepath.Glob(filepath.Join(folder, pattern))
		for _, m := range matches {
			rel, err := filepath.Rel(folder, m)
			if err != nil {
				continue
			}
			if e, err := d.Lookup(filepath.ToSlash(rel)); err == nil && isFile(e) {
				found = append(found, m)
			}
		}
	} else {
		entries, err := d.List(".")
		if err != nil {
			return "", unwrap(err).Error()
		}
		exts := submission.SourceExtensions()
		for _, e := range entries {
			if isFile(e) && slices.Contains(exts, strings.ToLower(filepath.Ext(e.Name))) {
				found = append(found, filepath.Join(folder, e.Name))
				if e.Kind == handin.Refused {
					refused++
				}
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
	case len(found) > 0 && pattern == "" && submission.IsProgramFolder(folder):
		// main.go and board.go, or main.c and board.h: one program of
		// several files, which the grader builds as a folder.
		return folder, ""
	case len(found) > 1 && len(found)-refused == 1:
		// One program beside files the rule refuses (helper.py ->
		// /nowhere): graded as a folder, which leaves them out and
		// names them.
		return folder, ""
	case len(found) == 1:
		return found[0], ""
	case len(found) > 1 && pattern != "":
		return "", fmt.Sprintf("%d files match %s: %s; the instructor's --pattern must pick one", len(found), pattern, rel(found))
	case len(found) > 1:
		return "", fmt.Sprintf("the folder holds %d programs: %s; the instructor's --pattern must pick one", len(found), rel(found))
	case pattern != "":
		return "", fmt.Sprintf("no file in the folder matches %s", pattern)
	}
	return "", fmt.Sprintf("the folder holds no program (a file ending in %s)", strings.Join(submission.SourceExtensions(), ", "))
}

// CheckOut says whether out can be the output folder of class dir: not dir
// itself, whose students would be graded beside reports, gradebook.csv and
// index.html on the next run, nor a folder inside a student's entry, whose
// submission would change with every report written. A folder directly
// inside dir is fine: Students leaves it out. Links are followed.
func CheckOut(dir, out string) error {
	d, o := resolve(dir), resolve(out)
	rel, err := filepath.Rel(d, o)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	if rel == "." {
		return fmt.Errorf("%s is the class folder: its reports would be graded as students; choose a folder outside it", out)
	}
	if parts := strings.Split(rel, string(filepath.Separator)); len(parts) > 1 {
		return fmt.Errorf("%s is inside student %s's entry in the class folder: choose a folder outside it", out, parts[0])
	}
	return nil
}

// resolve is path made absolute with its links followed, as far as it
// exists: an output folder may not exist yet.
func resolve(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	var rest []string
	for p := abs; ; p = filepath.Dir(p) {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(append([]string{real}, rest...)...)
		}
		if filepath.Dir(p) == p {
			return abs
		}
		rest = append([]string{filepath.Base(p)}, rest...)
	}
}

// linkProblem says why the class entry path, a link named name, is not
// graded: "mallory.py is a link to ../alice/prog.py: hand in the file
// itself". What it leads to is looked at, never read.
func linkProblem(path, name string) string {
	target, err := os.Readlink(path)
	if err != nil {
		return fmt.Sprintf("%s is a link that cannot be read: hand in the file itself", Spell(name))
	}
	what, fix := "", "hand in the file itself"
	switch fi, err := os.Stat(path); {
	case errors.Is(err, fs.ErrNotExist):
		what = ", which does not exist"
	case err == nil && fi.IsDir():
		fix = "hand in the folder itself"
	}
	return fmt.Sprintf("%s is a link to %s%s: %s", Spell(name), Spell(target), what, fix)
}

// unwrap is err without the path an fs error wraps it in.
func unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
