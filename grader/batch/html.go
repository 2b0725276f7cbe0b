package batch

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// Beside the JSON reports and the CSV gradebook, a batch writes each
// student's report as a web page (reports/STUDENT.html, the html format of
// grader check) and a gradebook page (index.html) that links to them: what
// an instructor opens to see a class, and what they send each student.

// GradebookPage is the gradebook page's file name in the output folder.
const GradebookPage = "index.html"

// writeHTMLReport writes reports/STUDENT.html. It is written before the
// JSON report, which marks the student done: a run killed between the two
// grades the student again rather than leave them without a page.
func writeHTMLReport(reports, student string, rep *report.Report) error {
	format, err := render.Lookup("html")
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := format.Render(&buf, rep, render.Options{}); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(reports, reportName(student)+".html"), buf.Bytes())
}

// WriteGradebookHTML writes OUTDIR/index.html from the gradebook's rows,
// and from them alone, as the CSV is: the exercise's title and its checks'
// titles are the reports', so that a merge of shards writes the page one
// run over the class writes, byte for byte. A student links to their report
// page when it exists: reports kept from a run before pages were written
// have none.
func WriteGradebookHTML(outDir string, rows []Row) error {
	g := render.Gradebook{Titles: map[string]string{}}
	for _, r := range sortedRows(rows) {
		if g.Exercise == "" {
			g.Exercise, g.Title, g.Lang = r.Exercise, r.Title, r.Lang
		}
		for _, c := range r.Checks {
			if _, ok := g.Titles[c.Name]; !ok && c.Title != "" {
				g.Titles[c.Name] = c.Title
			}
		}
		link := ""
		page := reportName(r.Student) + ".html"
		if _, err := os.Stat(filepath.Join(outDir, ReportsDir, page)); err == nil {
			link = ReportsDir + "/" + url.PathEscape(page)
		}
		g.Rows = append(g.Rows, render.GradebookRow{
			Student: r.Student, Score: r.Score, MaxScore: r.MaxScore, Passed: r.Passed,
			FailedChecks: r.FailedChecks, SkippedChecks: r.SkippedChecks, Link: link,
		})
	}
	var buf bytes.Buffer
	if err := render.GradebookHTML(&buf, g); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(outDir, GradebookPage), buf.Bytes())
}

// copyHTMLReport copies a student's report page from a shard's output
// folder into a merge's, if the shard has one.
func copyHTMLReport(fromDir, outDir, student string) error {
	src := filepath.Join(fromDir, ReportsDir, reportName(student)+".html")
	dst := filepath.Join(outDir, ReportsDir, reportName(student)+".html")
	if src == dst {
		return nil
	}
	data, err := os.ReadFile(src)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("grader: merge: %w", err)
	}
	return atomicfile.Write(dst, data)
}
