// Package submission turns what a student hands in (a file of any language
// the grader knows, or a folder holding a program of several files) into a
// command to run, compiling it first where its language needs it.
//
// Prepare copies what was handed in into a folder of the caller's, read as
// package handin reads a submission (regular files inside the submission's
// own folder alone: a link out of it, a named pipe or a device is refused,
// naming it), then reads the copy's extension or shebang line, finds its
// interpreter or compiles it (under the sandbox's limits), and returns the
// Submission: the argv a run starts, and the files it must be able to read,
// the grader's copies shown where the student's are. A file that cannot
// become a command is an *Error, which says what the student can do about
// it; a compile error is a *CompileError. CheckStarts asks a script's
// interpreter whether it parses at all.
package submission

import (
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/boardcheck/boardcheck/grader/handin"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// Submission is what a student handed in, turned into a command.
type Submission struct {
	Path     string   // as given
	Command  []string // argv prefix after Prepare, e.g. ["python3", "/abs/sol.py"]
	Lang     string   // "python", "c", ... or "executable", "command"
	Compiled bool
	// Copies are what a run reads of the submission: the source file, its
	// folder, or the program compiled from it, each the grader's own copy
	// (From) seen where the run knows it (At: the student's own file, for
	// a source; the compiled program itself). The sandbox shows these and
	// nothing else of the student's (or the class's) folders, and every
	// run reads a copy of its own of them (grader/scenario).
	Copies []sandbox.Bind
	// Files are host files a run reads as they are, at their own paths:
	// the grader's binary, for a builtin reference; the files an explicit
	// command names (FromCommand).
	Files []string
	// Built says, for a folder, what the grader chose to build or run and
	// how: "built main.go board.go with go build". Empty for a file.
	Built string
	// BuiltReason is Built as data, for a report to say in the student's
	// language; Built holds its English words.
	BuiltReason *report.Message
	// VoidMain says a C or C++ source declares void main, whose exit
	// status is whatever a register last held.
	VoidMain bool
	// Split is set for a Java file run alone whose folder holds other
	// classes: if it does not start, it may need them.
	Split *SplitProgram
	// Shebang is the #! line that names the program's interpreter, as
	// written (without "#!"), for a script run by it: CheckShebang tries
	// it where the runs are.
	Shebang string
	// Source is the grader's own copy of what Path names, the file or the
	// folder as handed in: what ReadSource reads, never Path, which the
	// student controls and may swap for a link to what only root may
	// read. Empty for a command (FromCommand).
	Source string
}

// Error is a problem with the submission that its author can fix:
// it says what is wrong and what to do.
type Error struct {
	Path    string
	Problem string
	Fix     string
	// Machine says the machine is at fault, not the submission: the
	// interpreter or compiler it needs is not installed. Fix says what to
	// install.
	Machine bool
	// Link is the link (a path, as Path is given) that refused the
	// submission, when it is one: its own folder or a folder on the way
	// there (beneath the class folder), or the file named itself.
	Link string
	// Why and Todo are Problem and Fix as data (submission.* and handin.*
	// messages), for a report to say in the student's language; Problem
	// and Fix are their English words. Nil where the problem is still
	// said in English alone (issue 31's phase B). See Message.
	Why, Todo *report.Message
}

func (e *Error) Error() string {
	s := "grader: submission " + shownPath(e.Path) + ": " + e.Problem
	if e.Fix != "" {
		s += ": " + e.Fix
	}
	return s
}

// shownPath is p as a message shows it: quoted, its control characters
// escaped, where it has any. A newline in a file name would otherwise start
// a line of its own in every report, which a CI log could read as a
// command of its own ("::error ...").
func shownPath(p string) string {
	if strings.IndexFunc(p, unicode.IsControl) < 0 {
		return p
	}
	return strconv.Quote(p)
}

// shownNames joins names as a message shows them (see shownPath).
func shownNames(names []string, sep string) string {
	shown := make([]string, len(names))
	for i, n := range names {
		shown[i] = shownPath(n)
	}
	return strings.Join(shown, sep)
}

// CompileError is a submission that does not compile. Output is the
// compiler's own output, which is what the student needs to see.
type CompileError struct {
	Command []string
	Output  string
	// Why, when set, is why a build the compiler finished failed (it made
	// no program, or what it built is more than a run may be given: see
	// checkBuilt), said in the student's language where Output is the
	// compiler's own words.
	Why *report.Message
	// Split is set when the compiler's output shows a file of a program
	// split into several files, built alone.
	Split *SplitProgram
}

func (e *CompileError) Error() string {
	out := e.Output
	if e.Why != nil {
		out = strings.TrimSpace(English(*e.Why) + "\n" + out)
	}
	if out != "" {
		out = ":\n" + out
	}
	return "grader: compiling with " + strings.Join(e.Command, " ") + " failed" + out
}

// language says how to run a source file of one kind.
type language struct {
	name    string
	tool    string // the interpreter or compiler looked up on PATH
	install string // what to do when tool is missing: submission.install.NAME
	// compile, when set, returns the compiler's argv that turns srcs (the
	// files' base names, compiled in their own folder) into out.
	compile func(srcs []string, out string) []string
	// whereAmI, when set, are arguments that make the interpreter print its
	// own executable's path (see resolveInterpreter).
	whereAmI []string
}

var languages = map[string]language{
	".py": {name: "python", tool: "python3", install: "python",
		whereAmI: []string{"-c", "import sys; print(sys.executable)"}},
	".rb": {name: "ruby", tool: "ruby", install: "ruby",
		whereAmI: []string{"-e", "print RbConfig.ruby"}},
	".js": {name: "javascript", tool: "node", install: "node",
		whereAmI: []string{"-p", "process.execPath"}},
	".sh":   {name: "shell", tool: "sh", install: "shell"},
	".java": {name: "java", tool: "java", install: "java"},
	".c": {name: "c", tool: "cc", install: "c",
		compile: func(srcs []string, out string) []string {
			return append(append([]string{"cc", "-O2", "-o", out}, srcs...), "-lm")
		}},
	".cpp": {name: "c++", tool: "c++", install: "cpp",
		compile: func(srcs []string, out string) []string { return append([]string{"c++", "-O2", "-o", out}, srcs...) }},
	".go": {name: "go", tool: "go", install: "go",
		compile: func(_ []string, out string) []string { return []string{"go", "build", "-o", out, "."} }},
}

// operand is a source file's name as a compiler's argument: never an
// option. Named -Bx.c, a C source had cc run x.cas from the student's
// folder as its assembler, the student's code inside the compiler; named
// @x.c, a compiler reads its options from the file x.c.
func operand(name string) string {
	if (strings.HasPrefix(name, "-") || strings.HasPrefix(name, "@")) && !sandbox.LayerOff("operand") {
		return "./" + name
	}
	return name
}

// unknownType is the error for a file that is neither executable nor of a
// language the grader runs by its extension (sol.rs, notes.txt, nqueens):
// which types run, and how any other program can be made to run. Telling a
// Rust file to chmod +x would only trade this error for another.
func unknownType(path, ext string) error {
	exts := cmd("extensions", strings.Join(SourceExtensions(), ", "))
	chmod := cmd("command", "chmod +x "+shownPath(path))
	if ext == "" {
		stem := shownPath(filepath.Base(path))
		return problem(path, say("submission.no_extension", exts),
			say("submission.fix.name_language", cmd("py", stem+".py"), cmd("c", stem+".c"), chmod))
	}
	return problem(path, say("submission.unknown_extension", cmd("ext", ext), exts),
		say("submission.fix.make_executable", chmod, cmd("program", "./"+shownPath(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))))))
}

// interpLimits bound the question an interpreter is asked of its own path
// (resolveInterpreter).
var interpLimits = sandbox.Limits{Time: 30 * time.Second, Memory: 1 * sandbox.GiB, Output: 64 * sandbox.KiB}

// PrepareBound is the longest Prepare and CheckStarts take together, what
// the submission does notwithstanding: the time limit of each run they make
// (the interpreter asked its path, the compiler, the starts checks), and a
// minute for copying what was handed in (at most handin.MaxTotalSize) and
// for the sandbox's own work.
var PrepareBound = interpLimits.Time + compileLimits.Time + startLimits.Time + shebangLimits.Time + time.Minute

// compileLimits bound a compiler: generous, since compilers are big and the
// go command builds the standard library on a cold cache.
// What a compile writes goes to the build folder, on the machine's disk:
// 1 GiB in all (a program of 512 MiB links from objects as large), however
// many files.
var compileLimits = sandbox.Limits{Time: 60 * time.Second, Memory: 2 * sandbox.GiB, Output: 1 * sandbox.MiB, Procs: 256, Disk: 1 * sandbox.GiB}

// Prepare resolves path (absolute), checks it, and compiles it once into
// buildDir. An executable binary, or an executable file that starts with
// "#!", runs as it is; otherwise the extension decides. A problem the
// student can fix is an *Error; a compile failure is a
// *CompileError holding the compiler's output. ctx bounds the compile.
//
// The path is the caller's, followed, up to the student's own folder (the
// one given, or a file's), which must not be a link, and neither may the
// file given: its folder may be a drop-box every student writes in. What
// is beneath the folder is looked up beneath it (package handin).
func Prepare(ctx context.Context, path string, buildDir string) (*Submission, error) {
	return prepare(ctx, path, buildDir, where{})
}

// PrepareIn is Prepare for a submission beneath class, the caller's folder
// (grader batch's class folder), whose entries are the students': no
// folder beneath class on the way to the submission may be a link, nor the
// file path names when it is a class entry itself (mallory.py). Each is
// refused as the open itself finds it (package handin's OpenIn), so that
// an entry swapped for a link after the class was listed gains nothing.
func PrepareIn(ctx context.Context, class, path string, buildDir string) (*Submission, error) {
	return prepare(ctx, path, buildDir, where{class: class})
}

// where says how a submission's own folder is reached.
type where struct {
	// class is the folder above the student's entries, the caller's;
	// "" for the folder above the submission's own folder.
	class string
	// inOwn says a file's folder is the student's own (a file picked in
	// a folder they handed in): the file may be a link inside it.
	inOwn bool
}

func prepare(ctx context.Context, path string, buildDir string, w where) (*Submission, error) {
	subErr := func(problem, fix string) error {
		return &Error{Path: path, Problem: problem, Fix: fix}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, subErr(err.Error(), "")
	}
	isDir := false
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		isDir = true
	}
	own, err := openOwn(path, abs, isDir, &w)
	if err != nil {
		return nil, err
	}
	defer own.Close()
	if isDir {
		return prepareFolder(ctx, path, abs, buildDir, own, w)
	}
	cp, err := handIn(ctx, path, abs, buildDir, own, w.inOwn)
	if err != nil {
		return nil, err
	}
	sub, err := prepareFile(ctx, path, abs, cp, buildDir, own)
	if sub != nil {
		sub.Source = cp
	}
	return sub, err
}

// prepareFile turns the file at abs (path, as given), whose grader's copy
// is cp, into a submission; own is its folder, opened by openOwn.
func prepareFile(ctx context.Context, path, abs, cp, buildDir string, own *handin.Dir) (*Submission, error) {
	fi, err := os.Stat(cp)
	switch {
	case err != nil:
		return nil, fmt.Errorf("grader: reading the grader's copy of %s: %w", shownPath(path), err)
	case fi.Size() == 0:
		return nil, problem(path, say("submission.empty"), say("submission.fix.save"))
	}
	head, err := readHead(cp)
	if err != nil {
		return nil, fmt.Errorf("grader: reading the grader's copy of %s: %w", shownPath(path), err)
	}
	copies := []sandbox.Bind{{At: abs, From: cp, Seen: seenIn(own, filepath.Base(abs), 0)}}
	base := filepath.Base(abs)
	ext := strings.ToLower(filepath.Ext(base))
	lang, known := languages[ext]
	executable := fi.Mode().Perm()&0o111 != 0
	// A script of a known interpreted language runs under the interpreter
	// its #! line names, if any: a .sh file that asks for bash gets bash,
	// not sh. Java's source launcher refuses a #! line in a .java file.
	shebang, hasShebang := readShebang(head)
	honour := hasShebang && known && lang.compile == nil && lang.name != "java"
	if hasShebang && strings.HasSuffix(shebang, "\r") && (!known || lang.name == "shell" || (executable && !honour && lang.compile == nil)) {
		// The kernel, or the shell reading the rest of the file, takes the
		// \r for part of a name: "no such file or directory".
		return nil, problem(path, say("submission.crlf", cmd("cr", `\r`)), say("submission.fix.dos2unix", cmd("command", "dos2unix "+shownPath(path))))
	}
	if honour {
		argv, err := shebangCommand(shebang)
		if err != nil {
			return nil, shebangProblem(path, err, lang.tool)
		}
		if len(argv) == 1 && lang.whereAmI != nil {
			// Through a version manager's shim, as for the default tool.
			l := lang
			l.tool = argv[0]
			argv[0] = resolveInterpreter(ctx, l, filepath.Dir(cp), buildDir)
		}
		return &Submission{Path: path, Command: append(argv, abs), Lang: lang.name, Copies: copies, Shebang: shebang}, nil
	}

	// A source file of a compiled language is compiled even when it has the
	// execute bit (files copied from some systems have it on everything);
	// any other executable runs as it is if the kernel can run it.
	if executable && (!known || lang.compile == nil) {
		if hasShebang {
			if _, err := shebangCommand(shebang); err != nil {
				return nil, shebangProblem(path, err, "python3")
			}
			return &Submission{Path: path, Command: []string{abs}, Lang: "executable", Copies: copies, Shebang: shebang}, nil
		}
		if bytes.HasPrefix(head, []byte("\x7fELF")) {
			if why := checkELF(cp); why != nil {
				return nil, problem(path, *why, say("submission.fix.compile_here"))
			}
			return &Submission{Path: path, Command: []string{abs}, Lang: "executable", Copies: copies}, nil
		}
		if !known {
			return nil, problem(path, say("submission.exec_unknown"), say("submission.fix.shebang_or_extension", cmd("example", "#!/usr/bin/env python3")))
		}
	}
	if !known && bytes.HasPrefix(head, []byte("\x7fELF")) {
		// A program built elsewhere, copied or uploaded without its
		// execute bit.
		return nil, problem(path, say("submission.binary_not_executable"),
			say("submission.fix.chmod_or_source", cmd("command", "chmod +x "+shownPath(path)), cmd("extensions", strings.Join(SourceExtensions(), ", "))))
	}
	if !known {
		return nil, unknownType(path, ext)
	}
	if err := toolMissing(path, lang.tool, lang.install); err != nil {
		return nil, err
	}
	if lang.compile == nil {
		interp := resolveInterpreter(ctx, lang, filepath.Dir(cp), buildDir)
		sub := &Submission{Path: path, Command: []string{interp, abs}, Lang: lang.name, Copies: copies}
		if lang.name == "java" {
			// java's source launcher runs one file: a class of another
			// file of the folder is "cannot find symbol".
			if others := siblings(lang, own, base); len(others) > 0 {
				sub.Split = &SplitProgram{File: base, Others: others, Folder: folderArg(path)}
			}
		}
		return sub, nil
	}
	out, err := compile(ctx, lang, cp, buildDir)
	var ce *CompileError
	if errors.As(err, &ce) {
		// Its folder is the student's, whatever the copy's is.
		if ce.Split = builtAlone(lang, own, base, ce.Output); ce.Split != nil {
			ce.Split.Folder = folderArg(path)
		}
	}
	if err != nil {
		return nil, err
	}
	return &Submission{Path: path, Command: []string{out}, Lang: lang.name, Compiled: true, Copies: []sandbox.Bind{{At: out, From: out}},
		VoidMain: declaresVoidMain(lang, []string{cp})}, nil
}

// openOwn opens the submission's own folder (abs, when isDir, else the
// folder of the file abs) for reading beneath it, reached with no link
// followed beneath w.class, or, without a class, the folder above it: the
// folder is the student's, and where it is a link the student chose where
// it leads. Followed, a grader running as root would build and run, as
// mallory's, what class/mallory -> ../homes/mallory/hw -> ../alice/hw
// leads to, past alice's closed folder (issue 29). The folders above are
// the caller's (a class folder, /autograder), and are followed, but as
// root through links root owns alone: a student's link above the folder
// (homes/mallory/work -> ../alice, grading homes/mallory/work/hw) is
// refused, naming it (handin.OwnerError). The check
// is the open (handin.OpenIn): a folder swapped for a link after any look
// of the grader's is refused all the same. It sets w.inOwn for a file in a
// class entry's folder (class/mallory/nqueens.py), which is mallory's own.
func openOwn(path, abs string, isDir bool, w *where) (*handin.Dir, error) {
	folder := abs
	if !isDir {
		folder = filepath.Dir(abs)
	}
	base, rel := filepath.Dir(folder), filepath.Base(folder)
	if base == folder {
		base, rel = folder, "." // the machine's root: the caller's
	}
	if w.class != "" {
		if class, err := filepath.Abs(w.class); err == nil {
			if r, err := filepath.Rel(class, folder); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				base, rel = class, r
				w.inOwn = w.inOwn || r != "."
			}
		}
	}
	if testBeforeOwnOpen != nil {
		testBeforeOwnOpen()
	}
	d, err := handin.OpenIn(base, filepath.ToSlash(rel))
	var le *handin.LinkError
	var oe *handin.OwnerError
	switch {
	case errors.As(err, &oe):
		// As root, a link on the path given that root does not own: a
		// student's (homes/mallory/work -> ../alice), named as the path
		// given spells it where it is on it.
		shown := oe.Name
		if given, ok := spelt(path, oe.Name, abs); ok {
			shown = given
		}
		e := problem(path, say("submission.link_owned", report.Verbatim("link", shownPath(shown)), report.Verbatim("uid", strconv.Itoa(oe.Owner))), say("submission.fix.own_path"))
		e.Link = shown
		return nil, e
	case errors.As(err, &le):
		link := filepath.Join(base, filepath.FromSlash(le.Name))
		shown := path
		if r, rerr := filepath.Rel(link, abs); rerr == nil && r != "." {
			for range strings.Split(r, string(filepath.Separator)) {
				shown = filepath.Dir(shown)
			}
		}
		fix := say("submission.fix.folder_itself")
		target := cmd("target", handin.Shown(le.Target))
		if link == abs {
			why := say("submission.own_link")
			if le.Target != "" {
				why = say("submission.own_link_to", target)
			}
			e := problem(path, why, fix)
			e.Link = path
			return nil, e
		}
		folder := cmd("folder", shownPath(shown))
		why := say("submission.own_link_in", folder)
		if le.Target != "" {
			why = say("submission.own_link_in_to", folder, target)
		}
		e := problem(path, why, fix)
		e.Link = shown
		return nil, e
	case err != nil:
		return nil, lookupError(path, err)
	}
	return d, nil
}

// spelt is link, a folder on the way to abs (path made absolute), as path
// spells it, where path names it: not where the link is above the working
// folder a relative path starts from, nor a link another link led to.
func spelt(path, link, abs string) (string, bool) {
	r, err := filepath.Rel(link, abs)
	if err != nil || !filepath.IsAbs(link) || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", false
	}
	up := 0
	if r != "." {
		up = len(strings.Split(r, string(filepath.Separator)))
	}
	clean := filepath.Clean(path)
	parts := strings.Split(clean, string(filepath.Separator))
	if filepath.IsAbs(clean) {
		return filepath.Clean(link), true
	}
	if up >= len(parts) || slices.Contains(parts, "..") {
		return "", false
	}
	return filepath.Join(parts[:len(parts)-up]...), true
}

// testBeforeOwnOpen, set by a test alone, runs just before openOwn opens
// the submission's own folder: after every look the grader takes at the
// path (Prepare's stat, a batch's listing), where a test swaps a name as a
// racing student would.
var testBeforeOwnOpen func()

// handIn copies the file at abs (path, as given), looked up beneath its own
// folder d (opened by openOwn) as package handin reads a submission, into
// buildDir, and returns the copy: what compilers and runs see in its place.
// A file the rule refuses (a link out of its folder, a named pipe, a
// device, a file too large) is an *Error saying which and why; so is, unless
// inOwn, the file itself being a link, even one inside its folder.
func handIn(ctx context.Context, path, abs, buildDir string, d *handin.Dir, inOwn bool) (string, error) {
	name := filepath.Base(abs)
	if !inOwn {
		// Named by the caller, in a folder that may be every student's
		// (box/mallory.py -> alice/prog.py): the file itself, no link.
		d.RefuseLink(name)
	}
	e, err := d.Lookup(name)
	switch {
	case err != nil:
		return "", lookupError(path, err)
	case e.Kind == handin.Refused && !inOwn && e.Link != "" && strings.HasPrefix(e.Refused.Problem, "is a link to "+handin.Shown(e.Link)):
		return "", linkRefusal(path, e.Refused)
	case e.Kind == handin.Refused:
		return "", refusal(path, e.Refused)
	case e.Kind != handin.File:
		return "", problem(path, say("submission.not_regular"), say("submission.fix.name_program"))
	}
	dir, err := copiesDir(buildDir)
	if err != nil {
		return "", err
	}
	cp := filepath.Join(dir, name)
	refused, err := d.CopyTo(ctx, name, cp)
	var r *handin.RefusedError
	switch {
	case len(refused) > 0 && !inOwn && strings.HasPrefix(refused[0].Problem, "is a link"):
		// It became a link between the look and the copy.
		return "", linkRefusal(path, refused[0])
	case len(refused) > 0 && refused[0].Why.ID == "handin.unreadable":
		// The grader's user may not read it: said of the path given.
		return "", problem(path, say("submission.denied"), say("submission.fix.chmod_r", cmd("command", "chmod +r "+shownPath(path))))
	case len(refused) > 0:
		// It changed between the look and the copy.
		return "", refusal(path, refused[0])
	case errors.As(err, &r):
		return "", refusal(path, r)
	case errors.Is(err, fs.ErrPermission):
		return "", problem(path, say("submission.denied"), say("submission.fix.chmod_r", cmd("command", "chmod +r "+shownPath(path))))
	case err != nil && ctx.Err() != nil:
		return "", ctx.Err()
	case err != nil:
		return "", problem(path, say("submission.unreadable", cmd("error", err.Error())), noFix)
	}
	return cp, nil
}

// copiesDir makes a folder of buildDir's for one copy of what was handed
// in (buildDir/handin/NNN: a program compiled into buildDir is never named
// handin).
func copiesDir(buildDir string) (string, error) {
	top := filepath.Join(buildDir, "handin")
	if err := os.MkdirAll(top, 0o755); err != nil {
		return "", fmt.Errorf("grader: making the folder for the submission's copy: %w", err)
	}
	dir, err := os.MkdirTemp(top, "")
	if err != nil {
		return "", fmt.Errorf("grader: making the folder for the submission's copy: %w", err)
	}
	// Read by the runs' own user, where they have one.
	return dir, os.Chmod(dir, 0o755)
}

// lookupError is the *Error for a submission that cannot be looked up.
func lookupError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return problem(path, say("submission.no_such_file"), say("submission.fix.check_path"))
	case errors.Is(err, fs.ErrPermission):
		return problem(path, say("submission.denied"), say("submission.fix.folder_permissions"))
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	// The system's own words for why, verbatim.
	return problem(path, say("submission.unreadable", cmd("error", err.Error())), noFix)
}

// toolMissing says, as an *Error of the machine's, that the interpreter or
// compiler tool a submission needs is not on PATH, or only where its runs
// may not reach it (as root, a tool under /root); nil when a run can start
// it.
func toolMissing(path, tool, install string) error {
	_, err := sandbox.LookPath(tool)
	var np *sandbox.NotOnPathError
	switch {
	case errors.As(err, &np):
		return machineProblem(path, toolMissingMessage(np), installMessage(install))
	case err != nil:
		return &Error{Path: path, Problem: err.Error(), Fix: English(installMessage(install)), Machine: true}
	}
	return nil
}

// resolveInterpreter asks the interpreter, once, for the path of its own
// executable. Version managers (pyenv, rbenv, asdf) put shell-script shims
// on PATH that take a second or more to pick the real interpreter: paid on
// every run, that eats into the submission's time limit. It runs in the
// folder of the grader's copy of the submission (dir), and sees that folder
// read-only. When the interpreter cannot say, its name is kept.
func resolveInterpreter(ctx context.Context, lang language, dir, buildDir string) string {
	if lang.whereAmI == nil {
		return lang.tool
	}
	home, err := os.MkdirTemp(buildDir, "interp-")
	if err != nil {
		if err := os.MkdirAll(buildDir, 0o755); err != nil {
			return lang.tool
		}
		if home, err = os.MkdirTemp(buildDir, "interp-"); err != nil {
			return lang.tool
		}
	}
	defer os.RemoveAll(home)
	l := interpLimits
	res, err := sandbox.Run(ctx, sandbox.Spec{
		Argv:     append([]string{lang.tool}, lang.whereAmI...),
		Dir:      dir,
		Env:      Env(home),
		Limits:   l,
		ReadOnly: []string{dir},
	})
	if err != nil || res.ExitCode != 0 || res.Death(l) != "" {
		return lang.tool
	}
	p := strings.TrimSpace(string(res.Stdout))
	if fi, err := os.Stat(p); err != nil || !filepath.IsAbs(p) || fi.IsDir() || fi.Mode().Perm()&0o111 == 0 {
		return lang.tool
	}
	return p
}

// readShebang returns the #! line at the start of head, without "#!" and
// the newline but with any \r, and whether there is one. A line longer than
// head is cut: enough to name the interpreter.
func readShebang(head []byte) (string, bool) {
	if !bytes.HasPrefix(head, []byte("#!")) {
		return "", false
	}
	line, _, _ := bytes.Cut(head[2:], []byte("\n"))
	return string(line), true
}

// shebangProblem is the *Error of a script whose #! line names no program
// the grader can run (err, shebangCommand's); tool is the interpreter a
// line could name instead.
func shebangProblem(path string, err error, tool string) *Error {
	fix := say("submission.fix.shebang_install", cmd("example", "#!/usr/bin/env "+tool))
	var se *saidError
	if !errors.As(err, &se) {
		return &Error{Path: path, Problem: err.Error(), Fix: English(fix)}
	}
	return problem(path, se.m, fix)
}

// shebangCommand turns a #! line into the argv that runs the script (the
// script's path still to be appended): "/usr/bin/env NAME" is looked up on
// PATH, as env would, and an interpreter that does not exist is an error a
// student can fix, naming it.
func shebangCommand(line string) ([]string, error) {
	line = strings.TrimSuffix(line, "\r")
	interp, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	arg = strings.TrimSpace(arg)
	if interp == "" {
		return nil, &saidError{say("submission.shebang_line.none")}
	}
	if filepath.Base(interp) == "env" && arg != "" && !strings.HasPrefix(arg, "-") {
		name, rest, _ := strings.Cut(arg, " ")
		p, err := sandbox.LookPath(name)
		var np *sandbox.NotOnPathError
		if errors.As(err, &np) && np.Closed != "" {
			return nil, &saidError{say("submission.shebang_line.closed", cmd("name", name), cmd("var", "PATH"), report.Nested("closed", np.ClosedWhy))}
		}
		if err != nil {
			return nil, &saidError{say("submission.shebang_line.not_on_path", cmd("name", name), cmd("var", "PATH"))}
		}
		argv := []string{p}
		if rest = strings.TrimSpace(rest); rest != "" {
			argv = append(argv, rest)
		}
		return argv, nil
	}
	if fi, err := os.Stat(interp); err != nil || fi.IsDir() || fi.Mode().Perm()&0o111 == 0 {
		return nil, &saidError{say("submission.shebang_line.not_program", cmd("interpreter", interp))}
	}
	argv := []string{interp}
	if arg != "" {
		// The kernel passes the rest of the line as one argument.
		argv = append(argv, arg)
	}
	return argv, nil
}

// readHead reads the first bytes of a file, which say what kind it is.
func readHead(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, 256)
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	return buf[:n], nil
}

// checkELF says why this machine cannot run a binary (nil where it can),
// before the kernel answers "exec format error" in the middle of a check.
func checkELF(path string) *report.Message {
	f, err := elf.Open(path)
	if err != nil {
		m := say("submission.elf_invalid", cmd("error", err.Error()))
		return &m
	}
	defer f.Close()
	want := map[string]elf.Machine{
		"amd64": elf.EM_X86_64, "386": elf.EM_386, "arm64": elf.EM_AARCH64, "arm": elf.EM_ARM,
		"riscv64": elf.EM_RISCV, "ppc64le": elf.EM_PPC64, "s390x": elf.EM_S390,
	}[runtime.GOARCH]
	if runtime.GOOS != "linux" || want == elf.EM_NONE {
		// Not an ELF system, or an architecture not listed: let the
		// kernel decide.
		return nil
	}
	if f.Machine != want {
		m := say("submission.elf_machine", cmd("arch", machineName(f.Machine)), cmd("goarch", runtime.GOARCH))
		return &m
	}
	return nil
}

func machineName(m elf.Machine) string {
	switch m {
	case elf.EM_X86_64:
		return "x86-64 (amd64)"
	case elf.EM_AARCH64:
		return "ARM64"
	case elf.EM_386:
		return "32-bit x86"
	case elf.EM_ARM:
		return "32-bit ARM"
	}
	return strings.TrimPrefix(m.String(), "EM_")
}

// compile builds src into buildDir, under compileLimits and the isolation
// of a run, and returns the path of the program it made.
// src is the grader's copy, alone in its folder: the compiler sees that
// folder, read-only, as it sees a folder's copy.
func compile(ctx context.Context, lang language, src, buildDir string) (string, error) {
	return compileFiles(ctx, lang, []string{src}, []string{filepath.Dir(src)}, strings.TrimSuffix(filepath.Base(src), filepath.Ext(src)), buildDir)
}

// compileFiles builds srcs, the sources of one program in one folder (the
// grader's copy of the student's: see handIn), into buildDir and returns
// the path of the program it made, named name. The compiler sees seen (the
// sources, or their whole folder, headers and all) and the system's
// folders, and nothing of the student's.
func compileFiles(ctx context.Context, lang language, srcs, seen []string, name, buildDir string) (string, error) {
	buildDir, err := filepath.Abs(buildDir)
	if err != nil {
		return "", fmt.Errorf("grader: build folder %s: %w", buildDir, err)
	}
	if err := os.MkdirAll(buildDir, 0o755); err != nil {
		return "", fmt.Errorf("grader: making build folder: %w", err)
	}
	if name == "" || name == "." || name == "src" || name == "gocache" || name == "gopath" || name == "classes" || name == "handin" {
		// The program must not take a name the build folder gives
		// something else.
		name = "submission"
	}
	out := filepath.Join(buildDir, name)
	// Compile in the sources' folder, naming them by their base names, so
	// that messages read "sol.c:3:5: error: ...", not a long absolute path.
	dir := filepath.Dir(srcs[0])
	var bases []string
	for _, s := range srcs {
		bases = append(bases, operand(filepath.Base(s)))
	}
	readOnly := seen
	var extra, overlay []string
	if lang.name == "go" {
		// The go command builds a copy in a module of its own, so a go.mod
		// in a folder above the submission cannot change what is built.
		dir = filepath.Join(buildDir, "src")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("grader: making build folder: %w", err)
		}
		for _, src := range srcs {
			data, err := os.ReadFile(src)
			if err != nil {
				return "", &Error{Path: src, Problem: "cannot be read: " + err.Error()}
			}
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(src)), data, 0o644); err != nil {
				return "", fmt.Errorf("grader: copying the submission to build it: %w", err)
			}
		}
		// go 1.22: the loop variable semantics students expect today.
		gomod := "module submission\n\ngo 1.22\n"
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
			return "", fmt.Errorf("grader: writing go.mod to build the submission: %w", err)
		}
		extra = goBuildEnv(buildDir)
		readOnly, overlay = nil, goCacheOverlay(extra)
	}
	argv := lang.compile(bases, out)
	if err := runCompiler(ctx, argv, dir, buildDir, extra, readOnly, overlay); err != nil {
		return "", err
	}
	// What the compiler left is the run's program: a regular file, not a
	// link a compile could point at a file of the grader's.
	fi, err := os.Lstat(out)
	if err != nil || !fi.Mode().IsRegular() {
		why := say("submission.no_program_file", report.Verbatim("tool", filepath.Base(argv[0])), report.Verbatim("file", filepath.Base(out)))
		return "", &CompileError{Command: argv, Why: &why}
	}
	// Each run gets a copy of it, read as the grader reads a student's
	// file: at most handin.MaxFileSize. Larger, it is the program's doing
	// (a table written out in full in the source), said here, not found
	// at the first run as the grader's own failure to copy it.
	if fi.Size() > handin.MaxFileSize {
		why := say("submission.built_too_large", report.Verbatim("tool", filepath.Base(argv[0])), report.Verbatim("size", sandbox.FormatSize(fi.Size())), report.Verbatim("most", sandbox.FormatSize(handin.MaxFileSize)))
		return "", &CompileError{Command: argv, Why: &why}
	}
	return out, nil
}

// runCompiler runs a compiler in the sandbox like the program (a source
// file can ask it to include or embed what it likes): it sees readOnly and
// overlay, and writes only into the build folder. A failure is a
// *CompileError with the compiler's output.
func runCompiler(ctx context.Context, argv []string, dir, buildDir string, extraEnv, readOnly, overlay []string) error {
	spec := sandbox.Spec{
		Argv:     argv,
		Dir:      dir,
		Env:      Env(buildDir, extraEnv...),
		Limits:   compileLimits,
		ReadOnly: readOnly,
		Writable: []string{buildDir},
		Overlay:  overlay,
	}
	res, err := sandbox.Run(ctx, spec)
	if err != nil {
		return fmt.Errorf("grader: compiling in %s: %w", dir, err)
	}
	output := strings.TrimSpace(string(res.Stdout) + string(res.Stderr))
	if d := res.Death(compileLimits); d != "" {
		output = strings.TrimSpace(output + "\n" + "(the compiler " + d + ")")
		return &CompileError{Command: argv, Output: output}
	}
	if res.ExitCode != 0 {
		return &CompileError{Command: argv, Output: output}
	}
	return nil
}

// goCacheOverlay is the go command's build cache as the compile sees it:
// the grader's own cache, warm, with whatever the compile adds thrown away
// with it, so that no submission's build can poison the next one's.
func goCacheOverlay(env []string) []string {
	for _, kv := range env {
		if cache, ok := strings.CutPrefix(kv, "GOCACHE="); ok {
			return []string{cache}
		}
	}
	return nil
}

// goBuildEnv lets the go command use the grader's build cache (a cold cache
// rebuilds the standard library: tens of seconds) and nothing from the
// network.
func goBuildEnv(buildDir string) []string {
	cache := os.Getenv("GOCACHE")
	if !sandbox.OwnRoot() { // no Spec.Overlay without it
		// Without an overlay the compile would write into the shared
		// cache, where one submission's build could poison the next.
		cache = filepath.Join(buildDir, "gocache")
	} else if cache == "" {
		if dir, err := os.UserCacheDir(); err == nil {
			cache = filepath.Join(dir, "go-build")
		} else {
			cache = filepath.Join(buildDir, "gocache")
		}
	}
	gopath := filepath.Join(buildDir, "gopath")
	_ = os.MkdirAll(gopath, 0o755)
	// It must exist before the run: outside the run's folders the
	// filesystem may be read-only to the compiler.
	_ = os.MkdirAll(cache, 0o755)
	env := []string{
		"GOCACHE=" + cache,
		"GOPATH=" + gopath,
		"GOTOOLCHAIN=local",
		"GOPROXY=off",
		"GOFLAGS=-buildvcs=false",
		"GOWORK=off",
		"CGO_ENABLED=0",
	}
	if root := os.Getenv("GOROOT"); root != "" {
		env = append(env, "GOROOT="+root)
	}
	return env
}

// FromCommand accepts an explicit command line, such as
// ["python3", "-u", "my.py"]. Arguments that name existing files are made
// absolute, since runs happen in a folder of their own.
func FromCommand(argv []string) (*Submission, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, &Error{Path: "(command)", Problem: "empty command", Fix: "give a program and its arguments, e.g. python3 -u my.py"}
	}
	cmd := make([]string, len(argv))
	copy(cmd, argv)
	var files []string
	if _, err := exec.LookPath(argv[0]); err != nil {
		if strings.Contains(argv[0], "/") {
			return nil, &Error{Path: argv[0], Problem: "not found or not executable", Fix: "check the path, or run chmod +x " + argv[0]}
		}
		return nil, &Error{Path: argv[0], Problem: argv[0] + " not found on PATH", Fix: "install it, or give its full path"}
	}
	for i, a := range cmd {
		if i > 0 && strings.HasPrefix(a, "-") {
			continue
		}
		if i == 0 && !strings.Contains(a, "/") {
			continue
		}
		if fi, err := os.Stat(a); err == nil && !fi.IsDir() {
			if abs, err := filepath.Abs(a); err == nil {
				cmd[i] = abs
				files = append(files, abs)
			}
		}
	}
	return &Submission{Path: strings.Join(argv, " "), Command: cmd, Lang: "command", Files: files}, nil
}

// seenIn is the folder the file name of own (the student's folder, opened
// by openOwn) is in, up folders above it, as the kernel names the file it
// opens there, every link resolved: what a run's Bind of its copy is held
// to (sandbox.Bind.Seen), so that a folder swapped for a link while it is
// graded is the student's failure. Not the path resolved again: a student
// racing the grader had it resolve to /usr/bin. "" where the kernel does
// not say (no /proc): no check then.
func seenIn(own *handin.Dir, name string, up int) string {
	f, _, err := own.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	p, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(f.Fd())))
	if err != nil || !filepath.IsAbs(p) || filepath.Base(p) != filepath.Base(name) {
		return "" // not there, or a link inside the folder: no check
	}
	dir := filepath.Dir(p)
	for range up {
		dir = filepath.Dir(dir)
	}
	return dir
}
