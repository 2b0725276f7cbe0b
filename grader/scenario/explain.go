package scenario

import (
	"fmt"
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
func explainBuiltin(s *checkRun, c *exercise.Check, line int, msg string) (report.Status, string, *report.Detail) {
	if line < 1 || line > len(c.Lines) {
		return report.Error, msg, nil
	}
	sl, err := script.ParseLine(c.Lines[line-1])
	if err != nil || sl == nil {
		return report.Error, msg, nil
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
		if m, d, ok := explainMatch(streamName(sl.Cmd), text, other, sl, msg); ok {
			return report.Fail, m, d
		}
	case "grep":
		if len(sl.Args) >= 2 {
			file := sl.Args[len(sl.Args)-1]
			data, _ := os.ReadFile(filepath.Join(s.work, file))
			if m, d, ok := explainMatch("file "+file, string(data), "", sl, msg); ok {
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
				m, d := explainDiff("standard output", "standard error", stdout, stderr, want)
				return report.Fail, m, d
			case "stderr":
				m, d := explainDiff("standard error", "standard output", stderr, stdout, want)
				return report.Fail, m, d
			}
			got, err := os.ReadFile(filepath.Join(s.work, sl.Args[0]))
			if err == nil {
				m, d := explainDiff("file "+sl.Args[0], "", string(got), "", want)
				return report.Fail, m, d
			}
		}
		if strings.HasSuffix(msg, "do not differ") && len(sl.Args) == 2 {
			return report.Fail, fmt.Sprintf("%s must differ from %s, but they are the same", describe(sl.Args[0]), sl.Args[1]), nil
		}
	case "exists":
		if strings.HasSuffix(msg, " does not exist") {
			return report.Fail, strings.TrimSuffix(msg, " does not exist") + " was not created", nil
		}
		if strings.HasSuffix(msg, " exists") && sl.Neg {
			return report.Fail, msg + " but must not", nil
		}
	}
	return report.Error, msg, nil
}

func streamName(cmd string) string {
	if cmd == "stderr" {
		return "standard error"
	}
	return "standard output"
}

func describe(name string) string {
	switch name {
	case "stdout", "stderr":
		return streamName(name)
	}
	return "file " + name
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

// stderrNotEmpty begins the message of a check failed by a line on
// standard error, where the scenario wants none (`! stderr .`).
const stderrNotEmpty = "printed to standard error, which must stay empty here"

// explainMatch explains a failed stdout, stderr or grep pattern.
func explainMatch(name, text, other string, sl *script.Line, msg string) (string, *report.Detail, bool) {
	args := sl.Args
	count := ""
	if len(args) > 0 && strings.HasPrefix(args[0], "-count=") {
		count, args = strings.TrimPrefix(args[0], "-count="), args[1:]
	}
	if len(args) == 0 {
		return "", nil, false
	}
	pattern := args[0]
	re, err := regexp.Compile("(?m)" + pattern)
	if err != nil {
		return "", nil, false
	}
	d := &report.Detail{Actual: text}
	otherName := "standard error"
	if name == "standard error" {
		otherName = "standard output"
	}
	switch {
	case strings.HasPrefix(msg, "unexpected match"):
		loc := re.FindStringIndex(text)
		if loc == nil {
			return "", nil, false
		}
		n := strings.Count(text[:loc[0]], "\n") + 1
		d.OutputLine = n
		l := lineAt(text, n)
		if pattern == "." || pattern == ".+" {
			if name == "standard output" {
				return fmt.Sprintf("printed to standard output, which must stay empty here: %s", quoteLine(l)), d, true
			}
			if name == "standard error" {
				return fmt.Sprintf("%s: %s", stderrNotEmpty, quoteLine(l)), d, true
			}
			return fmt.Sprintf("printed to %s: %s", name, quoteLine(l)), d, true
		}
		return fmt.Sprintf("%s must have no line matching %s, but line %d does: %s", name, pattern, n, quoteLine(l)), d, true

	case strings.HasPrefix(msg, "have "):
		got := len(re.FindAllString(text, -1))
		lines := "lines"
		if got == 1 {
			lines = "line"
		}
		return fmt.Sprintf("%s has %d %s matching %s; expected %s", name, got, lines, pattern, count), d, true

	case strings.HasPrefix(msg, "no match"):
		if other != "" && re.MatchString(other) {
			return fmt.Sprintf("printed on %s instead of %s: %s", otherName, name, quoteLine(lineAt(other, lineOfMatch(re, other)))), d, true
		}
		if strings.TrimSpace(text) == "" {
			return fmt.Sprintf("printed nothing on %s; expected a line %s", name, linePhrase(pattern)), d, true
		}
		if why, n := nearMiss(re, text); why != "" {
			d.OutputLine = n
			return fmt.Sprintf("%s has no line %s: %s", name, linePhrase(pattern), why), d, true
		}
		return fmt.Sprintf("%s has no line %s; it begins %s", name, linePhrase(pattern), quoteLine(lineAt(text, 1))), d, true
	}
	return "", nil, false
}

// lineAt returns line n (1-based) of text.
func lineAt(text string, n int) string {
	lines := strings.Split(text, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

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
	why string // %d is the line
}{
	{func(l string) string { return strings.TrimSuffix(l, "\r") }, "lines end with \\r\\n (Windows line endings), e.g. line %d"},
	{func(l string) string { return strings.TrimRight(l, " \t") }, "line %d has trailing spaces"},
	{func(l string) string { return strings.TrimLeft(l, " \t") }, "line %d has leading spaces"},
	{func(l string) string { return strings.TrimSuffix(strings.TrimRight(l, " \t\r"), ".") }, "line %d ends with a period that should not be there"},
	{func(l string) string { return l + "." }, "line %d is missing its final period"},
	{strings.ToLower, "line %d differs in upper and lower case"},
}

// nearMiss reports what small difference keeps a line of text from matching
// re, if one of nearMisses explains it, and the line.
func nearMiss(re *regexp.Regexp, text string) (string, int) {
	lines := strings.Split(text, "\n")
	for _, nm := range nearMisses {
		for i, l := range lines {
			if fixed := nm.fix(l); fixed != l && re.MatchString(fixed) {
				return fmt.Sprintf(nm.why, i+1), i + 1
			}
		}
	}
	// Case: a pattern written in one case matching the output lowered.
	lower := regexp.MustCompile("(?mi)" + re.String())
	for i, l := range lines {
		if lower.MatchString(l) {
			return fmt.Sprintf("line %d differs in upper and lower case: %s", i+1, quoteLine(l)), i + 1
		}
	}
	return "", 0
}

// explainDiff explains why actual is not want, naming the first difference.
func explainDiff(name, otherName, actual, other, want string) (string, *report.Detail) {
	d := &report.Detail{Expected: want, Actual: actual}
	prefix := name + " differs from the expected output: "
	if strings.TrimSpace(actual) == "" && otherName != "" && other != "" &&
		normalize(other) == normalize(want) {
		return fmt.Sprintf("the expected text was printed on %s instead of %s", otherName, name), d
	}
	if actual == "" {
		return fmt.Sprintf("printed nothing on %s; expected %s", name, quoteLine(firstLine(want))), d
	}
	if strings.Contains(actual, "\r\n") && strings.ReplaceAll(actual, "\r\n", "\n") == want {
		return prefix + "lines end with \\r\\n (Windows line endings)", d
	}
	if actual+"\n" == want {
		return prefix + "the last line does not end with a newline", d
	}
	if strings.TrimRight(actual, "\n") == strings.TrimRight(want, "\n") {
		return prefix + "extra blank lines at the end", d
	}
	got, exp := strings.Split(actual, "\n"), strings.Split(want, "\n")
	if len(got) == len(exp) {
		for _, nm := range nearMisses {
			for i := range got {
				if got[i] != exp[i] && nm.fix(got[i]) == exp[i] {
					d.OutputLine = i + 1
					return prefix + fmt.Sprintf(nm.why, i+1), d
				}
			}
		}
		for i := range got {
			if got[i] != exp[i] && strings.EqualFold(got[i], exp[i]) {
				d.OutputLine = i + 1
				return prefix + fmt.Sprintf("line %d differs in upper and lower case", i+1), d
			}
		}
	}
	for i := 0; i < max(len(got), len(exp)); i++ {
		switch {
		case i >= len(got) || (i == len(got)-1 && got[i] == "" && i < len(exp)-1):
			d.OutputLine = i + 1
			return prefix + fmt.Sprintf("line %d is missing: expected %s", i+1, quoteLine(exp[i])), d
		case i >= len(exp) || (i == len(exp)-1 && exp[i] == ""):
			d.OutputLine = i + 1
			return prefix + fmt.Sprintf("line %d should not be there: %s", i+1, quoteLine(got[i])), d
		case got[i] != exp[i]:
			d.OutputLine = i + 1
			return prefix + fmt.Sprintf("line %d is %s; expected %s", i+1, quoteLine(got[i]), quoteLine(exp[i])), d
		}
	}
	return strings.TrimSuffix(prefix, ": "), d
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
