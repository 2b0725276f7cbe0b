package render

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/boardcheck/boardcheck/grader/i18n"
)

// TestTraceTextGolden compares the narrated search for N = 4 with
// testdata/trace4.txt; GRADER_UPDATE=1 rewrites it.
func TestTraceTextGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := TraceText(&buf, 4, ""); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "trace4.txt")
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
}

// TestNarrateCounts checks the narration against seed 002's table, and that
// every queen placed is taken back once.
func TestNarrateCounts(t *testing.T) {
	for _, tc := range []struct{ n, tried, solutions int }{
		{4, 60, 2}, {5, 220, 10}, {6, 894, 4}, {7, 3584, 40}, {8, 15720, 92},
	} {
		steps, sum := NarrateQueens(tc.n, "")
		if sum.Tried != tc.tried || sum.Solutions != tc.solutions {
			t.Errorf("N=%d: tried %d, %d solutions; want %d, %d", tc.n, sum.Tried, sum.Solutions, tc.tried, tc.solutions)
		}
		places, removes := 0, 0
		for _, s := range steps {
			switch s.Kind {
			case "place":
				places++
			case "remove":
				removes++
			}
		}
		if places != sum.Placed || removes != places || sum.Placed+sum.Rejected != sum.Tried {
			t.Errorf("N=%d: %d places, %d removes, summary %+v; want places = removes = placed, placed + rejected = tried", tc.n, places, removes, sum)
		}
		if last := steps[len(steps)-1]; last.Tried != tc.tried {
			t.Errorf("N=%d: last step says %d tried; want %d", tc.n, last.Tried, tc.tried)
		}
	}
}

func TestThousands(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0"}, {60, "60"}, {894, "894"}, {3584, "3,584"}, {15720, "15,720"}, {10103868, "10,103,868"}} {
		if got := thousands(tc.n); got != tc.want {
			t.Errorf("thousands(%d) = %q; want %q", tc.n, got, tc.want)
		}
	}
}

func TestTraceHTML(t *testing.T) {
	var buf bytes.Buffer
	if err := TraceHTML(&buf, "nqueens", 5, ""); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if got := strings.Count(page, `<rect class="sq `); got != 25 {
		t.Errorf("got %d squares; want 25", got)
	}
	steps, sum := NarrateQueens(5, "")
	if got := regexp.MustCompile(`max="(\d+)"`).FindStringSubmatch(page); got == nil || got[1] != thousandsPlain(len(steps)) {
		t.Errorf("slider max %v; want %d", got, len(steps))
	}
	if !strings.Contains(page, sum.String()) {
		t.Errorf("page lacks the summary %q", sum.String())
	}
	if regexp.MustCompile(`(?i)(src|href)="(https?:)?//`).MatchString(page) {
		t.Errorf("page refers to something outside it")
	}
}

func thousandsPlain(n int) string { return strings.ReplaceAll(thousands(n), ",", "") }

// TestTracePseudo narrates the search in the pseudo-language: every word of
// it is the catalog's, but for the placements (isolated, never translated).
func TestTracePseudo(t *testing.T) {
	var buf bytes.Buffer
	if err := TraceText(&buf, 4, i18n.Pseudo); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(buf.String(), "\n") {
		if w := i18n.Untranslated(line); len(w) > 0 {
			t.Errorf("line %d: %q is English no catalog said: %q", i+1, w, line)
		}
	}
	if !strings.Contains(buf.String(), "⟦") {
		t.Errorf("the narration is not in the pseudo-language:\n%s", buf.String())
	}
}
