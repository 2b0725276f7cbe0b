package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
)

// The pseudo-language harness over the scripts (issue 31). With
// BOARDCHECK_EXHAUSTIVE=1, every `exec grader check` and `exec grader show`
// of every script is said once more in en-XA, where every catalog text is
// accented and every verbatim part (a program's output, a command, a file
// name) isolated: a word of plain ASCII letters left on a line is English
// that no catalog said. The script itself sees only the first run, in the
// language it asked for; what the second run finds is written to
// pseudoFindingsEnv's file, which TestScripts reads when every script is
// done. internal/cli's TestPseudoLanguage does the same for every bad
// submission of every exercise in every format.

// pseudoFindingsEnv names the file the harness appends its findings to;
// unset, or empty in the second run itself, there is no harness.
const pseudoFindingsEnv = "BOARDCHECK_PSEUDO_FINDINGS"

// pseudoCommands are the commands whose every line a student reads. Their
// manual (-h, --help, like grader help) is English by design, as README
// is.
var pseudoCommands = []string{"check", "show"}

// A workRow is one source of English left, and the lines it says.
type workRow struct {
	what string
	line *regexp.Regexp
}

// pseudoWorkList are the lines a student reads that are still English,
// each a row of what is left to convert (CONTRIBUTING, "Messages and
// languages"): a line it matches is logged, not failed. Converting its
// source deletes the row, and the harness then proves the lines gone.
// Empty: the last row, internal/cli's errors of the command line, said by
// reportError, is said in the student's language now (cli.*). A source
// found later, and not converted at once, is a row here: what it is, and
// the lines it says, as a regexp.
var pseudoWorkList = []workRow{}

// sayAgainInPseudo runs the grader again with args in en-XA and appends
// to the file findings each line of its output that holds English.
func sayAgainInPseudo(findings string, args []string) {
	again, ok := pseudoArgs(args)
	if !ok {
		return
	}
	// This very binary, told by its argv[0] to be the grader, as
	// testscript.Main tells its commands apart: found even where the
	// script's PATH no longer holds the grader.
	self, err := os.Executable()
	if err != nil {
		appendFinding(findings, args, fmt.Sprintf("cannot find the grader to run again: %v", err))
		return
	}
	appendLine(findings+".runs", strings.Join(again, " "))
	var out bytes.Buffer
	cmd := exec.Command(self, again...)
	cmd.Args[0] = "grader"
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Env = append(os.Environ(), pseudoFindingsEnv+"=")
	if err := cmd.Run(); err != nil {
		if _, exited := err.(*exec.ExitError); !exited {
			appendFinding(findings, args, fmt.Sprintf("cannot run it again: %v", err))
			return
		}
	}
	for i, line := range strings.Split(out.String(), "\n") {
		words := i18n.Untranslated(line)
		if len(words) == 0 {
			continue
		}
		what := fmt.Sprintf("line %d holds English %q: %q", i+1, words, line)
		if row := slices.IndexFunc(pseudoWorkList, func(r workRow) bool { return r.line.MatchString(line) }); row >= 0 {
			appendLine(findings+".worklist", fmt.Sprintf("%s: %s", pseudoWorkList[row].what, what))
			continue
		}
		appendFinding(findings, again, what)
	}
}

// pseudoArgs are args for the same command in en-XA, their text report
// on standard output and nothing written elsewhere: no --lang of their
// own, no --format or --output, no --watch (which never ends). ok is
// false for a command the harness does not say again.
func pseudoArgs(args []string) (again []string, ok bool) {
	if len(args) == 0 || !slices.Contains(pseudoCommands, args[0]) {
		return nil, false
	}
	again = []string{args[0], "--lang", i18n.Pseudo}
	for i := 1; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case !strings.HasPrefix(a, "-"):
			again = append(again, a)
		case name == "watch" || name == "h" || name == "help":
			return nil, false
		case name == "lang" || name == "format" || name == "output":
			if !hasValue {
				i++ // the flag's value follows it
			}
		default:
			again = append(again, a)
		}
	}
	return again, true
}

// appendFinding appends one line to the file findings: the script (its
// work folder's name), the command, and what was found. One write a line,
// so that scripts run in parallel do not mix their lines.
func appendFinding(findings string, args []string, what string) {
	script := strings.TrimPrefix(filepath.Base(os.Getenv("WORK")), "script-")
	appendLine(findings, fmt.Sprintf("%s: grader %s: %s", script, strings.Join(args, " "), strings.ReplaceAll(what, "\n", `\n`)))
}

// appendLine appends line to the file path in one write, so that the
// scripts' lines, appended in parallel, do not mix.
func appendLine(path, line string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		fmt.Fprintf(os.Stderr, "pseudo-language harness: %v\n", err)
		return
	}
	defer f.Close()
	f.WriteString(line + "\n")
}

// reportPseudoFindings fails t with each finding the scripts' second runs
// wrote to the file findings, and where every script ran (no -run), if
// there were no second runs at all: a harness that says nothing again
// finds nothing.
func reportPseudoFindings(t *testing.T, findings string) {
	runs, _ := os.ReadFile(findings + ".runs")
	n := strings.Count(string(runs), "\n")
	left, _ := os.ReadFile(findings + ".worklist")
	t.Logf("the pseudo-language harness said %d commands again in %s; %d lines of them are the work list's:\n%s", n, i18n.Pseudo, strings.Count(string(left), "\n"), left)
	if n == 0 && flag.Lookup("test.run").Value.String() == "" {
		t.Errorf("the pseudo-language harness said no command again: every script's exec grader check or show should be")
	}
	data, err := os.ReadFile(findings)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		t.Errorf("said in %s, %s", i18n.Pseudo, strings.TrimSuffix(line, "\n"))
	}
}
