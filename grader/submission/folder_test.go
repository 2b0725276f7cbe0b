package submission

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
)

// folderHoldsWords are the English words of what a folder can hold.
const folderHoldsWords = "a folder holds Go files of package main, C or C++ source files, Java classes, or a Python package with a __main__.py; or name the program file itself"

// TestPrepareFolderErrors: a folder that is not one program says why and
// what to give instead, without building anything, as data (Message) whose
// English words are the error's and which Korean says in its own.
func TestPrepareFolderErrors(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		tool  string // needed on PATH for the case, "" for none
		want  string // the whole Error(), the folder's path replaced by DIR
	}{
		{"empty", nil, "", "grader: submission DIR: is a folder with no program in it: " + folderHoldsWords},
		{"notes", []string{"notes.txt", "README.md"}, "", "grader: submission DIR: is a folder with no program in it: " + folderHoldsWords},
		{"scripts", []string{"a.sh", "b.rb"}, "", "grader: submission DIR: is a folder of a.sh, b.rb, which the grader cannot build together: " + folderHoldsWords},
		{"mixed", []string{"main.go", "board.c"}, "", "grader: submission DIR: is a folder of programs in several languages (go, c): give the folder of one program, or name the program file itself"},
		{"python", []string{"a.py", "b.py"}, "", "grader: submission DIR: is a folder of Python files (a.py, b.py) without a __main__.py, and not exactly one of them has if __name__ == \"__main__\": name the file that starts the program, or add a __main__.py that does (python3 runs a folder through it)"},
		{"python, two entry points", []string{"a.py=if __name__ == \"__main__\":\n    main()", "b.py=if __name__ == '__main__':\n    main()"}, "",
			"grader: submission DIR: is a folder of Python files (a.py, b.py) without a __main__.py, and not exactly one of them has if __name__ == \"__main__\": name the file that starts the program, or add a __main__.py that does (python3 runs a folder through it)"},
		{"cargo", []string{"Cargo.toml=[package]", "src/main.rs=fn main() {}"}, "", "grader: submission DIR: is a folder with no program the grader runs: it holds a Rust project (Cargo.toml), which the grader does not build: build it and hand in the program built, or a source file the grader runs by its extension (.c, .cpp, .go, .java, .js, .py, .rb, .sh)"},
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
			m, ok := se.Message()
			if !ok {
				t.Fatalf("%v is not said as data", err)
			}
			if got, want := English(m), strings.TrimPrefix(err.Error(), "grader: "); got != want {
				t.Errorf("as data, in English: %q; want the error's words %q", got, want)
			}
			if ko := i18n.For("ko").Say(m); !strings.Contains(ko, "제출물") || strings.Contains(ko, "submission.") {
				t.Errorf("in Korean: %q", ko)
			}
		})
	}
}

// TestPrepareFolderBuilt: a project folder of a build tool the grader does
// not run, with the program built in it, is told to hand in that program,
// which is named; the project is named too.
func TestPrepareFolderBuilt(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	elf, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeProg(t, dir, "Cargo.toml", "[package]\nname = \"nqueens\"\n", 0o644)
	writeProg(t, dir, "src/main.rs", "fn main() {}\n", 0o644)
	writeProg(t, dir, "target/release/nqueens", string(elf), 0o755)
	_, err = Prepare(context.Background(), dir, t.TempDir())
	want := "grader: submission DIR: is a folder with no program the grader runs: it holds a Rust project (Cargo.toml) and target/release/nqueens, a program built from it: hand in DIR/target/release/nqueens itself"
	if err == nil || !strings.HasPrefix(strings.ReplaceAll(err.Error(), dir, "DIR"), want) {
		t.Errorf("got  %v\nwant %s...", err, want)
	}
}

// TestPythonEntryPoint: a folder of Python files without __main__.py is
// run by the one of them with if __name__ == "__main__", and is one program
// to grader batch too.
func TestPythonEntryPoint(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3 on PATH")
	}
	dir := t.TempDir()
	writeProg(t, dir, "queens.py", "def solve(n):\n    return []\n", 0o644)
	writeProg(t, dir, "nqueens.py", "from queens import solve\n\nif __name__ == \"__main__\":\n    print(solve(4))\n", 0o644)
	sub, err := Prepare(context.Background(), dir, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want := `python3 runs nqueens.py, the one file with if __name__ == "__main__" (the folder holds nqueens.py queens.py)`
	if sub.Command[len(sub.Command)-1] != filepath.Join(dir, "nqueens.py") || sub.Built != want {
		t.Errorf("Prepare = %q, built %q; want it to run nqueens.py, built %q", sub.Command, sub.Built, want)
	}
	if !IsProgramFolder(dir) {
		t.Error("IsProgramFolder = false; want true")
	}
}

// TestUploaded: a platform's upload folder is told what to upload, naming
// what was uploaded; one program is left to its own error.
func TestUploaded(t *testing.T) {
	for _, tt := range []struct {
		files []string
		want  string
	}{
		{[]string{"a.py", "b.py"}, "upload exactly one program file (you uploaded a.py and b.py)"},
		{[]string{"nqueens.c", "nqueens.py", "notes.txt"}, "upload exactly one program file (you uploaded nqueens.c and nqueens.py)"},
		{[]string{"a.py", "b.py", "c.py", "d.py", "e.py"}, "upload exactly one program file (you uploaded a.py, b.py, c.py and 2 more files)"},
		{[]string{"nqueens.rs", "notes.txt"}, "upload exactly one program file, of a language the grader runs by its extension (.c, .cpp, .go, .java, .js, .py, .rb, .sh); you uploaded notes.txt and nqueens.rs"},
		{nil, "upload exactly one program file; the upload is empty"},
		{[]string{"nqueens.py", "notes.txt"}, ""},
		{[]string{"main.go", "board.go"}, ""},
	} {
		dir := t.TempDir()
		for _, f := range tt.files {
			writeProg(t, dir, f, "x\n", 0o644)
		}
		m, ok := Uploaded(dir)
		got := ""
		if ok {
			got = English(m)
		}
		if got != tt.want {
			t.Errorf("Uploaded(%v) = %q; want %q", tt.files, got, tt.want)
		}
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
		{[]string{"a.py", "b.py"}, false},      // no __main__.py, no entry point
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
