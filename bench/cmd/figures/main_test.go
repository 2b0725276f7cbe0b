package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSplitWords(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"run nqueens 4", []string{"run", "nqueens", "4"}},
		{"! run  nqueens\tabc", []string{"!", "run", "nqueens", "abc"}},
		{"run nqueens ''", []string{"run", "nqueens", ""}},
		{"run nqueens 'a b' c", []string{"run", "nqueens", "a b", "c"}},
		{"run nqueens 'it''s'", []string{"run", "nqueens", "it's"}},
		{"# title: No argument", nil},
		{"run nqueens 4 # comment", []string{"run", "nqueens", "4"}},
		{"run nqueens a#b", []string{"run", "nqueens", "a#b"}},
	}
	for _, tt := range tests {
		got, err := splitWords(tt.line)
		if err != nil {
			t.Errorf("splitWords(%q): %v", tt.line, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("splitWords(%q) = %q; want %q", tt.line, got, tt.want)
		}
	}
	if _, err := splitWords("run nqueens 'open"); err == nil {
		t.Errorf("splitWords of an unterminated quote: got no error; want one")
	}
}

// TestSequentialScript builds the baseline script for a small exercise and
// runs it with a fake program that logs its arguments and standard input,
// so the script is shown to run exactly the scenarios' commands.
func TestSequentialScript(t *testing.T) {
	root := t.TempDir()
	ex := filepath.Join(root, "exercises", "demo")
	write(t, filepath.Join(ex, "exercise.toml"), "title = \"Demo\"\nprogram = \"demo\"  # the name\nchecks = [\"a\", \"b\"]\n")
	write(t, filepath.Join(ex, "tests", "a.txtar"), `# Runs with no argument.
# title: A
# points: 1
! run demo
status 1
stdout 'Usage'
`)
	write(t, filepath.Join(ex, "tests", "b.txtar"), `# title: B
# points: 1
run -stdin board.json demo 'x y' 4
[short] run demo skipped-when-short
run other 5
-- board.json --
[[1,0],[0,1]]
`)
	log := filepath.Join(root, "log")
	prog := filepath.Join(root, "prog")
	write(t, prog, "#!/bin/sh\n{ for a; do printf '%s|' \"$a\"; done; printf 'stdin=%s\\n' \"$(cat)\"; } >> "+log+"\n")
	if err := os.Chmod(prog, 0o755); err != nil {
		t.Fatal(err)
	}
	f := &figures{root: root, work: t.TempDir()}
	script, cmds, err := f.sequentialScript("demo", prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cmds != 3 {
		t.Errorf("got %d commands; want 3", cmds)
	}
	if out, err := exec.Command("sh", script).CombinedOutput(); err != nil {
		t.Fatalf("sh %s: %v\n%s", script, err, out)
	}
	got, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	want := "stdin=\nx y|4|stdin=[[1,0],[0,1]]\nskipped-when-short|stdin=\n"
	if string(got) != want {
		t.Errorf("the script ran:\n%s\nwant:\n%s", got, want)
	}

	// Wrapped, every command runs under the wrapper (here env, standing
	// in for bwrap), its redirections still the script's.
	if err := os.Remove(log); err != nil {
		t.Fatal(err)
	}
	script, _, err = f.sequentialScript("demo", prog, &wrapper{before: "env WRAPPED=yes ", after: " 3< /dev/null"})
	if err != nil {
		t.Fatal(err)
	}
	write(t, prog, "#!/bin/sh\n{ printf '%s:' \"$WRAPPED\"; for a; do printf '%s|' \"$a\"; done; printf 'stdin=%s\\n' \"$(cat)\"; } >> "+log+"\n")
	if out, err := exec.Command("sh", script).CombinedOutput(); err != nil {
		t.Fatalf("sh %s: %v\n%s", script, err, out)
	}
	if got, _ := os.ReadFile(log); string(got) != "yes:stdin=\nyes:x y|4|stdin=[[1,0],[0,1]]\nyes:skipped-when-short|stdin=\n" {
		t.Errorf("the wrapped script ran:\n%s", got)
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestManifestProgram(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "exercise.toml")
	write(t, path, "title = \"x = y\"\nprogram = \"nqueens\"\n")
	got, err := manifestProgram(path)
	if err != nil || got != "nqueens" {
		t.Errorf("manifestProgram = %q, %v; want \"nqueens\", nil", got, err)
	}
	write(t, path, "title = \"x\"\n")
	if _, err := manifestProgram(path); err == nil || !strings.Contains(err.Error(), "no program key") {
		t.Errorf("manifestProgram without program: got %v; want an error saying so", err)
	}
}

func TestWaited(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		wall, cpu time.Duration
		want      bool
	}{
		{100 * ms, 100 * ms, false}, // one core, busy all along
		{100 * ms, 190 * ms, false}, // two cores
		{150 * ms, 100 * ms, false}, // at the limit
		{151 * ms, 100 * ms, true},
		{2 * time.Second, 400 * ms, true},
		{100 * ms, 0, false}, // no CPU time known
	}
	for _, tt := range tests {
		if got := (timing{best: tt.wall, cpu: tt.cpu}).waited(); got != tt.want {
			t.Errorf("timing{wall %v, cpu %v}.waited() = %v; want %v", tt.wall, tt.cpu, got, tt.want)
		}
	}
}

// TestRatio: a ratio just under 1x prints under it, never as 1.00x beside a
// target of 1.0x that it misses.
func TestRatio(t *testing.T) {
	for _, tt := range []struct {
		base, ours time.Duration
		want       string
	}{
		{4780 * time.Microsecond, 4790 * time.Microsecond, "0.99x"},
		{56 * time.Millisecond, 143 * time.Millisecond, "0.39x"},
		{4 * time.Millisecond, 2 * time.Millisecond, "2.0x"},
	} {
		if got := ratio(tt.base, tt.ours); got != tt.want {
			t.Errorf("ratio(%v, %v) = %s; want %s", tt.base, tt.ours, got, tt.want)
		}
	}
}

// The README's table of the figures is bench/README.md's, row for row: the
// two drifted apart once (the README lacked a row bench/run prints).
func TestFigureTablesAgree(t *testing.T) {
	table := func(file string) []string {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var rows []string
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "| figure | baseline | target |") || (len(rows) > 0 && strings.HasPrefix(line, "|")) {
				rows = append(rows, line)
			} else if len(rows) > 0 {
				break
			}
		}
		if len(rows) < 3 {
			t.Fatalf("%s: no table of the figures (a header | figure | baseline | target |)", file)
		}
		return rows
	}
	readme, bench := table("../../../README.md"), table("../../README.md")
	if !slices.Equal(readme, bench) {
		t.Errorf("README.md's table of the figures differs from bench/README.md's:\n%s\n\nbench/README.md:\n%s",
			strings.Join(readme, "\n"), strings.Join(bench, "\n"))
	}
}
