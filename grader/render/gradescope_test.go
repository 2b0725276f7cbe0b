package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// Gradescope's documented results.json fields ("Autograder
// Specifications"): anything else is ignored by Gradescope at best.
var (
	gsTopFields  = map[string]bool{"score": true, "execution_time": true, "output": true, "output_format": true, "test_output_format": true, "test_name_format": true, "visibility": true, "stdout_visibility": true, "extra_data": true, "tests": true, "leaderboard": true}
	gsTestFields = map[string]bool{"score": true, "max_score": true, "status": true, "name": true, "number": true, "output": true, "output_format": true, "name_format": true, "tags": true, "visibility": true, "extra_data": true}
	gsVisibility = map[string]bool{"hidden": true, "after_due_date": true, "after_published": true, "visible": true}
)

func TestGradescopeFields(t *testing.T) {
	renderEach(t, renderGradescope, func(t *testing.T, r *report.Report, buf *bytes.Buffer) {
		var doc map[string]any
		if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
			t.Fatalf("not JSON: %v", err)
		}
		for k := range doc {
			if !gsTopFields[k] {
				t.Errorf("field %q is not one of Gradescope's", k)
			}
		}
		if got := doc["score"]; got != float64(r.Score) {
			t.Errorf("score = %v; want %d", got, r.Score)
		}
		if et, ok := doc["execution_time"].(float64); !ok || et != float64(int(et)) || et < 0 {
			t.Errorf("execution_time = %v; want whole seconds", doc["execution_time"])
		}
		if v, _ := doc["visibility"].(string); !gsVisibility[v] {
			t.Errorf("visibility = %q", v)
		}
		if doc["output_format"] != "text" {
			t.Errorf("output_format = %v; want text: no markup taken from a student's output", doc["output_format"])
		}
		tests, _ := doc["tests"].([]any)
		if len(tests) != len(r.Checks) {
			t.Fatalf("got %d tests; want %d", len(tests), len(r.Checks))
		}
		sum := 0.0
		for i, c := range r.Checks {
			tc := tests[i].(map[string]any)
			for k := range tc {
				if !gsTestFields[k] {
					t.Errorf("test %d: field %q is not one of Gradescope's", i+1, k)
				}
			}
			wantStatus := "failed"
			if c.Status == report.Pass {
				wantStatus = "passed"
			}
			if tc["status"] != wantStatus {
				t.Errorf("test %d (%s): status %v; want %s", i+1, c.Status, tc["status"], wantStatus)
			}
			if tc["score"] != float64(c.Score) || tc["max_score"] != float64(c.MaxScore) {
				t.Errorf("test %d: score %v/%v; want %d/%d", i+1, tc["score"], tc["max_score"], c.Score, c.MaxScore)
			}
			if tc["name"] != safeText(c.Title) {
				t.Errorf("test %d: name %q; want %q", i+1, tc["name"], safeText(c.Title))
			}
			if v, _ := tc["visibility"].(string); !gsVisibility[v] {
				t.Errorf("test %d: visibility %q", i+1, v)
			}
			if out, _ := tc["output"].(string); (out == "") != (c.Status == report.Pass) {
				t.Errorf("test %d (%s): output %q; want an explanation exactly when it did not pass", i+1, c.Status, out)
			}
			if tc["output_format"] != "text" {
				t.Errorf("test %d: output_format %v; want text", i+1, tc["output_format"])
			}
			if c.Status == report.Skip {
				for _, need := range r.Checks {
					if need.Name == c.SkippedBecause && !strings.Contains(tc["output"].(string), oneLine(need.Title)) {
						t.Errorf("test %d: output %q does not name the check it needs by its title %q", i+1, tc["output"], need.Title)
					}
				}
			}
			sum += tc["score"].(float64)
		}
		if sum != float64(r.Score) {
			t.Errorf("the tests' scores add up to %v; the report's score is %d", sum, r.Score)
		}
	})
}
