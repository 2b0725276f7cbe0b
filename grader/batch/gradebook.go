package batch

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// The output folder of a batch:
//
//	OUTDIR/reports/STUDENT.json   one report per student: the json format's output
//	OUTDIR/gradebook.csv          one row per student, rebuilt from the reports
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
//	student        the student's name (the entry in the class folder)
//	score          points earned
//	max_score      points available
//	passed         true when every check passed, else false
//	failed_checks  the checks that failed or could not be judged, by name,
//	               separated by spaces, in the exercise's order ("build" when
//	               the submission does not compile, "submission" when it
//	               could not be run at all); skipped checks are left out, as
//	               they follow from these
//
// The file is RFC 4180 CSV (encoding/csv, CRLF line ends), sorted by
// student.
var GradebookHeader = []string{"student", "score", "max_score", "passed", "failed_checks"}

// A Row is one student's line in the gradebook.
type Row struct {
	Student      string
	Exercise     string
	Score        int
	MaxScore     int
	Passed       bool
	FailedChecks []string
}

// reportFields are the parts of the JSON report (its contract: see
// grader/render/json.go) that the gradebook uses.
type reportFields struct {
	Exercise *string `json:"exercise"`
	Passed   *bool   `json:"passed"`
	Score    *int    `json:"score"`
	MaxScore *int    `json:"max_score"`
	Checks   []struct {
		Name   string `json:"name"`
		Status string `json:"status"`
	} `json:"checks"`
}

// ReadRow reads a student's report.
func ReadRow(path string) (Row, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Row{}, err
	}
	return parseRow(strings.TrimSuffix(filepath.Base(path), ".json"), data)
}

func parseRow(student string, data []byte) (Row, error) {
	var f reportFields
	if err := json.Unmarshal(data, &f); err != nil {
		return Row{}, fmt.Errorf("not a grader report: %w", err)
	}
	if f.Exercise == nil || f.Passed == nil || f.Score == nil || f.MaxScore == nil {
		return Row{}, errors.New("not a grader report: exercise, passed, score or max_score missing")
	}
	r := Row{Student: student, Exercise: *f.Exercise, Score: *f.Score, MaxScore: *f.MaxScore, Passed: *f.Passed}
	for _, c := range f.Checks {
		if c.Status == "fail" || c.Status == "error" {
			r.FailedChecks = append(r.FailedChecks, c.Name)
		}
	}
	return r, nil
}

// Gradebook renders rows (in any order) as the gradebook file.
func Gradebook(rows []Row) []byte {
	rows = sortedRows(rows)
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.UseCRLF = true
	w.Write(GradebookHeader)
	for _, r := range rows {
		w.Write([]string{
			spreadsheetSafe(r.Student),
			strconv.Itoa(r.Score),
			strconv.Itoa(r.MaxScore),
			strconv.FormatBool(r.Passed),
			strings.Join(r.FailedChecks, " "),
		})
	}
	w.Flush()
	return buf.Bytes()
}

// spreadsheetSafe keeps a student's name from being run as a formula when
// the gradebook is opened in a spreadsheet: a name is a file name a student
// may have chosen, and "=HYPERLINK(...)" is a valid one. Such a cell starts
// with a quote, which spreadsheets show as text.
func spreadsheetSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
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
		for _, c := range r.FailedChecks {
			failed[c]++
			if c == UngradableCheck {
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
