package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/internal/exhaustive"
)

// goldenSubmissions is the failing submission of each exercise whose
// report, in each language, testdata/golden holds (issue 31): one that
// fails on the exercise's own checker, where most of what a student reads
// is said. A new exercise needs its entry.
var goldenSubmissions = map[string]string{
	"nqueens":               "one-diagonal.c",
	"nqueens-descending":    "one-diagonal.c",
	"nqueens-sorted":        "mirror-duplicates.py",
	"nqueens-wording":       "isdigit.py",
	"queens-board":          "spaced-cells.py",
	"queens-board-topfirst": "one-diagonal.py",
	"queens-matrix":         "hardcoded-8.py",
	"solvers":               "swapped-diagonals.py",
	"knights-tour":          "bad-move-table.c",
	"knights-tour-closed":   "open-tour.py",
	"giraffe-tour":          "knight.py",
	"namazons":              "one-knight-row.py",
	"nbishops-count":        "queens.py",
}

// TestGoldenReports grades one failing submission of each exercise in
// each language and compares the text report, and the words of the HTML
// report (its text, its pictures' titles and labels: what a student reads
// or hears, not its markup), with testdata/golden/LANG/EXERCISE.txt and
// .html.txt. GRADER_UPDATE=1 rewrites them: read the changes back before
// committing them, in each language. By default nqueens alone is graded;
// BOARDCHECK_EXHAUSTIVE=1 grades every one.
func TestGoldenReports(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	all, err := exercise.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	every := exhaustive.Enabled(t)
	for _, ex := range all {
		sub, ok := goldenSubmissions[ex.ID]
		if !ok {
			t.Errorf("exercise %s has no golden submission: add one of its bad submissions to goldenSubmissions", ex.ID)
			continue
		}
		if !every && ex.ID != "nqueens" {
			continue
		}
		for _, lang := range i18n.Languages() {
			t.Run(lang+"/"+ex.ID, func(t *testing.T) {
				path := filepath.Join(root, "exercises", ex.ID, "bad", sub)
				for _, format := range []string{"text", "html"} {
					var stdout, stderr bytes.Buffer
					code := run(context.Background(), []string{"check", "--lang", lang, "--format", format, "--color=never", ex.ID, path},
						stdio{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }})
					if code != exitFail {
						t.Fatalf("grader check --lang %s --format %s %s %s: exit %d, want %d\n%s%s", lang, format, ex.ID, sub, code, exitFail, stdout.String(), stderr.String())
					}
					got, ext := stdout.String(), ".txt"
					if format == "html" {
						got, ext = htmlWords(got), ".html.txt"
					}
					compareGolden(t, filepath.Join("testdata", "golden", lang, ex.ID+ext), normalizeReport(got, root))
				}
			})
		}
	}
}

// normalizeReport replaces what differs between two gradings of one
// submission: where the repository is, and the temporary folder a
// compiled program is built in.
func normalizeReport(s, root string) string {
	s = strings.ReplaceAll(s, root, "$ROOT")
	return regexp.MustCompile(`grader-build-\d+`).ReplaceAllString(s, "grader-build-N")
}

// htmlWords is the words of an HTML report, as the pseudo-language
// harness reads them (htmlText: what a screen reader is told, then the
// page's text, without its code, output and commands, which the text
// report's golden holds), a line each, blank lines dropped.
func htmlWords(page string) string {
	lines, _ := htmlText([]byte(page))
	var out strings.Builder
	for _, l := range lines {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out.WriteString(l + "\n")
		}
	}
	return out.String()
}

// compareGolden compares got with the file golden, or with GRADER_UPDATE
// set writes it.
func compareGolden(t *testing.T, golden, got string) {
	t.Helper()
	if os.Getenv("GRADER_UPDATE") != "" {
		os.MkdirAll(filepath.Dir(golden), 0o777)
		if err := os.WriteFile(golden, []byte(got), 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (GRADER_UPDATE=1 writes it)", err)
	}
	if d := diff.Diff(golden, want, "got", []byte(got)); d != nil {
		t.Errorf("the report differs from %s (GRADER_UPDATE=1 rewrites it; read it back):\n%s", golden, d)
	}
}
