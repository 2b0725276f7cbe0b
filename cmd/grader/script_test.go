package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/boardcheck/boardcheck/internal/cli"
	"github.com/boardcheck/boardcheck/internal/exhaustive"
	"github.com/boardcheck/boardcheck/internal/programs"
	"github.com/boardcheck/boardcheck/reference"
)

// TestMain registers the commands the scripts under testdata/scripts run
// with exec: the grader and the five reference programs, each the same
// function its main calls, so the scripts test what users run.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		// The grader itself.
		"grader": func() { os.Exit(cli.Main(os.Args[1:])) },

		// The reference programs.
		"nqueens":       func() { os.Exit(programs.NQueens(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"queens-matrix": func() { os.Exit(programs.QueensMatrix(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"queens-board":  func() { os.Exit(programs.QueensBoard(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"solvers":       func() { os.Exit(programs.Solvers(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"knights-tour":  func() { os.Exit(programs.KnightsTour(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs every script under testdata/scripts. Run one with
// go test ./cmd/grader -run 'TestScripts/^nqueens_usage$'; set
// GRADER_UPDATE=1 to rewrite the expected output inside the archives.
// Scripts find the repository (its exercises, their submissions) at $ROOT.
// The condition [exhaustive] holds with BOARDCHECK_EXHAUSTIVE=1: a script's
// slow part (verify grading every submission) follows
// `[!exhaustive] skip`, so that the default run keeps its quick part.
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "../../testdata/scripts",
		Setup: func(env *testscript.Env) error {
			env.Setenv("ROOT", root)
			return nil
		},
		RequireExplicitExec: true,
		UpdateScripts:       os.Getenv("GRADER_UPDATE") != "",
		Condition: func(cond string) (bool, error) {
			if cond != "exhaustive" {
				return false, fmt.Errorf("unknown condition %q (the grader's scripts add exhaustive)", cond)
			}
			return exhaustive.On()
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// check-tour N: the last exec's standard output is an open knight's tour from (0,0).
			"check-tour": checkTour,
		},
	})
}

// checkTour validates a knights-tour output with the reference validator,
// so that scripts can test boards too large to keep as expected output.
func checkTour(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! check-tour")
	}
	if len(args) != 1 {
		ts.Fatalf("usage: check-tour N")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("check-tour: N must be a number: %v", err)
	}
	var numbers [][]int
	for line := range strings.Lines(ts.ReadFile("stdout")) {
		var row []int
		for _, field := range strings.Fields(line) {
			v, err := strconv.Atoi(field)
			if err != nil {
				ts.Fatalf("check-tour: line %d: %v", len(numbers)+1, err)
			}
			row = append(row, v)
		}
		numbers = append(numbers, row)
	}
	if err := reference.CheckTour(n, numbers, reference.TourOptions{}); err != nil {
		ts.Fatalf("check-tour: %v", err)
	}
}
