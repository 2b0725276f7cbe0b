package render

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"
)

// classGradebook is a small class: one student passes, three fail checks in
// different combinations, one has a name that is markup.
func classGradebook() Gradebook {
	return Gradebook{
		Exercise: "nqueens", Title: "N Queens: every solution",
		Titles: map[string]string{"n4": "Every solution for N = 4", "n6": "Every solution for N = 6"},
		Rows: []GradebookRow{
			{Student: "dana", Score: 20, MaxScore: 60, FailedChecks: []string{"n4", "n6", "usage-no-argument"}, Link: "reports/dana.html"},
			{Student: "alice", Score: 60, MaxScore: 60, Passed: true, Link: "reports/alice.html"},
			{Student: "bob", Score: 45, MaxScore: 60, FailedChecks: []string{"n6"}, Link: "reports/bob.html"},
			{Student: "carol", Score: 0, MaxScore: 60, FailedChecks: []string{"build"}},
			{Student: `<img src=x onerror=alert(1)>`, Score: 30, MaxScore: 60, FailedChecks: []string{"n6", "n4"}, Link: "javascript:alert(1)"},
		},
	}
}

func renderGradebook(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	if err := GradebookHTML(&buf, classGradebook()); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestGradebookGolden compares the page with testdata/gradebook.html;
// GRADER_UPDATE=1 rewrites it.
func TestGradebookGolden(t *testing.T) {
	got := []byte(renderGradebook(t))
	golden := filepath.Join("testdata", "gradebook.html")
	if update {
		if err := os.WriteFile(golden, got, 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with GRADER_UPDATE=1 to create it)", err)
	}
	if d := diff.Diff(golden, want, "got", got); d != nil {
		t.Errorf("output differs from %s (GRADER_UPDATE=1 rewrites it):\n%s", golden, d)
	}
}

func TestGradebookStructure(t *testing.T) {
	page := renderGradebook(t)
	// Rows by student, as the page starts.
	var students []string
	for _, m := range regexp.MustCompile(`<tr data-student="([^"]*)">`).FindAllStringSubmatch(page, -1) {
		students = append(students, m[1])
	}
	if got, want := strings.Join(students, ","), "&lt;img src=x onerror=alert(1)&gt;,alice,bob,carol,dana"; got != want {
		t.Errorf("rows: got %s; want %s", got, want)
	}
	// Bars: n6 failed by 3 of 5, n4 by 2, then build and usage-no-argument
	// by 1 each, by name.
	var bars []string
	for _, m := range regexp.MustCompile(`<rect class="bar" data-check="([^"]*)" data-students="(\d+)" x="0" y="\d+" width="(\d+)"`).FindAllStringSubmatch(page, -1) {
		bars = append(bars, m[1]+"="+m[2]+"/"+m[3])
	}
	if got, want := strings.Join(bars, " "), "n6=3/216 n4=2/144 build=1/72 usage-no-argument=1/72"; got != want {
		t.Errorf("bars (check=students/width): got %s; want %s", got, want)
	}
	for _, want := range []string{
		`<a href="reports/alice.html">alice</a>`,
		`<td data-value="carol">carol</td>`, // no link, no report
		`3 of 5 students`,
		`<code>n6</code> Every solution for N = 6`,
		`mean score 31.0`,
		`1 passed every check`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	for _, bad := range []string{"<img src=x", `href="javascript:`} {
		if strings.Contains(page, bad) {
			t.Errorf("page holds %s unescaped", bad)
		}
	}
}

// TestGradebookLanguage: the page is the instructor's, in English, whatever
// the class's language; the titles it quotes from an Arabic class's
// reports are marked Arabic, right to left.
func TestGradebookLanguage(t *testing.T) {
	g := Gradebook{Exercise: "nqueens", Title: "الملكات N: كل الحلول", Lang: "ar",
		Titles: map[string]string{"n4": "كل حلول N = 4"},
		Rows:   []GradebookRow{{Student: "ana", MaxScore: 2, FailedChecks: []string{"n4"}}}}
	var buf bytes.Buffer
	if err := GradebookHTML(&buf, g); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{
		`<html lang="en" dir="ltr">`,
		`<h1>Gradebook: nqueens: <span lang="ar" dir="rtl">الملكات N: كل الحلول</span></h1>`,
		`<code>n4</code> <span lang="ar" dir="rtl">كل حلول N = 4</span>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}
