package render

import (
	"math"
	"slices"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// classroomRead is what testdata/consumers/classroom-reporter.mjs prints
// of a file: what Classroom's reporter action makes of it.
type classroomRead struct {
	File       string
	Error      string
	Status     string
	TotalScore float64
	MaxScore   float64
	Failed     bool
	Passed     int
	Results    map[string]any
}

// TestClassroomAsReporterReadsIt hands every fixture's classroom result to
// the reporter's reading, in node: it must decode, post the report's score
// against its maximum (the points Classroom shows), fail the step exactly
// when a check did not pass, and find one test a check, with its points,
// in the fields Classroom's graders write and no other.
func TestClassroomAsReporterReadsIt(t *testing.T) {
	needCommand(t, "node", "apt-get install nodejs")
	files := renderFiles(t, renderClassroom, "b64")
	stdout, stderr, err := run(t, nil, "node", append([]string{consumersDir + "/classroom-reporter.mjs"}, paths(files)...)...)
	if err != nil {
		t.Fatalf("classroom-reporter.mjs: %v\n%s", err, stderr)
	}
	got := jsonLines(t, stdout, func(c classroomRead) string { return c.File })
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			c, ok := got[f.path]
			switch {
			case !ok:
				t.Fatal("not read")
			case c.Error != "":
				t.Fatalf("the reporter cannot read it: %s", c.Error)
			}
			r := ForStudent(f.report)
			if c.TotalScore != float64(r.Score) || c.MaxScore != float64(r.MaxScore) {
				t.Errorf("points %v/%v; want %d/%d", c.TotalScore, c.MaxScore, r.Score, r.MaxScore)
			}
			if c.Failed != !r.Passed {
				t.Errorf("step failed %t (status %q); want %t", c.Failed, c.Status, !r.Passed)
			}
			for k := range c.Results {
				if !slices.Contains([]string{"version", "status", "max_score", "tests"}, k) {
					t.Errorf("field %q is none of the result's", k)
				}
			}
			tests, _ := c.Results["tests"].([]any)
			if len(tests) != len(r.Checks) {
				t.Fatalf("%d tests; want %d", len(tests), len(r.Checks))
			}
			passed := 0
			for i, ch := range r.Checks {
				tc := tests[i].(map[string]any)
				for k := range tc {
					if !slices.Contains([]string{"name", "status", "score", "message"}, k) {
						t.Errorf("test %d: field %q is none of a test's", i+1, k)
					}
				}
				if s, _ := tc["score"].(float64); math.Abs(s-float64(ch.Score)) > 0 || tc["name"] != oneLine(ch.Title) {
					t.Errorf("test %d: %v %v; want %q with score %d", i+1, tc["name"], tc["score"], oneLine(ch.Title), ch.Score)
				}
				want := map[report.Status]string{report.Pass: "pass", report.Fail: "fail", report.Skip: "fail", report.Error: "error"}[ch.Status]
				if tc["status"] != want {
					t.Errorf("test %d (%s): status %v; want %s", i+1, ch.Status, tc["status"], want)
				}
				if ch.Status == report.Pass {
					passed++
				}
			}
			if c.Passed != passed {
				t.Errorf("the reporter counts %d passed tests; want %d", c.Passed, passed)
			}
		})
	}
}
