package author

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// TestShippedOutputs judges every builtin exercise's valid-output/ and
// invalid-output/ with its checkers: the hand-written edge cases must be
// accepted and rejected as their folders say, and every exercise must have
// some of each.
func TestShippedOutputs(t *testing.T) {
	list, err := exercise.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range list {
		t.Run(ex.ID, func(t *testing.T) {
			t.Parallel()
			counts := map[string]int{}
			for _, it := range verifyOutputs(context.Background(), ex) {
				counts[it.Kind]++
				for _, p := range it.Problems {
					t.Errorf("%s: %s", it.Name, p)
				}
			}
			for _, kind := range []string{ItemValidOutput, ItemInvalidOutput} {
				if counts[kind] < 3 {
					t.Errorf("%d files under %s/; want at least 3 hand-written edge cases", counts[kind], kind)
				}
			}
		})
	}
}

// TestShippedStatements checks every builtin exercise's points and
// statement as grader verify does, without grading anything: the checks add
// up to the exercise's maximum, the statement's table of checks is the
// checks', and its examples show what the reference prints.
func TestShippedStatements(t *testing.T) {
	list, err := exercise.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range list {
		for _, it := range []VerifyItem{verifyPoints(ex), verifyStatement(context.Background(), ex, filepath.Join("..", "..", "exercises", ex.ID), true)} {
			for _, p := range it.Problems {
				t.Errorf("%s: %s: %s", ex.ID, it.Name, p)
			}
		}
	}
}

// TestVerifyOutputsBroken shows that each way of getting valid-output/ or
// invalid-output/ wrong is a problem that names the file and says why.
func TestVerifyOutputsBroken(t *testing.T) {
	t.Parallel()
	const good = "[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 2], [1, 0], [2, 3], [3, 1]]\n"
	tests := []struct {
		name  string
		files fstest.MapFS
		item  string // the item with the problem
		want  string // a phrase of its problem
	}{
		{"invalid output accepted", fstest.MapFS{
			"invalid-output/list-4/command":  {Data: []byte("queens all 4\n")},
			"invalid-output/list-4/both.txt": {Data: []byte(good)},
		}, "invalid-output/list-4/both.txt", "accepted by queens all 4; it must be rejected"},
		{"valid output rejected", fstest.MapFS{
			"valid-output/list-4/command":  {Data: []byte("queens all 4\n")},
			"valid-output/list-4/half.txt": {Data: []byte("[[0, 1], [1, 3], [2, 0], [3, 2]]\n")},
		}, "valid-output/list-4/half.txt", "rejected by queens all 4: 1 of 2 solutions missing"},
		{"no command file", fstest.MapFS{
			"valid-output/list-4/a.txt": {Data: []byte(good)},
		}, "valid-output/list-4", "no command file"},
		{"not a checker", fstest.MapFS{
			"valid-output/list-4/command": {Data: []byte("run nqueens 4\n")},
			"valid-output/list-4/a.txt":   {Data: []byte(good)},
		}, "valid-output/list-4/command", `"run" is not a checker command`},
		{"bad usage", fstest.MapFS{
			"valid-output/list-4/command": {Data: []byte("queens all\n")},
			"valid-output/list-4/a.txt":   {Data: []byte(good)},
		}, "valid-output/list-4/command", "usage: queens"},
		{"loose file", fstest.MapFS{
			"invalid-output/a.txt": {Data: []byte("x")},
		}, "invalid-output/a.txt", "outputs go in folders"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := &exercise.Exercise{ID: "x", FS: tt.files}
			items := verifyOutputs(context.Background(), ex)
			found := false
			for _, it := range items {
				if it.Name != tt.item {
					if !it.OK() {
						t.Errorf("%s: unexpected problems %q", it.Name, it.Problems)
					}
					continue
				}
				found = true
				if len(it.Problems) != 1 || !strings.Contains(it.Problems[0], tt.want) {
					t.Errorf("%s: got problems %q; want one containing %q", it.Name, it.Problems, tt.want)
				}
			}
			if !found {
				t.Errorf("no item %s among %d", tt.item, len(items))
			}
		})
	}
}

// TestVerifyTiming checks the limit against the reference's runs: a timeout
// is a problem, a margin under 2× a warning.
func TestVerifyTiming(t *testing.T) {
	t.Parallel()
	refReport := func(runs ...report.Run) *report.Report {
		return &report.Report{Checks: []report.CheckResult{{Name: "n12", Runs: runs}}}
	}
	run := func(cpu time.Duration, death string) report.Run {
		// The wall-clock time, three times the CPU time, as on a busy
		// machine: the limit is on the CPU time.
		return report.Run{Args: []string{"nqueens", "12"}, Duration: 3 * cpu, CPU: cpu, Death: death}
	}
	tests := []struct {
		name          string
		limit         time.Duration
		ref           *report.Report
		problem, warn string // phrases; "" for none
	}{
		{"room", 10 * time.Second, refReport(run(time.Second, "")), "", ""},
		{"thin margin", 10 * time.Second, refReport(run(6*time.Second, "")), "", "less than 2 times the reference's slowest run"},
		{"timed out", time.Second, refReport(run(time.Second, "timed out: it used all of its 1s of CPU time")), "limits.time 1s is below the reference's time", ""},
		{"no reference", time.Second, nil, "", "not measured"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := &exercise.Exercise{Limits: sandbox.Limits{Time: tt.limit}}
			it := verifyTiming(ex, tt.ref)
			check := func(what string, got []string, want string) {
				if want == "" && len(got) > 0 || want != "" && (len(got) != 1 || !strings.Contains(got[0], want)) {
					t.Errorf("%s: got %q; want %s", what, got, map[bool]string{true: "none", false: "one containing " + want}[want == ""])
				}
			}
			check("problems", it.Problems, tt.problem)
			check("warnings", it.Warnings, tt.warn)
		})
	}
}

// TestVerify proves a small exercise folder end to end, then breaks it in
// each way an author can and checks that verify says precisely what broke.
func TestVerify(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	const manifest = `title = "tiny"
program = "nqueens"
reference = "builtin:nqueens"
checks = ["usage", "n4"]
points = 2

[[bad]]
file = "silent.sh"
why = "prints nothing"
[bad.fails]
n4 = "printed nothing"
`
	const table = "| check | points |\n|---|---|\n| usage | 1 |\n| n4 | 1 |\n"
	// A shell nqueens that knows the answer for N = 4 only.
	const good = "if [ $# -ne 1 ]; then echo 'Usage: nqueens N'; exit 1; fi\n" +
		"echo '[[0, 1], [1, 3], [2, 0], [3, 2]]'\necho '[[0, 2], [1, 0], [2, 3], [3, 1]]'\n"
	base := map[string]string{
		"exercise.toml":     manifest,
		"tests/usage.txtar": "# title: usage\n# points: 1\n! run nqueens\nstdout '^Usage: nqueens N$'\n",
		"tests/n4.txtar":    "# title: n4\n# points: 1\nrun nqueens 4\nqueens all 4\n",
		"good/four.sh":      good,
		"bad/silent.sh":     "exit 0\n",
		"README.md":         "# tiny\n\n" + table,
	}
	// The usage check with the exercise's wording of it, $usage.
	const usageByName = "# title: usage\n# points: 1\n! run nqueens\ncmpenv stdout want.txt\n-- want.txt --\n$usage\n"
	const reworded = "[messages]\nusage = \"usage: nqueens <N>\"\n"
	tests := []struct {
		name    string
		change  map[string]string // files to add or replace ("" removes)
		item    string            // the item with the problem; "" when all holds
		problem string
		// others says other items break too: a limit the reference cannot
		// meet is one every submission misses.
		others bool
	}{
		{"holds", nil, "", "", false},
		{"reference fails a check", map[string]string{
			"exercise.toml": strings.Replace(manifest, "builtin:nqueens", "builtin:queens-board", 1),
		}, "builtin:queens-board", "check usage: fail: ", false},
		{"bad submission passes", map[string]string{"bad/silent.sh": good},
			"bad/silent.sh", `check n4: passed; it must fail with a message containing "printed nothing"`, false},
		{"bad submission fails otherwise", map[string]string{"bad/silent.sh": "echo '[[0, 1]]'\n"},
			"bad/silent.sh", `check n4: failed with "line 1: `, false},
		{"undeclared bad submission", map[string]string{"bad/extra.sh": "exit 0\n"},
			"bad/extra.sh", "no [[bad]] entry in exercise.toml", false},
		{"good submission fails", map[string]string{"good/wrong.sh": "echo '[[0, 1]]'\n"},
			"good/wrong.sh", `check n4: fail: nqueens 4: prints the same line "[[0, 1]]" whatever its arguments are: it reads none; its input comes from the command line, as the statement's examples show; line 1: 1 pair; N = 4 needs 4`, false},
		{"no reference", map[string]string{
			"exercise.toml": strings.Replace(manifest, "reference = \"builtin:nqueens\"\n", "", 1),
		}, "(none)", "exercise.toml names no reference program", false},
		{"points short of the maximum", map[string]string{
			"exercise.toml": strings.Replace(manifest, "points = 2", "points = 3", 1),
		}, "points 3", "the checks' points add up to 2 (usage 1 + n4 1), not the exercise's maximum of 3", false},
		{"points short of the default maximum", map[string]string{
			"exercise.toml": strings.Replace(manifest, "points = 2\n", "", 1),
		}, "points 100", "add up to 2 (usage 1 + n4 1), not the exercise's maximum of 100", false},
		{"statement lacks a new check", map[string]string{
			"README.md": "# tiny\n\n| check | points |\n|---|---|\n| usage | 1 |\n",
		}, "README.md", `the table of checks (line 3) lacks the row "| n4 | 1 |"`, false},
		{"statement's points stale", map[string]string{
			"README.md": strings.Replace("# tiny\n\n"+table, "| n4 | 1 |", "| n4 | 5 |", 1),
		}, "README.md", `line 6: the table of checks has "| n4 | 5 |" where the checks give "| n4 | 1 |"`, false},
		{"statement lists a dropped check", map[string]string{
			"README.md": "# tiny\n\n" + table + "| n8 | 3 |\n",
		}, "README.md", `line 7: the table of checks has the row "| n8 | 3 |", which is no check`, false},
		{"statement's example stale", map[string]string{
			"README.md": "# tiny\n\n    $ nqueens 3\n    N must be at least 3\n\n" + table,
		}, "README.md", `line 4: the example $ nqueens 3 shows "N must be at least 3" where the reference prints "N must be at least 4": run grader verify --update`, false},
		{"statement's example short", map[string]string{
			"README.md": "# tiny\n\n    $ nqueens 4\n    [[0, 1], [1, 3], [2, 0], [3, 2]]\n\n" + table,
		}, "README.md", `line 5: the example $ nqueens 4 shows nothing more where the reference prints "[[0, 2], [1, 0], [2, 3], [3, 1]]"`, false},
		{"statement without a table", map[string]string{"README.md": "# tiny\n"},
			"README.md", "no table of checks", false},
		{"reworded message", map[string]string{
			"exercise.toml":     manifest + reworded,
			"tests/usage.txtar": usageByName,
			"good/four.sh":      strings.Replace(good, "Usage: nqueens N", "usage: nqueens <N>", 1),
		}, "", "", false},
		{"reworded message, statement left behind", map[string]string{
			"exercise.toml":     manifest + reworded,
			"tests/usage.txtar": usageByName,
			"good/four.sh":      strings.Replace(good, "Usage: nqueens N", "usage: nqueens <N>", 1),
			"README.md":         "# tiny\n\nPrint `Usage: nqueens N`.\n\n" + table,
		}, "README.md", `line 3 still has "Usage: nqueens N", which exercise.toml's messages.usage words "usage: nqueens <N>": run grader verify --update`, false},
		{"reworded message, hint left behind", map[string]string{
			"exercise.toml":     manifest + reworded,
			"tests/usage.txtar": strings.Replace(usageByName, "# points: 1\n", "# points: 1\n# hint: Print Usage: nqueens N.\n", 1),
			"good/four.sh":      strings.Replace(good, "Usage: nqueens N", "usage: nqueens <N>", 1),
		}, "README.md", `tests/usage.txtar: line 3 still has "Usage: nqueens N"`, false},
		{"reworded message, good submission left behind", map[string]string{
			"exercise.toml":     manifest + reworded,
			"tests/usage.txtar": usageByName,
		}, "good/four.sh", `good/four.sh still has "Usage: nqueens N", which exercise.toml's messages.usage words "usage: nqueens <N>"`, false},
		{"reworded message, bad phrase left behind", map[string]string{
			"exercise.toml":     strings.Replace(manifest, `n4 = "printed nothing"`, `usage = "expected \"Usage: nqueens N\""`, 1) + reworded,
			"tests/usage.txtar": usageByName,
			"good/four.sh":      strings.Replace(good, "Usage: nqueens N", "usage: nqueens <N>", 1),
		}, "bad/silent.sh", `its [[bad]] phrase for check usage quotes "Usage: nqueens N", which exercise.toml's messages.usage words "usage: nqueens <N>"`, false},
		{"time limit below the reference's time", map[string]string{
			"exercise.toml": manifest + "[limits]\ntime = \"1ns\"\n",
		}, "limits.time 1ns", "limits.time 1ns is below the reference's time", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ex := loadFiles(t, base, tt.change)
			r, err := Verify(context.Background(), ex, VerifyOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var all []string
			found := tt.item == ""
			for _, it := range r.Items {
				for _, p := range it.Problems {
					all = append(all, it.Name+": "+p)
				}
				if it.Name == tt.item {
					found = true
					if !slices.ContainsFunc(it.Problems, func(p string) bool { return strings.Contains(p, tt.problem) }) {
						t.Errorf("%s: got problems %q; want one containing %q", it.Name, it.Problems, tt.problem)
					}
				} else if !it.OK() && !tt.others {
					// A broken reference also leaves timing
					// unmeasured; nothing else may break.
					t.Errorf("%s: unexpected problems %q", it.Name, it.Problems)
				}
			}
			if !found {
				t.Errorf("no item %q in the report; problems: %q", tt.item, all)
			}
			if tt.item == "" {
				// Each submission graded says how long it took: that
				// is how an author finds the one that makes verify slow.
				for _, it := range r.Items {
					graded := it.Kind == ItemReference || it.Kind == ItemGood || it.Kind == ItemBad
					if graded && it.Duration <= 0 {
						t.Errorf("%s: Duration %v; want the time it took", it.Name, it.Duration)
					}
				}
			}
			if tt.item == "" {
				// Each submission graded says how long it took: that
				// is how an author finds the one that makes verify slow.
				for _, it := range r.Items {
					graded := it.Kind == ItemReference || it.Kind == ItemGood || it.Kind == ItemBad
					if graded && it.Duration <= 0 {
						t.Errorf("%s: Duration %v; want the time it took", it.Name, it.Duration)
					}
				}
			}
			if got, want := r.OK, tt.item == ""; got != want {
				t.Errorf("OK = %v; want %v (problems: %q)", got, want, all)
			}
		})
	}

	// Only grades the submissions it names and proves the rest as ever: a
	// good submission left out that would fail is not graded, an
	// undeclared bad/ file is still a problem, and a name that is no
	// submission is the caller's error.
	t.Run("only", func(t *testing.T) {
		t.Parallel()
		ex := loadFiles(t, base, map[string]string{"good/wrong.sh": "echo '[[0, 1]]'\n"})
		r, err := Verify(context.Background(), ex, VerifyOptions{Only: []string{"good/four.sh"}})
		if err != nil {
			t.Fatal(err)
		}
		var graded []string
		for _, it := range r.Items {
			if !it.OK() {
				t.Errorf("%s: problems %q; want none", it.Name, it.Problems)
			}
			if it.Kind != ItemGood && it.Kind != ItemBad {
				continue
			}
			graded = append(graded, it.Name)
			if len(it.Warnings) > 0 {
				t.Errorf("%s: warnings %q; want none (a submission left out leaves no folder empty)", it.Name, it.Warnings)
			}
		}
		if want := []string{"good/four.sh"}; !slices.Equal(graded, want) {
			t.Errorf("graded %q; want %q", graded, want)
		}

		ex = loadFiles(t, base, map[string]string{"bad/extra.sh": "exit 0\n"})
		r, err = Verify(context.Background(), ex, VerifyOptions{Only: []string{"bad/silent.sh"}})
		if err != nil {
			t.Fatal(err)
		}
		if r.OK || !slices.ContainsFunc(r.Items, func(it VerifyItem) bool { return it.Name == "bad/extra.sh" && !it.OK() }) {
			t.Errorf("OK = %v with an undeclared bad/extra.sh; want it a problem", r.OK)
		}

		_, err = Verify(context.Background(), ex, VerifyOptions{Only: []string{"good/four.sh", "bad/gone.sh", "good/typo.sh"}})
		if want := "grader: verify tiny: no submission bad/gone.sh, good/typo.sh: name a file under good/, or one under bad/ with a [[bad]] entry"; err == nil || err.Error() != want {
			t.Errorf("Only naming no submission: error %v; want %q", err, want)
		}
	})
}

// loadFiles writes an exercise folder "tiny" of base's files, with change's
// added or replacing them, and loads it.
func loadFiles(t *testing.T, base, change map[string]string) *exercise.Exercise {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "tiny")
	files := maps.Clone(base)
	maps.Copy(files, change)
	fixture.Write(t, dir, files)
	ex, err := exercise.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

// TestStartOrder shows verify starting the bad submissions whose entries
// say they time out before the rest, and the rest in the folder's order, so
// that a submission that runs to the limit is not left to run alone at the
// end.
func TestStartOrder(t *testing.T) {
	bad := []exercise.BadSubmission{
		{File: "a.py", Fails: map[string]string{"usage": "Usage:"}},
		{File: "slow.py", Fails: map[string]string{"n12": "timed out"}},
		{File: "b.py", Fails: map[string]string{"n4": "line 1", "n12": "line 2"}},
		{File: "slow2.py", Fails: map[string]string{"n4": "line 1", "n12": "n12: timed out after 20s"}},
	}
	order := startOrder(len(bad), func(i int) bool { return expectsTimeout(bad[i]) })
	var got []string
	for _, i := range order {
		got = append(got, bad[i].File)
	}
	if want := []string{"slow.py", "slow2.py", "a.py", "b.py"}; !slices.Equal(got, want) {
		t.Errorf("start order %q; want %q", got, want)
	}
}
