package render

import (
	"encoding/base64"
	"encoding/json"
	"io"

	"github.com/boardcheck/boardcheck/grader/report"
)

func init() {
	register(Format{Name: "classroom", Summary: "GitHub Classroom's autograding result (base64 JSON)", Render: renderClassroom})
}

// GitHub Classroom's autograding-grading-reporter action takes, for each
// runner named in its input runners, an environment variable RUNNER_RESULTS
// holding a base64-encoded JSON object (what Classroom's own graders, such
// as autograding-command-grader, give as their output result): its status
// ("pass", "fail" or "error"), max_score, and tests, each with name,
// status, score and message. The reporter prints each test with its
// message, adds up the tests' score against max_score, and posts the total
// to Classroom; a status "fail" or "error" fails its step. So each check is
// one test and its points are its score: Classroom's summary shows the
// points check by check.
//
// The output is that base64 text and a newline, for the workflow to put in
// a step output (docs/workflows/classroom.yml). The student reads the log,
// so the report is the student's view (ForStudent).

type classroomResult struct {
	Version  int             `json:"version"`
	Status   string          `json:"status"`
	MaxScore int             `json:"max_score"`
	Tests    []classroomTest `json:"tests"`
}

type classroomTest struct {
	Name    string `json:"name"`
	Status  string `json:"status"`
	Score   int    `json:"score"`
	Message string `json:"message"`
}

// classroomStatus is a verdict in the reporter's words: a skipped check is
// not passed, so it fails; a broken one is an error.
func classroomStatus(s report.Status) string {
	switch s {
	case report.Pass:
		return "pass"
	case report.Error:
		return "error"
	}
	return "fail"
}

func renderClassroom(w io.Writer, r *report.Report, o Options) error {
	r = ForStudent(r)
	res := classroomResult{Version: 1, Status: "pass", MaxScore: r.MaxScore, Tests: []classroomTest{}}
	for _, c := range r.Checks {
		st := classroomStatus(c.Status)
		switch {
		case st == "error":
			res.Status = "error"
		case st == "fail" && res.Status == "pass":
			res.Status = "fail"
		}
		msg := checkDetail(r, c, o)
		res.Tests = append(res.Tests, classroomTest{Name: oneLine(c.Title), Status: st, Score: c.Score, Message: msg})
	}
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, base64.StdEncoding.EncodeToString(data)+"\n")
	return err
}
