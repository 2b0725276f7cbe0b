package submission

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrepareFolderErrors: a folder that is not one program says why and
// what to give instead, without building anything.
func TestPrepareFolderErrors(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		tool  string // needed on PATH for the case, "" for none
		want  string // the whole Error(), the folder's path replaced by DIR
	}{
		{"empty", nil, "", "grader: submission DIR: is a folder with no program in it: " + folderHolds + "; or name the program file itself"},
		{"notes", []string{"notes.txt", "README.md"}, "", "grader: submission DIR: is a folder with no program in it: " + folderHolds + "; or name the program file itself"},
		{"scripts", []string{"a.sh", "b.rb"}, "", "grader: submission DIR: is a folder of a.sh, b.rb, which the grader cannot build together: " + folderHolds + "; or name the program file itself"},
		{"mixed", []string{"main.go", "board.c"}, "", "grader: submission DIR: is a folder of programs in several languages (go, c): give the folder of one program, or name the program file itself"},
		{"python", []string{"a.py", "b.py"}, "", "grader: submission DIR: is a folder of Python files (a.py, b.py) without a __main__.py: name the file that starts the program, or add a __main__.py that does (python3 runs a folder through it)"},
		{"no-main", []string{"A.java", "B.java"}, "javac", "grader: submission DIR: is a folder of Java classes (A.java, B.java) none of which has a main method: add public static void main(String[] args) to the class that starts the program"},
		{"two-mains", []string{"A.java=class A { public static void main(String[] a) {} }", "B.java=class B { static public void main(String... a) {} }"}, "javac",
			"grader: submission DIR: is a folder of Java classes with several main methods (A.java, B.java): keep main in the one class that starts the program"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.tool != "" {
				if _, err := exec.LookPath(tt.tool); err != nil {
					t.Skipf("no %s on PATH", tt.tool)
				}
			}
			dir := t.TempDir()
			for _, f := range tt.files {
				name, content, _ := strings.Cut(f, "=")
				writeProg(t, dir, name, content+"\n", 0o644)
			}
			_, err := Prepare(context.Background(), dir, t.TempDir())
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("Prepare: %v; want a *SubmissionError", err)
			}
			if got := strings.ReplaceAll(err.Error(), dir, "DIR"); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestPrepareFolderOneFile: a folder holding one program file is that
// file, whatever its language.
func TestPrepareFolderOneFile(t *testing.T) {
	dir := t.TempDir()
	writeProg(t, dir, "sol.sh", "echo hi\n", 0o644)
	writeProg(t, dir, "notes.txt", "notes\n", 0o644)
	sub, err := Prepare(context.Background(), dir, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "sol.sh"); sub.Command[len(sub.Command)-1] != want || sub.Built != "" {
		t.Errorf("Prepare(folder of sol.sh) = %q, built %q; want it to run %s as a file", sub.Command, sub.Built, want)
	}
}

func TestIsProgramFolder(t *testing.T) {
	tests := []struct {
		files []string
		want  bool
	}{
		{[]string{"main.go", "board.go"}, true},
		{[]string{"main.go", "board.go", "board_test.go", "README.md"}, true},
		{[]string{"main.c", "board.c", "board.h"}, true},
		{[]string{"__main__.py", "board.py"}, true},
		{[]string{"a.py", "b.py"}, false},      // no __main__.py
		{[]string{"main.go"}, false},           // one file: a file, not a folder
		{[]string{"main.c", "board.h"}, true},  // a header the file alone would not see
		{[]string{"a.py", "b.js"}, false},      // two programs
		{[]string{"main.c", "run.sh"}, false},  // a script beside the program
		{[]string{"notes.txt", "x.md"}, false}, // no program
	}
	for _, tt := range tests {
		dir := t.TempDir()
		for _, f := range tt.files {
			if err := os.WriteFile(filepath.Join(dir, f), []byte("x\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if got := IsProgramFolder(dir); got != tt.want {
			t.Errorf("IsProgramFolder(%v) = %v; want %v", tt.files, got, tt.want)
		}
	}
}
