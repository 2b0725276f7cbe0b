package render

import (
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/fatih/color"
	"github.com/rivo/uniseg"
	"github.com/rogpeppe/go-internal/diff"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

func init() {
	register(Format{Name: "text", Summary: "feedback for a person: verdicts, diffs, pictures (the default)", Render: renderText})
}

// Limits on what the text report shows of a program's output. The JSON
// report carries everything the engine kept; a person needs the part at
// fault.
const (
	maxOutputLines = 20 // of one stream of one run
	maxFocusLines  = 7  // around the line at fault
	maxDiffLines   = 40
	maxLogLines    = 40
)

// marks carry each verdict without colour.
var marks = map[report.Status]string{
	report.Pass:  "✓",
	report.Fail:  "✗",
	report.Skip:  "~",
	report.Error: "!",
}

// text renders one report; it collects output in a builder so that errors
// need checking once, at the end.
type text struct {
	b     strings.Builder
	pal   palette
	o     Options
	blank bool // the last line written was empty
	// l says the report's words in its language; the arguments it puts
	// into a sentence are escaped as a program's output is (escMessage).
	l *i18n.Localizer
	// stderrShown are the standard errors shown so far, each with the
	// check under which it was.
	stderrShown map[string]string
}

func renderText(w io.Writer, r *report.Report, o Options) error {
	t := newText(r, o)
	t.report(ForStudent(r))
	_, err := io.WriteString(w, t.b.String())
	return err
}

func newText(r *report.Report, o Options) *text {
	t := &text{pal: newPalette(o.Color), o: o}
	t.l = i18n.For(r.Lang).WithEscape(t.escMessage)
	return t
}

// escMessage makes a text safe to go into a sentence of the report.
func (t *text) escMessage(s string) string { return escapeLine(s, maxMessageRunes, t.mark, t.l) }

// verbatim is a text never translated, standing on its own (a command, a
// line of output), already escaped: marked for the pseudo-language's test.
func (t *text) verbatim(s string) string { return t.l.Standalone(s) }

func (t *text) line(indent int, s string) {
	t.blank = s == ""
	if !t.blank {
		t.b.WriteString(strings.Repeat(" ", indent))
		t.b.WriteString(s)
	}
	t.b.WriteByte('\n')
}

// esc makes a line of a program's output safe to print (see safe.go).
func (t *text) esc(s string) string {
	return escapeLine(s, maxLineRunes, t.mark, t.l)
}

func (t *text) mark(e string) string { return t.pal.escape.Sprint(e) }

// escLines splits a message into safe lines.
func (t *text) escLines(s string) []string {
	var out []string
	for _, l := range splitLines(s) {
		out = append(out, escapeLine(l, maxMessageRunes, t.mark, t.l))
	}
	return out
}

func (t *text) statusStyle(s report.Status) *color.Color {
	switch s {
	case report.Pass:
		return t.pal.pass
	case report.Fail:
		return t.pal.fail
	case report.Skip:
		return t.pal.skip
	}
	return t.pal.broken
}

func (t *text) report(r *report.Report) {
	t.header(r)
	titleWidth, pointsWidth := 0, 0
	for _, c := range r.Checks {
		titleWidth = max(titleWidth, width(t.esc(c.Title)+t.nameTag(c.Name)))
		pointsWidth = max(pointsWidth, len(points(c)))
	}
	seen := map[string]string{} // a failure's shape: the first check that failed so
	for i := 0; i < len(r.Checks); i++ {
		c := r.Checks[i]
		if n := skippedAlike(r.Checks[i:]); n >= minFoldedSkips && !t.o.Verbose {
			t.skipped(r, r.Checks[i:i+n])
			i += n - 1
			continue
		}
		same := ""
		if c.Status == report.Fail && !t.o.Verbose {
			shape := failureShape(c)
			if first, ok := seen[shape]; ok {
				same = first
			} else {
				seen[shape] = c.Name
			}
		}
		if t.o.Focus && !t.o.Verbose && c.Status == report.Fail {
			t.brief(c, titleWidth, pointsWidth)
			continue
		}
		t.check(r, c, titleWidth, pointsWidth, same)
	}
	if first, _ := fixFirst(r); first != nil && t.o.Focus && !t.o.Verbose {
		if !t.blank {
			t.line(0, "")
		}
		t.check(r, *first, titleWidth, pointsWidth, "")
	}
	t.footer(r)
}

// brief shows a failed check on one line, its verdict and the start of its
// message, cut to the terminal's width: Options.Focus shows one failure in
// full, below the list.
func (t *text) brief(c report.CheckResult, titleWidth, pointsWidth int) {
	title, id := t.esc(c.Title), t.nameTag(c.Name)
	head := " " + title + id + strings.Repeat(" ", max(titleWidth-width(title+id), 0)) +
		"  " + fmt.Sprintf("%*s", pointsWidth, points(c)) + "  "
	msg := firstOf(t.messageLines(c))
	if w := t.o.Width - 1 - width(head); t.o.Width > 0 && width(msg) > w {
		r := []rune(msg)
		for len(r) > 0 && width(string(r))+1 > w {
			r = r[:len(r)-1]
		}
		msg = string(r) + "…"
	}
	t.line(0, t.pal.fail.Sprint(marks[c.Status])+" "+title+t.pal.dim.Sprint(id)+
		strings.TrimPrefix(head, " "+title+id)+msg)
}

func firstOf(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return lines[0]
}

// minFoldedSkips is the fewest checks in a row skipped for one reason that
// the report shows as one: a submission that does not start skips every
// check, and a dozen lines saying the same thing hide the one that matters.
const minFoldedSkips = 3

// skippedAlike counts the checks at the start of checks skipped for the
// same check, one after another.
func skippedAlike(checks []report.CheckResult) int {
	n := 0
	for _, c := range checks {
		if c.Status != report.Skip || c.SkippedBecause == "" || c.SkippedBecause != checks[0].SkippedBecause || c.RanDespite != "" {
			break
		}
		n++
	}
	return n
}

// skipped shows checks skipped for the same check as one line, their names
// under it.
func (t *text) skipped(r *report.Report, checks []report.CheckResult) {
	score, max := 0, 0
	names := make([]string, len(checks))
	for i, c := range checks {
		score, max = score+c.Score, max+c.MaxScore
		names[i] = t.l.Verbatim(c.Name)
	}
	t.line(0, t.pal.skip.Sprint(marks[report.Skip])+" "+t.l.T("check.folded", report.Int("count", len(checks)))+fmt.Sprintf("  %d/%d  ", score, max)+
		t.pal.skip.Sprint(t.l.T("check.skipped_folded", report.Nested("check", t.needed(r, checks[0].SkippedBecause)))))
	for _, l := range wrap(strings.Join(names, ", "), t.o.Width-indent) {
		t.line(indent, t.pal.dim.Sprint(l))
	}
}

// digitRun is a number in a failure message: N, a line, a row, a column.
var digitRun = regexp.MustCompile(`[0-9]+`)

// failureShape is what a check's failure has in common with the same
// mistake made on another board: its message without the numbers ("line
// #: queens at row # col # and row # col # share an anti-diagonal"). One
// diagonal never tested fails n4 to n12 alike, and a student needs the
// explanation once.
func failureShape(c report.CheckResult) string {
	return digitRun.ReplaceAllString(c.Message, "#")
}

func (t *text) header(r *report.Report) {
	t.line(0, t.pal.bold.Sprint(t.verbatim(t.esc(r.Exercise)))+": "+t.esc(r.Title))
	// The labels are aligned: each padded to the widest, in display
	// columns (a Korean label is twice as wide as its runes).
	ids := []string{"label.submission", "label.folder", "label.run_as", "label.limits", "label.took"}
	labels, widest := map[string]string{}, 0
	for _, id := range ids {
		labels[id] = t.l.T(id) + ":"
		widest = max(widest, width(labels[id]))
	}
	label := func(id string) string { return labels[id] + strings.Repeat(" ", widest-width(labels[id])+1) }
	t.line(0, label("label.submission")+t.verbatim(t.esc(r.Submission)))
	switch {
	case r.BuiltReason != nil:
		t.line(0, label("label.folder")+t.l.Say(*r.BuiltReason))
	case r.Built != "":
		t.line(0, label("label.folder")+t.esc(r.Built))
	}
	if len(r.Command) > 0 {
		t.line(0, label("label.run_as")+t.verbatim(t.esc(shellJoin(t.paths(r.Command)))))
	}
	if t.o.Verbose {
		for i, p := range r.Protections {
			l := strings.Repeat(" ", widest+1)
			if i == 0 {
				l = label("label.limits")
			}
			if len(r.ProtectionReasons) == len(r.Protections) {
				p = t.l.Say(r.ProtectionReasons[i])
			} else {
				p = escapeLine(p, maxMessageRunes, t.mark, t.l)
			}
			t.line(0, l+p)
		}
		if !slices.ContainsFunc(r.Checks, func(c report.CheckResult) bool { return !c.Visibility.Shown() }) {
			// Where a check is hidden, the whole grading's time holds
			// its time, which may say its input (see ForStudent).
			t.line(0, label("label.took")+duration(r.Duration))
		}
	}
	t.line(0, "")
}

// width is the display width of s in a terminal's columns: a Hangul
// syllable takes two, a Thai vowel mark or a Bengali vowel sign none.
func width(s string) int { return uniseg.StringWidth(s) }

func points(c report.CheckResult) string { return fmt.Sprintf("%d/%d", c.Score, c.MaxScore) }

// check shows one check's verdict; same, when set, names an earlier check
// that failed the same way, which stands for this one's explanation.
func (t *text) check(r *report.Report, c report.CheckResult, titleWidth, pointsWidth int, same string) {
	style := t.statusStyle(c.Status)
	title := t.esc(c.Title)
	id := t.nameTag(c.Name)
	l := style.Sprint(marks[c.Status]) + " " + title + t.pal.dim.Sprint(id) +
		strings.Repeat(" ", max(titleWidth-width(title+id), 0)) +
		"  " + fmt.Sprintf("%*s", pointsWidth, points(c))
	switch c.Status {
	case report.Skip:
		l += "  " + t.pal.skip.Sprint(t.l.T("check.skipped", report.Nested("check", t.needed(r, c.SkippedBecause))))
	case report.Error:
		l += "  " + t.pal.broken.Sprint(t.l.T("check.error"))
	}
	if t.o.Verbose && c.Duration > 0 {
		l += "  " + t.pal.dim.Sprint(duration(c.Duration))
	}
	t.line(0, strings.TrimRight(l, " "))
	if c.RanDespite != "" {
		t.line(indent, t.pal.skip.Sprint(t.l.T("check.ran_despite", report.Verbatim("flag", "--run"), report.Nested("check", t.needed(r, c.RanDespite)))))
	}

	switch {
	case c.Status == report.Fail && same != "":
		for i, l := range t.messageLines(c) {
			if i == 0 {
				l = t.l.SayReady(report.Say("check.same_failure", report.Verbatim("name", same)), map[string]string{"message": l})
			}
			t.line(indent, l)
		}
		t.line(0, "")
	case c.Status == report.Fail:
		t.failure(c)
		t.line(0, "")
	case c.Status == report.Error:
		t.broken(c)
		t.line(0, "")
	case c.Status == report.Pass:
		if t.o.Verbose && len(c.Runs) > 0 {
			t.runs(c.Runs)
			t.line(0, "")
		}
	}
}

const indent = 4

// nameTag is how a check's name follows its title: the name is what --run
// and "needs" use, and the report is where a student learns it.
func nameTag(name string) string {
	if name == "" {
		return ""
	}
	return " [" + name + "]"
}

// nameTag is the tag, escaped and marked as never translated.
func (t *text) nameTag(name string) string {
	if name == "" {
		return ""
	}
	return " [" + t.l.Verbatim(name) + "]"
}

// needed names the check a skipped one waits on by its title, which the
// student can find in the report, and its name.
func (t *text) needed(r *report.Report, name string) report.Message {
	return neededCheck(r, name)
}

// neededCheck is a check named in a sentence: its title and its name, or
// its name alone when it has no title.
func neededCheck(r *report.Report, name string) report.Message {
	for _, c := range r.Checks {
		if c.Name == name && c.Title != "" {
			return report.Say("check.named", report.Text("title", c.Title), report.Verbatim("name", name))
		}
	}
	return report.Say("check.name", report.Verbatim("name", name))
}

// messageLines are the lines of why a check did not pass: said in the
// report's language where the check's code said it as data, else its
// English words, escaped.
func (t *text) messageLines(c report.CheckResult) []string {
	if c.Reason != nil {
		return splitLines(t.l.Say(*c.Reason))
	}
	return t.escLines(c.Message)
}

// failure explains a failed check: the command that was run, what went wrong,
// and what to do.
func (t *text) failure(c report.CheckResult) {
	var last *report.Run
	if len(c.Runs) > 0 {
		last = &c.Runs[len(c.Runs)-1]
	}
	if t.o.Verbose {
		t.runs(c.Runs[:max(len(c.Runs)-1, 0)])
	}
	if last != nil {
		run := *last
		if run.Death != "" && strings.Contains(c.Message, run.Death) {
			// The message says it already ("nqueens 12: timed out
			// after 10s"): once is enough.
			run.Death = ""
		}
		t.command(run)
	}
	for _, l := range t.messageLines(c) {
		t.line(indent, t.pal.bold.Sprint(l))
	}
	d := c.Detail
	// A Detail with Actual alone (a compiler's output, say) compares with
	// nothing: it is shown as output, not as a diff of added lines.
	hasDiff := d != nil && d.Expected != ""
	if d != nil && d.Expected == "" && d.Actual != "" &&
		(last == nil || !(sameStream(d.Actual, last.Stdout, last.Trimmed) || sameStream(d.Actual, last.Stderr, last.Trimmed))) {
		t.output("stream.output", d.Actual, d.OutputLine, maxOutputLines, false)
	}
	hasPicture := d != nil && (d.Board != nil || d.Tour != nil)
	if hasDiff {
		t.diff(d.Expected, d.Actual)
	}
	if last != nil {
		focus, errFocus := outputFocus(d, last)
		outLines, errLines := 0, 0
		if last.Trimmed {
			outLines, errLines = last.StdoutLines, last.StderrLines
		}
		shown := last.Stdout != ""
		switch {
		case t.o.Verbose:
			t.printed("stream.stdout", last.Stdout, outLines, focus, maxOutputLines, true)
		case hasDiff:
			// The diff already shows the output.
			shown = false
		case focus > 0:
			t.printedWith("stream.stdout", last.Stdout, d, outLines, focus, maxFocusLines, false)
		case !hasPicture:
			t.printed("stream.stdout", last.Stdout, outLines, focus, maxOutputLines, true)
		default:
			shown = false
		}
		if last.Stderr != "" && !(hasDiff && last.Stderr == d.Actual) {
			shown = t.stderr(c.Name, last.Stderr, errLines, errFocus) || shown
		}
		if last.Trimmed && shown {
			// The line counts above are of what the report kept; say how
			// much the program really printed, since for an "every
			// solution" check that count is what a student judges by.
			t.line(indent, t.pal.dim.Sprint(t.l.T("stream.trimmed", report.Int("count", last.StdoutLines), report.Int("stderr", last.StderrLines))))
		}
	}
	if d != nil && d.Tally != nil {
		// The whole output sorted, which the excerpt above cannot show:
		// the HTML and JSON reports carry it, and so does this one.
		t.line(indent, tallyLine(t.l, d.Tally))
	}
	if hasPicture {
		t.pictures(d)
	}
	// A run out of time has the exercise's advice for that as its hint
	// (the engine's choice, so every format gives the same).
	hint := c.Hint
	if hint != "" {
		first := true
		label := t.l.T("check.hint")
		room := width(label) + 1
		lines := t.escLines(hint)
		if c.HintReason != nil {
			lines = splitLines(t.l.Say(*c.HintReason))
		}
		for _, l := range lines {
			for _, w := range wrap(l, t.o.Width-indent-room) {
				if first {
					w = t.pal.hint.Sprint(label) + " " + w
					first = false
				} else {
					w = strings.Repeat(" ", room) + w
				}
				t.line(indent, w)
			}
		}
	}
	if t.o.Verbose && c.Log != "" {
		t.log(c.Log)
	}
}

// stderr shows a failed run's standard error, unless an earlier check's
// failure showed the very same text: a traceback is read once, and a
// later check says whose it is. It reports whether it showed the text.
func (t *text) stderr(check, s string, lines, focus int) bool {
	if first, ok := t.stderrShown[s]; ok && !t.o.Verbose {
		t.line(indent, t.pal.dim.Sprint(t.l.T("stream.stderr_same", report.Verbatim("name", first))))
		return false
	}
	if t.stderrShown == nil {
		t.stderrShown = map[string]string{}
	}
	t.stderrShown[s] = check
	t.printed("stream.stderr", s, lines, focus, maxOutputLines, false)
	return true
}

// tallyLine sorts an "every solution" check's whole output in one line:
// "counted: 92 right, 5150 not a solution, 0 repeated, 0 missing (of 92)".
func tallyLine(l *i18n.Localizer, tl *checker.QueensTally) string {
	s := l.T("tally.counted", report.Int("right", tl.Right), report.Int("invalid", tl.Invalid),
		report.Int("repeated", tl.Repeated), report.Int64("missing", tl.Missing), report.Int64("count", tl.Want))
	if tl.Stopped > 0 {
		s += l.T("tally.stopped", report.Int("line", tl.Stopped))
	}
	return s
}

// wrap breaks s into lines of at most columns display columns, at spaces;
// a word longer than that stands on a line of its own. columns < 20 (no
// terminal, or one too narrow to help) leaves s whole. Thai, which puts no
// spaces between words, breaks only where the text has one.
func wrap(s string, columns int) []string {
	if columns < 20 || width(s) <= columns {
		return []string{s}
	}
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case width(line)+1+width(word) <= columns:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}

// outputFocus says which line of the last run's standard output, and which
// of its standard error, the report marks: the line at fault is one of the
// stream the failure's text is (a debug line on standard error is marked
// there, not the correct line of standard output with its number).
func outputFocus(d *report.Detail, last *report.Run) (stdout, stderr int) {
	if d == nil {
		return 0, 0
	}
	if d.Actual != "" && last.Stderr != "" && sameStream(d.Actual, last.Stderr, last.Trimmed) &&
		!sameStream(d.Actual, last.Stdout, last.Trimmed) {
		return 0, d.OutputLine
	}
	return d.OutputLine, 0
}

// sameStream reports whether actual is the stream s, or s is the start of it
// because the run's output was cut for the report: either way the stream's
// own block shows it, and a second block would repeat it.
func sameStream(actual, s string, trimmed bool) bool {
	return actual == s || (trimmed && s != "" && strings.HasPrefix(actual, s))
}

// lacksTool says whether c is the check that the submission can be run,
// failed because this machine lacks what runs it (an interpreter, a
// compiler): nothing is broken that a report would help, and the student
// can install it.
func lacksTool(c report.CheckResult) bool {
	return c.Name == report.UngradableCheck && c.Status == report.Error
}

// broken explains a check that could not be judged: the fault is the
// exercise's or the grader's (or the machine's), and the student should be
// told so plainly.
func (t *text) broken(c report.CheckResult) {
	if lacksTool(c) {
		t.line(indent, t.pal.broken.Sprint(t.l.T("check.lacks_tool")))
	} else {
		t.line(indent, t.pal.broken.Sprint(t.l.T("check.broken")))
	}
	for _, l := range t.messageLines(c) {
		t.line(indent, l)
	}
	if t.o.Verbose {
		t.runs(c.Runs)
	}
	if c.Log != "" {
		t.log(c.Log)
	}
}

// deathArg is how run ended, as the argument "death" of run.killed and
// run.ended: said in the report's language where the report holds it as
// data.
func deathArg(run report.Run) report.Arg {
	if run.DeathReason != nil {
		return report.Nested("death", *run.DeathReason)
	}
	return report.Text("death", run.Death)
}

// command shows a run as the student would type it, and how it ended when
// that matters.
func (t *text) command(run report.Run) {
	l := "$ " + t.verbatim(t.esc(shellJoin(run.Args)))
	switch {
	case strings.HasPrefix(run.Death, "killed"):
		l += "  " + t.pal.fail.Sprint(t.l.T("run.killed", deathArg(run)))
	case run.Death != "":
		l += "  " + t.pal.fail.Sprint(t.l.T("run.ended", deathArg(run)))
	case run.ExitCode >= 0:
		l += "  " + t.pal.dim.Sprint(t.l.T("run.exit_status", report.Int("status", run.ExitCode)))
	}
	t.line(indent, l)
	if t.o.Verbose {
		l := t.pal.dim.Sprint(t.l.T("run.argv")+" ") + t.verbatim(escapeLine(shellJoin(t.paths(run.Command)), maxMessageRunes, t.mark, t.l))
		if run.Duration > 0 {
			l += t.pal.dim.Sprint(", " + duration(run.Duration))
		}
		t.line(indent+2, l)
	}
	if run.Stdin != "" {
		t.output("stream.stdin", run.Stdin, 0, 5, false)
	}
}

// runs shows each run with its output, for -v.
func (t *text) runs(runs []report.Run) {
	for _, run := range runs {
		t.command(run)
		t.output("stream.stdout", run.Stdout, 0, maxOutputLines, true)
		if run.Stderr != "" {
			t.output("stream.stderr", run.Stderr, 0, maxOutputLines, false)
		}
	}
}

// output shows an excerpt of one stream of a run, each line numbered so that
// messages such as "line 3: ..." can be matched to it. stream is the
// catalog's name of the stream ("stream.stdout").
func (t *text) output(stream, s string, focus, limit int, sayEmpty bool) {
	t.printed(stream, s, 0, focus, limit, sayEmpty)
}

// printed is output for a stream the report may have cut: lines is how many
// lines the program printed on it, which the gaps count (see makeExcerpt).
func (t *text) printed(stream, s string, lines, focus, limit int, sayEmpty bool) {
	t.printedWith(stream, s, nil, lines, focus, limit, sayEmpty)
}

// printedWith is printed for standard output, whose line at fault d may
// keep beyond what s holds (see outputExcerpt).
func (t *text) printedWith(stream, s string, d *report.Detail, lines, focus, limit int, sayEmpty bool) {
	name := report.Nested("stream", report.Say(stream))
	if s == "" {
		if sayEmpty {
			t.line(indent, t.pal.dim.Sprint(t.l.T("stream.nothing", name)))
		}
		return
	}
	ex := outputExcerpt(s, d, lines, focus, limit)
	t.line(indent, t.pal.dim.Sprint(t.l.T("stream.label", name)))
	w := digits(ex.total)
	for _, l := range ex.lines {
		if l.gap > 0 {
			t.line(indent+2, t.pal.dim.Sprintf("%*s  %s", w, "", t.l.T("stream.more_lines", report.Int("count", l.gap))))
			continue
		}
		mark := "  "
		text := t.verbatim(t.esc(l.text))
		if l.focus {
			mark = t.pal.fail.Sprint("> ")
			text = t.pal.fail.Sprint(text)
		}
		if text != "" {
			text = "  " + text
		}
		t.line(indent, mark+t.pal.dim.Sprintf("%*d", w, l.n)+text)
	}
}

var hunk = regexp.MustCompile(`^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@`)

// diff shows expected against actual with go-internal's diff, without its
// file header, in the words a student reads: what was expected, what their
// program printed.
func (t *text) diff(expected, actual string) {
	out := diff.Diff("expected", []byte(expected), "actual", []byte(actual))
	if out == nil {
		return
	}
	t.line(indent, t.pal.del.Sprint(t.l.T("diff.expected"))+t.l.T("legend.sep")+t.pal.add.Sprint(t.l.T("diff.yours")))
	lines := splitLines(string(out))
	if len(lines) > 3 {
		lines = lines[3:] // "diff ...", "--- expected", "+++ actual"
	}
	hunks := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "@@") {
			hunks++
		}
	}
	shown := 0
	for i, l := range lines {
		if shown == maxDiffLines {
			rest := len(lines) - i
			t.line(indent, t.pal.dim.Sprint(t.l.T("diff.more_lines", report.Int("count", rest))))
			break
		}
		shown++
		switch {
		case strings.HasPrefix(l, "@@"):
			// One hunk needs no header; several are told apart by where
			// they start in the student's output.
			if m := hunk.FindStringSubmatch(l); m != nil && hunks > 1 {
				n, _ := strconv.Atoi(m[1])
				t.line(indent, t.pal.dim.Sprint(t.l.T("diff.hunk", report.Int("line", n))))
			}
		case strings.HasPrefix(l, `\`):
			t.line(indent, t.pal.dim.Sprint("  "+t.l.T("diff.no_newline")))
		case strings.HasPrefix(l, "-"):
			t.line(indent, t.pal.del.Sprint("-"+t.verbatim(visibleTrailing(t.esc(l[1:])))))
		case strings.HasPrefix(l, "+"):
			t.line(indent, t.pal.add.Sprint("+"+t.verbatim(visibleTrailing(t.esc(l[1:])))))
		case strings.HasPrefix(l, " "):
			t.line(indent, " "+t.verbatim(t.esc(l[1:])))
		default:
			t.line(indent, t.verbatim(t.esc(l)))
		}
	}
	if actual == "" {
		t.line(indent, t.pal.dim.Sprint(t.l.T("diff.empty")))
	}
}

// visibleTrailing shows trailing spaces and tabs, which are otherwise the one
// difference a diff line cannot show.
func visibleTrailing(s string) string {
	trimmed := strings.TrimRight(s, " \t")
	tail := s[len(trimmed):]
	tail = strings.ReplaceAll(tail, " ", "␣")
	tail = strings.ReplaceAll(tail, "\t", `\t`)
	return trimmed + tail
}

func (t *text) pictures(d *report.Detail) {
	var lines []picLine
	if d.Board != nil {
		lines = append(lines, boardPicture(d.Board, t.pal, t.l)...)
	}
	if d.Tour != nil {
		lines = append(lines, tourPicture(d.Tour, t.pal, t.l)...)
	}
	for _, l := range lines {
		t.line(indent, strings.TrimRight(l.render(), " "))
	}
}

// phaseTime is testscript's timing of a phase of a scenario, "# comment
// (0.031s)": noise to a reader, and it would make reports differ from run to
// run.
var phaseTime = regexp.MustCompile(`(?m)^(#.*) \(\d+\.\d+s\)$`)

// envDump is the block of NAME=value lines testscript may open its log with:
// the scenario's environment, which says nothing about the failure.
var envDump = regexp.MustCompile(`^(?:[^\s=]*=[^\n]*\n)+\n`)

func (t *text) log(log string) {
	log = envDump.ReplaceAllString(log, "")
	t.output("stream.log", phaseTime.ReplaceAllString(log, "$1"), 0, maxLogLines, false)
}

func (t *text) footer(r *report.Report) {
	if !t.blank {
		t.line(0, "")
	}
	t.line(0, t.summary(r))
	for _, c := range r.Checks {
		if c.Status == report.Error && !lacksTool(c) {
			t.line(0, t.pal.broken.Sprint(t.l.T("summary.broken")))
			break
		}
	}
}

// summary is the report in one line a student can quote when asking for
// help: "nqueens: 78/100, 4 checks fail, fix first: Every solution for N = 4
// [n4] (1 skipped check waits on it)".
func (t *text) summary(r *report.Report) string {
	args := []report.Arg{report.Verbatim("exercise", r.Exercise), report.Int("score", r.Score), report.Int("max", r.MaxScore)}
	if r.Passed {
		return t.pal.pass.Sprint(t.l.T("summary.passed", args...))
	}
	l := t.pal.bold.Sprint(t.l.T("summary.score", args...))
	n := countChecks(r)
	if n.fail > 0 {
		l += t.l.T("summary.fails", report.Int("count", n.fail))
	}
	if n.broken > 0 {
		l += t.l.T("summary.unjudged", report.Int("count", n.broken))
	}
	if first, waiting := fixFirst(r); first != nil {
		check := t.pal.bold.Sprint(t.esc(first.Title)) + t.nameTag(first.Name)
		l += t.l.SayReady(report.Say("summary.fix_first"), map[string]string{"check": check})
		if waiting > 0 {
			l += t.l.T("summary.waiting", report.Int("count", waiting))
		}
	}
	return l
}

// fixFirst picks the failed check to fix first, and counts the skipped checks
// that wait on it, directly or through other skipped checks. It is the first
// failure in the exercise's order, which is a dependency order (a check that
// failed ran, so everything it needs passed) and puts the simple checks
// (argument handling) before the ones that build on them. It returns nil
// when no check failed (only skips on errors, or none).
func fixFirst(r *report.Report) (*report.CheckResult, int) {
	byName := map[string]*report.CheckResult{}
	for i := range r.Checks {
		byName[r.Checks[i].Name] = &r.Checks[i]
	}
	root := func(c *report.CheckResult) string {
		seen := map[string]bool{}
		for c.Status == report.Skip && !seen[c.Name] {
			seen[c.Name] = true
			next, ok := byName[c.SkippedBecause]
			if !ok {
				break
			}
			c = next
		}
		return c.Name
	}
	waiting := map[string]int{}
	for i := range r.Checks {
		if r.Checks[i].Status == report.Skip {
			waiting[root(&r.Checks[i])]++
		}
	}
	var best *report.CheckResult
	for i := range r.Checks {
		c := &r.Checks[i]
		if c.Status == report.Fail {
			best = c
			break
		}
	}
	if best == nil {
		return nil, 0
	}
	return best, waiting[best.Name]
}

// plural returns the singular for n == 1, else the plural: given as a second
// word, or formed with "s".
func plural(n int, word string, forms ...string) string {
	if n == 1 {
		return word
	}
	if len(forms) > 0 {
		return forms[0]
	}
	return word + "s"
}

// duration rounds d for people: 35ms, 1.2s.
func duration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return d.Round(time.Microsecond).String()
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// paths returns argv with the absolute paths under Options.Dir made relative.
func (t *text) paths(argv []string) []string {
	out := make([]string, len(argv))
	for i, a := range argv {
		out[i] = a
		if i == 0 && filepath.IsAbs(a) && !within(t.o.Dir, a) {
			// The program is an interpreter the grader resolved (pyenv's
			// real python3 rather than its shim) or a binary it compiled
			// into a temporary folder: the student types its name, and
			// the full path differs from one machine to the next.
			out[i] = filepath.Base(a)
			continue
		}
		if t.o.Dir != "" && filepath.IsAbs(a) {
			if rel, err := filepath.Rel(t.o.Dir, a); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
				out[i] = rel
				if i == 0 && !strings.Contains(rel, "/") {
					// A shell runs a program in the current folder
					// only by a path.
					out[i] = "./" + rel
				}
			}
		}
	}
	return out
}

// within reports whether path lies inside folder dir.
func within(dir, path string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// shellJoin writes argv the way a shell user would type it, quoting only
// what needs quoting.
func shellJoin(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = shellQuote(a)
	}
	return strings.Join(quoted, " ")
}

func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
