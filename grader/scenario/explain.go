package scenario

import (
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/script"
)

// explainBuiltin turns a testscript builtin's failure ("no match for
// `^usage` found in stdout") into a verdict a student can act on. A failure
// that is about the submission's output or files is Fail; anything else (a
// missing file in the archive, a bad usage testscript found) is the
// scenario's fault: Error.
//
// testscript's own words, on what is not the submission's, are said as
// they are, in English: they are for the exercise's author.
func explainBuiltin(s *checkRun, c *exercise.Check, line int, msg string) (report.Status, report.Message, *report.Detail) {
	if line < 1 || line > len(c.Lines) {
		return report.Error, diagnostic(msg), nil
	}
	sl, err := script.ParseLine(c.Lines[line-1])
	if err != nil || sl == nil {
		return report.Error, diagnostic(msg), nil
	}
	var stdout, stderr string
	if s.last != nil {
		stdout, stderr = string(s.last.Stdout), string(s.last.Stderr)
	}
	switch sl.Cmd {
	case "stdout", "stderr":
		text, other := stdout, stderr
		if sl.Cmd == "stderr" {
			text, other = stderr, stdout
		}
		if m, d, ok := explainMatch(stream{cmd: sl.Cmd}, text, other, sl, msg); ok {
			return report.Fail, m, d
		}
	case "grep":
		if len(sl.Args) >= 2 {
			file := sl.Args[len(sl.Args)-1]
			data, _ := os.ReadFile(filepath.Join(s.work, file))
			if m, d, ok := explainMatch(fileStream(file), string(data), "", sl, msg); ok {
				return report.Fail, m, d
			}
		}
	case "cmp", "cmpenv":
		if len(sl.Args) == 2 && strings.HasSuffix(msg, " differ") && !strings.HasSuffix(msg, "do not differ") {
			want, ok := archiveFile(c, s.work, sl.Args[1])
			if !ok {
				break
			}
			if sl.Cmd == "cmpenv" {
				// What the output was compared with: the messages in
				// place of their names, as testscript expanded them.
				want = os.Expand(want, func(name string) string {
					if text, ok := s.g.ex.Messages[name]; ok {
						return text
					}
					return "$" + name
				})
			}
			switch sl.Args[0] {
			case "stdout":
				m, d := explainDiff(stdoutStream, stdout, stderr, want)
				return report.Fail, m, d
			case "stderr":
				m, d := explainDiff(stderrStream, stderr, stdout, want)
				return report.Fail, m, d
			}
			got, err := os.ReadFile(filepath.Join(s.work, sl.Args[0]))
			if err == nil {
				m, d := explainDiff(fileStream(sl.Args[0]), string(got), "", want)
				return report.Fail, m, d
			}
		}
		if strings.HasSuffix(msg, "do not differ") && len(sl.Args) == 2 {
			return report.Fail, say("scenario.must_differ", describe(sl.Args[0]).arg("stream"), report.Verbatim("file", sl.Args[1])), nil
		}
	case "exists":
		if file, ok := strings.CutSuffix(msg, " does not exist"); ok {
			return report.Fail, say("scenario.not_created", report.Verbatim("file", file)), nil
		}
		if file, ok := strings.CutSuffix(msg, " exists"); ok && sl.Neg {
			return report.Fail, say("scenario.exists", report.Verbatim("file", file)), nil
		}
	}
	return report.Error, diagnostic(msg), nil
}

// describe is the stream or file a cmp line names.
func describe(name string) stream {
	switch name {
	case "stdout", "stderr":
		return stream{cmd: name}
	}
	return fileStream(name)
}

// archiveFile reads name from the scenario's archive, or from its work
// folder when the scenario wrote it there.
func archiveFile(c *exercise.Check, work, name string) (string, bool) {
	for _, f := range txtar.Parse(c.Script).Files {
		if f.Name == name {
			return string(f.Data), true
		}
	}
	data, err := os.ReadFile(filepath.Join(work, name))
	return string(data), err == nil
}

// stderrNotEmpty is the message of a check failed by a line on standard
// error, where the scenario wants none (`! stderr .`).
const stderrNotEmpty = "scenario.stderr_not_empty"

// explainMatch explains a failed stdout, stderr or grep pattern.
func explainMatch(name stream, text, other string, sl *script.Line, msg string) (report.Message, *report.Detail, bool) {
	none := report.Message{}
	args := sl.Args
	count := ""
	if len(args) > 0 && strings.HasPrefix(args[0], "-count=") {
		count, args = strings.TrimPrefix(args[0], "-count="), args[1:]
	}
	if len(args) == 0 {
		return none, nil, false
	}
	pattern := args[0]
	re, err := regexp.Compile("(?m)" + pattern)
	if err != nil {
		return none, nil, false
	}
	d := &report.Detail{Actual: text}
	otherName := name.other()
	if name.cmd == "" {
		otherName = stderrStream
	}
	switch {
	case strings.HasPrefix(msg, "unexpected match"):
		loc := re.FindStringIndex(text)
		if loc == nil {
			return none, nil, false
		}
		n := strings.Count(text[:loc[0]], "\n") + 1
		d.OutputLine = n
		l := lineAt(text, n)
		if pattern == "." || pattern == ".+" {
			switch name.cmd {
			case "stdout":
				return say("scenario.stdout_not_empty", quoted("text", quoteLine(l))), d, true
			case "stderr":
				return say(stderrNotEmpty, quoted("text", quoteLine(l))), d, true
			}
			return say("scenario.printed_to", name.arg("stream"), quoted("text", quoteLine(l))), d, true
		}
		return say("scenario.unwanted_line", name.arg("stream"), report.Verbatim("pattern", pattern), report.Int("line", n),
			quoted("text", quoteLine(l))), d, true

	case strings.HasPrefix(msg, "have "):
		got := len(re.FindAllString(text, -1))
		return say("scenario.match_count", name.arg("stream"), report.Int("count", got), report.Verbatim("pattern", pattern),
			report.Verbatim("want", count)), d, true

	case strings.HasPrefix(msg, "no match"):
		if other != "" && re.MatchString(other) {
			return say("scenario.wrong_stream", otherName.arg("other"), name.arg("stream"),
				quoted("text", quoteLine(lineAt(other, lineOfMatch(re, other))))), d, true
		}
		if strings.TrimSpace(text) == "" {
			return say("scenario.nothing_want_line", name.arg("stream"), report.Nested("line", linePhrase(pattern))), d, true
		}
		if why, n := nearMiss(re, text); why.ID != "" {
			d.OutputLine = n
			return say("scenario.no_line_near", name.arg("stream"), report.Nested("line", linePhrase(pattern)), report.Nested("why", why)), d, true
		}
		return say("scenario.no_line", name.arg("stream"), report.Nested("line", linePhrase(pattern)),
			quoted("text", quoteLine(lineAt(text, 1)))), d, true
	}
	return none, nil, false
}

// lineAt returns line n (1-based) of text.
func lineAt(text string, n int) string {
	for i, l := range lines(text) {
		if i == n-1 {
			return l
		}
	}
	return ""
}

// lines yields the lines of text and their indexes, as strings.Split(text,
// "\n") would hold them, without a slice of every line: for an output of 16
// million newlines that slice alone was 256 MB.
func lines(text string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i := 0; ; i++ {
			l, rest, more := strings.Cut(text, "\n")
			if !yield(i, l) || !more {
				return
			}
			text = rest
		}
	}
}

// lineCount is how many lines strings.Split(text, "\n") would hold.
func lineCount(text string) int { return strings.Count(text, "\n") + 1 }

func lineOfMatch(re *regexp.Regexp, text string) int {
	loc := re.FindStringIndex(text)
	if loc == nil {
		return 0
	}
	return strings.Count(text[:loc[0]], "\n") + 1
}

// nearMisses are the mistakes a student makes most often with exact output:
// each turns a line the way the student's mistake bent it back, and says so.
var nearMisses = []struct {
	fix func(string) string
	why string // the message's identifier; its argument line is the line
}{
	{func(l string) string { return strings.TrimSuffix(l, "\r") }, "scenario.near.crlf_line"},
	{func(l string) string { return strings.TrimRight(l, " \t") }, "scenario.near.trailing_spaces"},
	{func(l string) string { return strings.TrimLeft(l, " \t") }, "scenario.near.leading_spaces"},
	{func(l string) string { return strings.TrimSuffix(strings.TrimRight(l, " \t\r"), ".") }, "scenario.near.extra_period"},
	{func(l string) string { return l + "." }, "scenario.near.missing_period"},
	{strings.ToLower, "scenario.near.case"},
}

// nearMissLines is how many lines of an output nearMiss looks at: a line
// the student almost got right is among the first of a short output, and
// looking at each of 16 million lines of a flood seven times took minutes.
const nearMissLines = 10000

// nearMiss reports what small difference keeps a line of text from matching
// re, if one of nearMisses explains it in its first nearMissLines lines, and
// the line.
func nearMiss(re *regexp.Regexp, text string) (report.Message, int) {
	for _, nm := range nearMisses {
		for i, l := range lines(text) {
			if i == nearMissLines {
				break
			}
			if fixed := nm.fix(l); fixed != l && re.MatchString(fixed) {
				return say(nm.why, report.Int("line", i+1)), i + 1
			}
		}
	}
	// Case: a pattern written in one case matching the output lowered.
	lower := regexp.MustCompile("(?mi)" + re.String())
	for i, l := range lines(text) {
		if i == nearMissLines {
			break
		}
		if lower.MatchString(l) {
			return say("scenario.near.case_text", report.Int("line", i+1), quoted("text", quoteLine(l))), i + 1
		}
	}
	return report.Message{}, 0
}

// explainDiff explains why actual, printed on name, is not want, naming
// the first difference; other is what the run printed on name's other
// stream.
func explainDiff(name stream, actual, other, want string) (report.Message, *report.Detail) {
	d := &report.Detail{Expected: want, Actual: actual}
	differs := func(why report.Message) report.Message {
		return say("scenario.differs_because", name.arg("stream"), report.Nested("why", why))
	}
	line := func(id string, i int, args ...report.Arg) report.Message {
		d.OutputLine = i + 1
		return differs(say(id, append([]report.Arg{report.Int("line", i+1)}, args...)...))
	}
	otherName := name.other()
	if strings.TrimSpace(actual) == "" && otherName.cmd != "" && other != "" &&
		sameLineCount(other, want) && normalize(other) == normalize(want) {
		return say("scenario.expected_on_other", otherName.arg("other"), name.arg("stream")), d
	}
	if actual == "" {
		return say("scenario.nothing_want", name.arg("stream"), quoted("text", quoteLine(firstLine(want)))), d
	}
	if strings.Contains(actual, "\r\n") && strings.ReplaceAll(actual, "\r\n", "\n") == want {
		return differs(say("scenario.near.crlf")), d
	}
	if len(actual)+1 == len(want) && strings.HasPrefix(want, actual) && strings.HasSuffix(want, "\n") {
		return differs(say("scenario.near.no_final_newline")), d
	}
	if strings.TrimRight(actual, "\n") == strings.TrimRight(want, "\n") {
		return differs(say("scenario.near.extra_blank_lines")), d
	}
	// The output may be 16 million lines: it is walked beside the expected
	// text, never split, and no further than the expected text's end.
	nGot, nExp := lineCount(actual), lineCount(want)
	if nGot == nExp {
		for _, nm := range nearMisses {
			if i, ok := firstPair(actual, want, func(g, e string) bool { return g != e && nm.fix(g) == e }); ok {
				return line(nm.why, i), d
			}
		}
		if i, ok := firstPair(actual, want, func(g, e string) bool { return g != e && strings.EqualFold(g, e) }); ok {
			return line("scenario.near.case", i), d
		}
	}
	gotNext, stopGot := iter.Pull2(lines(actual))
	defer stopGot()
	expNext, stopExp := iter.Pull2(lines(want))
	defer stopExp()
	for i := 0; i < max(nGot, nExp); i++ {
		_, g, _ := gotNext()
		_, e, _ := expNext()
		switch {
		case i >= nGot || (i == nGot-1 && g == "" && i < nExp-1):
			return line("scenario.line_missing", i, quoted("want", quoteLine(e))), d
		case i >= nExp || (i == nExp-1 && e == ""):
			return line("scenario.line_extra", i, quoted("got", quoteLine(g))), d
		case g != e:
			return line("scenario.line_differs", i, quoted("got", quoteLine(g)), quoted("want", quoteLine(e))), d
		}
	}
	return say("scenario.differs", name.arg("stream")), d
}

// firstPair returns the index of the first pair of lines, one of got and
// one of want (which have as many), that is true of.
func firstPair(got, want string, is func(g, e string) bool) (int, bool) {
	wantNext, stop := iter.Pull2(lines(want))
	defer stop()
	for i, g := range lines(got) {
		_, e, _ := wantNext()
		if is(g, e) {
			return i, true
		}
	}
	return 0, false
}

// sameLineCount says whether a and b have as many lines, blank lines at
// their ends aside: whether normalize may make them equal, which it finds
// out more cheaply than normalize, for an output of millions of lines.
func sameLineCount(a, b string) bool {
	return strings.Count(strings.TrimRight(a, "\n"), "\n") == strings.Count(strings.TrimRight(b, "\n"), "\n")
}

// normalize ignores the differences explainDiff names on their own.
func normalize(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(lines, "\n")
}
