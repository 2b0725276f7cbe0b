package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/boardcheck/boardcheck/internal/cli"
	"github.com/boardcheck/boardcheck/internal/exhaustive"
	"github.com/boardcheck/boardcheck/internal/programs"
	"github.com/boardcheck/boardcheck/reference"
)

// exitInterrupted is the grader's exit status when told to stop: its
// script is timing the stop, and it is not said again.
const exitInterrupted = 130

// TestMain registers the commands the scripts under testdata/scripts run
// with exec: the grader and the five reference programs, each the same
// function its main calls, so the scripts test what users run; and
// blockall, a careless parent of the grader.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		// The grader itself, said once more in en-XA where the
		// pseudo-language harness is on (pseudo_test.go).
		"grader": func() {
			code := cli.Main(os.Args[1:])
			if findings := os.Getenv(pseudoFindingsEnv); findings != "" && code != exitInterrupted {
				sayAgainInPseudo(findings, os.Args[1:])
			}
			os.Exit(code)
		},

		// The reference programs.
		"nqueens":       func() { os.Exit(programs.NQueens(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"queens-matrix": func() { os.Exit(programs.QueensMatrix(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"queens-board":  func() { os.Exit(programs.QueensBoard(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"solvers":       func() { os.Exit(programs.Solvers(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"knights-tour":  func() { os.Exit(programs.KnightsTour(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },

		// blockall CMD ARGS...: CMD started with every signal blocked
		// and every one it may ignored (hostile_signals.txtar).
		"blockall": blockAll,
	})
}

// TestScripts runs every script under testdata/scripts. Run one with
// go test ./cmd/grader -run 'TestScripts/^nqueens_usage$'; set
// GRADER_UPDATE=1 to rewrite the expected output inside the archives.
// Scripts find the repository (its exercises, their submissions) at $ROOT.
// The condition [exhaustive] holds with BOARDCHECK_EXHAUSTIVE=1: a script's
// slow part (verify grading every submission) follows
// `[!exhaustive] skip`, so that the default run keeps its quick part.
// Exhaustively, every check and show of every script is also said in
// en-XA, and a line of it in English fails the test (pseudo_test.go).
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	every, err := exhaustive.On()
	if err != nil {
		t.Fatal(err)
	}
	findings := ""
	if every {
		findings = filepath.Join(t.TempDir(), "pseudo-findings")
		// After the scripts, which run in parallel, past this function.
		t.Cleanup(func() { reportPseudoFindings(t, findings) })
	}
	gocache := os.Getenv("GOCACHE")
	if out, err := exec.Command("go", "env", "GOCACHE").Output(); gocache == "" && err == nil {
		gocache = strings.TrimSpace(string(out))
	}
	testscript.Run(t, testscript.Params{
		Dir: "../../testdata/scripts",
		Setup: func(env *testscript.Env) error {
			env.Setenv("ROOT", root)
			env.Setenv(pseudoFindingsEnv, findings)
			if gocache != "" {
				// A Go submission builds with the build cache warm, as
				// it does for a user; testscript's HOME has none, and a
				// cold cache rebuilds the standard library: a minute.
				env.Setenv("GOCACHE", gocache)
			}
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
			// another-build DIR: DIR/grader is another build of the grader, which grades alike.
			"another-build": anotherBuild,
			// check-tour N: the last exec's standard output is an open knight's tour from (0,0).
			"check-tour": checkTour,
			// gradescope-results FILE SCORE [HIDDEN...]: FILE is a results.json Gradescope reads, scoring SCORE, the checks HIDDEN hidden.
			"gradescope-results": gradescopeResults,
			// prairielearn-results FILE SCORE GRADABLE: FILE is a results.json PrairieLearn reads, scoring SCORE (0 to 1), gradable or not.
			"prairielearn-results": prairieLearnResults,
		},
	})
}

// anotherBuild writes DIR/grader: the grader on the script's PATH with
// bytes appended, which the kernel's loader never reads. It grades as the
// grader does, but its binary, and so its build digest, differ: what a
// rebuild from a checkout is, where every build's version is "(devel)".
func anotherBuild(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: another-build DIR")
	}
	var from string
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		if info, err := os.Stat(filepath.Join(dir, "grader")); err == nil && info.Mode().IsRegular() {
			from = filepath.Join(dir, "grader")
			break
		}
	}
	if from == "" {
		ts.Fatalf("another-build: no grader on PATH")
	}
	data, err := os.ReadFile(from)
	ts.Check(err)
	dir := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(dir, 0o755))
	ts.Check(os.WriteFile(filepath.Join(dir, "grader"), append(data, "\nanother build\n"...), 0o755))
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

// Gradescope's documented results.json fields ("Autograder
// Specifications"), at the top and in each test.
var (
	gradescopeTop  = []string{"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}
	gradescopeTest = []string{"score", "max_score", "status", "name", "number", "output", "output_format", "name_format", "tags", "visibility", "extra_data"}
)

// gradescopeResults checks a results.json as Gradescope reads it: only
// its documented fields, of their documented kinds; the score the tests
// add up to; text shown as written (output_format "text"), and each test
// visible but those of the checks named hidden.
func gradescopeResults(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! gradescope-results")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: gradescope-results FILE SCORE [HIDDEN...]")
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(ts.ReadFile(args[0])), &doc); err != nil {
		ts.Fatalf("gradescope-results: %s is not JSON: %v", args[0], err)
	}
	for k := range doc {
		if !slices.Contains(gradescopeTop, k) {
			ts.Fatalf("gradescope-results: field %q is none of Gradescope's", k)
		}
	}
	score, ok := doc["score"].(float64)
	if want := args[1]; !ok || strconv.FormatFloat(score, 'f', -1, 64) != want {
		ts.Fatalf("gradescope-results: score %v; want %s", doc["score"], want)
	}
	if doc["output_format"] != "text" {
		ts.Fatalf("gradescope-results: output_format %v; want text", doc["output_format"])
	}
	tests, _ := doc["tests"].([]any)
	if len(tests) == 0 {
		ts.Fatalf("gradescope-results: no tests")
	}
	sum := 0.0
	for i, raw := range tests {
		tc, _ := raw.(map[string]any)
		for k := range tc {
			if !slices.Contains(gradescopeTest, k) {
				ts.Fatalf("gradescope-results: test %d: field %q is none of Gradescope's", i+1, k)
			}
		}
		s, ok1 := tc["score"].(float64)
		_, ok2 := tc["max_score"].(float64)
		name, ok3 := tc["name"].(string)
		if !ok1 || !ok2 || !ok3 || (tc["status"] != "passed" && tc["status"] != "failed") || tc["output_format"] != "text" {
			ts.Fatalf("gradescope-results: test %d: score, max_score, name, status or output_format missing or wrong: %v", i+1, tc)
		}
		sum += s
		tags, _ := tc["tags"].([]any)
		want := "visible"
		if len(tags) > 0 && slices.Contains(args[2:], fmt.Sprint(tags[0])) {
			want = "hidden"
		}
		if tc["visibility"] != want {
			ts.Fatalf("gradescope-results: test %d (%s): visibility %v; want %s", i+1, name, tc["visibility"], want)
		}
	}
	if sum != score {
		ts.Fatalf("gradescope-results: the tests' scores add up to %v, not the score %v", sum, score)
	}
}

// PrairieLearn's documented results.json fields ("External Grading",
// "Grading results"), at the top and in each test.
var (
	prairieLearnTop  = []string{"gradable", "score", "message", "output", "format_errors", "images", "tests"}
	prairieLearnTest = []string{"name", "description", "points", "max_points", "message", "output", "images"}
)

// prairieLearnResults checks a results.json as PrairieLearn reads it: only
// its documented fields; score from 0 to 1, and for a gradable submission
// the tests' points over their max_points; format_errors exactly when not
// gradable.
func prairieLearnResults(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! prairielearn-results")
	}
	if len(args) != 3 {
		ts.Fatalf("usage: prairielearn-results FILE SCORE GRADABLE")
	}
	data := ts.ReadFile(args[0])
	if len(data) >= 1<<20 {
		ts.Fatalf("prairielearn-results: %d bytes; PrairieLearn takes less than 1 MB", len(data))
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(data), &doc); err != nil {
		ts.Fatalf("prairielearn-results: %s is not JSON: %v", args[0], err)
	}
	for k := range doc {
		if !slices.Contains(prairieLearnTop, k) {
			ts.Fatalf("prairielearn-results: field %q is none of PrairieLearn's", k)
		}
	}
	want, err := strconv.ParseFloat(args[1], 64)
	if err != nil {
		ts.Fatalf("prairielearn-results: SCORE %q is not a number", args[1])
	}
	score, ok := doc["score"].(float64)
	if !ok || score < 0 || score > 1 || math.Abs(score-want) > 1e-9 {
		ts.Fatalf("prairielearn-results: score %v; want %v, from 0 to 1", doc["score"], want)
	}
	gradable := doc["gradable"] == true
	if fmt.Sprint(gradable) != args[2] {
		ts.Fatalf("prairielearn-results: gradable %v; want %s", doc["gradable"], args[2])
	}
	if _, has := doc["format_errors"]; has == gradable {
		ts.Fatalf("prairielearn-results: format_errors %v on a submission gradable %t", doc["format_errors"], gradable)
	}
	tests, _ := doc["tests"].([]any)
	points, max := 0.0, 0.0
	for i, raw := range tests {
		tc, _ := raw.(map[string]any)
		for k := range tc {
			if !slices.Contains(prairieLearnTest, k) {
				ts.Fatalf("prairielearn-results: test %d: field %q is none of PrairieLearn's", i+1, k)
			}
		}
		p, ok1 := tc["points"].(float64)
		m, ok2 := tc["max_points"].(float64)
		if _, ok3 := tc["name"].(string); !ok1 || !ok2 || !ok3 {
			ts.Fatalf("prairielearn-results: test %d: name, points or max_points missing: %v", i+1, tc)
		}
		points, max = points+p, max+m
	}
	if gradable && (max == 0 || math.Abs(points/max-score) > 1e-9) {
		ts.Fatalf("prairielearn-results: the tests' points, %v of %v, are not the score %v", points, max, score)
	}
}
