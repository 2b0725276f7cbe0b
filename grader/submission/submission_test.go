package submission

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// writeProg makes a file in dir with the given content and mode.
func writeProg(t *testing.T, dir, name, content string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

// foreignELF is the header of an ELF executable for a machine other than
// this one: enough for debug/elf to read, not for the kernel to run.
func foreignELF() string {
	machine := uint16(183) // EM_AARCH64
	if runtime.GOARCH == "arm64" {
		machine = 62 // EM_X86_64
	}
	h := make([]byte, 64)
	copy(h, "\x7fELF")
	h[4], h[5], h[6] = 2, 1, 1 // 64-bit, little-endian, version 1
	binary.LittleEndian.PutUint16(h[16:], 2)
	binary.LittleEndian.PutUint16(h[18:], machine)
	binary.LittleEndian.PutUint32(h[20:], 1)
	binary.LittleEndian.PutUint16(h[52:], 64) // header size
	return string(h)
}

func TestPrepareErrors(t *testing.T) {
	dir := t.TempDir()
	writeProg(t, dir, "empty.py", "", 0o644)
	writeProg(t, dir, "sol", "print('hi')\n", 0o644)
	writeProg(t, dir, "notes.txt", "print('hi')\n", 0o644)
	writeProg(t, dir, "sol.rs", "fn main() {}\n", 0o644)
	writeProg(t, dir, "junk", "just some text\n", 0o755)
	writeProg(t, dir, "arm", foreignELF(), 0o755)
	writeProg(t, dir, "nqueens", foreignELF(), 0o644)
	writeProg(t, dir, "sol.x\n::error title=x::y\n.py", "", 0o644)
	os.Mkdir(filepath.Join(dir, "folder"), 0o755)
	tests := []struct {
		path string
		want string // the whole Error(), with dir replaced by DIR
	}{
		{"missing.py", "grader: submission DIR/missing.py: no such file: check the path"},
		{"folder", "grader: submission DIR/folder: is a folder with no program in it: a folder holds Go files of package main, C or C++ source files, Java classes, or a Python package with a __main__.py; or name the program file itself"},
		{"empty.py", "grader: submission DIR/empty.py: file is empty: save your program into it"},
		// A file name's line breaks stay escaped: a report must not start
		// a line of the student's choosing, which a CI log could read as
		// a command of its own.
		{"sol.x\n::error title=x::y\n.py", `grader: submission "DIR/sol.x\n::error title=x::y\n.py": file is empty: save your program into it`},
		{"sol", "grader: submission DIR/sol: has no extension and is not executable (the grader runs .c, .cpp, .go, .java, .js, .py, .rb, .sh files by their extension): name it for its language (sol.py, sol.c, ...), or, for a script with a #! line, run chmod +x DIR/sol"},
		{"notes.txt", "grader: submission DIR/notes.txt: is a .txt file, which the grader cannot run (the grader runs .c, .cpp, .go, .java, .js, .py, .rb, .sh files by their extension): to run any other program, make it executable: give it a #! line naming its interpreter and run chmod +x DIR/notes.txt, or build it yourself and give the grader the program built (./notes)"},
		{"sol.rs", "grader: submission DIR/sol.rs: is a .rs file, which the grader cannot run (the grader runs .c, .cpp, .go, .java, .js, .py, .rb, .sh files by their extension): to run any other program, make it executable: give it a #! line naming its interpreter and run chmod +x DIR/sol.rs, or build it yourself and give the grader the program built (./sol)"},
		// A program built elsewhere, its execute bit lost on the way.
		{"nqueens", "grader: submission DIR/nqueens: is a program binary, but not executable: run chmod +x DIR/nqueens; an upload loses the execute bit, so there hand in a source file the grader runs by its extension (.c, .cpp, .go, .java, .js, .py, .rb, .sh)"},
		{"junk", "grader: submission DIR/junk: has the execute bit but is neither a program binary nor a script starting with #!: add a #! line (e.g. #!/usr/bin/env python3), or name it with its language's extension (.py, .c, ...)"},
	}
	if runtime.GOOS == "linux" && (runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64") {
		other := "ARM64"
		if runtime.GOARCH == "arm64" {
			other = "x86-64 (amd64)"
		}
		tests = append(tests, struct{ path, want string }{"arm",
			"grader: submission DIR/arm: is a program for " + other + "; this machine runs " + runtime.GOARCH + ": compile it on this machine, or hand in the source file"})
	}
	for _, tt := range tests {
		_, err := Prepare(context.Background(), filepath.Join(dir, tt.path), t.TempDir())
		var se *Error
		if !errors.As(err, &se) {
			t.Errorf("Prepare(%s) = %v; want a *SubmissionError", tt.path, err)
			continue
		}
		if got := strings.ReplaceAll(err.Error(), dir, "DIR"); got != tt.want {
			t.Errorf("Prepare(%s) error:\ngot  %s\nwant %s", tt.path, got, tt.want)
		}
	}
}

func TestPrepareUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every file, so there is no unreadable file to test with")
	}
	dir := t.TempDir()
	p := writeProg(t, dir, "secret.py", "print(1)\n", 0o000)
	_, err := Prepare(context.Background(), p, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "cannot be read: permission denied: run chmod +r") {
		t.Errorf("Prepare(unreadable) = %v; want cannot be read", err)
	}
}

func TestPrepareMissingInterpreter(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		file, want string
	}{
		{"sol.py", "python3 not found on PATH: install Python 3"},
		{"sol.rb", "ruby not found on PATH: install Ruby"},
		{"sol.js", "node not found on PATH: install Node.js"},
		{"sol.c", "cc not found on PATH: install a C compiler (gcc or clang)"},
		{"sol.go", "go not found on PATH: install Go from https://go.dev/dl/"},
		{"Sol.java", "java not found on PATH: install a Java 11 or later JDK"},
	}
	// An empty PATH: no interpreter or compiler can be found.
	t.Setenv("PATH", t.TempDir())
	for _, tt := range tests {
		p := writeProg(t, dir, tt.file, "x\n", 0o644)
		_, err := Prepare(context.Background(), p, t.TempDir())
		var se *Error
		if !errors.As(err, &se) || !strings.HasSuffix(err.Error(), tt.want) {
			t.Errorf("Prepare(%s) = %v; want a *SubmissionError ending %q", tt.file, err, tt.want)
		}
	}
}

func TestPrepareLanguages(t *testing.T) {
	dir := t.TempDir()
	script := writeProg(t, dir, "script", "#!/bin/sh\necho hi\n", 0o755)
	tests := []struct {
		file     string
		lang     string
		tool     string // the tool the language needs
		compiled bool
		exe      bool // Command is the file itself
	}{
		{"testdata/progs/env.py", "python", "python3", false, false},
		{"testdata/progs/mem_ok.js", "javascript", "node", false, false},
		{"testdata/progs/env.sh", "shell", "sh", false, false},
		{script, "executable", "", false, true},
	}
	for _, tt := range tests {
		if tt.tool != "" {
			if _, err := exec.LookPath(tt.tool); err != nil {
				t.Logf("skipping %s: %s not installed", tt.file, tt.tool)
				continue
			}
		}
		sub, err := Prepare(context.Background(), tt.file, t.TempDir())
		if err != nil {
			t.Errorf("Prepare(%s): %v", tt.file, err)
			continue
		}
		abs, _ := filepath.Abs(tt.file)
		if sub.Lang != tt.lang || sub.Compiled != tt.compiled || sub.Path != tt.file {
			t.Errorf("Prepare(%s) = %+v; want Lang %q, Compiled %v, Path as given", tt.file, sub, tt.lang, tt.compiled)
		}
		last := sub.Command[len(sub.Command)-1]
		if last != abs || (tt.exe && len(sub.Command) != 1) || (!tt.exe && len(sub.Command) != 2) {
			t.Errorf("Prepare(%s).Command = %q; want the interpreter then %s", tt.file, sub.Command, abs)
		}
	}
}

// TestPrepareInterpreted runs a program in each interpreted language the
// grader knows, through the interpreter Prepare found.
func TestPrepareInterpreted(t *testing.T) {
	tests := []struct {
		file, tool, lang, output string
	}{
		{"hello.py", "python3", "python", "hello from python\n"},
		{"hello.rb", "ruby", "ruby", "hello from ruby\n"},
		{"hello.js", "node", "javascript", "hello from javascript\n"},
		{"Hello.java", "java", "java", "hello from java\n"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			sub := prog(t, tt.file) // skips when the tool is missing
			if sub.Lang != tt.lang || sub.Compiled {
				t.Errorf("Prepare = %+v; want Lang %q, not compiled", sub, tt.lang)
			}
			l := sandbox.Limits{Time: 30 * time.Second}
			res := run(t, tt.file, l, nil)
			if got := string(res.Stdout); got != tt.output || res.ExitCode != 0 {
				t.Errorf("printed %q, exit %d; want %q, 0 (stderr %q)", got, res.ExitCode, tt.output, res.Stderr)
			}
		})
	}
}

// TestPrepareCompile compiles and runs a program in each compiled language,
// and checks that a compile error comes back with the compiler's message.
func TestPrepareCompile(t *testing.T) {
	tests := []struct {
		file   string
		tool   string
		output string // what the compiled program prints
		lang   string
	}{
		{"hello.c", "cc", "hello from c\n", "c"},
		{"hello.cpp", "c++", "hello from c++\n", "c++"},
		{"hello.go", "go", "hello from go\n", "go"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			if _, err := exec.LookPath(tt.tool); err != nil {
				t.Skipf("%s not installed", tt.tool)
			}
			build := t.TempDir()
			sub, err := Prepare(context.Background(), filepath.Join("testdata", "progs", tt.file), build)
			if err != nil {
				t.Fatalf("Prepare: %v", err)
			}
			if !sub.Compiled || sub.Lang != tt.lang || len(sub.Command) != 1 || filepath.Dir(sub.Command[0]) != build {
				t.Fatalf("Prepare = %+v; want one compiled program in %s", sub, build)
			}
			dir := t.TempDir()
			res, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: sub.Command, Dir: dir, Env: Env(dir), Limits: roomy, ReadOnly: sub.Files, Binds: sub.Copies})
			if err != nil {
				t.Fatal(err)
			}
			if got := string(res.Stdout); got != tt.output || res.ExitCode != 0 {
				t.Errorf("the program printed %q, exit %d; want %q, 0", got, res.ExitCode, tt.output)
			}
		})
	}
	broken := []struct {
		file, tool, want string
	}{
		{"broken.c", "cc", "broken.c:3:"},
		{"broken.go", "go", "./broken.go:5:2: undefined: undeclaredName"},
	}
	for _, tt := range broken {
		t.Run(tt.file, func(t *testing.T) {
			if _, err := exec.LookPath(tt.tool); err != nil {
				t.Skipf("%s not installed", tt.tool)
			}
			_, err := Prepare(context.Background(), filepath.Join("testdata", "progs", tt.file), t.TempDir())
			var ce *CompileError
			if !errors.As(err, &ce) {
				t.Fatalf("Prepare = %v; want a *CompileError", err)
			}
			if !strings.Contains(ce.Output, tt.want) {
				t.Errorf("compiler output %q; want it to contain %q", ce.Output, tt.want)
			}
			if ce.Command[0] != tt.tool || !strings.Contains(err.Error(), "grader: compiling with "+tt.tool) {
				t.Errorf("CompileError %q (command %q); want it to name %s", err, ce.Command, tt.tool)
			}
		})
	}
}

// TestPrepareNoProgramFile: a compiler that ends well but writes no
// program fails the build, said as the build check's message
// (submission.no_program_file, CompileError.Why) in the student's
// language, not as a note of the grader's in the compiler's output.
func TestPrepareNoProgramFile(t *testing.T) {
	// A cc that compiles nothing, in a folder a run's own user may enter.
	bin, err := os.MkdirTemp("", "boardcheck-fakecc-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(bin)
	os.Chmod(bin, 0o755)
	writeProg(t, bin, "cc", "#!/bin/sh\nexit 0\n", 0o755)
	t.Setenv("PATH", bin+string(filepath.ListSeparator)+os.Getenv("PATH"))
	src := writeProg(t, t.TempDir(), "sol.c", "int main(void) { return 0; }\n", 0o644)
	_, err = Prepare(context.Background(), src, t.TempDir())
	var ce *CompileError
	if !errors.As(err, &ce) || ce.Why == nil || ce.Why.ID != "submission.no_program_file" || ce.Output != "" {
		t.Fatalf("Prepare with a cc that writes nothing = %v; want a *CompileError whose Why is submission.no_program_file", err)
	}
	if got, want := English(*ce.Why), "cc finished, but made no program file sol"; got != want {
		t.Errorf("in English: %q; want %q", got, want)
	}
	for _, lang := range i18n.Languages() {
		if got := i18n.For(lang).Say(*ce.Why); !strings.Contains(got, "cc") || !strings.Contains(got, "sol") || strings.Contains(got, "<no value>") {
			t.Errorf("%s: %q", lang, got)
		}
	}
	if words := i18n.Untranslated(i18n.For(i18n.Pseudo).Say(*ce.Why)); len(words) > 0 {
		t.Errorf("en-XA: %q in no catalog's words", words)
	}
}

func TestPrepareCompileCancelled(t *testing.T) {
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("cc not installed")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	_, err := Prepare(ctx, filepath.Join("testdata", "progs", "hello.c"), t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Errorf("Prepare with a cancelled context = %v; want context canceled", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %v to give up", took)
	}
}

func TestCommandSubmission(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("sh not installed")
	}
	sub, err := FromCommand([]string{"sh", "-e", "testdata/progs/exit255.sh"})
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs("testdata/progs/exit255.sh")
	if want := []string{"sh", "-e", abs}; strings.Join(sub.Command, " ") != strings.Join(want, " ") || sub.Lang != "command" {
		t.Errorf("Command = %q, Lang %q; want %q, command", sub.Command, sub.Lang, want)
	}
	// The command runs from any folder, since the file was made absolute.
	dir := t.TempDir()
	res, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: sub.Command, Dir: dir, Env: Env(dir), Limits: roomy, ReadOnly: sub.Files, Binds: sub.Copies})
	if err != nil || res.ExitCode != 255 {
		t.Errorf("running it: exit %v, err %v; want 255", res, err)
	}
	for _, argv := range [][]string{nil, {""}, {"no-such-interpreter-xyz", "a.py"}, {"./no/such/file"}} {
		_, err := FromCommand(argv)
		var se *Error
		if !errors.As(err, &se) {
			t.Errorf("CommandSubmission(%q) = %v; want a *SubmissionError", argv, err)
		}
	}
}

// TestPrepareShebang checks that a script's #! line is honoured, and that
// one the machine cannot follow (Windows line endings, a missing
// interpreter) is a problem the student is told how to fix.
func TestPrepareShebang(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no #! lines on Windows")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to ask for")
	}
	dir := t.TempDir()
	const crlf = `its first line ends in \r (Windows line endings): convert the file to Unix line endings (e.g. dos2unix `
	tests := []struct {
		file, content string
		mode          os.FileMode
		wantErr       string   // in the *Error; "" for none
		wantCmd       []string // the Command's argv before the script
	}{
		{"crlf.sh", "#!/bin/bash\r\necho hi\r\n", 0o644, crlf, nil},
		{"crlf_exec", "#!/bin/bash\r\necho hi\r\n", 0o755, crlf, nil},
		{"noint", "#!/usr/bin/nosuchlang9\necho hi\n", 0o755, "its #! line names /usr/bin/nosuchlang9, which is not a program on this machine", nil},
		{"noenv.sh", "#!/usr/bin/env nosuchlang9\necho hi\n", 0o644, "its #! line asks for nosuchlang9, which is not on PATH", nil},
		{"bash.sh", "#!/bin/bash\necho ${BASH_VERSION:+bash}\n", 0o644, "", []string{"/bin/bash"}},
		{"envbash.sh", "#!/usr/bin/env bash\necho ${BASH_VERSION:+bash}\n", 0o755, "", []string{bash}},
		{"plain.sh", "echo hi\n", 0o644, "", []string{"sh"}},
	}
	for _, tt := range tests {
		p := writeProg(t, dir, tt.file, tt.content, tt.mode)
		sub, err := Prepare(context.Background(), p, t.TempDir())
		if tt.wantErr != "" {
			var se *Error
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Prepare(%s) = %v; want a *SubmissionError with %q", tt.file, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("Prepare(%s): %v", tt.file, err)
			continue
		}
		want := append(append([]string{}, tt.wantCmd...), p)
		if strings.Join(sub.Command, " ") != strings.Join(want, " ") {
			t.Errorf("Prepare(%s).Command = %q; want %q", tt.file, sub.Command, want)
		}
	}
	// Python reads Windows line endings: a .py file saved on Windows runs.
	if _, err := exec.LookPath("python3"); err == nil {
		p := writeProg(t, dir, "crlf.py", "#!/usr/bin/env python3\r\nprint('hi')\r\n", 0o644)
		if _, err := Prepare(context.Background(), p, t.TempDir()); err != nil {
			t.Errorf("Prepare(crlf.py): %v; want it to run under python3", err)
		}
	}
	// A bash script in a .sh file really runs under bash.
	sub, err := Prepare(context.Background(), filepath.Join(dir, "bash.sh"), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	res := runSub(t, sub, "bash.sh", sandbox.Limits{Time: 30 * time.Second}, nil)
	if res == nil || string(res.Stdout) != "bash\n" {
		t.Errorf("bash.sh printed %q; want %q", res.Stdout, "bash\n")
	}
}
