package author

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/script"
	"github.com/boardcheck/boardcheck/grader/submission"
)

// The statement (README.md) has two parts the grader writes rather than the
// author: the table of checks, from the scenarios' titles and points, and
// the examples' outputs, from the reference. grader verify reports either
// when it has drifted from its source; grader verify --update rewrites them.

// checksTableHeader opens the statement's table of checks: in English,
// "| check | points |"; a translated statement (README.LANG.md, ex.Lang)
// opens it with its language's words.
func checksTableHeader(ex *exercise.Exercise) string {
	return i18n.For(ex.StatementLang).T("statement.checks_header")
}

// checksTable is the statement's table of checks as the scenarios give it:
// each check's title and points, in report order. A hidden check is
// listed by its points alone, under report.HiddenTitle in the
// statement's language: the statement is the student's.
func checksTable(ex *exercise.Exercise) []string {
	rows := []string{checksTableHeader(ex), "|---|---|"}
	for _, c := range ex.Checks {
		title := c.Title
		if !c.Visibility.Shown() {
			title = i18n.For(ex.StatementLang).T("grader.title.hidden")
		}
		rows = append(rows, fmt.Sprintf("| %s | %d |", title, c.Points))
	}
	return rows
}

// findChecksTable returns the lines [start, end) of the statement's table
// of checks: its header line and every table row after it. ok is false
// when the statement has no such table. In the pseudo-language the
// header is the catalog's, bracketed, and the statement's line the same
// words accented by i18n.PseudoMarkdown, without the brackets.
func findChecksTable(lines []string, header string) (start, end int, ok bool) {
	header = strings.TrimSuffix(strings.TrimPrefix(header, "⟦"), "⟧")
	for i, l := range lines {
		if strings.TrimSpace(l) != header {
			continue
		}
		end = i + 1
		for end < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[end]), "|") {
			end++
		}
		return i, end, true
	}
	return 0, 0, false
}

// statementTableProblem says how the statement's table of checks differs
// from the checks, or "" when it does not.
func statementTableProblem(ex *exercise.Exercise) string {
	lines := strings.Split(ex.Statement, "\n")
	start, end, ok := findChecksTable(lines, checksTableHeader(ex))
	if !ok {
		return fmt.Sprintf("no table of checks: add one under a line %q, or let grader verify --update write it", checksTableHeader(ex))
	}
	want := checksTable(ex)
	got := lines[start:end]
	for i := range max(len(got), len(want)) {
		line := start + i + 1
		switch {
		case i >= len(got):
			return fmt.Sprintf("the table of checks (line %d) lacks the row %q: run grader verify --update", start+1, want[i])
		case i >= len(want):
			return fmt.Sprintf("line %d: the table of checks has the row %q, which is no check of exercise.toml: run grader verify --update", line, got[i])
		case strings.TrimSpace(got[i]) != want[i]:
			return fmt.Sprintf("line %d: the table of checks has %q where the checks give %q: run grader verify --update", line, strings.TrimSpace(got[i]), want[i])
		}
	}
	return ""
}

// ShownStatement is the statement as grader show prints it: its table of
// checks written from the checks, so that a hidden check is listed by its
// points alone even before grader verify --update rewrites README.md.
func ShownStatement(ex *exercise.Exercise) string {
	if ex.Statement == "" {
		return ""
	}
	return withChecksTable(ex, ex.Statement)
}

// withChecksTable returns the statement with its table of checks rewritten
// from the checks; a statement without one gets it at its end, under a
// heading.
func withChecksTable(ex *exercise.Exercise, statement string) string {
	lines := strings.Split(statement, "\n")
	start, end, ok := findChecksTable(lines, checksTableHeader(ex))
	if !ok {
		text := strings.TrimRight(statement, "\n")
		if text != "" {
			text += "\n\n"
		}
		return text + i18n.For(ex.StatementLang).T("statement.what_is_checked") + "\n\n" + strings.Join(checksTable(ex), "\n") + "\n"
	}
	out := append([]string{}, lines[:start]...)
	out = append(out, checksTable(ex)...)
	out = append(out, lines[end:]...)
	return strings.Join(out, "\n")
}

// A statementExample is one `    $ PROGRAM ARGS` block of the statement: a command
// line as a student would type it, then what it printed, indented alike.
// `echo 'TEXT' | PROGRAM ...` gives TEXT and a newline as standard input;
// `PROGRAM ...; echo "exit=$?"` ends the output with the exit status.
type statementExample struct {
	line    int // the $ line's index in the statement's lines
	end     int // the index after its last output line
	command string
	args    []string
	stdin   *string
	exit    bool
	shown   []string // the output as the statement shows it, unindented
	printed []string // the reference's, once run; nil before
}

// exitSuffix and exampleIndent are how the statement writes an example.
const (
	exitSuffix    = `; echo "exit=$?"`
	exampleIndent = "    "
)

// findExamples returns the statement's examples of the exercise's program.
// An indented $ line that runs anything else, or whose arguments use shell
// syntax beyond quotes, is prose to the grader.
func findExamples(statement, program string) []statementExample {
	lines := strings.Split(statement, "\n")
	var list []statementExample
	for i, l := range lines {
		cmd, ok := strings.CutPrefix(l, exampleIndent+"$ ")
		if !ok {
			continue
		}
		ex := statementExample{line: i, command: cmd}
		rest := cmd
		if text, ok := strings.CutPrefix(rest, "echo '"); ok {
			in, after, ok := strings.Cut(text, "' | ")
			if !ok {
				continue
			}
			in += "\n"
			ex.stdin, rest = &in, after
		}
		rest, ex.exit = strings.CutSuffix(rest, exitSuffix)
		args, _, _, dynamic, err := script.Tokenize(rest)
		if err != nil || dynamic || len(args) == 0 || args[0] != program || strings.ContainsAny(rest, "|;&<>`") {
			continue
		}
		ex.args = args[1:]
		// The output runs to the next example or the first line of prose;
		// blank lines inside it (between boards) are part of it.
		ex.end = i + 1
		for j := i + 1; j < len(lines); j++ {
			if strings.HasPrefix(lines[j], exampleIndent+"$ ") || (strings.TrimSpace(lines[j]) != "" && !strings.HasPrefix(lines[j], exampleIndent)) {
				break
			}
			if strings.TrimSpace(lines[j]) != "" {
				ex.end = j + 1
			}
		}
		for _, o := range lines[i+1 : ex.end] {
			ex.shown = append(ex.shown, strings.TrimPrefix(o, exampleIndent))
		}
		list = append(list, ex)
	}
	return list
}

// runExamples runs the reference (sub, with env) on each of the statement's
// examples and returns them with what it printed. A run that crashes or
// hits a limit is an error: an example must show a program that works.
func runExamples(ctx context.Context, ex *exercise.Exercise, sub *submission.Submission, env []string) ([]statementExample, error) {
	list := findExamples(ex.Statement, ex.Program)
	if len(list) == 0 {
		return nil, nil
	}
	synth := *ex
	synth.Checks = nil
	for i, e := range list {
		var script strings.Builder
		fmt.Fprintf(&script, "# title: example %d\n# points: 0\nrun ", i+1)
		if e.stdin != nil {
			script.WriteString("-stdin stdin.txt ")
		}
		script.WriteString(ex.Program)
		for _, a := range e.args {
			script.WriteString(" '" + strings.ReplaceAll(a, "'", "''") + "'")
		}
		script.WriteString("\n")
		if e.stdin != nil {
			script.WriteString("-- stdin.txt --\n" + *e.stdin)
		}
		c, err := exercise.ParseCheck(fmt.Sprintf("example-%d", i+1), "README.md", []byte(script.String()), ex.Context(), ex.Messages)
		if err != nil {
			return nil, fmt.Errorf("grader: README.md:%d: the example %q: %w", e.line+1, e.command, err)
		}
		synth.Checks = append(synth.Checks, c)
	}
	rep, err := grader.Grade(ctx, &synth, sub, grader.Options{Parallel: 1, Env: env, Verbose: true})
	if err != nil {
		return nil, err
	}
	for i, c := range rep.Checks {
		e := &list[i]
		if len(c.Runs) != 1 {
			return nil, fmt.Errorf("grader: README.md:%d: the example %q did not run: %s", e.line+1, e.command, c.Message)
		}
		run := c.Runs[0]
		if run.Death != "" {
			return nil, fmt.Errorf("grader: README.md:%d: the example %q: the reference %s", e.line+1, e.command, run.Death)
		}
		out := strings.TrimSuffix(run.Stdout, "\n")
		e.printed = []string{}
		if out != "" || run.Stdout != "" {
			e.printed = strings.Split(out, "\n")
		}
		if e.exit {
			e.printed = append(e.printed, fmt.Sprintf("exit=%d", run.ExitCode))
		}
	}
	return list, nil
}

// examplesProblems says, for each example whose output the statement shows
// otherwise than the reference printed it, where and how.
func examplesProblems(examples []statementExample) []string {
	var problems []string
	for _, e := range examples {
		if slices.Equal(e.shown, e.printed) {
			continue
		}
		for i := range max(len(e.shown), len(e.printed)) {
			var shown, printed string
			if i < len(e.shown) {
				shown = e.shown[i]
			}
			if i < len(e.printed) {
				printed = e.printed[i]
			}
			if i >= len(e.shown) || i >= len(e.printed) || shown != printed {
				problems = append(problems, fmt.Sprintf("line %d: the example $ %s shows %s where the reference prints %s: run grader verify --update",
					e.line+2+i, e.command, exampleLine(shown, i < len(e.shown)), exampleLine(printed, i < len(e.printed))))
				break
			}
		}
	}
	return problems
}

func exampleLine(l string, present bool) string {
	if !present {
		return "nothing more"
	}
	return strconv.Quote(l)
}

// withExamples returns the statement with each example's output replaced by
// what the reference printed.
func withExamples(statement string, examples []statementExample) string {
	if len(examples) == 0 {
		return statement
	}
	lines := strings.Split(statement, "\n")
	var out []string
	next := 0
	for _, e := range examples {
		out = append(out, lines[next:e.line+1]...)
		for _, p := range e.printed {
			if p == "" {
				out = append(out, "")
			} else {
				out = append(out, exampleIndent+p)
			}
		}
		next = e.end
	}
	out = append(out, lines[next:]...)
	return strings.Join(out, "\n")
}

// wordingsLeftBehind lists, for a builtin reference, each of its default
// messages that the manifest words otherwise and the statement still
// quotes, with the statement's line. A new wording that contains the old
// one (a period added) cannot be told from it, and is left out.
func wordingsLeftBehind(ex *exercise.Exercise, statement string) []string {
	var problems []string
	for _, r := range replacedTexts(ex) {
		if strings.Contains(r.new, r.old) {
			continue
		}
		for i, l := range strings.Split(statement, "\n") {
			if strings.Contains(l, r.old) {
				problems = append(problems, fmt.Sprintf("line %d still has %q, which exercise.toml's messages.%s words %q: run grader verify --update", i+1, r.old, r.name, r.new))
				break
			}
		}
	}
	return problems
}

// withWordings returns the statement with each default message of a
// builtin reference that the manifest words otherwise replaced by the
// manifest's wording, wherever the statement quotes it.
func withWordings(ex *exercise.Exercise, statement string) string {
	for _, r := range replacedTexts(ex) {
		if !strings.Contains(r.new, r.old) {
			statement = strings.ReplaceAll(statement, r.old, r.new)
		}
	}
	return statement
}

// headerWordingsLeftBehind is wordingsLeftBehind for the scenarios'
// headers: a check's title, hint and description are shown to students.
func headerWordingsLeftBehind(ex *exercise.Exercise) []string {
	var problems []string
	for _, c := range ex.Checks {
		header := strings.Join(headerLines(c.Lines), "\n")
		for _, p := range wordingsLeftBehind(ex, header) {
			problems = append(problems, "tests/"+c.Name+".txtar: "+p)
		}
	}
	return problems
}

// headerLines returns a scenario's leading # lines.
func headerLines(lines []string) []string {
	n := 0
	for n < len(lines) && strings.HasPrefix(lines[n], "#") {
		n++
	}
	return lines[:n]
}

// withHeaderWordings is withWordings for a scenario's header, leaving its
// commands and files as they are.
func withHeaderWordings(ex *exercise.Exercise, script []byte) []byte {
	text := string(script)
	n := 0
	for n < len(text) && text[n] == '#' {
		end := strings.IndexByte(text[n:], '\n')
		if end < 0 {
			n = len(text)
			break
		}
		n += end + 1
	}
	return []byte(withWordings(ex, text[:n]) + text[n:])
}
