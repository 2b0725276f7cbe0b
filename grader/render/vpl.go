package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/boardcheck/boardcheck/grader/report"
)

func init() {
	register(Format{Name: "vpl", Summary: "Moodle VPL's evaluation output (comments and Grade :=>>)", Render: renderVPL})
}

// Moodle's Virtual Programming Lab runs vpl_execution, which
// docs/vpl/vpl_evaluate.sh writes, and reads what it prints (VPL's
// "Automated program assessment"; mod/vpl's vpl_submission.class.php):
// the proposed grade is the last line that begins "Grade :=>>", wherever
// it is; comments are lines "Comment :=>> TEXT", or blocks between a line
// "<|--" and a line "--|>" (spaces around allowed); in a comment, a line
// beginning "-" is a title, and one beginning ">" is preformatted text,
// shown as written (HTML-escaped) in a <pre>.
//
// The report is one block: a title per check ("-✓ TITLE: 2/2"), and under
// it every line of its explanation preformatted. Each of those lines
// begins ">", so nothing a student's program printed can start a title,
// end the block or propose a grade: "--|>" or "Grade :=>> 100" in its
// output is shown, not obeyed. The grade is the score in the exercise's
// points; vpl_evaluate.sh rescales it to the activity's maximum grade.
// VPL has no hidden tests, so the report is the student's view (ForStudent).

func renderVPL(w io.Writer, r *report.Report, o Options) error {
	r = ForStudent(r)
	var b strings.Builder
	b.WriteString("<|--\n")
	b.WriteString("-" + reportHeading(r) + "\n")
	vplPre(&b, scoreSummary(r))
	// The report is one text: a traceback is shown once, under the
	// first check it failed.
	stderrShown := map[string]string{}
	for _, c := range r.Checks {
		fmt.Fprintf(&b, "-%s %s: %d/%d\n", marks[c.Status], oneLine(c.Title), c.Score, c.MaxScore)
		vplPre(&b, checkDetailShown(r, c, o, stderrShown))
	}
	b.WriteString("--|>\n")
	fmt.Fprintf(&b, "Grade :=>> %d\n", r.Score)
	_, err := io.WriteString(w, b.String())
	return err
}

// vplPre writes text as VPL's preformatted lines, each beginning ">".
func vplPre(b *strings.Builder, text string) {
	if text == "" {
		return
	}
	for _, l := range strings.Split(text, "\n") {
		b.WriteString(">" + l + "\n")
	}
}
