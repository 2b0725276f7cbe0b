package grader

import "fmt"

// Visibility is when a student may see a check: its title, its scenario's
// runs, why it failed. The words are Gradescope's, which hides such tests
// itself; every other report for a student shows a check that is not
// Visible only as existing, with its points and whether it passed. An
// author hides a check so that a class cannot write to its input (a large
// N, a tricky argument) instead of solving the exercise.
type Visibility string

const (
	// Visible: shown in full, always. The default.
	Visible Visibility = ""
	// Hidden: never shown to the student beyond its verdict.
	Hidden Visibility = "hidden"
	// AfterDueDate: shown in full once the assignment's due date has
	// passed, on a platform that knows it (Gradescope); hidden until then,
	// and everywhere else.
	AfterDueDate Visibility = "after_due_date"
)

// HiddenTitle is what a student is shown of a hidden check's title, in a
// report and in the statement's table of checks: the title may name the
// input ("N = 27 in time").
const HiddenTitle = "A hidden check"

// ShownTitle is the check's title as its student sees it.
func (c *Check) ShownTitle() string {
	if c.Visibility.Shown() {
		return c.Title
	}
	return HiddenTitle
}

// visibilities are the values a manifest's [visibility] may give.
var visibilities = []Visibility{"visible", Hidden, AfterDueDate}

// Shown reports whether a student sees the check in full.
func (v Visibility) Shown() bool { return v == Visible }

// withVisibility copies each check's visibility into r's verdicts on it.
func withVisibility(ex *Exercise, r *Report) {
	for i := range r.Checks {
		for _, c := range ex.Checks {
			if c.Name == r.Checks[i].Name {
				r.Checks[i].Visibility = c.Visibility
			}
		}
	}
}

// closestHint is " (did you mean X?)" for the name in names nearest s, or "".
func closestHint(s string, names []string) string {
	if best := Closest(s, names); best != "" {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	return ""
}
