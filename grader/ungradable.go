package grader

import (
	"strings"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/submission"
)

// UngradableReport is the report of a submission that could not be run at all: a
// failed check "submission" saying why, every check of the exercise skipped
// because of it, as a compile error is reported. When the machine is at
// fault (machine: an interpreter missing), the check is an Error, not a
// Fail: the student has nothing to fix.
func UngradableReport(ex *exercise.Exercise, path, problem string, machine bool, opts Options) *report.Report {
	r := &report.Report{
		Exercise:   ex.ID,
		Title:      ex.Title,
		Lang:       ex.Lang,
		Submission: path,
		Checks: []report.CheckResult{{
			Name:    report.UngradableCheck,
			Title:   i18n.For(ex.Lang).T("grader.title.ungradable"),
			Status:  report.Fail,
			Message: problem,
		}},
	}
	if machine {
		r.Checks[0].Status = report.Error
	}
	want := map[string]bool{}
	for _, n := range opts.Run {
		want[n] = true
	}
	for _, c := range ex.Checks {
		if len(want) > 0 && !want[c.Name] && !neededBy(ex, c.Name, want) {
			continue
		}
		skip := report.CheckResult{
			Name: c.Name, Title: c.Title, Status: report.Skip, MaxScore: c.Points, Hint: c.Hint,
			SkippedBecause: report.UngradableCheck,
		}
		say(&skip, report.Say("skip.unrunnable"))
		r.Checks = append(r.Checks, skip)
		r.MaxScore += c.Points
	}
	withVisibility(ex, r)
	return r
}

// UngradableSubmission is UngradableReport of a submission Prepare could
// not make a command of (err): its check says err, as data where err says
// it as a Message, for a report to say in the student's language.
func UngradableSubmission(ex *exercise.Exercise, path string, err *submission.Error, opts Options) *report.Report {
	r := UngradableReport(ex, path, strings.TrimPrefix(err.Error(), "grader: "), err.Machine, opts)
	if m, ok := err.Message(); ok {
		r.Checks[0].Reason = &m
	}
	return r
}

// neededBy reports whether check name is needed, directly or not, by one of
// the checks in want: --run grades those too.
func neededBy(ex *exercise.Exercise, name string, want map[string]bool) bool {
	seen := map[string]bool{}
	var needs func(c string) bool
	needs = func(c string) bool {
		if seen[c] {
			return false
		}
		seen[c] = true
		for _, ch := range ex.Checks {
			if ch.Name != c {
				continue
			}
			for _, n := range ch.Needs {
				if n == name || needs(n) {
					return true
				}
			}
		}
		return false
	}
	for w := range want {
		if needs(w) {
			return true
		}
	}
	return false
}
