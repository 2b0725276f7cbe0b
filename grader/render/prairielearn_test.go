package render

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// TestPrairieLearnScore checks what PrairieLearn takes from results.json:
// the score as a fraction of the points, each test's points, and gradable
// false (no attempt counted) exactly when the student could not be graded:
// a compile error, a submission that cannot be run, a broken check.
func TestPrairieLearnScore(t *testing.T) {
	renderEach(t, renderPrairieLearn, func(t *testing.T, r *report.Report, buf *bytes.Buffer) {
		var doc plResults
		if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
			t.Fatalf("not JSON: %v", err)
		}
		ungradable := false
		for _, c := range r.Checks {
			ungradable = ungradable || c.Status == report.Error ||
				(c.Status == report.Fail && (c.Name == report.BuildCheck || c.Name == report.UngradableCheck))
		}
		if doc.Gradable == ungradable {
			t.Errorf("gradable %t; want %t", doc.Gradable, !ungradable)
		}
		want := 0.0
		if !ungradable && r.MaxScore > 0 {
			want = float64(r.Score) / float64(r.MaxScore)
		}
		if math.Abs(doc.Score-want) > 1e-9 {
			t.Errorf("score %v; want %v", doc.Score, want)
		}
		if len(doc.Tests) != len(r.Checks) {
			t.Fatalf("%d tests; want %d", len(doc.Tests), len(r.Checks))
		}
		for i, c := range r.Checks {
			if doc.Tests[i].Points != c.Score || doc.Tests[i].MaxPoints != c.MaxScore {
				t.Errorf("test %d: %d/%d points; want %d/%d", i+1, doc.Tests[i].Points, doc.Tests[i].MaxPoints, c.Score, c.MaxScore)
			}
		}
	})
}
