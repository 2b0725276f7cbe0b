package exercise

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

func textsExercise(extra map[string]string) map[string]string {
	files := map[string]string{
		"exercise.toml":     "title = \"tiny\"\nprogram = \"nqueens\"\nchecks = [\"usage\", \"n4\"]\npoints = 2\ntimeout_hint = \"Faster.\"\n",
		"tests/usage.txtar": "# title: No argument prints the usage\n# points: 1\n# hint: Print the usage.\n! run nqueens\n",
		"tests/n4.txtar":    "# title: Every solution for N = 4\n# points: 1\n# hint: Print both.\nrun nqueens 4\n",
		"README.md":         "# tiny\n",
	}
	for k, v := range extra {
		files[k] = v
	}
	return files
}

// TestTexts: an exercise in another language takes its texts from
// README.LANG.md and exercise.LANG.toml, each text it lacks from English,
// and says which.
func TestTexts(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tiny")
	fixture.Write(t, dir, textsExercise(map[string]string{
		"README.ar.md":     "# صغير\n",
		"exercise.ar.toml": "title = \"صغير\"\n[checks.n4]\ntitle = \"كل حلول N = 4\"\nhint = \"اطبع الحلين.\"\n",
		"exercise.toml":    "title = \"tiny\"\nprogram = \"nqueens\"\nchecks = [\"usage\", \"n4\"]\npoints = 2\ntimeout_hint = \"Faster.\"\nlang = \"ar_EG.UTF-8\"\n",
	}))
	ex, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ex.DefaultLang != "ar" {
		t.Errorf("DefaultLang %q; want ar", ex.DefaultLang)
	}
	ar, missing := ex.In("ar")
	if ar.Title != "صغير" || ar.Statement != "# صغير\n" || ar.StatementLang != "ar" || ar.Checks[1].Title != "كل حلول N = 4" || ar.Checks[1].Hint != "اطبع الحلين." {
		t.Errorf("in Arabic: %q %q %q %q", ar.Title, ar.Statement, ar.Checks[1].Title, ar.Checks[1].Hint)
	}
	if ar.Checks[0].Title != "No argument prints the usage" || ar.TimeoutHint != "Faster." {
		t.Errorf("a text the translation lacks is not English: %q %q", ar.Checks[0].Title, ar.TimeoutHint)
	}
	if want := []string{"timeout_hint", "usage's title", "usage's hint"}; !slices.Equal(missing, want) {
		t.Errorf("missing %q; want %q", missing, want)
	}
	if ex.Checks[1].Title != "Every solution for N = 4" {
		t.Error("In changed the exercise itself")
	}
	ko, missing := ex.In("ko")
	if ko.Title != "tiny" || ko.StatementLang != "" || len(missing) != 7 {
		t.Errorf("in Korean, which it lacks: %q %q, missing %q", ko.Title, ko.StatementLang, missing)
	}
	if en, missing := ex.In("en"); en != ex || missing != nil {
		t.Error("English is not the exercise itself")
	}
	if ps, _ := ex.In("en-XA"); !strings.HasPrefix(ps.Checks[0].Title, "⟦") {
		t.Errorf("pseudo-language title %q", ps.Checks[0].Title)
	}
}

// TestTextsMalformed: a translation of a language the grader does not
// speak, of a check the exercise lacks, or with a key it does not know is
// the author's error, with its file.
func TestTextsMalformed(t *testing.T) {
	for _, c := range []struct {
		file, text, want string
	}{
		{"README.fr.md", "# petit\n", `README.fr.md: "fr" names no language the grader translates into`},
		{"exercise.en.toml", "title = \"x\"\n", `exercise.en.toml: "en" names no language`},
		{"exercise.bn.toml", "[checks.n5]\ntitle = \"x\"\n", `exercise.bn.toml:1: [checks.n5]: no check of exercise.toml is called "n5" (did you mean "n4"?)`},
		{"exercise.ko.toml", "titel = \"x\"\n", `exercise.ko.toml:1: unknown key "titel"`},
		{"exercise.th.toml", "[checks.n4]\ntitle = \"a\nb\"\n", `exercise.th.toml`},
		{"exercise.toml", "title = \"tiny\"\nprogram = \"nqueens\"\nchecks = [\"usage\", \"n4\"]\npoints = 2\nlang = \"fr\"\n", `exercise.toml:5: lang "fr" names no language the grader speaks`},
	} {
		dir := filepath.Join(t.TempDir(), "tiny")
		fixture.Write(t, dir, textsExercise(map[string]string{c.file: c.text}))
		_, err := LoadDir(dir)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v; want one containing %q", c.file, err, c.want)
		}
	}
}

// TestBuiltinStatementsInPseudo: every built-in exercise's statement said
// in the pseudo-language holds no word of plain English outside its code:
// the statement's every word is the exercise's to translate, and grader
// show in en-XA shows it (the scripts' harness, cmd/grader/pseudo_test.go,
// then finds only what the grader itself left in English).
func TestBuiltinStatementsInPseudo(t *testing.T) {
	list, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range list {
		ps, _ := ex.In(i18n.Pseudo)
		if ps.Statement == ex.Statement {
			t.Errorf("%s: its statement in %s is the English one", ex.ID, i18n.Pseudo)
		}
		for i, line := range strings.Split(ps.Statement, "\n") {
			if w := i18n.Untranslated(line); len(w) != 0 {
				t.Errorf("%s: statement line %d in %s holds English %q: %q", ex.ID, i+1, i18n.Pseudo, w, line)
			}
		}
	}
}
