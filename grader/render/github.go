package render

import (
	"crypto/rand"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/boardcheck/boardcheck/grader/report"
)

func init() {
	register(Format{Name: "github", Summary: "a GitHub Actions log: the text report, then an annotation per failed check", Render: renderGitHub})
}

// On GitHub Actions a step's standard output is its log, and a line of the
// form ::error title=T::MESSAGE in it becomes an annotation on the run (and
// on the file, with file=). So the github format is what the log should
// hold: the text report, for the person reading the log, then one ::error
// per failed or broken check and one ::notice with the score and the checks
// not run.
//
// GitHub shows at most 10 error annotations of a step and drops the rest
// without a word, so past 10 failed checks the first 9 get one each and the
// tenth names the others.
//
// The text report quotes what the submission printed, and a student could
// print "::add-mask::" or "::error::all good" to fool the log. It is
// therefore wrapped in ::stop-commands::TOKEN ... ::TOKEN::, GitHub's way to
// log untrusted text: nothing between the two is taken as a command. TOKEN
// is random on every rendering, so a submission cannot print it beforehand.
//
// Each annotation is the line that @actions/core's error() and notice()
// write for the same message and properties, byte for byte (the tests
// compare with the npm package itself): properties in its order, title then
// file, and its escaping (core/src/command.ts): in a message, % CR and LF
// become %25 %0D %0A; in a property value, : and , become %3A and %2C as
// well.

// maxErrorAnnotations is how many error annotations GitHub shows for a step.
const maxErrorAnnotations = 10

func renderGitHub(w io.Writer, r *report.Report, o Options) error {
	r = ForStudent(r)
	var b strings.Builder
	token := strings.ToLower(rand.Text())
	fmt.Fprintf(&b, "::stop-commands::%s\n", token)
	if err := renderText(&b, r, o); err != nil {
		return err
	}
	fmt.Fprintf(&b, "::%s::\n", token)
	for _, a := range gitHubAnnotations(r) {
		b.WriteString(a.String() + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// A gitHubAnnotation is one workflow command, before escaping.
type gitHubAnnotation struct {
	Command string // "error" or "notice"
	Title   string
	File    string // "" for none
	Message string
}

// String is the workflow command's line, without its line break.
func (a gitHubAnnotation) String() string {
	props := []string{"title=" + gitHubProperty(a.Title)}
	if a.File != "" {
		props = append(props, "file="+gitHubProperty(a.File))
	}
	return "::" + a.Command + " " + strings.Join(props, ",") + "::" + gitHubData(a.Message)
}

// gitHubAnnotations is the annotations for a report: an error for each
// failed or broken check (at most maxErrorAnnotations), then a notice with
// the score.
func gitHubAnnotations(r *report.Report) []gitHubAnnotation {
	file := ""
	if p := filepath.ToSlash(r.Submission); p != "" && !filepath.IsAbs(p) && !strings.HasPrefix(p, "../") && p != ".." {
		// Relative to the working folder, which on Actions is the
		// repository's root: the annotation then marks the file itself.
		file = strings.TrimPrefix(p, "./")
	}
	var errs []gitHubAnnotation
	var skipped []string
	for _, c := range r.Checks {
		switch c.Status {
		case report.Fail, report.Error:
			title := fmt.Sprintf("%s: %s (%d/%d)", r.Exercise, oneLine(c.Title), c.Score, c.MaxScore)
			if c.Status == report.Error {
				title = fmt.Sprintf("%s: %s could not be judged (grader or exercise broken)", r.Exercise, oneLine(c.Title))
			}
			msg := safeText(c.Message)
			if c.Hint != "" {
				msg += "\nhint: " + safeText(c.Hint)
			}
			errs = append(errs, gitHubAnnotation{Command: "error", Title: title, File: file, Message: msg})
		case report.Skip:
			skipped = append(skipped, oneLine(c.Title))
		}
	}
	if len(errs) > maxErrorAnnotations {
		errs = append(errs[:maxErrorAnnotations-1], moreErrors(r.Exercise, file, errs[maxErrorAnnotations-1:]))
	}
	title := fmt.Sprintf("%s: %d/%d", r.Exercise, r.Score, r.MaxScore)
	msg := "every check passed"
	switch {
	case len(skipped) > 0:
		msg = fmt.Sprintf("%d %s not run, because %s a check that failed: %s",
			len(skipped), plural(len(skipped), "check"), plural(len(skipped), "it needs", "they need"), strings.Join(skipped, "; "))
	case !r.Passed:
		msg = "fix the checks marked as errors"
	}
	return append(errs, gitHubAnnotation{Command: "notice", Title: title, Message: msg})
}

// moreErrors stands for the error annotations past the ninth, which GitHub
// would not show: it says how many there are and names each.
func moreErrors(exercise, file string, rest []gitHubAnnotation) gitHubAnnotation {
	var b strings.Builder
	fmt.Fprintf(&b, "%d more %s failed; the log above explains each:", len(rest), plural(len(rest), "check"))
	for _, a := range rest {
		b.WriteString("\n" + strings.TrimPrefix(a.Title, exercise+": "))
	}
	return gitHubAnnotation{
		Command: "error",
		Title:   fmt.Sprintf("%s: and %d more failed %s", exercise, len(rest), plural(len(rest), "check")),
		File:    file,
		Message: b.String(),
	}
}

// gitHubData escapes a workflow command's message.
func gitHubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// gitHubProperty escapes a workflow command's property value.
func gitHubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// GitHubSummary writes the report as GitHub-flavoured Markdown for a job's
// summary page (the file GITHUB_STEP_SUMMARY names): a heading with the
// score, then a table of the checks. The caller appends it to that file;
// renderers never look at the environment.
func GitHubSummary(w io.Writer, r *report.Report) error {
	r = ForStudent(r)
	var b strings.Builder
	verdict := "❌"
	if r.Passed {
		verdict = "✅"
	}
	fmt.Fprintf(&b, "### %s %s: %d/%d\n\n", verdict, mdCell(r.Exercise), r.Score, r.MaxScore)
	fmt.Fprintf(&b, "%s, submission %s\n\n", mdCell(oneLine(r.Title)), mdCell(oneLine(r.Submission)))
	b.WriteString("| | Check | Points | Why |\n")
	b.WriteString("| :-: | --- | --: | --- |\n")
	icons := map[report.Status]string{report.Pass: "✅", report.Fail: "❌", report.Skip: "⏭️", report.Error: "⚠️"}
	for _, c := range r.Checks {
		why := ""
		if c.Status != report.Pass {
			why = mdCell(oneLine(c.Message))
		}
		fmt.Fprintf(&b, "| %s | %s | %d/%d | %s |\n", icons[c.Status], mdCell(oneLine(c.Title)), c.Score, c.MaxScore, why)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// mdCell makes text safe in a Markdown table cell: no pipe ends the cell, no
// markup or HTML takes effect, and no URL or address becomes a link. GitHub's
// Markdown links a bare "https://...", "www.x.y" or "a@b.c" by itself (GFM's
// autolinks); written as character references, ":" and "." read the same
// and start none: a scheme needs its ":", and a www. link and an address
// their ".".
func mdCell(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case ':':
			b.WriteString("&#58;")
		case '.':
			b.WriteString("&#46;")
		case '\\', '`', '*', '_', '[', ']', '|', '~', '#', '!', '$':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
