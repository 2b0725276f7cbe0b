package author

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// tinyTranslated is a small exercise with a Bengali statement whose table
// of checks and example are stale, and Arabic titles that lack a hint.
func tinyTranslated() map[string]string {
	return map[string]string{
		"exercise.toml":         "title = \"tiny\"\nprogram = \"nqueens\"\nreference = \"builtin:nqueens\"\nchecks = [\"usage\", \"too-small\"]\npoints = 2\n",
		"tests/usage.txtar":     "# title: No argument prints the usage\n# points: 1\n# hint: Print the usage.\n! run nqueens\nstdout '^Usage: nqueens N$'\n",
		"tests/too-small.txtar": "# title: A small N is refused\n# points: 1\n! run nqueens 3\nstdout '^N must be at least 4$'\n",
		"README.md":             "# tiny\n\n    $ nqueens 3\n    N must be at least 4\n\n| check | points |\n|---|---|\n| No argument prints the usage | 1 |\n| A small N is refused | 1 |\n",
		"README.bn.md":          "# ছোট\n\n    $ nqueens 3\n    N must be at least 3\n\n| পরীক্ষা | পয়েন্ট |\n|---|---|\n| পুরনো | 2 |\n",
		"exercise.bn.toml":      "title = \"ছোট\"\n[checks.usage]\ntitle = \"কোনো আর্গুমেন্ট না দিলে ব্যবহারবিধি\"\nhint = \"ব্যবহারবিধি প্রিন্ট করুন।\"\n[checks.too-small]\ntitle = \"ছোট N গ্রহণ করা হয় না\"\n",
		"exercise.ar.toml":      "title = \"صغير\"\n[checks.usage]\ntitle = \"بلا وسيط تُطبع رسالة الاستخدام\"\n",
	}
}

func translationItem(t *testing.T, rep *VerifyReport, lang string) VerifyItem {
	t.Helper()
	for _, it := range rep.Items {
		if it.Kind == ItemTranslation && strings.HasPrefix(it.Name, lang+" ") {
			return it
		}
	}
	t.Fatalf("no translation item for %s in %+v", lang, rep.Items)
	return VerifyItem{}
}

// TestVerifyTranslations: a language begun lists what it lacks as
// warnings; a translated statement is held to the translated titles and
// to README.md's examples, byte for byte; a language not begun is a note.
func TestVerifyTranslations(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tiny")
	fixture.Write(t, dir, tinyTranslated())
	ex, err := exercise.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(context.Background(), ex, VerifyOptions{Parallel: 1, Only: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	bn := translationItem(t, rep, "bn")
	if len(bn.Problems) != 2 || !strings.Contains(bn.Problems[0], "README.bn.md: line 8: the table of checks has \"| পুরনো | 2 |\"") ||
		!strings.Contains(bn.Problems[1], "README.bn.md line 3: the example $ nqueens 3 shows another output than README.md's") {
		t.Errorf("bn problems: %q; want the stale table and the stale example", bn.Problems)
	}
	ar := translationItem(t, rep, "ar")
	if len(ar.Problems) != 0 || len(ar.Warnings) == 0 || !strings.Contains(ar.Warnings[0], "lacks README.ar.md, usage's hint, too-small's title") {
		t.Errorf("ar: problems %q, warnings %q; want what it lacks as a warning", ar.Problems, ar.Warnings)
	}
	ko := translationItem(t, rep, "ko")
	if !ko.OK() || len(ko.Warnings) != 0 || !strings.Contains(ko.Detail, "no texts yet") {
		t.Errorf("ko: %+v; want a note that it is not begun", ko)
	}
	if rep.OK {
		t.Error("the report is OK with a stale translated statement")
	}

	// --update writes the table and the example from their sources,
	// and then it verifies.
	changed, err := Update(context.Background(), ex)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(changed, "README.bn.md") {
		t.Fatalf("Update changed %q; want README.bn.md among them", changed)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "README.bn.md"))
	want := "# ছোট\n\n    $ nqueens 3\n    N must be at least 4\n\n| পরীক্ষা | পয়েন্ট |\n|---|---|\n| কোনো আর্গুমেন্ট না দিলে ব্যবহারবিধি | 1 |\n| ছোট N গ্রহণ করা হয় না | 1 |\n"
	if string(data) != want {
		t.Errorf("README.bn.md after the update:\n%s\nwant:\n%s", data, want)
	}
	ex, err = exercise.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err = Verify(context.Background(), ex, VerifyOptions{Parallel: 1, Only: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	if bn := translationItem(t, rep, "bn"); !bn.OK() {
		t.Errorf("bn after the update: %q", bn.Problems)
	}
}

// TestScaffoldTranslations writes what a translator fills in, and
// overwrites nothing that exists.
func TestScaffoldTranslations(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tiny")
	fixture.Write(t, dir, tinyTranslated())
	written, err := ScaffoldTranslations(dir, []string{"bn", "ko"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"README.ko.md", "exercise.ko.toml"}; !slices.Equal(written, want) {
		t.Errorf("wrote %q; want %q (bn exists)", written, want)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "exercise.ko.toml"))
	for _, want := range []string{"# No argument prints the usage\ntitle = \"\"", "[checks.too-small]", "# Print the usage.\nhint = \"\""} {
		if !strings.Contains(string(data), want) {
			t.Errorf("exercise.ko.toml lacks %q:\n%s", want, data)
		}
	}
	readme, _ := os.ReadFile(filepath.Join(dir, "README.ko.md"))
	if !strings.Contains(string(readme), "| 검사 | 점수 |") || !strings.Contains(string(readme), "    $ nqueens 3\n    N must be at least 4") {
		t.Errorf("README.ko.md is not the statement with its table in Korean:\n%s", readme)
	}
	ex, err := exercise.LoadDir(dir)
	if err != nil {
		t.Fatalf("the scaffold does not load: %v", err)
	}
	if _, missing := ex.In("ko"); !slices.Contains(missing, "usage's title") {
		t.Errorf("an empty title counts as translated: missing %q", missing)
	}
}
