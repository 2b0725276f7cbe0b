package render

import (
	"encoding/json"
	"fmt"
	"io"
	"math"

	"github.com/boardcheck/boardcheck/grader/report"
)

func init() {
	register(Format{Name: "gradescope", Summary: "Gradescope's autograder results.json", Render: renderGradescope})
}

// Gradescope's autograder reads /autograder/results/results.json, whose
// fields its documentation ("Autograder Specifications") lists: score,
// execution_time (whole seconds), output, output_format, visibility,
// extra_data, and tests, each with name, number, score, max_score, status
// ("passed" or "failed"), output, output_format, tags and visibility.
// docs/gradescope-results.schema.json is that list as a JSON Schema, which
// the tests check every rendering against. Each output is plain text with
// board pictures drawn in characters, so its output_format is "text": shown
// as written, where "md", "html" or "simple_format" would take markup from
// what a student's program printed. A test's output is the text report's
// plain explanation. A skipped or broken check is "failed"
// with score 0: Gradescope has no other status, and the points were not
// earned; a skipped one says which check, by its title, it waits for.
// A test is visible to the student at once, since the feedback is the
// point, unless the exercise's manifest says otherwise ([visibility]: hidden
// or after_due_date, Gradescope's own words): Gradescope then hides it
// itself, so its output stays whole for the instructor. The summary above
// the tests, which Gradescope shows with the score, names a hidden check
// only as render.ForStudent does.

type gsResults struct {
	Score         int            `json:"score"`
	ExecutionTime int            `json:"execution_time"`
	Output        string         `json:"output"`
	OutputFormat  string         `json:"output_format"`
	Visibility    string         `json:"visibility"`
	ExtraData     map[string]any `json:"extra_data"`
	Tests         []gsTest       `json:"tests"`
}

type gsTest struct {
	Name         string   `json:"name"`
	Number       string   `json:"number"`
	Score        int      `json:"score"`
	MaxScore     int      `json:"max_score"`
	Status       string   `json:"status"`
	Output       string   `json:"output"`
	OutputFormat string   `json:"output_format"`
	Tags         []string `json:"tags"`
	Visibility   string   `json:"visibility"`
}

func renderGradescope(w io.Writer, r *report.Report, o Options) error {
	student := ForStudent(r)
	res := gsResults{
		Score: r.Score,
		// Shown to the student: none where a check is hidden, whose
		// time it holds.
		ExecutionTime: int(math.Round(student.Duration.Seconds())),
		Output:        gradescopeSummary(student),
		OutputFormat:  "text",
		Visibility:    "visible",
		ExtraData: map[string]any{
			"exercise":   r.Exercise,
			"submission": r.Submission,
			"max_score":  r.MaxScore,
			"passed":     r.Passed,
		},
		Tests: []gsTest{},
	}
	for i, c := range r.Checks {
		t := gsTest{
			Name:         safeText(c.Title),
			Number:       fmt.Sprint(i + 1),
			Score:        c.Score,
			MaxScore:     c.MaxScore,
			Status:       "failed",
			Output:       checkDetail(r, c, o),
			OutputFormat: "text",
			Tags:         []string{c.Name},
			Visibility:   "visible",
		}
		if !c.Visibility.Shown() {
			t.Visibility = string(c.Visibility)
		}
		if c.Status == report.Pass {
			t.Status = "passed"
		}
		res.Tests = append(res.Tests, t)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// gradescopeSummary is the output shown above the tests: the exercise, the
// score, and which check to fix first, as the text report ends.
func gradescopeSummary(r *report.Report) string {
	return reportHeading(r) + "\n" + scoreSummary(r)
}

// reportHeading is the exercise, never translated, and its title.
func reportHeading(r *report.Report) string {
	return words(r).Verbatim(r.Exercise) + ": " + oneLine(r.Title)
}

// scoreSummary is the score and which check to fix first, or that every
// check passed, in the report's language as the HTML report says them.
func scoreSummary(r *report.Report) string {
	l := words(r)
	score := []report.Arg{report.Int("score", r.Score), report.Int("max", r.MaxScore)}
	if r.Passed {
		return l.T("html.score_passed", score...)
	}
	s := l.T("html.score", score...)
	if first, _ := fixFirst(r); first != nil {
		s += "\n" + l.T("html.fix_first") + " " + oneLine(first.Title)
	}
	return s
}
