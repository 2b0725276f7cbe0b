package exercise

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// testExercise is grader's test exercise, which its grading tests use too.
const testExercise = "../testdata/exercises/echo-queens"

func TestLoadDir(t *testing.T) {
	ex, err := LoadDir(testExercise)
	if err != nil {
		t.Fatal(err)
	}
	if ex.ID != "echo-queens" || ex.Program != "nqueens" || ex.Source != testExercise {
		t.Errorf("got ID %q, Program %q, Source %q; want echo-queens, nqueens, %s", ex.ID, ex.Program, ex.Source, testExercise)
	}
	want := []string{"usage", "not-a-number", "n4", "n6-sorted", "matrix", "count", "tour", "stdin", "env"}
	if got := ex.CheckNames(); !slices.Equal(got, want) {
		t.Errorf("got checks %q; want %q (manifest order)", got, want)
	}
	if got, want := ex.Limits, (sandbox.Limits{Time: 2 * time.Second, Memory: 64 << 20, Output: 1 << 20, Procs: sandbox.DefaultLimits().Procs}); got != want {
		t.Errorf("got limits %+v; want %+v", got, want)
	}
	if !strings.HasPrefix(ex.Statement, "# Echo queens") {
		t.Errorf("got statement %.20q; want README.md", ex.Statement)
	}
	usage := ex.Check("usage")
	if usage.Title != "No argument prints the usage" || usage.Points != 1 ||
		!strings.HasPrefix(usage.Hint, "Check len(sys.argv)") ||
		usage.Description != "Prints the usage message and exits 1 when run with no argument." ||
		usage.File != testExercise+"/tests/usage.txtar" {
		t.Errorf("got usage check %+v", usage)
	}
	if got := ex.Check("n6-sorted").Needs; !slices.Equal(got, []string{"n4"}) {
		t.Errorf("got n6-sorted needs %q; want [n4]", got)
	}
	if got := ex.Check("env").EnvNames; !slices.Equal(got, []string{"GREETING"}) {
		t.Errorf("got env names %q; want [GREETING]", got)
	}
	if len(ex.Bad) != 1 || ex.Bad[0].File != "usage-on-stderr.py" || ex.Bad[0].Fails["usage"] != "standard error" {
		t.Errorf("got bad %+v", ex.Bad)
	}
	if _, err := fs.Stat(ex.FS, "good/good.py"); err != nil {
		t.Errorf("exercise FS: %v", err)
	}
}

func TestLoadDirDefaults(t *testing.T) {
	dir := fixture.Copy(t, testExercise)
	fixture.Edit(t, dir, "exercise.toml", "[limits]\ntime   = \"2s\"\nmemory = \"64MiB\"\noutput = \"1MiB\"\n", "")
	ex, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ex.Limits, sandbox.DefaultLimits(); got != want {
		t.Errorf("got limits %+v; want the defaults %+v", got, want)
	}
}

// TestLoadMalformed loads broken copies of the test exercise: each must be
// rejected with the file and line at fault and a message that says what to
// fix.
func TestLoadMalformed(t *testing.T) {
	const manifestTitle = `title   = "Echo queens: the grader's test exercise"`
	tests := []struct {
		name       string
		file       string // edited file, under the exercise
		old, new   string // replace old by new; old "" writes new as the whole file
		wantFile   string
		wantLine   int
		wantSubstr string
	}{
		{"toml syntax", "exercise.toml", manifestTitle, `title = "Echo`, "exercise.toml", 4, "newlines"},
		{"unknown key", "exercise.toml", manifestTitle, manifestTitle + "\ntitel = \"x\"", "exercise.toml", 5, `unknown key "titel"`},
		{"unknown table", "exercise.toml", "[limits]", "[limit]", "exercise.toml", 8, `unknown key "limit`},
		{"missing title", "exercise.toml", manifestTitle, "", "exercise.toml", 0, "missing title"},
		{"missing program", "exercise.toml", `program = "nqueens"`, "", "exercise.toml", 0, "missing program"},
		{"program not a word", "exercise.toml", `program = "nqueens"`, `program = "n queens"`, "exercise.toml", 5, "single word"},
		{"missing checks", "exercise.toml", `checks  = [`, `xchecks  = [`, "exercise.toml", 6, `unknown key "xchecks"`},
		{"check twice", "exercise.toml", `"env"]`, `"env", "usage"]`, "exercise.toml", 6, `"usage" is listed twice`},
		{"check without file", "exercise.toml", `"env"]`, `"env", "ghost"]`, "exercise.toml", 6, `check "ghost" has no scenario`},
		{"scenario not listed", "tests/extra.txtar", "", "# title: x\n# points: 1\n", "tests/extra.txtar", 0, `check "extra" is not listed`},
		{"bad time", "exercise.toml", `time   = "2s"`, `time   = "fast"`, "exercise.toml", 9, `limits.time "fast"`},
		{"bad memory", "exercise.toml", `memory = "64MiB"`, `memory = "lots"`, "exercise.toml", 10, `limits.memory "lots"`},
		{"bad fails check", "exercise.toml", `usage = "standard error"`, `usag = "standard error"`, "exercise.toml", 17, `names "usag"`},
		{"bad file missing", "exercise.toml", `file = "usage-on-stderr.py"`, `file = "nope.py"`, "exercise.toml", 13, `bad/nope.py does not exist`},
		{"header missing title", "tests/n4.txtar", "# title: All solutions for N = 4\n", "", "tests/n4.txtar", 0, "missing title"},
		{"header missing points", "tests/n4.txtar", "# points: 2\n", "", "tests/n4.txtar", 0, "missing points"},
		{"header points not a number", "tests/n4.txtar", "# points: 2", "# points: two", "tests/n4.txtar", 2, `points "two" is not a whole number`},
		{"header unknown key", "tests/n4.txtar", "# points: 2", "# pionts: 2", "tests/n4.txtar", 2, `unknown header key "pionts" (did you mean "points"?)`},
		{"header key twice", "tests/n4.txtar", "# points: 2", "# points: 2\n# points: 3", "tests/n4.txtar", 3, `"points" set twice`},
		{"needs unknown", "tests/n4.txtar", "# needs: usage", "# needs: usag", "tests/n4.txtar", 3, `needs "usag", which is not a check of this exercise (did you mean "usage"?)`},
		{"needs itself", "tests/n4.txtar", "# needs: usage", "# needs: n4", "tests/n4.txtar", 3, `needs itself`},
		{"cycle", "tests/usage.txtar", "# points: 1", "# points: 1\n# needs: n6-sorted", "tests/usage.txtar", 4, "dependency cycle: usage -> n6-sorted -> n4 -> usage"},
		{"unknown command", "tests/n4.txtar", "! stderr .", "! stdot .", "tests/n4.txtar", 6, `unknown command "stdot" (did you mean "stdout"?)`},
		{"unknown command after cond", "tests/n4.txtar", "! stderr .", "[unix] ! qeens all 4", "tests/n4.txtar", 6, `unknown command "qeens" (did you mean "queens"?)`},
		{"program as command", "tests/n4.txtar", "run nqueens 4", "nqueens 4", "tests/n4.txtar", 4, "run nqueens"},
		{"exec of the program", "tests/n4.txtar", "run nqueens 4", "exec nqueens 4", "tests/n4.txtar", 4, "use run nqueens"},
		{"run other program", "tests/n4.txtar", "run nqueens 4", "run queens 4", "tests/n4.txtar", 4, `this exercise's program is "nqueens"`},
		{"run no program", "tests/n4.txtar", "run nqueens 4", "run", "tests/n4.txtar", 4, "usage: run"},
		{"run stdin not in archive", "tests/n4.txtar", "run nqueens 4", "run -stdin in.txt nqueens 4", "tests/n4.txtar", 4, "not a file in the archive"},
		{"stdin not in archive", "tests/stdin.txtar", "stdin n.txt", "stdin m.txt", "tests/stdin.txtar", 4, "stdin m.txt: not a file in the archive"},
		{"queens bad format", "tests/n4.txtar", "queens all 4", "queens -format xml all 4", "tests/n4.txtar", 5, `unknown format "xml"`},
		{"queens bad mode", "tests/n4.txtar", "queens all 4", "queens every 4", "tests/n4.txtar", 5, `unknown mode "every"`},
		{"queens bad N", "tests/n4.txtar", "queens all 4", "queens all four", "tests/n4.txtar", 5, "N must be a board size"},
		{"queens unknown flag", "tests/n4.txtar", "queens all 4", "queens -rook all 4", "tests/n4.txtar", 5, "-rook"},
		{"queens bad order", "tests/n4.txtar", "queens all 4", "queens -order reverse all 4", "tests/n4.txtar", 5, `unknown order "reverse"; want any, ascending or descending`},
		{"queens order of one", "tests/n4.txtar", "queens all 4", "queens -order descending one 4", "tests/n4.txtar", 5, "applies only to all"},
		{"queens sorted descending", "tests/n4.txtar", "queens all 4", "queens -sorted -order descending all 4", "tests/n4.txtar", 5, "-sorted is -order ascending"},
		{"queens negated", "tests/n4.txtar", "queens all 4", "! queens all 4", "tests/n4.txtar", 5, "unsupported: ! queens"},
		{"queens one without solution", "tests/n4.txtar", "queens all 4", "queens one 3", "tests/n4.txtar", 5, "N = 3 has no solution"},
		{"count beyond the checker", "tests/count.txtar", "count queens 6", "count queens 40", "tests/count.txtar", 4, "known only up to N = 27"},
		{"tour bad N", "tests/tour.txtar", "tour -start 0,0 5", "tour abc", "tests/tour.txtar", 4, "N must be a board size"},
		{"tour start off board", "tests/tour.txtar", "tour -start 0,0 5", "tour -start 5,0 5", "tests/tour.txtar", 4, "off a 5x5 board"},
		{"tour bad base", "tests/tour.txtar", "tour -start 0,0 5", "tour -base 2 5", "tests/tour.txtar", 4, "-base 2"},
		{"count bad piece", "tests/count.txtar", "count queens 6", "count kings 6", "tests/count.txtar", 4, `unknown piece "kings"`},
		{"status not a number", "tests/usage.txtar", "status 1", "status one", "tests/usage.txtar", 6, "exit status"},
		{"stdout bad regexp", "tests/usage.txtar", "stdout '^Usage: nqueens N$'", "stdout '('", "tests/usage.txtar", 7, "bad pattern"},
		{"cmp file not in archive", "tests/not-a-number.txtar", "cmp stdout want.txt", "cmp stdout wanted.txt", "tests/not-a-number.txtar", 7, "wanted.txt is not a file in the archive"},
		{"message name not a variable", "exercise.toml", `usage = "standard error"`, "usage = \"standard error\"\n\n[messages]\n\"too-small\" = \"x\"", "exercise.toml", 20, `message name "too-small" must be a variable name`},
		{"message shadows testscript's", "exercise.toml", `usage = "standard error"`, "usage = \"standard error\"\n\n[messages]\nWORK = \"x\"", "exercise.toml", 20, "one of testscript's own variables"},
		{"message empty", "exercise.toml", `usage = "standard error"`, "usage = \"standard error\"\n\n[messages]\nusage = \" \"", "exercise.toml", 20, "message usage is empty"},
		{"message ends with newline", "exercise.toml", `usage = "standard error"`, "usage = \"standard error\"\n\n[messages]\nusage = \"Usage\\n\"", "exercise.toml", 20, "ends with a newline"},
		{"visibility of no check", "exercise.toml", `usage = "standard error"`, "usage = \"standard error\"\n\n[visibility]\nn5 = \"hidden\"", "exercise.toml", 20, `[visibility] names "n5", which is no check of checks (did you mean n4?)`},
		{"visibility unknown", "exercise.toml", `usage = "standard error"`, "usage = \"standard error\"\n\n[visibility]\nn4 = \"secret\"", "exercise.toml", 20, `visibility of n4 is "secret": it must be "visible" (the default), "hidden" (never shown beyond its verdict) or "after_due_date"`},
		{"points not positive", "exercise.toml", manifestTitle, manifestTitle + "\npoints = 0", "exercise.toml", 5, "points = 0: the exercise's maximum must be a positive number"},
		{"unknown variable", "tests/n4.txtar", "run nqueens 4", "run nqueens $N", "tests/n4.txtar", 4, "$N is no message of exercise.toml ([messages] names none) and no env sets it"},
		{"unterminated quote", "tests/usage.txtar", "stdout '^Usage: nqueens N$'", "stdout '^Usage", "tests/usage.txtar", 7, "unterminated quoted argument"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fixture.Copy(t, testExercise)
			fixture.Edit(t, dir, tt.file, tt.old, tt.new)
			_, err := LoadDir(dir)
			var ee *Error
			if !errors.As(err, &ee) {
				t.Fatalf("got error %v; want an *Error", err)
			}
			if want := filepath.ToSlash(filepath.Join(dir, tt.wantFile)); ee.File != want || ee.Line != tt.wantLine {
				t.Errorf("got %s:%d; want %s:%d (%v)", ee.File, ee.Line, want, tt.wantLine, err)
			}
			if !strings.Contains(err.Error(), tt.wantSubstr) {
				t.Errorf("got %q; want it to contain %q", err, tt.wantSubstr)
			}
			if !strings.HasPrefix(err.Error(), "grader: "+ee.File) {
				t.Errorf("got %q; want it to start with grader: FILE", err)
			}
		})
	}
}

// TestLoadMessages loads the test exercise with messages: they are the
// exercise's, a scenario may name them, and a misspelt one, in the manifest
// or in a scenario, is the author's error with its file and line.
func TestLoadMessages(t *testing.T) {
	const messages = "\n\n[messages]\nusage = \"Usage: nqueens N\"\nnot_a_number = \"N must be a number\"\n"
	dir := fixture.Copy(t, testExercise)
	fixture.Edit(t, dir, "exercise.toml", `usage = "standard error"`, `usage = "standard error"`+messages)
	fixture.Edit(t, dir, "exercise.toml", "checks  =", "points = 9\nchecks  =")
	fixture.Edit(t, dir, "tests/not-a-number.txtar", "cmp stdout want.txt\n! stderr .\n-- want.txt --\nN must be a number", "cmpenv stdout want.txt\n! stderr .\n-- want.txt --\n$not_a_number")
	ex, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"usage": "Usage: nqueens N", "not_a_number": "N must be a number"}; !maps.Equal(ex.Messages, want) || ex.Points != 9 {
		t.Errorf("got messages %q, points %d; want %q, 9", ex.Messages, ex.Points, want)
	}

	tests := []struct {
		name, file, old, new string
		wantFile             string
		wantLine             int
		wantSubstr           string
	}{
		{"misspelt in a want file", "tests/not-a-number.txtar", "$not_a_number", "$not_a_numbr", "tests/not-a-number.txtar", 7,
			"cmpenv stdout: want.txt: $not_a_numbr is no message of exercise.toml and no env sets it (did you mean $not_a_number?)"},
		{"misspelt in a line", "tests/usage.txtar", "stdout '^Usage: nqueens N$'", "stdout ^${usag@R}$", "tests/usage.txtar", 7,
			"$usag is no message of exercise.toml and no env sets it (did you mean $usage?)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := filepath.Join(t.TempDir(), "echo-queens")
			if err := os.CopyFS(d, os.DirFS(dir)); err != nil {
				t.Fatal(err)
			}
			fixture.Edit(t, d, tt.file, tt.old, tt.new)
			_, err := LoadDir(d)
			var ee *Error
			if !errors.As(err, &ee) || ee.File != filepath.ToSlash(filepath.Join(d, tt.wantFile)) || ee.Line != tt.wantLine || !strings.Contains(err.Error(), tt.wantSubstr) {
				t.Errorf("got %v; want %s:%d: ...%s", err, tt.wantFile, tt.wantLine, tt.wantSubstr)
			}
		})
	}
	t.Run("one the builtin has not", func(t *testing.T) {
		d := filepath.Join(t.TempDir(), "echo-queens")
		if err := os.CopyFS(d, os.DirFS(dir)); err != nil {
			t.Fatal(err)
		}
		fixture.Edit(t, d, "exercise.toml", "points = 9", "points = 9\nreference = \"builtin:nqueens\"")
		fixture.Edit(t, d, "exercise.toml", "not_a_number =", "not_a_numbr =")
		fixture.Edit(t, d, "tests/not-a-number.txtar", "$not_a_number", "N must be a number")
		_, err := LoadDir(d)
		want := `message "not_a_numbr": builtin:nqueens prints no such message (did you mean "not_a_number"?)`
		var ee *Error
		if !errors.As(err, &ee) || ee.Line != 23 || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v; want exercise.toml:23: ...%s", err, want)
		}
	})
}

func TestLoadDirNotAnExercise(t *testing.T) {
	if _, err := LoadDir(t.TempDir()); err == nil || !strings.Contains(err.Error(), "exercise.toml: missing") {
		t.Errorf("got %v; want a missing manifest error", err)
	}
	if _, err := LoadDir(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Error("got no error for a folder that does not exist")
	}
}

func TestBuiltin(t *testing.T) {
	list, err := Builtin()
	if err != nil {
		t.Fatalf("Builtin: %v", err)
	}
	for i, ex := range list {
		if i > 0 && list[i-1].ID >= ex.ID {
			t.Errorf("got %s before %s; want sorted by ID", list[i-1].ID, ex.ID)
		}
		if ex.Source != "builtin" {
			t.Errorf("%s: got Source %q; want builtin", ex.ID, ex.Source)
		}
		got, err := Lookup(ex.ID)
		if err != nil || got.ID != ex.ID {
			t.Errorf("Lookup(%q) = %v, %v", ex.ID, got, err)
		}
	}
	if slices.Contains(builtinIDs(), "nqueens") {
		_, err := Lookup("nqeens")
		var ue *UnknownError
		if !errors.As(err, &ue) || ue.Suggestion != "nqueens" {
			t.Errorf("Lookup(nqeens): got %v; want a suggestion of nqueens", err)
		}
	}
	_, err = Lookup("no-such-exercise")
	var ue *UnknownError
	if !errors.As(err, &ue) || ue.ID != "no-such-exercise" {
		t.Errorf("got %v; want *UnknownError", err)
	}
}

// TestUnknownExerciseErrorMessage checks the suggestion is worded as a question.
func TestUnknownExerciseErrorMessage(t *testing.T) {
	e := &UnknownError{ID: "nqeens", Suggestion: "nqueens"}
	if got, want := e.Error(), `grader: unknown exercise "nqeens" (did you mean nqueens?)`; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
}

// TestLoadShippedForGrading: an exercise folder without its bad/ folder,
// as grader gradescope ships it, loads: grading reads none of the author's
// submissions. One whose bad/ lacks a file its manifest names is still the
// author's error (TestLoadMalformed).
func TestLoadShippedForGrading(t *testing.T) {
	dir := fixture.Copy(t, testExercise)
	if err := os.RemoveAll(filepath.Join(dir, "bad")); err != nil {
		t.Fatal(err)
	}
	ex, err := LoadDir(dir)
	if err != nil {
		t.Fatalf("LoadDir without bad/: %v", err)
	}
	if len(ex.Bad) == 0 {
		t.Error("the manifest's [[bad]] entries are gone; want them read as written")
	}
}
