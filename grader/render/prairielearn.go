package render

import (
	"encoding/json"
	"io"

	"github.com/boardcheck/boardcheck/grader/report"
)

func init() {
	register(Format{Name: "prairielearn", Summary: "PrairieLearn's external grader results.json", Render: renderPrairieLearn})
}

// PrairieLearn's external grader writes /grade/results/results.json, whose
// fields its documentation ("External Grading", "Grading results") lists:
// score, a number from 0 to 1, the only one required; gradable, false for a
// submission that could not be graded, which costs the student no attempt,
// and then format_errors saying why; message and output, shown above the
// tests; and tests, each with name, description, points, max_points,
// message and output, which its <pl-external-grader-results> element
// draws. docs/prairielearn-results.schema.json is that list as a JSON
// Schema, which the tests check every rendering against.
//
// A submission that does not compile or cannot be run at all is not
// gradable, as PrairieLearn's own example (a syntax error) is; so is one
// the grader could not grade (a broken check: not the student's fault).
// PrairieLearn has no hidden tests, so the report is the student's view
// (ForStudent). Its texts are plain; the element shows them preformatted.

type plResults struct {
	Gradable     bool     `json:"gradable"`
	Score        float64  `json:"score"`
	Message      string   `json:"message"`
	Output       string   `json:"output"`
	FormatErrors []string `json:"format_errors,omitempty"`
	Tests        []plTest `json:"tests"`
}

type plTest struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Points      int    `json:"points"`
	MaxPoints   int    `json:"max_points"`
	Message     string `json:"message"`
	Output      string `json:"output"`
}

func renderPrairieLearn(w io.Writer, r *report.Report, o Options) error {
	r = ForStudent(r)
	l := words(r)
	res := plResults{Gradable: true, Message: gradescopeSummary(r), Tests: []plTest{}}
	if r.MaxScore > 0 {
		res.Score = float64(r.Score) / float64(r.MaxScore)
	}
	for _, c := range r.Checks {
		switch {
		case c.Status == report.Error,
			c.Status == report.Fail && (c.Name == report.BuildCheck || c.Name == report.UngradableCheck):
			res.Gradable = false
			res.FormatErrors = append(res.FormatErrors, oneLine(c.Title)+": "+checkMessage(l, r, c))
		}
		res.Tests = append(res.Tests, plTest{
			Name:        oneLine(c.Title),
			Description: c.Name,
			Points:      c.Score,
			MaxPoints:   c.MaxScore,
			Message:     checkMessage(l, r, c),
			Output:      checkDetail(r, c, o),
		})
	}
	if !res.Gradable {
		// Not graded: no score, and PrairieLearn keeps the attempt.
		res.Score = 0
	}
	res.Output = plainText(r, o)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// plainText is the text report without colour, for a platform's output
// box.
func plainText(r *report.Report, o Options) string {
	t := newText(r, Options{Verbose: o.Verbose, Dir: o.Dir})
	t.report(ForStudent(r))
	return t.b.String()
}
