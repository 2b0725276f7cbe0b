package batch

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// The output folder of a batch:
//
//	OUTDIR/reports/STUDENT.json   one report per student: the json format's output
//	OUTDIR/gradebook.csv          one row per student, rebuilt from the reports
//	OUTDIR/gradebook.xlsx         the same table for a spreadsheet (xlsx.go)
//	OUTDIR/class.json             which slice of which class the folder holds (record.go)
//
// The reports are the record; the gradebook is derived from them alone, so
// a run resumed after a crash, or several shards merged, give the same
// gradebook byte for byte as one uninterrupted run.
const (
	ReportsDir    = "reports"
	GradebookFile = "gradebook.csv"
)

// GradebookHeader is the gradebook's first row. The columns:
//
//	student         the student's name, as Spell spells it (the entry in
//	                the class folder, without a file's extension)
//	score           points earned
//	max_score       points available
//	passed          true when every check passed, else false
//	failed_checks   the checks that failed or could not be judged, by
//	                name, separated by spaces, in the exercise's order
//	                ("build" when the submission does not compile,
//	                "submission" when it could not be run at all)
//	skipped_checks  the checks skipped because one they need did not
//	                pass, likewise
//	CHECK...        one column per check of the exercise, named by its id:
//	                the points the student earned on it; empty when the
//	                check was not run for that student (--run)
//
// The file is RFC 4180 CSV (encoding/csv, CRLF line ends), UTF-8 without a
// byte order mark, sorted by student: for programs, which read it as it is
// written. A spreadsheet reads the same table from gradebook.xlsx, whose
// cells say which are text (see xlsx.go). No cell starts with a character
// a spreadsheet would run as a formula: names are spelt so (Spell), and
// check names are words the exercise loader checked.
var GradebookHeader = []string{"student", "score", "max_score", "passed", "failed_checks", "skipped_checks"}

// A CheckCell is one check of a student's report, as the gradebook has it.
type CheckCell struct {
	Name   string
	Title  string
	Status string // pass, fail, skip or error
	Score  int
}

// A Row is one student's line in the gradebook.
type Row struct {
	Student  string // spelt as Spell spells it
	Exercise string
	// Title is the exercise's title, as the report has it.
	Title        string
	Score        int
	MaxScore     int
	Passed       bool
	FailedChecks []string // the checks that failed or could not be judged
	// SkippedChecks are the checks skipped because one they need did
	// not pass.
	SkippedChecks []string
	// Checks are the report's checks, in its order.
	Checks []CheckCell
	// Graded is what the report was graded from; zero when it says not.
	Graded report.Graded
	// Lang is the language the report is said in; "" for English.
	Lang string
}

// reportFields are the parts of the JSON report (its contract: see
// grader/render/json.go) that the gradebook uses.
type reportFields struct {
	Exercise *string `json:"exercise"`
	Student  *string `json:"student"`
	Title    string  `json:"title"`
	Lang     string  `json:"lang"`
	Passed   *bool   `json:"passed"`
	Score    *int    `json:"score"`
	MaxScore *int    `json:"max_score"`
	Checks   []struct {
		Name   string `json:"name"`
		Title  string `json:"title"`
		Status string `json:"status"`
		Score  int    `json:"score"`
	} `json:"checks"`
	Graded *struct {
		Submission string `json:"submission"`
		Exercise   string `json:"exercise"`
		Grader     string `json:"grader"`
	} `json:"graded"`
}

// ReadRow reads a student's report.
func ReadRow(path string) (Row, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Row{}, err
	}
	return parseRow(strings.TrimSuffix(filepath.Base(path), ".json"), data)
}

// parseRow reads a report's row. The student is the one the report names,
// else (a report written before reports named their student) student,
// its file's name.
func parseRow(student string, data []byte) (Row, error) {
	var f reportFields
	if err := json.Unmarshal(data, &f); err != nil {
		return Row{}, fmt.Errorf("not a grader report: %w", err)
	}
	if f.Exercise == nil || f.Passed == nil || f.Score == nil || f.MaxScore == nil {
		return Row{}, errors.New("not a grader report: exercise, passed, score or max_score missing")
	}
	if f.Student != nil {
		student = *f.Student
	}
	r := Row{Student: student, Exercise: *f.Exercise, Title: f.Title, Lang: f.Lang, Score: *f.Score, MaxScore: *f.MaxScore, Passed: *f.Passed}
	for _, c := range f.Checks {
		switch c.Status {
		case "pass":
		case "skip":
			r.SkippedChecks = append(r.SkippedChecks, c.Name)
		default:
			r.FailedChecks = append(r.FailedChecks, c.Name)
		}
		r.Checks = append(r.Checks, CheckCell{Name: c.Name, Title: c.Title, Status: c.Status, Score: c.Score})
	}
	if g := f.Graded; g != nil {
		r.Graded = report.Graded{Submission: g.Submission, Exercise: g.Exercise, Grader: g.Grader}
	}
	return r, nil
}

// Gradebook renders rows (in any order) as the gradebook file.
func Gradebook(rows []Row) []byte {
	rows = sortedRows(rows)
	columns := checkColumns(rows)
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.UseCRLF = true
	w.Write(append(slices.Clone(GradebookHeader), columns...))
	for _, r := range rows {
		line := []string{
			r.Student,
			strconv.Itoa(r.Score),
			strconv.Itoa(r.MaxScore),
			strconv.FormatBool(r.Passed),
			strings.Join(r.FailedChecks, " "),
			strings.Join(r.SkippedChecks, " "),
		}
		for _, c := range columns {
			if n, ok := r.checkScore(c); ok {
				line = append(line, strconv.Itoa(n))
			} else {
				line = append(line, "")
			}
		}
		w.Write(line)
	}
	w.Flush()
	return buf.Bytes()
}

// checkScore is the points r earned on check name, and whether r has it.
func (r Row) checkScore(name string) (int, bool) {
	for _, c := range r.Checks {
		if c.Name == name {
			return c.Score, true
		}
	}
	return 0, false
}

// checkColumns are the gradebook's check columns: every check of the
// reports but those that stand for the whole submission (build, starts,
// submission: worth no points, and in failed_checks), in the exercise's
// order. The reports are the only record of that order, so it is rebuilt
// from them: a check first met in a later report goes after the one
// before it in that report.
func checkColumns(rows []Row) []string {
	var cols []string
	for _, r := range rows {
		prev := -1
		for _, c := range r.Checks {
			if c.Name == UngradableCheck || c.Name == report.BuildCheck || c.Name == report.StartCheck {
				continue
			}
			if i := slices.Index(cols, c.Name); i >= 0 {
				prev = i
				continue
			}
			cols = slices.Insert(cols, prev+1, c.Name)
			prev++
		}
	}
	return cols
}

func sortedRows(rows []Row) []Row {
	rows = append([]Row(nil), rows...)
	sort.Slice(rows, func(i, j int) bool { return rows[i].Student < rows[j].Student })
	return rows
}

// WriteGradebook writes OUTDIR/gradebook.csv whole.
func WriteGradebook(outDir string, rows []Row) error {
	return atomicfile.Write(filepath.Join(outDir, GradebookFile), Gradebook(rows))
}

// ReadReports reads every report in OUTDIR/reports, sorted by student.
// Leftovers of an interrupted write (atomicfile's temporary files) are
// ignored: they were never a report.
func ReadReports(outDir string) ([]Row, error) {
	dir := filepath.Join(outDir, ReportsDir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var rows []Row
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || !strings.HasSuffix(e.Name(), ".json") || e.IsDir() {
			continue
		}
		r, err := ReadRow(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("grader: %s: %w", filepath.Join(dir, e.Name()), err)
		}
		rows = append(rows, r)
	}
	return sortedRows(rows), nil
}

// A Summary is what a batch says at the end.
type Summary struct {
	Students   int
	MeanScore  float64
	MaxScore   int // the most points available to any student
	AllPassed  int // students who passed every check
	Ungradable []string
	// MostFailed lists the checks failed by the most students, most first,
	// at most five.
	MostFailed []CheckCount
}

// CheckCount is how many students failed a check.
type CheckCount struct {
	Check    string
	Students int
}

// Summarize computes a batch's summary from its rows.
func Summarize(rows []Row) Summary {
	s := Summary{Students: len(rows)}
	failed := map[string]int{}
	total := 0
	for _, r := range rows {
		total += r.Score
		s.MaxScore = max(s.MaxScore, r.MaxScore)
		if r.Passed {
			s.AllPassed++
		}
		for _, c := range r.Checks {
			if c.Status != "fail" && c.Status != "error" {
				continue // a skipped check follows from one of these
			}
			failed[c.Name]++
			if c.Name == UngradableCheck {
				s.Ungradable = append(s.Ungradable, r.Student)
			}
		}
	}
	if len(rows) > 0 {
		s.MeanScore = float64(total) / float64(len(rows))
	}
	for c, n := range failed {
		s.MostFailed = append(s.MostFailed, CheckCount{c, n})
	}
	sort.Slice(s.MostFailed, func(i, j int) bool {
		a, b := s.MostFailed[i], s.MostFailed[j]
		if a.Students != b.Students {
			return a.Students > b.Students
		}
		return a.Check < b.Check
	})
	if len(s.MostFailed) > 5 {
		s.MostFailed = s.MostFailed[:5]
	}
	return s
}
