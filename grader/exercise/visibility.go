package exercise

import (
	"fmt"

	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/internal/suggest"
)

// visibilities are the values a manifest's [visibility] may give.
var visibilities = []report.Visibility{"visible", report.Hidden, report.AfterDueDate}

// closestHint is " (did you mean X?)" for the name in names nearest s, or "".
func closestHint(s string, names []string) string {
	if best := suggest.Closest(s, names); best != "" {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	return ""
}
