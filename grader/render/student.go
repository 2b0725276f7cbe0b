package render

import (
	"fmt"
	"strings"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// ForStudent returns the report as its student may see it: a check that is
// not visible (the manifest's [visibility]) keeps its name, points and
// verdict, and loses its name (which may say its input, "n27"; it becomes
// "hidden-1", "hidden-2", ...), its title, its runs, its time and why it
// did not pass, so that a class learns that it exists and whether it
// passed, never its input; the whole grading's time, which holds a hidden
// check's, goes too. A check skipped because of a hidden one names it
// likewise. r is not changed.
//
// Every format a student reads applies it (text, html, github, tap, junit
// and the platforms without hidden tests of their own); json is the
// instructor's and keeps everything, as does the class JUnit file made
// from it (JUnitClass), and gradescope marks the tests for Gradescope to
// hide.
func ForStudent(r *report.Report) *report.Report {
	hidden := false
	for _, c := range r.Checks {
		hidden = hidden || !c.Visibility.Shown()
	}
	if !hidden {
		return r
	}
	names := map[string]string{}
	for _, c := range r.Checks {
		if !c.Visibility.Shown() {
			names[c.Name] = fmt.Sprintf("hidden-%d", len(names)+1)
		}
	}
	v := *r
	v.Duration = 0 // the hidden checks' time is in it
	v.Checks = make([]report.CheckResult, len(r.Checks))
	for i, c := range r.Checks {
		if n, ok := names[c.SkippedBecause]; ok {
			// Its message as data too: the renderers say Reason, which
			// named the hidden check by its own name.
			m := report.Say("skip.needs", report.Verbatim("check", n))
			c.SkippedBecause, c.Reason, c.Message = n, &m, i18n.For(i18n.English).Say(m)
		}
		if n, ok := names[c.RanDespite]; ok {
			c.RanDespite = n
		}
		c.Log = hideNeeds(c.Log, names)
		if n, ok := names[c.Name]; ok {
			// Nor its time: a run that sleeps N seconds would show
			// its input in it.
			c = report.CheckResult{
				Name: n, Title: hiddenTitle(r.Lang), Status: c.Status,
				Score: c.Score, MaxScore: c.MaxScore, Visibility: c.Visibility,
				SkippedBecause: c.SkippedBecause,
			}
			if m, ok := hiddenMessage(c.Status); ok {
				c.Reason, c.Message = &m, i18n.For(i18n.English).Say(m)
			}
		}
		v.Checks[i] = c
	}
	return &v
}

// hideNeeds renames the hidden checks that a visible check's scenario log
// names on its "# needs:" line: the log of a check run by name despite a
// hidden check it needs (--run) would show that check's name otherwise.
func hideNeeds(log string, names map[string]string) string {
	lines := strings.Split(log, "\n")
	for i, line := range lines {
		before, needs, ok := strings.Cut(line, "# needs:")
		if !ok {
			continue
		}
		words := strings.FieldsFunc(needs, func(r rune) bool { return r == ' ' || r == ',' })
		for j, w := range words {
			if n, ok := names[w]; ok {
				words[j] = n
			}
		}
		lines[i] = before + "# needs: " + strings.Join(words, " ")
	}
	return strings.Join(lines, "\n")
}

// hiddenTitle is report.HiddenTitle in lang, the report's language.
func hiddenTitle(lang string) string { return i18n.For(lang).T("grader.title.hidden") }

// hiddenMessage is what a hidden check says in place of its own message,
// and whether it says anything (a pass does not).
func hiddenMessage(s report.Status) (report.Message, bool) {
	switch s {
	case report.Fail:
		return report.Say("grader.hidden.fail"), true
	case report.Skip:
		return report.Say("grader.hidden.skip"), true
	case report.Error:
		return report.Say("grader.hidden.error"), true
	}
	return report.Message{}, false
}
