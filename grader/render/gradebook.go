package render

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// The gradebook page is a class's results on one self-contained page: a
// table with a row per student, sortable by any column with the keyboard or
// the mouse, each student linking to their own report page, and a bar chart
// of the checks failed most often, which says what to explain again.
//
// It is the instructor's, as the CSV gradebook is (it shows every
// student's score), so its own words are English, whatever the class's
// language. What it quotes of the reports, the exercise's title and the
// checks' titles, is in the class's language and marked so (lang, and dir
// for Arabic), for a screen reader to read it in that language and the
// page to lay it out in its direction.

// GradebookRow is one student's line on the gradebook page.
type GradebookRow struct {
	Student         string
	Score, MaxScore int
	Passed          bool
	// FailedChecks are the checks that failed or could not be judged, by
	// name, and SkippedChecks those skipped because one they need did not
	// pass, as in the CSV gradebook's columns of the same names.
	FailedChecks, SkippedChecks []string
	// Link is the student's report page relative to the gradebook page
	// ("reports/alice.html"), or "" when there is none.
	Link string
}

// GradebookRowOf makes a student's row from their report.
func GradebookRowOf(student string, r *report.Report, link string) GradebookRow {
	row := GradebookRow{Student: student, Score: r.Score, MaxScore: r.MaxScore, Passed: r.Passed, Link: link}
	for _, c := range r.Checks {
		switch c.Status {
		case report.Fail, report.Error:
			row.FailedChecks = append(row.FailedChecks, c.Name)
		case report.Skip:
			row.SkippedChecks = append(row.SkippedChecks, c.Name)
		}
	}
	return row
}

// Gradebook is what the gradebook page shows.
type Gradebook struct {
	Exercise, Title string
	Rows            []GradebookRow // in any order; the page lists them by student
	// Titles maps check names to their titles, for the chart; optional.
	Titles map[string]string
	// Lang is the class's language (the reports'), "" for English: the
	// titles the page quotes are marked with it (lang and dir attributes);
	// the page itself is English.
	Lang string
}

// maxBars is how many checks the chart shows: the rest fail less often.
const maxBars = 10

type gradebookPage struct {
	// TitleLang and TitleDir are the language and direction of the titles
	// quoted from the reports: the class's; Marked when it is not English.
	TitleLang, TitleDir string
	Marked              bool
	Exercise, Title     string
	Rows                []gradebookRowView
	Students            int
	AllPassed           int
	Mean                string
	Bars                []gradebookBar
	ChartHeight         int
	MoreChecks          int
}

type gradebookRowView struct {
	Student, Link, Failed, Skipped, Percent string
	Score, MaxScore, Pct, NFailed           int
	Passed                                  bool
}

type gradebookBar struct {
	Check, Title, Label string
	Students, Y, Width  int
}

// GradebookHTML writes the gradebook page.
func GradebookHTML(w io.Writer, g Gradebook) error {
	return htmlTemplates().ExecuteTemplate(w, "gradebook.tmpl", newGradebookPage(g))
}

func newGradebookPage(g Gradebook) *gradebookPage {
	l := i18n.For(g.Lang)
	p := &gradebookPage{TitleLang: l.Lang(), TitleDir: l.Dir(), Marked: l.Lang() != i18n.English, Exercise: htmlEsc(g.Exercise), Title: htmlEsc(g.Title), Students: len(g.Rows)}
	rows := append([]GradebookRow(nil), g.Rows...)
	sort.Slice(rows, func(i, j int) bool { return rows[i].Student < rows[j].Student })
	failed := map[string]int{}
	total, totalMax := 0, 0
	for _, r := range rows {
		pct := 0
		if r.MaxScore > 0 {
			pct = r.Score * 100 / r.MaxScore
		}
		p.Rows = append(p.Rows, gradebookRowView{
			Student: Escape(r.Student), Link: r.Link, Failed: htmlEsc(strings.Join(r.FailedChecks, " ")),
			Skipped: htmlEsc(strings.Join(r.SkippedChecks, " ")),
			Score:   r.Score, MaxScore: r.MaxScore, Pct: pct, Percent: fmt.Sprintf("%d%%", pct),
			NFailed: len(r.FailedChecks), Passed: r.Passed,
		})
		if r.Passed {
			p.AllPassed++
		}
		total += r.Score
		totalMax += r.MaxScore
		for _, c := range r.FailedChecks {
			failed[c]++
		}
	}
	if len(rows) > 0 {
		p.Mean = fmt.Sprintf("%.1f", float64(total)/float64(len(rows)))
	}
	type count struct {
		check string
		n     int
	}
	var counts []count
	for c, n := range failed {
		counts = append(counts, count{c, n})
	}
	sort.Slice(counts, func(i, j int) bool {
		if counts[i].n != counts[j].n {
			return counts[i].n > counts[j].n
		}
		return counts[i].check < counts[j].check
	})
	if len(counts) > maxBars {
		p.MoreChecks = len(counts) - maxBars
		counts = counts[:maxBars]
	}
	// Bars are scaled to the class: a bar across the whole chart is every
	// student, so a glance says "half the class" rather than "the most".
	const barWidth, barHeight = 360, 28
	for i, c := range counts {
		width := 0
		if len(rows) > 0 {
			width = c.n * barWidth / len(rows)
		}
		title := c.check
		if t, ok := g.Titles[c.check]; ok && t != "" {
			title = t
		}
		p.Bars = append(p.Bars, gradebookBar{
			Check: htmlEsc(c.check), Title: htmlEsc(title), Students: c.n,
			Label: fmt.Sprintf("%d of %d %s", c.n, len(rows), plural(len(rows), "student")),
			Y:     i * barHeight, Width: max(width, 2),
		})
	}
	p.ChartHeight = len(p.Bars) * barHeight
	return p
}
