package render

import (
	"strings"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// The CI formats (JUnit, TAP, Gradescope, GitHub) each carry, for a check
// that did not pass, a block of plain text explaining it. That text is the
// text report's own explanation without colour: the same command, message,
// diff, picture and hint a student sees at a terminal, so that a failure reads
// the same wherever it is shown. It is already safe (see safe.go): every
// control character a program printed is shown escaped, which also keeps it
// valid in XML and YAML, where most control characters may not appear at all.
//
// The formats' own sentences ("not run: it needs ...", an annotation's
// title, the score) are said in the report's language, through words: the
// student reads them as they read the text report.

// words says the CI formats' sentences in r's language, as plain text:
// what goes into a sentence is escaped as safeText escapes it, and the
// sentence is not escaped again, which would show the isolates of a
// right-to-left language as \u2068.
func words(r *report.Report) *i18n.Localizer {
	l := i18n.For(r.Lang)
	return l.WithEscape(func(s string) string { return escapeLine(s, maxMessageRunes, nil, l) })
}

// checkDetail explains a check of r that did not pass, as plain text without
// the text report's indent; "" for a pass.
func checkDetail(r *report.Report, c report.CheckResult, o Options) string {
	return checkDetailShown(r, c, o, nil)
}

// checkDetailShown is checkDetail for a report whose checks' details are
// read one after another, as one text (VPL's): stderrShown holds the
// standard errors shown so far, which a later check does not repeat.
func checkDetailShown(r *report.Report, c report.CheckResult, o Options, stderrShown map[string]string) string {
	t := newText(r, Options{Verbose: o.Verbose, Dir: o.Dir})
	t.stderrShown = stderrShown
	switch c.Status {
	case report.Fail:
		t.failure(c)
	case report.Error:
		t.broken(c)
	case report.Skip:
		return skipReason(t.l, r, c)
	default:
		return ""
	}
	var out []string
	for _, l := range splitLines(t.b.String()) {
		out = append(out, strings.TrimPrefix(l, strings.Repeat(" ", indent)))
	}
	return strings.TrimRight(strings.Join(out, "\n"), "\n")
}

// skipReason says why check c of r was skipped, naming the check it needs by
// its title, as the text report does: "needs n4" means nothing to a student
// who reads "N = 4: every solution" everywhere else. Without a title to give,
// it is the engine's message. l is the report's words (see words).
func skipReason(l *i18n.Localizer, r *report.Report, c report.CheckResult) string {
	for _, need := range r.Checks {
		if c.SkippedBecause != "" && need.Name == c.SkippedBecause && need.Title != "" {
			return l.T("ci.skip_needs", report.Text("title", oneLine(need.Title)))
		}
	}
	return messageText(l, c)
}

// checkMessage is the one-sentence verdict on check c of r, safe to embed:
// its message, or for a skipped check why it was skipped.
func checkMessage(l *i18n.Localizer, r *report.Report, c report.CheckResult) string {
	if c.Status == report.Skip {
		return skipReason(l, r, c)
	}
	return messageText(l, c)
}

// messageText is why check c did not pass, safe to embed: said in l's
// language where the check's code said it as data, else its English words.
func messageText(l *i18n.Localizer, c report.CheckResult) string {
	if c.Reason != nil {
		return l.Say(*c.Reason)
	}
	return safeText(c.Message)
}

// hintText is check c's hint, safe to embed: the grader's own in l's
// language where it is data, else the exercise's (already in the report's
// language).
func hintText(l *i18n.Localizer, c report.CheckResult) string {
	if c.HintReason != nil {
		return l.Say(*c.HintReason)
	}
	return safeText(c.Hint)
}

// flat joins a said sentence's lines into one, for places that cannot hold
// a line break; unlike oneLine it escapes nothing, so a right-to-left
// sentence keeps its isolates.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// safeText makes a message or title safe to embed: each line escaped as the
// text report escapes it, the lines joined with newlines.
func safeText(s string) string {
	lines := splitLines(s)
	for i, l := range lines {
		lines[i] = escapeLine(l, maxMessageRunes, nil, nil)
	}
	return strings.Join(lines, "\n")
}

// oneLine is safeText on a single line, for places that cannot hold a line
// break (a TAP test point, a Markdown table cell, an annotation's title).
func oneLine(s string) string {
	return strings.Join(strings.Fields(safeText(s)), " ")
}

// counts tallies a report's verdicts.
type counts struct{ pass, fail, skip, broken int }

func countChecks(r *report.Report) counts {
	var n counts
	for _, c := range r.Checks {
		switch c.Status {
		case report.Pass:
			n.pass++
		case report.Fail:
			n.fail++
		case report.Skip:
			n.skip++
		default:
			n.broken++
		}
	}
	return n
}
