package submission

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestReadSource: the facts a report names a cause by, read from sources
// written the way students write them, in each language: a read of
// standard input, whether the arguments are read, an exit that skips the
// flush, a line only Python 2 reads. Comments do not count.
func TestReadSource(t *testing.T) {
	type want struct {
		args      bool
		stdin     string // "code@line", "" for none
		unflushed string
		flushes   bool
		python2   string
	}
	for _, tt := range []struct {
		name, lang, file, code string
		want                   want
	}{
		{"python input", "python", "q.py", "n = int(input('Enter N: '))\nprint(n)\n",
			want{stdin: "input()@1"}},
		{"python argv", "python", "q.py", "import sys\n# n = int(input())\nn = int(sys.argv[1])\n",
			want{args: true}},
		{"python from sys import argv", "python", "q.py", "from sys import argv, stdin\nn = int(argv[1])\n",
			want{args: true, stdin: "stdin@1"}},
		{"python docstring words", "python", "q.py", "\"\"\"Reads N; don't ask # twice.\"\"\"\nimport sys\nprint(sys.argv)\n",
			want{args: true}},
		{"python os._exit", "python", "q.py", "import os, sys\nprint(sys.argv)\nos._exit(0)\n",
			want{args: true, unflushed: "os._exit()@3"}},
		{"python flushes", "python", "q.py", "import os, sys\nprint(sys.argv)\nsys.stdout.flush()\nos._exit(0)\n",
			want{args: true, unflushed: "os._exit()@4", flushes: true}},
		{"python 2 print", "python", "q.py", "import sys\nn = int(sys.argv[1])\nprint n\n",
			want{args: true, python2: "print without parentheses@3"}},
		{"python 2 xrange first", "python", "q.py", "import sys\nfor i in xrange(3):\n    print i\n",
			want{python2: "xrange@2"}},
		{"python 3 print", "python", "q.py", "import sys\nprint (sys.argv)\nprint(\"x\")\nprint()\n",
			want{args: true}},
		{"python 2 except", "python", "q.py", "import sys\ntry:\n    n = int(sys.argv[1])\nexcept ValueError, e:\n    pass\n",
			want{args: true, python2: "except E, e:@4"}},
		{"c scanf", "c", "q.c", "#include <stdio.h>\nint main(int argc, char *argv[]) {\n    int n;\n    scanf(\"%d\", &n);\n}\n",
			want{stdin: "scanf()@4"}},
		{"c argv", "c", "q.c", "#include <stdlib.h>\nint main(int argc, char **argv) {\n    // scanf(\"%d\", &n);\n    int n = atoi(argv[1]);\n}\n",
			want{args: true}},
		{"c block comment", "c", "q.c", "/* reads with scanf(), then\n   fgets(stdin) */\nint main(void) { return 0; }\n",
			want{}},
		{"c _exit", "c", "q.c", "#include <unistd.h>\nint main(int argc, char **argv) {\n    printf(\"%s\", argv[0]);\n    _exit(0);\n}\n",
			want{args: true, unflushed: "_exit()@4"}},
		{"c++ cin", "c++", "q.cpp", "#include <iostream>\nint main() {\n    int n;\n    std::cin >> n;\n}\n",
			want{stdin: "cin@4"}},
		{"java scanner", "java", "Q.java", "import java.util.Scanner;\nclass Q {\n  public static void main(String[] args) {\n    Scanner sc = new Scanner(System.in);\n  }\n}\n",
			want{stdin: "System.in@4"}},
		{"java args", "java", "Q.java", "class Q {\n  public static void main(String... argv) {\n    int n = Integer.parseInt(argv[0]);\n  }\n}\n",
			want{args: true}},
		{"javascript readline", "javascript", "q.js", "const readline = require('readline');\nconst rl = readline.createInterface({ input: process.stdin });\n",
			want{stdin: "readline@1"}},
		{"javascript argv", "javascript", "q.js", "const n = Number(process.argv[2]); // not process.stdin\n",
			want{args: true}},
		{"ruby gets", "ruby", "q.rb", "n = gets.to_i\nputs n\n",
			want{stdin: "gets@1"}},
		{"ruby ARGV", "ruby", "q.rb", "# gets\nn = Integer(ARGV[0])\nputs \"#{n}\"\n",
			want{args: true}},
		{"go scan", "go", "q.go", "package main\nimport \"fmt\"\nfunc main() {\n\tvar n int\n\tfmt.Scan(&n)\n}\n",
			want{stdin: "fmt.Scan()@5"}},
		{"shell read", "shell", "q.sh", "#!/bin/sh\nprintf 'N? '\nread n\necho $n\n",
			want{stdin: "read@3"}},
		{"shell args", "shell", "q.sh", "#!/bin/sh\n[ $# -eq 1 ] || exit 1\necho \"$1\"\n",
			want{args: true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, tt.file)
			if err := os.WriteFile(path, []byte(tt.code), 0o644); err != nil {
				t.Fatal(err)
			}
			src := ReadSource(&Submission{Path: path, Source: path, Lang: tt.lang})
			if src == nil {
				t.Fatal("ReadSource = nil")
			}
			got := want{args: src.Args, stdin: place(src.Stdin), unflushed: place(src.UnflushedExit),
				flushes: src.Flushes, python2: place(src.Python2)}
			if got != tt.want {
				t.Errorf("got %+v; want %+v", got, tt.want)
			}
		})
	}
}

func place(p *Place) string {
	if p == nil {
		return ""
	}
	return p.Code + "@" + strconv.Itoa(p.Line)
}

// TestReadSourceFolder: a folder's files of its language are read, each
// named by its base name, and a file of another language is not.
func TestReadSourceFolder(t *testing.T) {
	dir := t.TempDir()
	for name, code := range map[string]string{
		"main.c":   "#include \"board.h\"\nint main(void) { solve(read_n()); }\n",
		"board.c":  "#include <stdio.h>\nint read_n(void) {\n    int n;\n    scanf(\"%d\", &n);\n    return n;\n}\n",
		"notes.py": "import sys\nprint(sys.argv)\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := ReadSource(&Submission{Path: dir, Source: dir, Lang: "c"})
	if src == nil || src.Args || place(src.Stdin) != "scanf()@4" || src.Stdin.File != "board.c" {
		t.Fatalf("ReadSource = %+v; want scanf() at board.c line 4 and no arguments read", src)
	}
	if !src.Has("main.c") || src.Has("notes.py") {
		t.Errorf("Files = %v; want main.c and board.c", src.Files)
	}
}

// TestReadSourceReadsTheCopy: what ReadSource reads is the grader's copy
// of the submission, never the student's path again. Read by its path, a
// file swapped after it was handed in (for a link to a classmate's closed
// folder, by a student racing a root grader) gave the report the swapped
// file's facts: alice's input() at line 14 in mallory's report.
func TestReadSourceReadsTheCopy(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	home := t.TempDir()
	hw := filepath.Join(home, "mallory", "hw")
	os.MkdirAll(hw, 0o755)
	prog := filepath.Join(hw, "prog.py")
	if err := os.WriteFile(prog, []byte("import sys\nprint(sys.argv[1])\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub, err := Prepare(context.Background(), prog, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// The folder swapped for a link to alice's, which holds a prog.py
	// too: a link on the way, not the file's own name.
	alice := filepath.Join(home, "alice", "hw")
	os.MkdirAll(alice, 0o700)
	os.WriteFile(filepath.Join(alice, "prog.py"), []byte(strings.Repeat("\n", 13)+"n = int(input())\n"), 0o600)
	if err := os.Rename(hw, hw+".old"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(alice, hw); err != nil {
		t.Fatal(err)
	}
	src := ReadSource(sub)
	if src == nil || !src.Args || src.Stdin != nil {
		t.Errorf("ReadSource after the folder was swapped = %+v; want the copy's facts: reads its arguments, not standard input", src)
	}
}
