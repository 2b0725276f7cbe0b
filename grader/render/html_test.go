package render

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/reference"
)

// TestHTMLGolden renders every fixture as a page and compares it with
// testdata/FIXTURE.html; GRADER_UPDATE=1 rewrites them.
func TestHTMLGolden(t *testing.T) {
	f, err := Lookup("html")
	if err != nil {
		t.Fatal(err)
	}
	for name, report := range htmlFixtures() {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := f.Render(&buf, report(), Options{}); err != nil {
				t.Fatalf("Render: %v", err)
			}
			golden := filepath.Join("testdata", name+".html")
			if update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with GRADER_UPDATE=1 to create it)", err)
			}
			if d := diff.Diff(golden, want, "got", buf.Bytes()); d != nil {
				t.Errorf("output differs from %s (GRADER_UPDATE=1 rewrites it):\n%s", golden, d)
			}
		})
	}
}

// htmlFixtures are the shared fixtures and the page's own: a tally.
func htmlFixtures() map[string]func() *report.Report {
	all := map[string]func() *report.Report{"tally": tallyReport}
	for name, f := range fixtures {
		all[name] = f
	}
	return all
}

// tallyReport is an all check whose output repeats a solution, prints one
// that is not a solution, and misses one.
func tallyReport() *report.Report {
	return &report.Report{
		Exercise: "nqueens", Title: "N Queens: every solution", Submission: "dup.py", MaxScore: 12,
		Checks: []report.CheckResult{{
			Name: "n4", Title: "Every solution for N = 4", Status: report.Fail, MaxScore: 12,
			Message: "line 2 repeats line 1",
			Runs: []report.Run{{Args: []string{"nqueens", "4"},
				Stdout: "[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 0], [1, 2], [2, 1], [3, 3]]\n"}},
			Detail: &report.Detail{OutputLine: 2, Tally: &checker.QueensTally{
				Want: 2, Right: 1, Repeated: 1, Invalid: 1, Missing: 1,
				RepeatedAt: []checker.TallyExample{{Line: 2, Pieces: sq(0, 1, 1, 3, 2, 0, 3, 2)}},
				InvalidAt:  []checker.TallyExample{{Line: 3, Pieces: sq(0, 0, 1, 2, 2, 1, 3, 3)}},
				MissingEx:  [][]reference.Square{sq(0, 2, 1, 0, 2, 3, 3, 1)},
			}},
		}},
	}
}

func renderHTMLString(t *testing.T, name string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := renderHTML(&buf, htmlFixtures()[name](), Options{}); err != nil {
		t.Fatalf("Render: %v", err)
	}
	return buf.String()
}

// TestHTMLStructure checks what the golden files must show, so a rewrite
// with GRADER_UPDATE=1 cannot lose it unnoticed.
func TestHTMLStructure(t *testing.T) {
	count := func(page, re string) int { return len(regexp.MustCompile(re).FindAllStringIndex(page, -1)) }
	for _, tc := range []struct {
		fixture, what, re string
		want              int
	}{
		{"mixed", "checks", `<section class="check `, 8},
		{"mixed", "failed checks", `<section class="check st-fail"`, 4},
		{"mixed", "FAIL words in the summary", `<span class="verdict">FAIL</span></td>`, 4},
		{"mixed", "boards", `<figure class="board"`, 2},
		{"mixed", "student boards", `data-role="student"`, 1},
		{"mixed", "suggestion boards", `data-role="suggestion"`, 1},
		{"mixed", "attacking squares", `class="sq (light|dark) attack" x="\d+" y="\d+" width="40" height="40" data-row="(0|3)" data-col="(0|3)"`, 2},
		{"mixed", "squares between", `class="sq (light|dark) between"`, 2},
		{"mixed", "attacking queens", `<g class="piece attack"`, 2},
		{"mixed", "lines of attack", `<line class="attack-line" x1="[1-9]\d+"`, 1},
		{"mixed", "deleted diff lines", `<span class="sign">-</span>`, 2},
		{"mixed", "added diff lines", `<span class="sign">(\+|&#43;)</span>`, 2},
		{"mixed", "hints", `<p class="hint">`, 2},
		{"tour", "tours", `<figure class="tour"`, 1},
		{"tour", "squares at fault", `class="sq (light|dark) fault"`, 2},
		{"tour", "moves", `<line class="move`, 23},
		{"tour", "bad moves", `<line class="move bad" data-step`, 8},
		{"tour", "range", `<input type="range" min="0" max="23"`, 1},
		{"boards", "rook boards", `data-role="student" data-n="5"`, 1},
		{"boards", "missing-solution boards alone", `a correct board your program did not print`, 1},
		{"pass", "passes", `<section class="check st-pass"`, 2},
		{"pass", "pictures", `<figure`, 0},
		{"hostile", "raw escapes", "\x1b|\u202e|\r", 0},
		{"tally", "kinds", `<li class="tally-(right|missing|repeated|invalid)" data-kind="\w+" data-count="1">`, 4},
		{"tally", "boards on a click", `<details><summary>`, 3},
		{"tally", "example boards", `<figure class="board" data-role="(missing|repeated|invalid)"`, 3},
		{"tally", "the invalid example's attackers", `data-role="invalid"[\s\S]*<g class="piece attack"[\s\S]*<g class="piece attack"`, 1},
		{"hostile", "visible escapes", `\\x1b\[2J`, 2},
	} {
		page := renderHTMLString(t, tc.fixture)
		if got := count(page, tc.re); got != tc.want {
			t.Errorf("%s: %s: got %d; want %d", tc.fixture, tc.what, got, tc.want)
		}
	}
}

// TestHTMLSelfContained checks that no page refers to anything outside it:
// it must open offline and leak nothing when opened.
func TestHTMLSelfContained(t *testing.T) {
	external := regexp.MustCompile(`(?i)(src|href)="(https?:)?//|@import|url\((['"]?)(https?:|//)`)
	for name := range htmlFixtures() {
		page := renderHTMLString(t, name)
		if m := external.FindString(page); m != "" {
			t.Errorf("%s: refers outside the page: %q", name, m)
		}
		if !strings.HasPrefix(page, "<!DOCTYPE html>") {
			t.Errorf("%s: does not start with a doctype", name)
		}
	}
}

// The tour's description counts its moves in the singular for one.
func TestTourSVGDescCounts(t *testing.T) {
	for _, c := range []struct {
		numbers [][]int
		want    string
	}{
		{[][]int{{0, -1, -1}, {-1, -1, -1}, {-1, -1, -1}}, "your tour on a 3×3 board, 0 moves drawn"},
		{[][]int{{0, -1, -1}, {-1, -1, 1}, {-1, -1, -1}}, "your tour on a 3×3 board, 1 move drawn"},
		{[][]int{{0, -1, -1}, {-1, -1, 1}, {2, -1, -1}}, "your tour on a 3×3 board, 2 moves drawn"},
	} {
		got := tourSVG(i18n.For(""), &checker.TourPicture{N: 3, Numbers: c.numbers}, "t").Desc
		if got != c.want {
			t.Errorf("tourSVG(%v).Desc = %q; want %q", c.numbers, got, c.want)
		}
	}
}
