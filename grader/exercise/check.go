package exercise

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/boardcheck/boardcheck/grader/script"
	"github.com/boardcheck/boardcheck/internal/suggest"
)

// headerKeyRE matches a header line that sets a key: `# points: 2`. A word,
// a colon, then a space or the end, so "# see https://..." stays prose.
var headerKeyRE = regexp.MustCompile(`^#\s*([A-Za-z][A-Za-z0-9_-]*):(\s.*)?$`)

var headerKeys = []string{"hint", "needs", "points", "timeout-hint", "title"}

// ParseCheck reads one scenario: its header and, statically, every command
// line, so that a typo in a command or its usage is the author's error at
// load time rather than a student's failure at run time.
func ParseCheck(name, file string, text []byte, ctx script.Context, messages map[string]string) (*Check, error) {
	fail := func(line int, format string, args ...any) error {
		return &Error{File: file, Line: line, Err: fmt.Errorf(format, args...)}
	}
	ar := txtar.Parse(text)
	c := &Check{Name: name, File: file, Script: text}
	c.Lines = strings.Split(string(ar.Comment), "\n")
	if n := len(c.Lines); n > 0 && c.Lines[n-1] == "" {
		c.Lines = c.Lines[:n-1]
	}

	// The header: the leading # lines.
	seen := make(map[string]int)
	var desc []string
	for i, l := range c.Lines {
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
			return nil, &Error{File: file, Line: line, Err: err}
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
	for i, l := range c.Lines {
		sl, err := script.ParseLine(l)
		if err != nil {
			return nil, fail(i+1, "%v", err)
		}
		if sl == nil {
			continue
		}
		ctx.Files = files
		if err := script.ValidateLine(sl, ctx); err != nil {
			return nil, fail(i+1, "%v", err)
		}
		if sl.Cmd == "env" {
			for _, a := range sl.Args {
				if k, _, ok := strings.Cut(a, "="); ok && k != "" && !slices.Contains(c.EnvNames, k) {
					c.EnvNames = append(c.EnvNames, k)
				}
			}
		}
	}
	// Variables are checked against every name an env line sets, wherever
	// the line is: one set after its use still passes here, and the
	// reference's run in grader verify shows it.
	for i, l := range c.Lines {
		sl, _ := script.ParseLine(l)
		if sl == nil {
			continue
		}
		if err := checkVars(sl.Vars, messages, c.EnvNames); err != nil {
			return nil, fail(i+1, "%v", err)
		}
		if sl.Cmd == "cmpenv" && len(sl.Args) == 2 {
			for _, f := range ar.Files {
				if f.Name == sl.Args[1] {
					if err := checkVars(script.VarNames(string(f.Data)), messages, c.EnvNames); err != nil {
						return nil, fail(i+1, "cmpenv %s: %s: %v", sl.Args[0], f.Name, err)
					}
				}
			}
		}
	}
	return c, nil
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

// RunnableScript returns the scenario as testscript should run it. The
// builtin stdin feeds only testscript's own exec, which the grader's run
// cannot read, so each `stdin FILE` becomes the grader's stdin-file command,
// which feeds the next run instead. Unless update (verify -update, whose
// new expected texts testscript's own cmp takes), each cmp and cmpenv
// becomes the grader's, which compares alike but does not diff a
// submission's output of millions of lines against the expected text:
// testscript's diff of 15 million lines took the grader 1.5 GB.
// Line numbers do not change.
func (c *Check) RunnableScript(update bool) []byte {
	ar := txtar.Parse(c.Script)
	lines := slices.Clone(c.Lines)
	changed := false
	for i, l := range lines {
		sl, err := script.ParseLine(l)
		if err != nil || sl == nil {
			continue
		}
		var cmd string
		switch {
		case sl.Cmd == "stdin":
			cmd = script.StdinFileCmd
		case sl.Cmd == "cmp" && !update:
			cmd = script.CmpCmd
		case sl.Cmd == "cmpenv" && !update:
			cmd = script.CmpenvCmd
		default:
			continue
		}
		lines[i] = l[:sl.CmdOffset] + cmd + l[sl.CmdOffset+len(sl.Cmd):]
		changed = true
	}
	if !changed {
		return c.Script
	}
	ar.Comment = []byte(strings.Join(lines, "\n") + "\n")
	return txtar.Format(ar)
}
