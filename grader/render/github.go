package render

import (
	"crypto/rand"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/boardcheck/boardcheck/grader/i18n"
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
// the score. Their words are the report's language's; each title begins
// with the exercise, which is never translated.
func gitHubAnnotations(r *report.Report) []gitHubAnnotation {
	l := words(r)
	file := ""
	if p := filepath.ToSlash(r.Submission); p != "" && !filepath.IsAbs(p) && !strings.HasPrefix(p, "../") && p != ".." {
		// Relative to the working folder, which on Actions is the
		// repository's root: the annotation then marks the file itself.
		file = strings.TrimPrefix(p, "./")
	}
	exercise := l.Verbatim(r.Exercise) + ": "
	var errs []gitHubAnnotation
	var shorts []string // each error's title without the exercise
	var skipped []string
	for _, c := range r.Checks {
		switch c.Status {
		case report.Fail, report.Error:
			title := l.T("github.check_failed", report.Text("title", oneLine(c.Title)), report.Int("score", c.Score), report.Int("max", c.MaxScore))
			if c.Status == report.Error {
				title = l.T("github.check_unjudged", report.Text("title", oneLine(c.Title)))
			}
			msg := messageText(l, c)
			if c.Hint != "" || c.HintReason != nil {
				msg += "\n" + l.T("check.hint") + " " + hintText(l, c)
			}
			errs = append(errs, gitHubAnnotation{Command: "error", Title: exercise + title, File: file, Message: msg})
			shorts = append(shorts, title)
		case report.Skip:
			skipped = append(skipped, oneLine(c.Title))
		}
	}
	if len(errs) > maxErrorAnnotations {
		errs = append(errs[:maxErrorAnnotations-1], moreErrors(l, exercise, file, shorts[maxErrorAnnotations-1:]))
	}
	title := l.T("summary.score", report.Verbatim("exercise", r.Exercise), report.Int("score", r.Score), report.Int("max", r.MaxScore))
	msg := l.T("github.passed")
	switch {
	case len(skipped) > 0:
		msg = l.T("github.not_run", report.Int("count", len(skipped)), report.Text("checks", strings.Join(skipped, l.T("ci.sep"))))
	case !r.Passed:
		msg = l.T("github.fix_errors")
	}
	return append(errs, gitHubAnnotation{Command: "notice", Title: title, Message: msg})
}

// moreErrors stands for the error annotations past the ninth, which GitHub
// would not show: it says how many there are and names each by its title
// without the exercise (rest).
func moreErrors(l *i18n.Localizer, exercise, file string, rest []string) gitHubAnnotation {
	var b strings.Builder
	b.WriteString(l.T("github.more", report.Int("count", len(rest))))
	for _, title := range rest {
		b.WriteString("\n" + title)
	}
	return gitHubAnnotation{
		Command: "error",
		Title:   exercise + l.T("github.more_title", report.Int("count", len(rest))),
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
	l := words(r)
	var b strings.Builder
	verdict := "❌"
	if r.Passed {
		verdict = "✅"
	}
	fmt.Fprintf(&b, "### %s %s: %d/%d\n\n", verdict, mdCell(l.Verbatim(r.Exercise)), r.Score, r.MaxScore)
	b.WriteString(mdCell(l.T("github.summary_submission", report.Text("title", oneLine(r.Title)), report.Verbatim("submission", oneLine(r.Submission)))) + "\n\n")
	fmt.Fprintf(&b, "| | %s | %s | %s |\n", mdCell(l.T("github.col_check")), mdCell(l.T("github.col_points")), mdCell(l.T("github.col_why")))
	b.WriteString("| :-: | --- | --: | --- |\n")
	icons := map[report.Status]string{report.Pass: "✅", report.Fail: "❌", report.Skip: "⏭️", report.Error: "⚠️"}
	for _, c := range r.Checks {
		why := ""
		if c.Status != report.Pass {
			why = mdCell(flat(checkMessage(l, r, c)))
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
