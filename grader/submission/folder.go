package submission

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/handin"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// A folder is a program of several files: a Go package main, a C or C++
// program of several source files, a Java program of several classes, or a
// Python package with a __main__.py. Students split programs into files long
// before they learn build tools, so the grader builds the folder the way the
// language's own tool would and says what it chose (Submission.Built).

// folderKind is one way to build a folder: the extensions of its sources.
type folderKind struct {
	lang language
	exts []string
}

// folderKinds are the folders the grader builds, by language name, in the
// order a message lists them.
var folderKinds = []folderKind{
	{languages[".go"], []string{".go"}},
	{languages[".c"], []string{".c"}},
	{languages[".cpp"], []string{".cpp", ".cc", ".cxx"}},
	{languages[".java"], []string{".java"}},
	{languages[".py"], []string{".py"}},
}

// prepareFolder turns the folder at abs (path as given) into a submission,
// built from the grader's copy of it (handInFolder).
func prepareFolder(ctx context.Context, path, abs, buildDir string, own *handin.Dir, w where) (*Submission, error) {
	snap, left, err := handInFolder(ctx, path, buildDir, own)
	if err != nil {
		return nil, err
	}
	all, found, sources, err := folderSources(snap)
	if err != nil {
		return nil, fmt.Errorf("grader: reading the grader's copy of %s: %w", shownPath(path), err)
	}
	switch {
	case len(all) == 0:
		return nil, noProgram(path, snap)
	case len(all) == 1 && !hasHeaders(snap, found):
		// One program file: it is the program, whatever its language.
		// (A C file beside its headers is built as the folder: a file
		// alone does not see them.)
		// Looked up again, beneath the folder reached as this one was;
		// a file of the student's own folder, it may be a link inside.
		sub, err := prepare(ctx, filepath.Join(path, all[0]), buildDir, where{class: w.class, inOwn: true})
		if err == nil && len(left) > 0 {
			// What was left out may be what it lacks (an import): said.
			sub.setBuilt(leftOut(builtOneFile(all[0]), left))
		}
		return sub, err
	case len(found) == 0:
		return nil, problem(path, say("submission.folder_mixed", cmd("files", strings.Join(all, ", "))), folderHolds())
	case len(found) > 1:
		var names []string
		for _, k := range found {
			names = append(names, k.lang.name)
		}
		return nil, problem(path, say("submission.folder_languages", cmd("languages", shownNames(names, ", "))), say("submission.fix.one_program"))
	}
	lang := found[0].lang
	sources = mainFirst(snap, sources)
	var sub *Submission
	switch {
	case lang.name == "python":
		sub, err = preparePythonPackage(ctx, path, abs, snap, buildDir, sources)
	case lang.name == "java":
		sub, err = prepareJavaFolder(ctx, path, snap, buildDir, sources)
	default:
		sub, err = buildFolder(ctx, path, abs, snap, buildDir, lang, sources)
	}
	if err != nil {
		return nil, err
	}
	if len(left) > 0 && sub.BuiltReason != nil {
		sub.setBuilt(leftOut(*sub.BuiltReason, left))
	}
	sub.Source = snap
	for i, b := range sub.Copies {
		if b.At == abs {
			// The folder itself, bound where the folder above it is.
			sub.Copies[i].Seen = seenIn(own, sources[0], strings.Count(filepath.ToSlash(sources[0]), "/")+1)
		}
	}
	return sub, nil
}

// buildFolder builds a folder of Go, C or C++ sources, the grader's copy of
// the student's (snap), as their language's tool does.
func buildFolder(ctx context.Context, path, abs, snap, buildDir string, lang language, sources []string) (*Submission, error) {
	if err := toolMissing(path, lang.tool, lang.install); err != nil {
		return nil, err
	}
	var srcs []string
	for _, s := range sources {
		srcs = append(srcs, filepath.Join(snap, s))
	}
	out, err := compileFiles(ctx, lang, srcs, []string{snap}, filepath.Base(abs), buildDir)
	if err != nil {
		return nil, err
	}
	sub := &Submission{Path: path, Command: []string{out}, Lang: lang.name, Compiled: true, Copies: []sandbox.Bind{{At: out, From: out}},
		VoidMain: declaresVoidMain(lang, srcs)}
	sub.setBuilt(builtWith(sources, builder(lang)))
	return sub, nil
}

// handInFolder copies the folder d (path, as given; opened by openOwn),
// read as package handin reads a submission, into buildDir, and returns the copy and
// what the rule left out (for Submission.Built). A file of the program
// left out (a source or header that is a link out of the folder, say) is
// an *Error naming it: the program cannot be built without it.
func handInFolder(ctx context.Context, path, buildDir string, d *handin.Dir) (snap string, left []*handin.RefusedError, err error) {
	dir, err := copiesDir(buildDir)
	if err != nil {
		return "", nil, err
	}
	snap = filepath.Join(dir, "folder")
	refused, err := d.CopyTo(ctx, ".", snap)
	var r *handin.RefusedError
	switch {
	case errors.As(err, &r):
		return "", nil, refusal(path, r)
	case err != nil && ctx.Err() != nil:
		return "", nil, ctx.Err()
	case err != nil:
		return "", nil, lookupError(path, err)
	}
	var program *handin.RefusedError // the first program file left out
	for _, r := range refused {
		if programFile(r.Name) && neededFile(r.Name) {
			return "", nil, refusal(filepath.Join(path, filepath.FromSlash(r.Name)), r)
		}
		if programFile(r.Name) && program == nil {
			program = r
		}
		left = append(left, r)
	}
	if program != nil {
		// An interpreted file left out: the program may well run without
		// it (helper.py -> /nowhere, never imported), and its runs say
		// so if not. But a folder left with no program at all is that
		// file's doing.
		if all, _, _, err := folderSources(snap); err == nil && len(all) == 0 {
			return "", nil, refusal(filepath.Join(path, filepath.FromSlash(program.Name)), program)
		}
	}
	return snap, left, nil
}

// programFile says whether name is a file of a program the grader builds
// or runs: a source or a header.
func programFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return languages[ext].name != "" || slices.Contains(headerExts, ext) ||
		slices.ContainsFunc(folderKinds, func(k folderKind) bool { return slices.Contains(k.exts, ext) })
}

// neededFile says whether a program file left out of a folder fails the
// whole submission: a source or header of a language the grader compiles
// (the build would fail without it, or build a program the student did not
// write), or the file a Python package starts with. An interpreted
// language's other files are left out and named, and the rest is graded.
func neededFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	if path.Base(name) == "__main__.py" || slices.Contains(headerExts, ext) {
		return true
	}
	lang, known := languages[ext]
	return !known || lang.compile != nil || lang.name == "java"
}

// declaresMain finds where a Go, C, C++ or Java program starts.
var declaresMain = regexp.MustCompile(`\bmain\s*\(`)

// mainFirst sorts sources by name, those that declare main first: the
// order a student lists them in ("main.go board.go").
func mainFirst(dir string, sources []string) []string {
	var mains, rest []string
	for _, s := range sources {
		data, _ := os.ReadFile(filepath.Join(dir, s))
		if declaresMain.Match(data) {
			mains = append(mains, s)
		} else {
			rest = append(rest, s)
		}
	}
	slices.Sort(mains)
	slices.Sort(rest)
	return append(mains, rest...)
}

// folderSources reads a folder: all its program files (those of a known
// extension, not a Go test), the kinds of folder program they make, and the
// sources of the last kind found (of the only one, when there is one). A
// program file the rule of package handin refuses (a link out of the
// folder) counts, so that preparing the folder names it.
func folderSources(abs string) (all []string, found []folderKind, sources []string, err error) {
	entries, err := listFolder(abs)
	if err != nil {
		return nil, nil, nil, err
	}
	byExt := map[string][]string{} // sources by extension, sorted
	for _, e := range entries {
		name := e.Name
		if e.Kind == handin.Folder {
			continue
		}
		ext := strings.ToLower(filepath.Ext(name))
		if languages[ext].name == "" && !slices.ContainsFunc(folderKinds, func(k folderKind) bool { return slices.Contains(k.exts, ext) }) {
			continue
		}
		if ext == ".go" && strings.HasSuffix(name, "_test.go") {
			continue // go build leaves tests out too
		}
		byExt[ext] = append(byExt[ext], name)
		all = append(all, name)
	}
	for _, k := range folderKinds {
		var srcs []string
		for _, ext := range k.exts {
			srcs = append(srcs, byExt[ext]...)
		}
		if len(srcs) > 0 {
			found = append(found, k)
			sources = srcs
		}
	}
	return all, found, sources, nil
}

// listFolder lists the folder at dir as package handin reads it: its
// files, its folders, and what it refuses.
func listFolder(dir string) ([]handin.Entry, error) {
	d, err := handin.OpenDir(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.List(".")
}

// headerExts are the extensions of C and C++ headers, which a source of
// the folder may include.
var headerExts = []string{".h", ".hpp", ".hh"}

// hasHeaders says whether a folder of C or C++ sources holds headers.
func hasHeaders(abs string, found []folderKind) bool {
	if len(found) != 1 || (found[0].lang.name != "c" && found[0].lang.name != "c++") {
		return false
	}
	entries, _ := listFolder(abs)
	return slices.ContainsFunc(entries, func(e handin.Entry) bool {
		return e.Kind != handin.Folder && slices.Contains(headerExts, strings.ToLower(filepath.Ext(e.Name)))
	})
}

// IsProgramFolder says whether dir holds one program of several files, as
// Prepare builds a folder: program files of one language that the grader
// builds together (or one C file and its headers), with a __main__.py for
// Python, or exactly one file with if __name__ == "__main__". A folder holding several programs, or files of no such language,
// is not one.
func IsProgramFolder(dir string) bool {
	all, found, sources, err := folderSources(dir)
	if err != nil || len(found) != 1 || len(sources) != len(all) || (len(all) < 2 && !hasHeaders(dir, found)) {
		return false
	}
	return found[0].lang.name != "python" || slices.Contains(sources, "__main__.py") || pythonEntry(dir, sources) != ""
}

// builder names the command that builds a language's folder, as a student
// would type it.
func builder(lang language) string {
	if lang.name == "go" {
		return "go build"
	}
	return lang.tool
}

// preparePythonPackage runs a folder with a __main__.py as python3 FOLDER
// would: its __main__.py as the main script, the folder first on sys.path,
// so that its modules import one another by name. Naming the file rather
// than the folder lets whatever checks a Python file check it too. The run
// sees the grader's copy (snap) where the student's folder is (abs).
func preparePythonPackage(ctx context.Context, path, abs, snap, buildDir string, sources []string) (*Submission, error) {
	main, built := "__main__.py", builtPackage(sources)
	if !slices.Contains(sources, main) {
		// A folder of modules without __main__.py: the one that starts
		// the program says so, with the guard Python's own docs teach.
		main = pythonEntry(snap, sources)
		if main == "" {
			return nil, problem(path, say("submission.python_no_main", cmd("files", shownNames(sources, ", ")), cmd("main", "__main__.py"), cmd("guard", `if __name__ == "__main__"`)),
				say("submission.fix.python_main", cmd("main", "__main__.py"), cmd("python3", "python3")))
		}
		built = builtPythonEntry(main, sources)
	}
	lang := languages[".py"]
	if err := toolMissing(path, lang.tool, lang.install); err != nil {
		return nil, err
	}
	interp := resolveInterpreter(ctx, lang, snap, buildDir)
	sub := &Submission{Path: path, Command: []string{interp, filepath.Join(abs, main)}, Lang: lang.name, Copies: []sandbox.Bind{{At: abs, From: snap}}}
	sub.setBuilt(built)
	return sub, nil
}

// mainGuard is the line that makes a Python file runnable as the program
// while its functions stay importable.
var mainGuard = regexp.MustCompile(`(?m)^if\s+__name__\s*==\s*['"]__main__['"]\s*:`)

// pythonEntry is the one Python file of a folder that has mainGuard, ""
// when none or several have it.
func pythonEntry(dir string, sources []string) string {
	entry := ""
	for _, s := range sources {
		data, ok := readSourceFile(filepath.Join(dir, s))
		if !ok || !mainGuard.Match(data) {
			continue
		}
		if entry != "" {
			return ""
		}
		entry = s
	}
	return entry
}

// javaMain finds a class's main method as javac reads it: static, void,
// named main, whatever the modifiers' order.
var javaMain = regexp.MustCompile(`\bstatic\s+(?:final\s+)?(?:public\s+)?void\s+main\s*\(`)

// javaPackage finds a source's package declaration.
var javaPackage = regexp.MustCompile(`(?m)^\s*package\s+([A-Za-z_][\w.]*)\s*;`)

// prepareJavaFolder compiles every class of the folder (the grader's copy,
// abs) with javac and runs the one class that has a main method.
func prepareJavaFolder(ctx context.Context, path, abs, buildDir string, sources []string) (*Submission, error) {
	if err := toolMissing(path, languages[".java"].tool, languages[".java"].install); err != nil {
		return nil, err
	}
	if err := toolMissing(path, "javac", languages[".java"].install); err != nil {
		return nil, err
	}
	var mains []string
	for _, s := range sources {
		data, err := os.ReadFile(filepath.Join(abs, s))
		if err != nil {
			return nil, problem(filepath.Join(path, s), say("submission.unreadable", cmd("error", err.Error())), noFix)
		}
		if javaMain.Match(data) {
			mains = append(mains, s)
		}
	}
	switch {
	case len(mains) == 0:
		return nil, problem(path, say("submission.java_no_main", cmd("files", shownNames(sources, ", ")), cmd("main", "main")),
			say("submission.fix.java_main", cmd("signature", "public static void main(String[] args)")))
	case len(mains) > 1:
		return nil, problem(path, say("submission.java_mains", cmd("main", "main"), cmd("files", shownNames(mains, ", "))),
			say("submission.fix.java_one_main", cmd("main", "main")))
	}
	classes := filepath.Join(buildDir, "classes")
	if err := os.MkdirAll(classes, 0o755); err != nil {
		return nil, fmt.Errorf("grader: making build folder: %w", err)
	}
	// No annotation processor runs: javac would find one in the
	// folder, as its class path (a class named in
	// META-INF/services/javax.annotation.processing.Processor), and run the
	// student's code while it compiles, writing what it likes into the
	// build folder. A source is named so that javac cannot read it as an
	// option (-J-javaagent:x.jar=.java) or a file of options (@x.java).
	argv := []string{"javac", "-encoding", "UTF-8", "-d", classes}
	if !sandbox.LayerOff("javacproc") {
		argv = append(argv, "-proc:none")
	}
	for _, s := range sources {
		argv = append(argv, operand(s))
	}
	if err := runCompiler(ctx, argv, abs, buildDir, nil, []string{abs}, nil); err != nil {
		return nil, err
	}
	if err := checkBuilt(ctx, classes, argv); err != nil {
		return nil, err
	}
	// A class in a package is named with it (java nqueens.Main), as javac
	// -d puts it in the package's folder.
	mainClass := strings.TrimSuffix(mains[0], ".java")
	if data, err := os.ReadFile(filepath.Join(abs, mains[0])); err == nil {
		if m := javaPackage.FindSubmatch(data); m != nil {
			mainClass = string(m[1]) + "." + mainClass
		}
	}
	sub := &Submission{Path: path, Command: []string{"java", "-cp", classes, mainClass}, Lang: "java", Compiled: true,
		Copies: []sandbox.Bind{{At: classes, From: classes}}}
	sub.setBuilt(builtJava(sources, mainClass))
	return sub, nil
}

// checkBuilt judges built, a folder a build wrote that each run is given a
// copy of (scenario's runCopies copies it with handin's walk), by that
// walk's bounds (handin.MaxDepth, MaxEntries, MaxTotalSize) and rules. Past
// them it is the build's failure, a *CompileError with what to do: the
// student's program made it so (a package forty names deep, ten thousand
// nested classes), and found at the first run instead it read as the
// grader's own failure to copy it, on every check. argv is the build's.
func checkBuilt(ctx context.Context, built string, argv []string) error {
	if sandbox.LayerOff("builtbounds") {
		return nil
	}
	d, err := handin.OpenDir(filepath.Dir(built))
	if err != nil {
		return fmt.Errorf("grader: reading what was built: %w", err)
	}
	defer d.Close()
	err = d.Walk(ctx, filepath.Base(built), func(e handin.Entry) error {
		if e.Kind == handin.Refused {
			return e.Refused
		}
		return nil
	})
	var r *handin.RefusedError
	if !errors.As(err, &r) {
		if err != nil {
			return fmt.Errorf("grader: reading what was built: %w", err)
		}
		return nil
	}
	fix := r.Todo
	switch r.Why.ID {
	case "handin.too_deep":
		// javac -d puts a class of package a.b.c in a/b/c: the walk reads
		// the folder built, then MaxDepth-1 folders below it.
		fix = say("submission.fix.built_deep", report.Verbatim("most", strconv.Itoa(handin.MaxDepth-1)), report.Verbatim("example", "package a.b.c;"))
	case "handin.too_many":
		fix = say("submission.fix.built_many")
	case "handin.too_much":
		fix = say("submission.fix.built_much")
	}
	why := say("submission.built_refused", report.Verbatim("tool", filepath.Base(argv[0])), report.Verbatim("built", handin.Shown(r.Name)),
		report.Nested("problem", r.Why), report.Nested("fix", fix))
	return &CompileError{Command: argv, Why: &why}
}

// voidMain is C's and C++'s main declared void, which the compilers accept
// and which leaves the exit status to whatever was last in a register.
var voidMain = regexp.MustCompile(`\bvoid\s+main\s*\(`)

// declaresVoidMain says whether any C or C++ source declares void main.
func declaresVoidMain(lang language, srcs []string) bool {
	if lang.name != "c" && lang.name != "c++" {
		return false
	}
	for _, s := range srcs {
		if data, err := os.ReadFile(s); err == nil && voidMain.Match(data) {
			return true
		}
	}
	return false
}

// SplitProgram is one file of a program split into several, given alone:
// the grader builds a folder whole, and the student is told so.
type SplitProgram struct {
	File   string   // the file given, by its base name
	Others []string // the folder's other files of the program
	Folder string   // the folder, as the student would give it
}

// Hint says what to give instead, for exercise.
func (sp *SplitProgram) Hint(exercise string) string { return English(sp.HintMessage(exercise)) }

// builtAlone says whether a compiler's output shows that src, built alone,
// needs the other files of its folder: a name it does not define, or a
// header of the folder it cannot include.
func builtAlone(lang language, own *handin.Dir, src, output string) *SplitProgram {
	others := siblings(lang, own, src)
	if len(others) == 0 {
		return nil
	}
	undefined := map[string]string{"go": "undefined: ", "c": "undefined reference to", "c++": "undefined reference to"}[lang.name]
	needs := undefined != "" && strings.Contains(output, undefined)
	for _, o := range others {
		needs = needs || strings.Contains(output, o+": No such file")
	}
	if !needs {
		return nil
	}
	return &SplitProgram{File: src, Others: others}
}

// siblings lists, sorted, the other files of src's folder, own (opened by
// openOwn, never looked up again by its path), that a program of its
// language could be made of: its sources, and for C and C++ the headers.
func siblings(lang language, own *handin.Dir, src string) []string {
	var exts []string
	for _, k := range folderKinds {
		if k.lang.name == lang.name {
			exts = k.exts
		}
	}
	if lang.name == "c" || lang.name == "c++" {
		exts = append(slices.Clone(exts), headerExts...)
	}
	entries, _ := own.List(".")
	var others []string
	for _, e := range entries {
		name := e.Name
		if name == src || e.Kind != handin.File || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if slices.Contains(exts, strings.ToLower(filepath.Ext(name))) {
			others = append(others, name)
		}
	}
	return others
}

// folderArg is the folder of path as a student would type it: "." for a
// file of the working folder, and a final slash.
func folderArg(path string) string {
	return filepath.Dir(path) + string(filepath.Separator)
}

// projectFiles make a folder the project of a build tool the grader does
// not run, and say what to call it.
// (what: the message submission.project.WHAT).
var projectFiles = []struct{ file, what string }{
	{"Cargo.toml", "rust"},
	{"go.mod", "go"},
	{"pom.xml", "maven"},
	{"build.gradle", "gradle"},
	{"build.gradle.kts", "gradle"},
	{"CMakeLists.txt", "cmake"},
	{"Makefile", "make"},
	{"package.json", "node"},
	{"pyproject.toml", "python"},
}

// Bounds on the search for a program built in a project folder: a build's
// output is a few levels down (target/release/nqueens, build/nqueens).
const (
	maxBuiltDepth   = 4
	maxBuiltEntries = 4096
)

// noProgram is the error for a folder with no program file the grader
// runs: what it holds instead, when that is a project of a build tool, and
// the program built in it, when there is one, as what to hand in.
func noProgram(path, abs string) error {
	var project *report.Message
	for _, p := range projectFiles {
		if fi, err := os.Lstat(filepath.Join(abs, p.file)); err == nil && fi.Mode().IsRegular() {
			m := say("submission.project."+p.what, cmd("file", p.file))
			project = &m
			break
		}
	}
	built := builtPrograms(abs)
	switch {
	case project != nil && len(built) > 0:
		return problem(path, say("submission.project_built", report.Nested("project", *project), cmd("built", shownPath(built[0]))),
			sourcesFix(filepath.Join(path, built[0])))
	case project != nil:
		return problem(path, say("submission.project_unbuilt", report.Nested("project", *project)), sourcesFix(""))
	case len(built) > 0:
		return problem(path, say("submission.only_built", cmd("built", shownPath(built[0]))),
			say("submission.fix.hand_in_binary", cmd("program", shownPath(filepath.Join(path, built[0])))))
	}
	return problem(path, say("submission.folder_empty"), folderHolds())
}

// builtPrograms lists the executable program binaries (ELF) under dir, as
// paths relative to it, a few levels down at most; links are not followed.
func builtPrograms(dir string) []string {
	var found []string
	seen := 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if seen++; seen > maxBuiltEntries || len(found) == 3 {
			return filepath.SkipAll
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || strings.Count(rel, string(filepath.Separator)) >= maxBuiltDepth) {
				return filepath.SkipDir
			}
			return nil
		}
		if info, err := d.Info(); err == nil && info.Mode().IsRegular() && info.Mode().Perm()&0o111 != 0 && isELF(p) {
			found = append(found, rel)
		}
		return nil
	})
	return found
}

// isELF says whether the regular file at p is an ELF program, reading its
// first bytes without following a link or waiting on a FIFO.
func isELF(p string) bool {
	f, err := os.OpenFile(p, os.O_RDONLY|openNoFollow|openNonblock, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	magic := make([]byte, 4)
	_, err = io.ReadFull(f, magic)
	return err == nil && string(magic) == "\x7fELF"
}

// maxUploadNamed is how many of an upload's files a message names.
const maxUploadNamed = 4

// Uploaded says the problem with a platform's upload folder (Gradescope's,
// PrairieLearn's), where a student uploads files and can neither name one
// nor give a folder, as a message: "upload exactly one program file (you
// uploaded a.py and b.py)" (English says its English words). ok is false when the folder is one program (of one file, or
// of several the grader builds together), whose own error says what is
// wrong.
func Uploaded(dir string) (message report.Message, ok bool) {
	entries, err := os.ReadDir(dir)
	if err != nil || IsProgramFolder(dir) {
		return report.Message{}, false
	}
	var programs, others []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."):
		case e.Type().IsRegular() && languages[strings.ToLower(filepath.Ext(name))].name != "":
			programs = append(programs, name)
		case e.IsDir():
			others = append(others, name+"/")
		default:
			others = append(others, name)
		}
	}
	switch {
	case len(programs) == 1:
		return report.Message{}, false
	case len(programs) > 1:
		return say("submission.upload.several", report.Nested("files", uploadList(programs))), true
	case len(others) > 0:
		return say("submission.upload.other", cmd("extensions", strings.Join(SourceExtensions(), ", ")), report.Nested("files", uploadList(others))), true
	}
	return say("submission.upload.empty"), true
}
