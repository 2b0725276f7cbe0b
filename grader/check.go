package grader

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/internal/suggest"
	"github.com/rogpeppe/go-internal/txtar"
)

// headerKeyRE matches a header line that sets a key: `# points: 2`. A word,
// a colon, then a space or the end, so "# see https://..." stays prose.
var headerKeyRE = regexp.MustCompile(`^#\s*([A-Za-z][A-Za-z0-9_-]*):(\s.*)?$`)

var headerKeys = []string{"hint", "needs", "points", "timeout-hint", "title"}

// parseCheck reads one scenario: its header and, statically, every command
// line, so that a typo in a command or its usage is the author's error at
// load time rather than a student's failure at run time.
func parseCheck(name, file string, script []byte, program string, messages map[string]string) (*Check, error) {
	fail := func(line int, format string, args ...any) error {
		return &ExerciseError{File: file, Line: line, Err: fmt.Errorf(format, args...)}
	}
	ar := txtar.Parse(script)
	c := &Check{Name: name, File: file, Script: script}
	c.lines = strings.Split(string(ar.Comment), "\n")
	if n := len(c.lines); n > 0 && c.lines[n-1] == "" {
		c.lines = c.lines[:n-1]
	}

	// The header: the leading # lines.
	seen := make(map[string]int)
	var desc []string
	for i, l := range c.lines {
		if !strings.HasPrefix(l, "#") {
			break
		}
		line := i + 1
		m := headerKeyRE.FindStringSubmatch(l)
		if m == nil {
			if d := strings.TrimSpace(strings.TrimPrefix(l, "#")); d != "" {
				desc = append(desc, d)
			}
			continue
		}
		key, value := m[1], strings.TrimSpace(m[2])
		if !slices.Contains(headerKeys, key) {
			err := fmt.Errorf("unknown header key %q (known: title, points, needs, hint, timeout-hint)", key)
			if s := suggest.Closest(key, headerKeys); s != "" {
				err = fmt.Errorf("unknown header key %q (did you mean %q?)", key, s)
			}
			return nil, &ExerciseError{File: file, Line: line, Err: err}
		}
		if prev, ok := seen[key]; ok {
			return nil, fail(line, "header key %q set twice (first on line %d)", key, prev)
		}
		seen[key] = line
		switch key {
		case "title":
			c.Title = value
		case "hint":
			c.Hint = value
		case "timeout-hint":
			c.TimeoutHint = value
		case "points":
			p, err := strconv.Atoi(value)
			if err != nil || p < 0 {
				return nil, fail(line, "points %q is not a whole number of points (0 or more)", value)
			}
			c.Points = p
		case "needs":
			c.needsLine = line
			for n := range strings.SplitSeq(value, ",") {
				if n = strings.TrimSpace(n); n != "" && !slices.Contains(c.Needs, n) {
					c.Needs = append(c.Needs, n)
				}
			}
		}
	}
	c.Description = strings.Join(desc, " ")
	if c.Title == "" {
		return nil, fail(seen["title"], "missing title: add a header line `# title: ...`")
	}
	if _, ok := seen["points"]; !ok {
		return nil, fail(0, "missing points: add a header line `# points: N`")
	}

	files := make(map[string]bool)
	for _, f := range ar.Files {
		files[f.Name] = true
	}
	for i, l := range c.lines {
		sl, err := parseLine(l)
		if err != nil {
			return nil, fail(i+1, "%v", err)
		}
		if sl == nil {
			continue
		}
		if err := validateLine(sl, program, files); err != nil {
			return nil, fail(i+1, "%v", err)
		}
		if sl.cmd == "env" {
			for _, a := range sl.args {
				if k, _, ok := strings.Cut(a, "="); ok && k != "" && !slices.Contains(c.envNames, k) {
					c.envNames = append(c.envNames, k)
				}
			}
		}
	}
	// Variables are checked against every name an env line sets, wherever
	// the line is: one set after its use still passes here, and the
	// reference's run in grader verify shows it.
	for i, l := range c.lines {
		sl, _ := parseLine(l)
		if sl == nil {
			continue
		}
		if err := checkVars(sl.vars, messages, c.envNames); err != nil {
			return nil, fail(i+1, "%v", err)
		}
		if sl.cmd == "cmpenv" && len(sl.args) == 2 {
			for _, f := range ar.Files {
				if f.Name == sl.args[1] {
					if err := checkVars(varNames(string(f.Data)), messages, c.envNames); err != nil {
						return nil, fail(i+1, "cmpenv %s: %s: %v", sl.args[0], f.Name, err)
					}
				}
			}
		}
	}
	return c, nil
}

// scriptLine is one command line of a scenario, parsed the way testscript
// parses it but without expanding variables, which only exist at run time.
type scriptLine struct {
	conds     []string // [cond] prefixes, brackets removed
	neg       bool     // a ! prefix
	cmd       string
	args      []string
	dynamic   bool     // an argument uses $VAR: its value is known only at run time
	vars      []string // the variables its unquoted text names ($NAME, ${NAME})
	cmdOffset int      // where cmd starts in the line, for rewriting
}

// parseLine parses a scenario line, or returns nil for a comment or a blank.
func parseLine(line string) (*scriptLine, error) {
	if strings.HasPrefix(line, "#") {
		return nil, nil
	}
	args, offsets, vars, dynamic, err := tokenize(line)
	if err != nil || len(args) == 0 {
		return nil, err
	}
	sl := &scriptLine{dynamic: dynamic, vars: vars}
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i], "[") && strings.HasSuffix(args[i], "]"); i++ {
		sl.conds = append(sl.conds, strings.TrimSpace(args[i][1:len(args[i])-1]))
	}
	if i < len(args) && args[i] == "!" {
		sl.neg = true
		i++
	}
	if i == len(args) {
		if sl.neg {
			return nil, errors.New("! on line by itself")
		}
		return nil, errors.New("missing command after condition")
	}
	sl.cmd, sl.cmdOffset, sl.args = args[i], offsets[i], args[i+1:]
	return sl, nil
}

// tokenize splits a line into arguments exactly as testscript's parse does
// (spaces separate, single quotes group, two quotes inside quotes are one, # ends the line),
// returning where each argument starts, the variables unquoted text names,
// and whether any unquoted text holds a $ that testscript would expand.
func tokenize(line string) (args []string, offsets []int, vars []string, dynamic bool, err error) {
	var (
		arg    string
		start  = -1
		first  = -1 // where the current argument began
		quoted = false
	)
	for i := 0; ; i++ {
		if !quoted && (i >= len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '#') {
			if start >= 0 {
				chunk := line[start:i]
				dynamic = dynamic || strings.Contains(chunk, "$")
				vars = append(vars, varNames(chunk)...)
				arg += chunk
				args = append(args, arg)
				offsets = append(offsets, first)
				start, first, arg = -1, -1, ""
			}
			if i >= len(line) || line[i] == '#' {
				break
			}
			continue
		}
		if i >= len(line) {
			return nil, nil, nil, false, errors.New("unterminated quoted argument")
		}
		if line[i] == '\'' {
			if !quoted {
				if start >= 0 {
					chunk := line[start:i]
					dynamic = dynamic || strings.Contains(chunk, "$")
					vars = append(vars, varNames(chunk)...)
					arg += chunk
				}
				if first < 0 {
					first = i
				}
				start = i + 1
				quoted = true
				continue
			}
			if i+1 < len(line) && line[i+1] == '\'' {
				arg += line[start:i]
				start = i + 1
				i++
				continue
			}
			arg += line[start:i]
			start = i + 1
			quoted = false
			continue
		}
		if start < 0 {
			start = i
			if first < 0 {
				first = i
			}
		}
	}
	return args, offsets, vars, dynamic, nil
}

// varNames returns the variables text names as testscript expands them
// (os.Expand: $NAME and ${NAME}; ${NAME@R} is NAME quoted for a pattern).
func varNames(text string) []string {
	var names []string
	os.Expand(text, func(name string) string {
		names = append(names, strings.TrimSuffix(name, "@R"))
		return ""
	})
	return names
}

// checkVars refuses a variable that nothing sets: testscript would expand
// it to nothing, and the check would compare with a text that has a hole
// where the author meant a message.
func checkVars(names []string, messages map[string]string, set []string) error {
	for _, name := range names {
		if _, ok := messages[name]; ok || slices.Contains(set, name) || slices.Contains(scriptVars, name) || name == "$" {
			continue
		}
		known := slices.Sorted(maps.Keys(messages))
		if s := suggest.Closest(name, known); s != "" {
			return fmt.Errorf("$%s is no message of exercise.toml and no env sets it (did you mean $%s?)", name, s)
		}
		if len(known) == 0 {
			return fmt.Errorf("$%s is no message of exercise.toml ([messages] names none) and no env sets it", name)
		}
		return fmt.Errorf("$%s is no message of exercise.toml (its messages: %s) and no env sets it", name, strings.Join(known, ", "))
	}
	return nil
}

// builtinCmds are testscript's own commands (go-internal v1.16.0, cmd.go),
// which scenarios may use beside the grader's.
var builtinCmds = []string{
	"cd", "chmod", "cmp", "cmpenv", "cp", "env", "exec", "exists", "grep", "kill",
	"mkdir", "mv", "rm", "skip", "stderr", "stdin", "stdout", "stop", "symlink",
	"ttyin", "ttyout", "unix2dos", "unquote", "wait",
}

// knownCmds is every command a scenario may use.
func knownCmds() []string {
	names := slices.Clone(builtinCmds)
	for n := range scenarioCmds {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// validateLine checks a command's name and, where its arguments are known
// before run time, its usage.
func validateLine(sl *scriptLine, program string, files map[string]bool) error {
	if cmd, ok := scenarioCmds[sl.cmd]; ok {
		if sl.neg && !cmd.negatable {
			return fmt.Errorf("unsupported: ! %s", sl.cmd)
		}
		if sl.dynamic {
			return nil
		}
		return cmd.validate(sl.args, program, files)
	}
	if !slices.Contains(builtinCmds, sl.cmd) {
		if sl.cmd == program {
			return fmt.Errorf("unknown command %q (run the submission with: run %s ...)", sl.cmd, program)
		}
		if s := suggest.Closest(sl.cmd, knownCmds()); s != "" {
			return fmt.Errorf("unknown command %q (did you mean %q?)", sl.cmd, s)
		}
		return fmt.Errorf("unknown command %q", sl.cmd)
	}
	switch sl.cmd {
	case "exec":
		// exec runs a host program outside the limits; naming the
		// submission's program there is a mistake for run.
		if len(sl.args) > 0 && sl.args[0] == program {
			return fmt.Errorf("exec %s runs a host program, not the submission: use run %s", program, program)
		}
	case "stdout", "stderr", "grep":
		args := sl.args
		if len(args) > 0 && strings.HasPrefix(args[0], "-count=") {
			if n, err := strconv.Atoi(strings.TrimPrefix(args[0], "-count=")); err != nil || n < 1 {
				return fmt.Errorf("%s: bad %s: must be a whole number, at least 1", sl.cmd, args[0])
			}
			args = args[1:]
		}
		want := 1
		if sl.cmd == "grep" {
			want = 2
		}
		if len(args) != want {
			if sl.cmd == "grep" {
				return errors.New("usage: grep [-count=N] 'pattern' file")
			}
			return fmt.Errorf("usage: %s [-count=N] 'pattern'", sl.cmd)
		}
		if !sl.dynamic {
			if _, err := regexp.Compile("(?m)" + args[0]); err != nil {
				return fmt.Errorf("%s: bad pattern: %v", sl.cmd, err)
			}
		}
	case "cmp", "cmpenv":
		if len(sl.args) != 2 {
			return fmt.Errorf("usage: %s file1 file2", sl.cmd)
		}
		if !sl.dynamic && (sl.args[0] == "stdout" || sl.args[0] == "stderr") && !files[sl.args[1]] {
			return fmt.Errorf("%s: %s is not a file in the archive (add -- %s --)", sl.cmd, sl.args[1], sl.args[1])
		}
	case "stdin":
		if sl.neg {
			return errors.New("unsupported: ! stdin")
		}
		if len(sl.args) != 1 {
			return errors.New("usage: stdin filename")
		}
		if !sl.dynamic && !files[sl.args[0]] {
			return fmt.Errorf("stdin %s: not a file in the archive (add -- %s --)", sl.args[0], sl.args[0])
		}
	}
	return nil
}

// runnableScript returns the scenario as testscript should run it. The
// builtin stdin feeds only testscript's own exec, which the grader's run
// cannot read, so each `stdin FILE` becomes the grader's stdin-file command,
// which feeds the next run instead. Line numbers do not change.
func (c *Check) runnableScript() []byte {
	ar := txtar.Parse(c.Script)
	lines := slices.Clone(c.lines)
	changed := false
	for i, l := range lines {
		sl, err := parseLine(l)
		if err != nil || sl == nil || sl.cmd != "stdin" {
			continue
		}
		lines[i] = l[:sl.cmdOffset] + stdinFileCmd + l[sl.cmdOffset+len("stdin"):]
		changed = true
	}
	if !changed {
		return c.Script
	}
	ar.Comment = []byte(strings.Join(lines, "\n") + "\n")
	return txtar.Format(ar)
}
