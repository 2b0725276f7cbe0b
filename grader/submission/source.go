package submission

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A failure's symptom (a prompt where the usage was expected, nothing
// printed though the program exited 0) often has its cause in plain sight
// in the source: it reads standard input and never its arguments, or it
// ends with os._exit, which leaves its output in its buffer. ReadSource
// finds those few facts, so that a report can name the cause. It reads the
// source as text, comments left out, and is wrong only where a program
// hides what it does (a call built from strings); every message that uses
// a fact says what it saw, and where.

// Source is what the grader found in a submission's source files.
type Source struct {
	Lang  string   // as Submission.Lang: "python", "c", ...
	Files []string // the files read, by base name
	// Args says the source reads its command-line arguments.
	Args bool
	// ArgsName is how the language names the arguments, for a message:
	// "sys.argv", "process.argv", ...
	ArgsName string
	// Stdin is the first read of standard input, nil for none.
	Stdin *Place
	// UnflushedExit is the first call that ends the program without
	// writing out what its output buffer holds (os._exit, _exit), nil for
	// none.
	UnflushedExit *Place
	// Flushes says the source flushes its output somewhere (fflush,
	// sys.stdout.flush(), setvbuf), so that an UnflushedExit may lose
	// nothing.
	Flushes bool
	// Python2 is the first line of a Python source that only Python 2
	// reads (a print statement, xrange), nil for none.
	Python2 *Place
}

// Place is where a source does something: the code, and its file and line.
type Place struct {
	Code string // what was found, as a student writes it: "input()", "scanf"
	File string // the file's base name
	Line int    // 1-based
}

// sourceRules are what ReadSource looks for, per language. args and stdin
// are read from the source with its comments left out; mainParams, for C,
// C++ and Java, is main's parameter list, whose argc, argv or args is a
// declaration, not a use.
type sourceRules struct {
	argsName string
	comments string // "#" or "//"
	args     *regexp.Regexp
	stdin    *regexp.Regexp
	// unflushed is an exit that skips the flush of standard output.
	unflushed *regexp.Regexp
	exts      []string
}

var sourceLangs = map[string]sourceRules{
	"python": {argsName: "sys.argv", comments: "#", exts: []string{".py"},
		args:      regexp.MustCompile(`\bargv\b|\bargparse\b|\bgetopt\b|\bfileinput\b|\bclick\b|\btyper\b|\bdocopt\b`),
		stdin:     regexp.MustCompile(`\b(?:raw_)?input\s*\(|\bstdin\b`),
		unflushed: regexp.MustCompile(`\bos\._exit\s*\(|\b_exit\s*\(`)},
	"c": {argsName: "argv", comments: "//", exts: []string{".c", ".h"},
		args:      regexp.MustCompile(`\bargv\b|\bargc\b|\bgetopt`),
		stdin:     regexp.MustCompile(`\bscanf\s*\(|\bgetchar\s*\(|\bgets\s*\(|\bstdin\b|\bread\s*\(\s*(?:0|STDIN_FILENO)\s*,`),
		unflushed: regexp.MustCompile(`\b_exit\s*\(|\b_Exit\s*\(|\bquick_exit\s*\(`)},
	"c++": {argsName: "argv", comments: "//", exts: []string{".cpp", ".cc", ".cxx", ".h", ".hpp", ".hh"},
		args:      regexp.MustCompile(`\bargv\b|\bargc\b|\bgetopt`),
		stdin:     regexp.MustCompile(`\bcin\b|\bscanf\s*\(|\bgetchar\s*\(|\bstdin\b`),
		unflushed: regexp.MustCompile(`\b_exit\s*\(|\b_Exit\s*\(|\bquick_exit\s*\(`)},
	"java": {argsName: "args, main's parameter", comments: "//", exts: []string{".java"},
		stdin:     regexp.MustCompile(`\bSystem\.in\b|\bSystem\.console\s*\(`),
		unflushed: regexp.MustCompile(`\.halt\s*\(`)},
	"javascript": {argsName: "process.argv", comments: "//", exts: []string{".js"},
		args:  regexp.MustCompile(`\bargv\b`),
		stdin: regexp.MustCompile(`\bprocess\.stdin\b|\breadline\b|prompt-sync|\breadFileSync\s*\(\s*(?:0|['"]/dev/stdin['"])`)},
	"ruby": {argsName: "ARGV", comments: "#", exts: []string{".rb"},
		args:      regexp.MustCompile(`\bARGV\b|\$\*|\bARGF\b|\bOptionParser\b`),
		stdin:     regexp.MustCompile(`\bgets\b|\bSTDIN\b|\$stdin\b|\breadlines?\b`),
		unflushed: regexp.MustCompile(`\bexit!`)},
	"go": {argsName: "os.Args", comments: "//", exts: []string{".go"},
		args:  regexp.MustCompile(`\bos\.Args\b|\bflag\.`),
		stdin: regexp.MustCompile(`\bos\.Stdin\b|\bfmt\.Scan(?:f|ln)?\s*\(`)},
	"shell": {argsName: "$1", comments: "#", exts: []string{".sh"},
		args:  regexp.MustCompile(`\$[1-9#@*]|\$\{[1-9#@*]|\bgetopts\b`),
		stdin: regexp.MustCompile(`(?m)(?:^|[;&|(]|\bthen|\bdo)\s*read\b`)},
}

// flushes finds a flush of output, or output made unbuffered, in any
// language.
var flushes = regexp.MustCompile(`(?i)flush|setvbuf|setbuf|unitbuf|\.sync\s*=`)

// mainParams is main's parameter list in C, C++ and Java, where argc and
// argv (args) are declared whether or not the program uses them.
var mainParams = regexp.MustCompile(`\bmain\s*\(([^)]*)\)`)

// javaArgsParam is the name main gives its arguments in Java.
var javaArgsParam = regexp.MustCompile(`String\s*(?:\[\s*\]|\.\.\.)\s*(\w+)|String\s+(\w+)\s*\[\s*\]`)

// python2Lines are lines only Python 2 reads, and what a message calls them.
var python2Lines = []struct {
	re   *regexp.Regexp
	what string
}{
	{regexp.MustCompile(`(?m)^[ \t]*print(?:[ \t]+[^\s(=.,;:)\]]|[ \t]*>>|[ \t]*$)`), "print without parentheses"},
	{regexp.MustCompile(`\bxrange\s*\(`), "xrange"},
	{regexp.MustCompile(`\braw_input\s*\(`), "raw_input"},
	{regexp.MustCompile(`(?m)^[ \t]*except[ \t]+[\w.]+[ \t]*,[ \t]*\w+[ \t]*:`), "except E, e:"},
	{regexp.MustCompile(`\.has_key\s*\(`), "has_key"},
	{regexp.MustCompile(`\.iter(?:items|keys|values)\s*\(`), "iteritems"},
}

// Bounds on what ReadSource reads: a student's program is a few files of
// a few kilobytes, and anything else is not worth reading for a message.
const (
	maxSourceFiles = 64
	maxSourceBytes = 1 << 20
)

// ReadSource reads what it can of sub's source files: nil when the
// submission has none it knows (an executable, a language it has no rules
// for) or none can be read. It reads only the grader's own copy of what
// was handed in (sub.Source: the file, or the files directly in the
// folder), regular files, each bounded, never through a link: not
// sub.Path, which a student may swap for a link to a classmate's closed
// folder as the grader reads it (a root grader named alice's input() in
// mallory's report).
func ReadSource(sub *Submission) *Source {
	rules, ok := sourceLangs[sub.Lang]
	if !ok {
		return nil
	}
	if sub.Source == "" {
		return nil
	}
	files := sourceFiles(sub.Source, rules)
	if len(files) == 0 {
		return nil
	}
	src := &Source{Lang: sub.Lang, ArgsName: rules.argsName}
	for _, f := range files {
		data, ok := readSourceFile(f)
		if !ok {
			continue
		}
		code := stripComments(string(data), rules.comments)
		name := filepath.Base(f)
		src.Files = append(src.Files, name)
		src.Args = src.Args || readsArgs(code, sub.Lang, rules)
		src.Flushes = src.Flushes || flushes.MatchString(code)
		if src.Stdin == nil {
			src.Stdin = find(rules.stdin, code, name)
		}
		if src.UnflushedExit == nil {
			src.UnflushedExit = find(rules.unflushed, code, name)
		}
		if sub.Lang == "python" && src.Python2 == nil {
			for _, p := range python2Lines {
				if pl := find(p.re, code, name); pl != nil && (src.Python2 == nil || pl.Line < src.Python2.Line) {
					pl.Code = p.what
					src.Python2 = pl
				}
			}
		}
	}
	if len(src.Files) == 0 {
		return nil
	}
	return src
}

// Has says whether base is the name of one of the files read.
func (s *Source) Has(base string) bool {
	return s != nil && slices.Contains(s.Files, base)
}

// sourceFiles lists the files to read: path itself, or the files of the
// language directly in the folder path, sorted, at most maxSourceFiles.
func sourceFiles(path string, rules sourceRules) []string {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil
	}
	if fi.Mode().IsRegular() {
		return []string{path}
	}
	if !fi.IsDir() {
		return nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil
	}
	var files []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") &&
			slices.Contains(rules.exts, strings.ToLower(filepath.Ext(e.Name()))) {
			files = append(files, filepath.Join(path, e.Name()))
		}
		if len(files) == maxSourceFiles {
			break
		}
	}
	return files
}

// readSourceFile reads at most maxSourceBytes of a regular file, without
// following a link or waiting on a FIFO put in its place since it was
// listed.
func readSourceFile(path string) ([]byte, bool) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNoFollow|openNonblock, 0)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	data, err := io.ReadAll(io.LimitReader(f, maxSourceBytes))
	return data, err == nil
}

// readsArgs says whether code reads its command-line arguments: main's
// own parameters are a declaration, not a read.
func readsArgs(code, lang string, rules sourceRules) bool {
	switch lang {
	case "java":
		m := mainParams.FindStringSubmatchIndex(code)
		if m == nil {
			return false
		}
		p := javaArgsParam.FindStringSubmatch(code[m[2]:m[3]])
		if p == nil {
			return false
		}
		name := p[1] + p[2]
		rest := code[:m[0]] + code[m[1]:]
		return regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(rest)
	case "c", "c++":
		code = mainParams.ReplaceAllStringFunc(code, func(s string) string { return "main()" })
	}
	return rules.args != nil && rules.args.MatchString(code)
}

// find returns where re first matches code, nil for nowhere.
func find(re *regexp.Regexp, code, file string) *Place {
	if re == nil {
		return nil
	}
	loc := re.FindStringIndex(code)
	if loc == nil {
		return nil
	}
	return &Place{Code: callName(code[loc[0]:loc[1]]), File: file, Line: strings.Count(code[:loc[0]], "\n") + 1}
}

// callName words what a rule matched as a student writes it: "input()"
// for `input (`, the name alone otherwise.
func callName(m string) string {
	m = strings.TrimSpace(strings.TrimLeft(m, ";&|( \t\n"))
	if i := strings.IndexAny(m, "( \t"); i > 0 && strings.HasSuffix(m, "(") {
		return m[:i] + "()"
	}
	return strings.TrimSpace(strings.TrimSuffix(m, "("))
}

// stripComments blanks out comments, keeping every newline so that lines
// keep their numbers: "#" comments (Python, Ruby, shell), or "//" and
// "/* */" (C, C++, Java, JavaScript, Go). Quotes are followed so that a
// "#" or "//" inside a string is no comment; a string is kept as it is.
func stripComments(code, style string) string {
	var b strings.Builder
	b.Grow(len(code))
	var quote byte // the open string's quote, 0 outside one
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case quote != 0:
			b.WriteByte(c)
			switch {
			case c == '\\' && i+1 < len(code) && code[i+1] != '\n':
				i++
				b.WriteByte(code[i])
			case c == quote:
				quote = 0
			case c == '\n' && quote != '`' && style == "//":
				quote = 0 // an unterminated string ends with its line
			}
		case c == '"' || c == '\'' || (c == '`' && style == "//"):
			quote = c
			b.WriteByte(c)
		case style == "#" && c == '#' && (i == 0 || !isWordByte(code[i-1]) && code[i-1] != '$' && code[i-1] != '{'):
			for i < len(code) && code[i] != '\n' {
				i++
			}
			if i < len(code) {
				b.WriteByte('\n')
			}
		case style == "//" && c == '/' && i+1 < len(code) && code[i+1] == '/':
			for i < len(code) && code[i] != '\n' {
				i++
			}
			if i < len(code) {
				b.WriteByte('\n')
			}
		case style == "//" && c == '/' && i+1 < len(code) && code[i+1] == '*':
			i += 2
			for i < len(code) && !(code[i] == '*' && i+1 < len(code) && code[i+1] == '/') {
				if code[i] == '\n' {
					b.WriteByte('\n')
				}
				i++
			}
			i++ // the closing '/'
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
