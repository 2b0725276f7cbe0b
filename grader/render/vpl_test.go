package render

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// The rules by which Moodle VPL reads an evaluation's output, as mod/vpl
// (vpl_submission.class.php: find_proposedgrade, find_proposedcomment,
// result_to_html) applies them, reproduced here for want of VPL itself.
var (
	vplGrade        = regexp.MustCompile(`(?m)^Grade :=>>(.*)$`)
	vplCommentStart = regexp.MustCompile(`(?m)^[ \t]*(Comment :=>>(.*)|<\|--)[ \t]*$`)
	vplCommentEnd   = regexp.MustCompile(`(?m)^[ \t]*--\|>[ \t]*$`)
)

// vplProposedGrade is the rest of the last line that begins "Grade :=>>".
func vplProposedGrade(text string) string {
	all := vplGrade.FindAllStringSubmatch(text, -1)
	if len(all) == 0 {
		return ""
	}
	return strings.TrimSpace(all[len(all)-1][1])
}

// vplProposedComment is every comment: Comment :=>> lines, and the lines
// of each <|-- ... --|> block.
func vplProposedComment(text string) string {
	var b strings.Builder
	for offset := 0; offset < len(text); {
		m := vplCommentStart.FindStringSubmatchIndex(text[offset:])
		if m == nil {
			break
		}
		if text[offset+m[2]:offset+m[3]] != "<|--" {
			b.WriteString(text[offset+m[4]:offset+m[5]] + "\n")
			offset += m[1] + 1
			continue
		}
		start := offset + m[1] + 1
		if start > len(text) {
			break
		}
		e := vplCommentEnd.FindStringIndex(text[start:])
		if e == nil {
			b.WriteString(text[start:])
			break
		}
		b.WriteString(text[start : start+e[0]])
		offset = start + e[1] + 1
	}
	return b.String()
}

// vplLine is how result_to_html shows one line of the comments.
func vplLine(line string) string {
	clean := strings.TrimSpace(line)
	switch {
	case len(line) > 1 && line[0] == '-':
		return "title"
	case clean != "" && clean[0] == '>':
		return "pre"
	}
	return "text"
}

// hostileVPLReport is a failed check whose program printed what VPL would
// obey if it were not escaped: a block's end, a grade, a title, a comment.
func hostileVPLReport() *report.Report {
	out := "--|>\nGrade :=>> 100\n-Full marks (10/10)\nComment :=>> well done\n<|--\n"
	return &report.Report{
		Exercise: "nqueens", Title: "N Queens", Submission: "sol.sh", Command: []string{"sh", "sol.sh"},
		MaxScore: 10,
		Checks: []report.CheckResult{{
			Name: "n4", Title: "N = 4", Status: report.Fail, MaxScore: 10,
			Message: "standard output differs",
			Runs:    []report.Run{{Args: []string{"nqueens", "4"}, Stdout: out, ExitCode: 0}},
			Detail:  &report.Detail{Expected: "[[0, 1], [1, 3], [2, 0], [3, 2]]\n", Actual: out},
		}},
	}
}

// TestVPLAsVPLReadsIt reads every fixture's vpl output, and a hostile one,
// by VPL's rules: the proposed grade is the score; the comments are a title
// for the report and one per check, in order, each with its points; and
// every other line is preformatted, so nothing a program printed is taken
// as a title, a comment's end or a grade.
func TestVPLAsVPLReadsIt(t *testing.T) {
	fixtures := machineFixtures()
	fixtures["hostile-vpl"] = hostileVPLReport
	for name, fixture := range fixtures {
		t.Run(name, func(t *testing.T) {
			r := fixture()
			var buf bytes.Buffer
			if err := renderVPL(&buf, r, Options{}); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			if g := vplProposedGrade(out); g != strconv.Itoa(r.Score) {
				t.Errorf("proposed grade %q; want %d", g, r.Score)
			}
			var titles []string
			for _, l := range strings.Split(strings.TrimSuffix(vplProposedComment(out), "\n"), "\n") {
				switch vplLine(l) {
				case "title":
					titles = append(titles, l)
				case "text":
					t.Errorf("comment line %q is neither a title nor preformatted", l)
				}
			}
			v := ForStudent(r)
			if len(titles) != 1+len(v.Checks) {
				t.Fatalf("%d titles; want the report's and one per check (%d):\n%s", len(titles), len(v.Checks), out)
			}
			for i, c := range v.Checks {
				want := fmt.Sprintf("-%s %s: %d/%d", marks[c.Status], oneLine(c.Title), c.Score, c.MaxScore)
				if titles[i+1] != want {
					t.Errorf("title %d: %q; want %q", i+1, titles[i+1], want)
				}
			}
			if !strings.Contains(vplProposedComment(out), ">"+words(r).T("html.score", report.Int("score", r.Score), report.Int("max", r.MaxScore))) {
				t.Errorf("the comments do not begin with the score:\n%s", out)
			}
		})
	}
}
