package author

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// TestLoadVisibility loads the test exercise with two checks kept from
// its students: the checks say so, and so do the verdicts on them, and the
// statement's table lists them without their titles.
// testExercise is grader's test exercise.
const testExercise = "../testdata/exercises/echo-queens"

func TestLoadVisibility(t *testing.T) {
	dir := fixture.Copy(t, testExercise)
	fixture.Edit(t, dir, "exercise.toml", `usage = "standard error"`, "usage = \"standard error\"\n\n[visibility]\nn4 = \"hidden\"\ncount = \"after_due_date\"\nusage = \"visible\"")
	ex, err := exercise.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]report.Visibility{"n4": report.Hidden, "count": report.AfterDueDate}
	for _, c := range ex.Checks {
		if c.Visibility != want[c.Name] {
			t.Errorf("check %s: visibility %q; want %q", c.Name, c.Visibility, want[c.Name])
		}
	}
	table := strings.Join(checksTable(ex), "\n")
	if strings.Contains(table, ex.Check("n4").Title) || strings.Contains(table, ex.Check("count").Title) {
		t.Errorf("the table of checks names a hidden check's title:\n%s", table)
	}
	if !strings.Contains(table, "| "+report.HiddenTitle+" | 2 |") || !strings.Contains(table, "| "+ex.Check("usage").Title+" |") {
		t.Errorf("the table of checks does not list the hidden check by its points, or lost a visible one:\n%s", table)
	}
	// A statement written before the check was hidden shows its title:
	// verify says to rewrite it.
	var shown []*exercise.Check
	for _, c := range ex.Checks {
		v := *c
		v.Visibility = report.Visible
		shown = append(shown, &v)
	}
	old := withChecksTable(&exercise.Exercise{Checks: shown}, ex.Statement)
	if p := statementTableProblem(&exercise.Exercise{Checks: ex.Checks, Statement: old}); !strings.Contains(p, report.HiddenTitle) || !strings.Contains(p, "grader verify --update") {
		t.Errorf("statementTableProblem = %q; want the hidden row and how to write it", p)
	}
	if p := statementTableProblem(&exercise.Exercise{Checks: ex.Checks, Statement: withChecksTable(ex, ex.Statement)}); p != "" {
		t.Errorf("after withChecksTable, statementTableProblem = %q; want none", p)
	}
	r, err := grader.GradePath(t.Context(), ex, filepath.Join(dir, "good", "good.py"), grader.Options{Run: []string{"n4", "count"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Checks {
		if c.Visibility != want[c.Name] {
			t.Errorf("verdict on %s: visibility %q; want %q", c.Name, c.Visibility, want[c.Name])
		}
	}
	if len(r.Checks) < 2 {
		t.Errorf("graded %d checks; want n4, count and what they need", len(r.Checks))
	}
}
