package submission

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// pyCompile compiles a Python file without running it or writing a .pyc
// (py_compile would write one beside the file, in a folder the run may not
// write), and prints what the interpreter would print for its error.
const pyCompile = `import sys, traceback
try:
    compile(open(sys.argv[1], "rb").read(), sys.argv[1], "exec")
except Exception as e:
    sys.stderr.write("".join(traceback.format_exception_only(type(e), e)))
    sys.exit(1)`

// syntaxCheck gives, per interpreted language, the arguments that make its
// interpreter parse file without running it.
var syntaxCheck = map[string]func(file string) []string{
	"python":     func(f string) []string { return []string{"-c", pyCompile, f} },
	"ruby":       func(f string) []string { return []string{"-c", f} },
	"javascript": func(f string) []string { return []string{"--check", f} },
	"shell":      func(f string) []string { return []string{"-n", f} },
}

// startLimits bound a syntax check: a parse takes well under a second, but
// a loaded machine and a cold interpreter may take several.
var startLimits = sandbox.Limits{Time: 30 * time.Second, Memory: 1 * sandbox.GiB, Output: 64 * sandbox.KiB, Procs: 64}

// CheckStarts parses an interpreted submission the way its interpreter
// will, and returns the interpreter's complaint when it cannot: its output,
// and whether the program does not start. Any
// trouble running the check itself is no verdict on the program: it is
// then graded as ever, and its runs will show what goes wrong.
func CheckStarts(ctx context.Context, sub *Submission, buildDir string) (output string, fails bool) {
	args, ok := syntaxCheck[sub.Lang]
	if !ok || len(sub.Command) < 2 || sub.Compiled {
		return "", false
	}
	file := sub.Command[len(sub.Command)-1]
	argv := append(append([]string{}, sub.Command[:len(sub.Command)-1]...), args(file)...)
	home, err := os.MkdirTemp(buildDir, "starts-")
	if err != nil {
		return "", false
	}
	defer RemoveAll(home)
	res, err := sandbox.Run(ctx, sandbox.Spec{
		Argv:     argv,
		Dir:      home,
		Env:      Env(home),
		Limits:   startLimits,
		ReadOnly: sub.Files,
		Binds:    sub.Copies,
	})
	if err != nil || res.Death(startLimits) != "" || res.ExitCode == 0 {
		return "", false
	}
	out := string(res.Stderr) + string(res.Stdout)
	if sub.Path != file {
		// The path as the student gave it, as everywhere in the report.
		out = strings.ReplaceAll(out, file, sub.Path)
	}
	return out, true
}

// shebangLimits bound the try of a #! line's interpreter: it only has to
// start, and reads an empty input.
var shebangLimits = sandbox.Limits{Time: 10 * time.Second, Memory: 1 * sandbox.GiB, Output: 64 * sandbox.KiB, Procs: 64}

// CheckShebang tries the interpreter a script's #! line names where the
// runs are (in the sandbox, on an empty input, without the script): a
// line that names a program the sandbox does not let run (#!/proc/self/exe
// exists on the machine, and Landlock refuses it) is the student's to fix,
// and problem says which and why. Any other outcome (the interpreter ran,
// whatever it did) says nothing against the program.
func CheckShebang(ctx context.Context, sub *Submission, buildDir string) (problem report.Message, fails bool) {
	if sub.Shebang == "" {
		return problem, false
	}
	interp, arg, _ := strings.Cut(strings.TrimSpace(strings.TrimSuffix(sub.Shebang, "\r")), " ")
	argv := []string{interp}
	if arg = strings.TrimSpace(arg); arg != "" {
		argv = append(argv, arg) // the kernel passes the rest as one argument
	}
	home, err := os.MkdirTemp(buildDir, "shebang-")
	if err != nil {
		return problem, false
	}
	defer RemoveAll(home)
	// A program outside the system's folders is shown to a run only where
	// its PATH finds it under its name (a pyenv Python): run by itself
	// below, as a program the run starts, it would be shown all the same.
	if !sandbox.ShebangShown(strings.TrimSuffix(sub.Shebang, "\r"), pathOf(Env(home))) {
		return say("submission.shebang_off_path", report.Verbatim("interpreter", shownPath(interp))), true
	}
	_, err = sandbox.Run(ctx, sandbox.Spec{
		Argv:     argv,
		Dir:      home,
		Env:      Env(home),
		Limits:   shebangLimits,
		ReadOnly: sub.Files,
		Binds:    sub.Copies,
	})
	var ee *sandbox.ExecError
	switch {
	case errors.As(err, &ee):
		// The system's own words for why, verbatim as a compiler's are.
		return say("submission.shebang_refused", report.Verbatim("interpreter", shownPath(interp)), report.Verbatim("error", ee.Err.Error())), true
	case sandbox.Unreachable(err):
		// Found on the machine, in a folder the runs' own user may not
		// enter (/proc/self/exe is the grader's binary, wherever that is).
		return say("submission.shebang_unreachable", report.Verbatim("interpreter", shownPath(interp))), true
	}
	return problem, false
}

// ErrorLine finds, in an interpreter's complaint, the line that explains
// it: the exception's line for Python and Node ("IndentationError: ...",
// "SyntaxError: ..."), after the code and caret they quote; the first line
// for Ruby and the shells, without the file name they start with. It adds
// the line of the program at fault, when the output names it.
var (
	exceptionRE = regexp.MustCompile(`^[A-Za-z_.]*(Error|Exception)\b.*`)
	// The program's line: Python's `File "x.py", line 5`, the shells'
	// `x.sh: line 3:` (bash) and `x.sh: 3:` (dash), Ruby's and Node's `x:3`.
	lineRE   = regexp.MustCompile(`(?:, line |: line |: |:)(\d+)\b`)
	prefixRE = regexp.MustCompile(`^\S+?:(?: line)? ?\d+: ?`)
)

func ErrorLine(output, path string) string { return English(Complaint(output, path)) }

// errorLine is ErrorLine's parts: the line that explains the complaint,
// and the program's line it names ("" for none).
func errorLine(output, path string) (explain, line string) {
	lines := strings.Split(strings.TrimSpace(output), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if m := exceptionRE.FindString(strings.TrimSpace(lines[i])); m != "" {
			explain = m
			break
		}
	}
	if explain == "" {
		explain = strings.TrimSpace(prefixRE.ReplaceAllString(strings.TrimSpace(lines[0]), ""))
	}
	for _, l := range lines {
		if !strings.Contains(l, filepath.Base(path)) {
			continue
		}
		rest := l[strings.Index(l, filepath.Base(path))+len(filepath.Base(path)):]
		if m := lineRE.FindStringSubmatch(rest); m != nil && strings.Index(rest, m[0]) <= 2 {
			return explain, m[1]
		}
	}
	return explain, ""
}

// pathOf is the PATH of env, a run's environment.
func pathOf(env []string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			return v
		}
	}
	return ""
}
