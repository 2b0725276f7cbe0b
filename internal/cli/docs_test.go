package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/boardcheck/boardcheck/grader/exercise"
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
	if _, err := exercise.Lookup(x.Environment["BOARDCHECK_EXERCISE"]); err != nil {
		t.Errorf("info.json: BOARDCHECK_EXERCISE: %v", err)
	}
	script, _ := os.ReadFile(filepath.Join(dir, "serverFilesCourse", rel))
	if n := scriptGraderCommands(t, x.Entrypoint, string(script)); n != 1 {
		t.Errorf("%s runs %d grader commands; want one grader check", x.Entrypoint, n)
	}
	// A student on PrairieLearn uploads a file: the grader is on the
	// grading machine, not theirs, so the question itself is the
	// statement, and tells them to run nothing of it.
	page, err := os.ReadFile(filepath.Join(dir, "questions/nqueens/question.html"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(page), "grader ") {
		t.Errorf("questions/nqueens/question.html tells a student to run the grader, which they may not have")
	}
	for _, want := range []string{"Usage: nqueens N", "N must be a number", "N must be at least 4"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("questions/nqueens/question.html lacks the statement's message %q", want)
		}
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

// k8sJob is the part of a Kubernetes Job the examples under docs/kubernetes
// use; decoding with known fields only catches a misspelt key.
type k8sJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode       string `yaml:"completionMode"`
		Completions          int    `yaml:"completions"`
		Parallelism          int    `yaml:"parallelism"`
		BackoffLimit         *int   `yaml:"backoffLimit"`
		BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
		Template             struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Name            string   `yaml:"name"`
					Image           string   `yaml:"image"`
					Command         []string `yaml:"command"`
					Args            []string `yaml:"args"`
					SecurityContext struct {
						Privileged bool `yaml:"privileged"`
					} `yaml:"securityContext"`
					VolumeMounts []struct {
						Name      string `yaml:"name"`
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
				Volumes []k8sVolume `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

type k8sVolume struct {
	Name                  string `yaml:"name"`
	PersistentVolumeClaim struct {
		ClaimName string `yaml:"claimName"`
	} `yaml:"persistentVolumeClaim"`
}

func readJob(t *testing.T, path string) k8sJob {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	dec.KnownFields(true)
	var j k8sJob
	if err := dec.Decode(&j); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	p := j.Spec.Template.Spec
	if j.APIVersion != "batch/v1" || j.Kind != "Job" || j.Metadata.Name == "" || len(p.Containers) != 1 {
		t.Fatalf("%s: want one batch/v1 Job with a name and one container: %+v", path, j)
	}
	if p.RestartPolicy != "Never" && p.RestartPolicy != "OnFailure" {
		t.Errorf("%s: restartPolicy %q: a Job's must be Never or OnFailure", path, p.RestartPolicy)
	}
	for _, m := range p.Containers[0].VolumeMounts {
		if !slices.ContainsFunc(p.Volumes, func(v k8sVolume) bool { return v.Name == m.Name }) {
			t.Errorf("%s: volume mount %s names no volume", path, m.Name)
		}
	}
	return j
}

// runPod runs a Job's container command with the real sh, as the pod
// would, but with a grader that only records its arguments, and returns
// them. mount stands for the class volume's mount path.
func runPod(t *testing.T, j k8sJob, mount string, env ...string) []string {
	t.Helper()
	c := j.Spec.Template.Spec.Containers[0]
	argv := append(slices.Clone(c.Command), c.Args...)
	if len(argv) < 3 || argv[0] != "/bin/sh" || argv[1] != "-c" {
		t.Fatalf("%s: want the command /bin/sh -c SCRIPT, got %q", j.Metadata.Name, argv)
	}
	script := strings.ReplaceAll(argv[2], c.VolumeMounts[0].MountPath, mount)
	bin := t.TempDir()
	record := filepath.Join(bin, "args")
	fake := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > " + record + "\n"
	if err := os.WriteFile(filepath.Join(bin, "grader"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", "-c", script)
	cmd.Env = append([]string{"PATH=" + bin + ":/usr/bin:/bin"}, env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: sh -c %q: %v\n%s", j.Metadata.Name, script, err, out)
	}
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatalf("%s: the script ran no grader: %v", j.Metadata.Name, err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// TestDocsKubernetes checks the Indexed Job example as Kubernetes and sh
// read it: grade-class.yaml is an Indexed Job whose every pod, given its
// JOB_COMPLETION_INDEX, runs a grader batch of its own slice (together,
// --shard 1/N to N/N, N its completions) into a folder of its own; and
// merge.yaml runs grader merge over exactly those folders. Every grader
// command exists and takes its flags.
func TestDocsKubernetes(t *testing.T) {
	grade := readJob(t, "../../docs/kubernetes/grade-class.yaml")
	merge := readJob(t, "../../docs/kubernetes/merge.yaml")
	n := grade.Spec.Completions
	if grade.Spec.CompletionMode != "Indexed" || n < 2 || grade.Spec.Parallelism < 1 || grade.Spec.Parallelism > n {
		t.Fatalf("grade-class.yaml: want an Indexed Job of 2 or more completions, parallelism at most that: %+v", grade.Spec)
	}
	if merge.Spec.CompletionMode != "" || merge.Spec.BackoffLimitPerIndex != nil {
		t.Errorf("merge.yaml: want one pod, not an Indexed Job")
	}
	if grade.Spec.Template.Spec.Containers[0].Image != merge.Spec.Template.Spec.Containers[0].Image {
		t.Errorf("the two Jobs run different images")
	}
	class := t.TempDir()
	var shards, outs []string
	for i := range n {
		args := runPod(t, grade, class, fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
		checkGraderCommand(t, "docs/kubernetes/grade-class.yaml", args)
		fs, f := batchFlagSet()
		if _, err := parse(fs, args[1:]); err != nil || args[0] != "batch" {
			t.Fatalf("pod %d: grader %q: want grader batch (%v)", i, args, err)
		}
		shards = append(shards, f.shard.String())
		outs = append(outs, f.out)
		if err := os.MkdirAll(f.out, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for k := 1; k <= n; k++ {
		if want := fmt.Sprintf("%d/%d", k, n); !slices.Contains(shards, want) {
			t.Errorf("no pod grades --shard %s: the pods grade %q", want, shards)
		}
	}
	if slices.Sort(outs); len(slices.Compact(slices.Clone(outs))) != n {
		t.Errorf("the pods write to %q: want a folder each", outs)
	}
	args := runPod(t, merge, class)
	checkGraderCommand(t, "docs/kubernetes/merge.yaml", args)
	fs, out := mergeFlagSet()
	pos, err := parse(fs, args[1:])
	if err != nil || args[0] != "merge" {
		t.Fatalf("merge.yaml: grader %q: want grader merge (%v)", args, err)
	}
	if slices.Sort(pos); !slices.Equal(pos, outs) {
		t.Errorf("merge.yaml merges %q; want the pods' folders %q", pos, outs)
	}
	if slices.Contains(outs, *out) {
		t.Errorf("merge.yaml writes into a pod's folder %s", *out)
	}
}
