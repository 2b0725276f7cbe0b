package main

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestContributingCommands keeps CONTRIBUTING.md from rotting: every line of
// its ```sh blocks must be a command a test runs. A grader command must be
// exec'd, exactly as written, by testdata/scripts/contributing_commands.txtar
// (which TestScripts runs); a go test command must name a package that
// exists and, with -run, a script or exercise that exists, since running the
// suite from inside itself would be circular.
func TestContributingCommands(t *testing.T) {
	doc, err := os.ReadFile("../../CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("../../testdata/scripts/contributing_commands.txtar")
	if err != nil {
		t.Fatal(err)
	}
	execd := map[string]bool{}
	for line := range strings.Lines(string(script)) {
		line = strings.TrimSpace(line)
		line = strings.TrimPrefix(line, "! ")
		if cmd, ok := strings.CutPrefix(line, "exec "); ok {
			execd[cmd] = true
		}
	}
	runRE := regexp.MustCompile(`-run '(TestScripts|TestExercises)/\^?([^$']+)\$'`)
	var cmds []string
	in := false
	sc := bufio.NewScanner(strings.NewReader(string(doc)))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "```sh":
			in = true
			continue
		case strings.HasPrefix(line, "```"):
			in = false
			continue
		case !in || line == "" || strings.HasPrefix(line, "#"):
			continue
		}
		cmds = append(cmds, line)
	}
	if len(cmds) < 5 {
		t.Fatalf("found %d commands in CONTRIBUTING.md's sh blocks; want the test, update and exercise commands", len(cmds))
	}
	for _, cmd := range cmds {
		switch {
		case strings.HasPrefix(cmd, "grader "):
			if !execd[cmd] {
				t.Errorf("CONTRIBUTING.md shows %q, which contributing_commands.txtar does not exec", cmd)
			}
		case strings.HasPrefix(withoutEnv(cmd), "go test "):
			fields := strings.Fields(withoutEnv(cmd))
			for _, f := range fields[2:] {
				if strings.HasPrefix(f, "./") && f != "./..." {
					if fi, err := os.Stat(filepath.Join("../..", f)); err != nil || !fi.IsDir() {
						t.Errorf("%q: no package %s", cmd, f)
					}
				}
			}
			if strings.Contains(cmd, "-run") {
				m := runRE.FindStringSubmatch(cmd)
				if m == nil {
					// Else a test function of the package it names.
					if fn := testFuncRE.FindStringSubmatch(cmd); fn == nil || !definesTest(fields, fn[1]) {
						t.Errorf("%q: -run names neither TestScripts/^NAME$, TestExercises/ID$ nor a test of the package", cmd)
					}
					continue
				}
				want := filepath.Join("../../testdata/scripts", m[2]+".txtar")
				if m[1] == "TestExercises" {
					want = filepath.Join("../../exercises", m[2], "exercise.toml")
				}
				if _, err := os.Stat(want); err != nil {
					t.Errorf("%q: %v", cmd, err)
				}
			}
		default:
			t.Errorf("CONTRIBUTING.md shows %q, which no test runs: make it a grader or go test command, or take it out of the sh block", cmd)
		}
	}
}

// withoutEnv is a go test command without the variables CONTRIBUTING.md
// sets before it: GRADER_UPDATE=1 (rewrite expected output) and
// BOARDCHECK_EXHAUSTIVE=1 (the exhaustive runs).
func withoutEnv(cmd string) string {
	for _, v := range []string{"GRADER_UPDATE=1 ", "BOARDCHECK_EXHAUSTIVE=1 "} {
		cmd = strings.TrimPrefix(cmd, v)
	}
	return cmd
}

// testFuncRE finds the test function a -run pattern starts with.
var testFuncRE = regexp.MustCompile(`-run '\^?(Test[A-Za-z0-9_]+)`)

// definesTest says whether the package a go test command names holds a
// test function name.
func definesTest(fields []string, name string) bool {
	for _, f := range fields {
		if !strings.HasPrefix(f, "./") || f == "./..." {
			continue
		}
		files, _ := filepath.Glob(filepath.Join("../..", f, "*_test.go"))
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil && strings.Contains(string(data), "func "+name+"(") {
				return true
			}
		}
	}
	return false
}
