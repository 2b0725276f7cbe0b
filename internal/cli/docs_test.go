package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/render"
)

// TestDocsWorkflows parses the example GitHub Actions workflows under
// docs/workflows and checks every grader command their steps run: the
// command exists, its flags are its own and well-formed, it has as many
// arguments as it takes, and every --format names a format. The workflows
// are copied by instructors and students as they are; a renamed flag must
// fail here, not in their CI.
func TestDocsWorkflows(t *testing.T) {
	files, err := filepath.Glob("../../docs/workflows/*.yml")
	if err != nil || len(files) < 2 {
		t.Fatalf("want the two example workflows under docs/workflows, got %v (%v)", files, err)
	}
	seen := map[string]bool{}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var wf struct {
			Name string `yaml:"name"`
			On   any    `yaml:"on"`
			Jobs map[string]struct {
				RunsOn   string `yaml:"runs-on"`
				Strategy struct {
					Matrix map[string][]any `yaml:"matrix"`
				} `yaml:"strategy"`
				Steps []struct {
					Name string         `yaml:"name"`
					Uses string         `yaml:"uses"`
					Run  string         `yaml:"run"`
					With map[string]any `yaml:"with"`
				} `yaml:"steps"`
			} `yaml:"jobs"`
		}
		if err := yaml.Unmarshal(data, &wf); err != nil {
			t.Errorf("%s: not valid YAML: %v", path, err)
			continue
		}
		if wf.Name == "" || wf.On == nil || len(wf.Jobs) == 0 {
			t.Errorf("%s: a workflow needs name, on and jobs", path)
		}
		commands := 0
		for job, j := range wf.Jobs {
			if j.RunsOn == "" || len(j.Steps) == 0 {
				t.Errorf("%s: job %s needs runs-on and steps", path, job)
			}
			installed := false
			for _, step := range j.Steps {
				if (step.Run == "") == (step.Uses == "") {
					t.Errorf("%s: job %s: a step has both or neither of run and uses", path, job)
				}
				for _, cmd := range matrixCommands(step.Run, j.Strategy.Matrix) {
					switch {
					case len(cmd) >= 3 && cmd[0] == "go" && cmd[1] == "install":
						if cmd[2] != "github.com/boardcheck/boardcheck/cmd/grader@latest" {
							t.Errorf("%s: installs %s, not grader", path, cmd[2])
						}
						installed = true
					case cmd[0] == "grader":
						if !installed {
							t.Errorf("%s: job %s runs grader before installing it", path, job)
						}
						checkGraderCommand(t, path, cmd[1:])
						seen[cmd[1]] = true
						commands++
					}
				}
			}
		}
		if commands == 0 {
			t.Errorf("%s runs no grader command", path)
		}
	}
	for _, want := range []string{"check", "batch", "merge"} {
		if !seen[want] {
			t.Errorf("no workflow runs grader %s", want)
		}
	}
}

// graderFlagSets are the commands that have flags, and how many arguments
// each takes (min, max; -1 for no limit).
var graderFlagSets = map[string]struct {
	fs       func() *flag.FlagSet
	min, max int
}{
	"check":      {func() *flag.FlagSet { fs, _ := checkFlagSet(); return fs }, 2, 2},
	"batch":      {func() *flag.FlagSet { fs, _ := batchFlagSet(); return fs }, 2, 2},
	"merge":      {func() *flag.FlagSet { fs, _ := mergeFlagSet(); return fs }, 1, -1},
	"gradescope": {func() *flag.FlagSet { fs, _ := gradescopeFlagSet(); return fs }, 1, 1},
}

func checkGraderCommand(t *testing.T, file string, args []string) {
	t.Helper()
	if len(args) == 0 {
		t.Errorf("%s: grader without a command", file)
		return
	}
	line := "grader " + strings.Join(args, " ")
	if lookupCommand(args[0]) == nil {
		t.Errorf("%s: %s: no such command", file, line)
		return
	}
	spec, ok := graderFlagSets[args[0]]
	if !ok {
		t.Errorf("%s: %s: the test knows no flags of %s", file, line, args[0])
		return
	}
	fs := spec.fs()
	pos, err := parse(fs, args[1:])
	if errors.Is(err, errHelp) {
		return
	}
	if err != nil {
		t.Errorf("%s: %s: %v", file, line, err)
		return
	}
	if len(pos) < spec.min || (spec.max >= 0 && len(pos) > spec.max) {
		t.Errorf("%s: %s: %d arguments; %s takes %d to %d", file, line, len(pos), args[0], spec.min, spec.max)
	}
	if f := fs.Lookup("format"); f != nil {
		for _, name := range strings.Split(f.Value.String(), ",") {
			if _, err := render.Lookup(name); name != "" && err != nil {
				t.Errorf("%s: %s: %v", file, line, err)
			}
		}
	}
}

// matrixCommands is shellCommands for every row of a job's matrix: each
// ${{ matrix.KEY }} is replaced by the row's value, so that every shard's
// command line is checked.
func matrixCommands(script string, matrix map[string][]any) [][]string {
	rows := 1
	for _, values := range matrix {
		rows = max(rows, len(values))
	}
	var cmds [][]string
	for i := range rows {
		s := script
		for key, values := range matrix {
			if len(values) > 0 {
				v := fmt.Sprint(values[i%len(values)])
				s = regexp.MustCompile(`\$\{\{\s*matrix\.`+regexp.QuoteMeta(key)+`\s*\}\}`).ReplaceAllString(s, v)
			}
		}
		cmds = append(cmds, shellCommands(s)...)
	}
	return cmds
}

var expression = regexp.MustCompile(`\$\{\{[^}]*\}\}`)

// shellCommands splits a run script into simple commands, each a list of
// words: continuation lines joined, comments dropped, split at ; && || and
// |, words split on spaces outside quotes. A GitHub expression (${{ ... }})
// stands for one word of text, as it is replaced before the shell runs.
func shellCommands(script string) [][]string {
	script = strings.ReplaceAll(script, "\\\n", " ")
	script = expression.ReplaceAllString(script, "EXPR")
	var cmds [][]string
	for _, line := range strings.Split(script, "\n") {
		var words []string
		var cur strings.Builder
		quote := rune(0)
		inWord := false
		flush := func() {
			if inWord {
				words = append(words, cur.String())
			}
			cur.Reset()
			inWord = false
		}
		end := func() {
			flush()
			if len(words) > 0 {
				cmds = append(cmds, words)
			}
			words = nil
		}
		rs := []rune(line)
		for i := 0; i < len(rs); i++ {
			r := rs[i]
			switch {
			case quote != 0:
				if r == quote {
					quote = 0
				} else {
					cur.WriteRune(r)
				}
			case r == '\'' || r == '"':
				quote, inWord = r, true
			case r == '#' && !inWord:
				i = len(rs)
			case r == ' ' || r == '\t':
				flush()
			case r == ';' || r == '|' || r == '&':
				end()
				if i+1 < len(rs) && (rs[i+1] == '|' || rs[i+1] == '&') {
					i++
				}
			default:
				cur.WriteRune(r)
				inWord = true
			}
		}
		end()
	}
	return cmds
}

// TestDocsReadme checks the grader commands shown in docs/README.md the
// same way: each indented line that starts with "grader".
func TestDocsReadme(t *testing.T) {
	data, err := os.ReadFile("../../docs/README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "    grader ") {
			for _, cmd := range shellCommands(l) {
				checkGraderCommand(t, "docs/README.md", cmd[1:])
				n++
			}
		}
	}
	if n < 4 {
		t.Errorf("docs/README.md shows %d grader commands; want the examples of check, batch and merge", n)
	}
}

func TestShellCommands(t *testing.T) {
	got := shellCommands("a b 'c d' # note\ngrader check --x ${{ matrix.k }}/4 \"q r\" && go install x@latest | tail\ne \\\n  f")
	want := [][]string{{"a", "b", "c d"}, {"grader", "check", "--x", "EXPR/4", "q r"}, {"go", "install", "x@latest"}, {"tail"}, {"e", "f"}}
	if len(got) != len(want) {
		t.Fatalf("got %q; want %q", got, want)
	}
	for i := range want {
		if strings.Join(got[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("command %d: got %q; want %q", i, got[i], want[i])
		}
	}
}

// scriptGraderCommands checks every grader command of a shell script (one
// whose first word is grader, or a path ending in /grader) and returns how
// many there were.
func scriptGraderCommands(t *testing.T, file, script string) int {
	t.Helper()
	n := 0
	for _, cmd := range shellCommands(script) {
		if cmd[0] == "grader" || strings.HasSuffix(cmd[0], "/grader") {
			checkGraderCommand(t, file, withoutRedirections(cmd[1:]))
			n++
		}
	}
	return n
}

// withoutRedirections drops a command's redirections ("> /dev/null",
// "2>&1"), which are the shell's, not the command's arguments.
func withoutRedirections(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := strings.TrimLeft(words[i], "0123456789")
		switch {
		case w == ">" || w == ">>" || w == "<":
			i++ // and its file
		case strings.HasPrefix(w, ">") || strings.HasPrefix(w, "<"):
		default:
			out = append(out, words[i])
		}
	}
	return out
}

// TestDocsPrairieLearn checks the PrairieLearn example as PrairieLearn
// reads it ("External Grading"): info.json enables external grading with
// an image, a timeout it allows (at most 600 s), files of
// serverFilesCourse that exist, and an entrypoint among them that is
// executable; its BOARDCHECK_EXERCISE is an exercise; and the entrypoint's
// grader command exists and takes its flags.
func TestDocsPrairieLearn(t *testing.T) {
	const dir = "../../docs/prairielearn"
	data, err := os.ReadFile(filepath.Join(dir, "questions/nqueens/info.json"))
	if err != nil {
		t.Fatal(err)
	}
	var info struct {
		UUID, Title, Topic, Type string
		Tags                     []string
		SingleVariant            bool   `json:"singleVariant"`
		GradingMethod            string `json:"gradingMethod"`
		External                 struct {
			Enabled           bool              `json:"enabled"`
			Image             string            `json:"image"`
			ServerFilesCourse []string          `json:"serverFilesCourse"`
			Entrypoint        string            `json:"entrypoint"`
			Timeout           int               `json:"timeout"`
			Environment       map[string]string `json:"environment"`
		} `json:"externalGradingOptions"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&info); err != nil {
		t.Fatalf("info.json: %v", err)
	}
	x := info.External
	if info.UUID == "" || info.Title == "" || info.GradingMethod != "External" || !x.Enabled || x.Image == "" {
		t.Errorf("info.json: want a uuid, a title, gradingMethod External, externalGradingOptions enabled with an image: %+v", info)
	}
	if x.Timeout < 1 || x.Timeout > 600 {
		t.Errorf("info.json: timeout %d; PrairieLearn allows 1 to 600 seconds", x.Timeout)
	}
	for _, f := range x.ServerFilesCourse {
		if _, err := os.Stat(filepath.Join(dir, "serverFilesCourse", f)); err != nil {
			t.Errorf("info.json: serverFilesCourse %s: %v", f, err)
		}
	}
	rel, ok := strings.CutPrefix(x.Entrypoint, "/grade/serverFilesCourse/")
	if !ok {
		t.Fatalf("info.json: entrypoint %s is not under /grade/serverFilesCourse/", x.Entrypoint)
	}
	st, err := os.Stat(filepath.Join(dir, "serverFilesCourse", rel))
	if err != nil || st.Mode()&0o111 == 0 {
		t.Fatalf("info.json: entrypoint %s: not an executable file of serverFilesCourse (%v)", x.Entrypoint, err)
	}
	if _, err := grader.Lookup(x.Environment["BOARDCHECK_EXERCISE"]); err != nil {
		t.Errorf("info.json: BOARDCHECK_EXERCISE: %v", err)
	}
	script, _ := os.ReadFile(filepath.Join(dir, "serverFilesCourse", rel))
	if n := scriptGraderCommands(t, x.Entrypoint, string(script)); n != 1 {
		t.Errorf("%s runs %d grader commands; want one grader check", x.Entrypoint, n)
	}
}

// TestDocsVPL checks the grader command of docs/vpl/vpl_evaluate.sh, which
// teachers paste into VPL as it is.
func TestDocsVPL(t *testing.T) {
	script, err := os.ReadFile("../../docs/vpl/vpl_evaluate.sh")
	if err != nil {
		t.Fatal(err)
	}
	if n := scriptGraderCommands(t, "docs/vpl/vpl_evaluate.sh", string(script)); n != 1 {
		t.Errorf("docs/vpl/vpl_evaluate.sh runs %d grader commands; want one grader check", n)
	}
}
