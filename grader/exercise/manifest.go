package exercise

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/puzzle"
)

// manifest is exercise.toml, checked, with the lines its entries are on so
// that later errors (a check without a file) can point at them.
type manifest struct {
	title, program string
	reference      string // "builtin:NAME" or a path inside the folder; "" if none
	checks         []string
	checkLines     []int // checkLines[i] is the line naming checks[i]
	limits         sandbox.Limits
	bad            []BadSubmission
	badLines       []int // badLines[i] is the line of the i-th [[bad]]
	points         int   // what the checks' points must add up to
	messages       map[string]string
	// visibility is the [visibility] table: a check's name and when its
	// student may see it (Hidden, AfterDueDate); a check absent is Visible.
	visibility  map[string]report.Visibility
	timeoutHint string
	lang        string // the course's default language; "" for English
	// puzzle is the [puzzle] table, nil when there is none; formats the
	// [formats.NAME] tables.
	puzzle  *puzzle.Spec
	formats map[string]puzzle.Format
	text    string
}

// defaultPoints is an exercise's maximum when its manifest does not say.
const defaultPoints = 100

// manifestTOML is the manifest's shape as TOML decodes it.
type manifestTOML struct {
	Title     string   `toml:"title"`
	Program   string   `toml:"program"`
	Reference string   `toml:"reference"`
	Checks    []string `toml:"checks"`
	Points    *int     `toml:"points"`
	// TimeoutHint is the advice for a run that ran out of time, in the
	// exercise's terms (a check's `# timeout-hint:` overrides it).
	TimeoutHint string `toml:"timeout_hint"`
	// Lang is the language the course's students read the grader in by
	// default (see i18n.Choose).
	Lang   string `toml:"lang"`
	Limits struct {
		Time   string `toml:"time"`
		Memory string `toml:"memory"`
		Output string `toml:"output"`
	} `toml:"limits"`
	Messages   map[string]string              `toml:"messages"`
	Visibility map[string]string              `toml:"visibility"`
	Puzzle     *puzzle.Fields                 `toml:"puzzle"`
	Formats    map[string]puzzle.FormatFields `toml:"formats"`
	Bad        []struct {
		File  string            `toml:"file"`
		Why   string            `toml:"why"`
		Fails map[string]string `toml:"fails"`
	} `toml:"bad"`
}

// messageNameRE is what a message's name may be: a testscript variable
// name, so that a scenario writes it as $NAME.
var messageNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// scriptVars are the variables testscript sets itself (go-internal v1.16.0,
// testscript.go setup), which a message may not shadow.
var scriptVars = []string{"WORK", "PATH", "GOTRACEBACK", "HOME", "USERPROFILE", "home", "TMPDIR", "TMP", "devnull", "GOCOVERDIR", "GORACE"}

// wordRE is what a program or check name may be: it becomes a command name
// in scenarios and a file name under tests/.
var wordRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// IsWord reports whether s may name a program, a check or an exercise
// (wordRE): grader new takes a new exercise's ID by the same rule.
func IsWord(s string) bool { return wordRE.MatchString(s) }

func parseManifest(data []byte, file string) (*manifest, error) {
	text := string(data)
	fail := func(line int, format string, args ...any) error {
		return &Error{File: file, Line: line, Err: fmt.Errorf(format, args...)}
	}
	var raw manifestTOML
	md, err := toml.Decode(text, &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, fail(pe.Position.Line, "%s", pe.Message)
		}
		return nil, &Error{File: file, Err: err}
	}
	// A misspelt key ("titel", "[limit]") would otherwise be ignored in
	// silence and its value replaced by a default.
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		line := keyLine(text, k[len(k)-1])
		if line == 0 { // a table: [limit]
			line = lineOf(text, "["+k.String(), 1)
		}
		known := "title, program, reference, checks, points, timeout_hint, lang, [limits] time/memory/output, [messages], [visibility], [[bad]] file/why/fails, [puzzle], [formats.NAME]"
		switch {
		case len(k) == 2 && k[0] == "puzzle":
			known = "[puzzle]'s: " + puzzle.FieldNames
		case len(k) == 3 && k[0] == "formats":
			known = "[formats.NAME]'s: " + puzzle.FormatFieldNames
		}
		return nil, fail(line, "unknown key %q (known: %s)", k.String(), known)
	}

	m := &manifest{text: text}
	m.title = strings.TrimSpace(raw.Title)
	switch {
	case m.title == "":
		return nil, fail(0, "missing title: add title = \"...\", one line shown by grader list")
	case strings.Contains(m.title, "\n"):
		return nil, fail(keyLine(text, "title"), "title must be one line")
	}
	m.timeoutHint = strings.TrimSpace(raw.TimeoutHint)
	if raw.Lang != "" {
		if m.lang = i18n.Parse(raw.Lang); m.lang == "" || m.lang == i18n.Pseudo {
			return nil, fail(keyLine(text, "lang"), "lang %q names no language the grader speaks: it speaks %s", raw.Lang, i18n.Offered())
		}
		if m.lang == i18n.English {
			m.lang = ""
		}
	}
	m.program = raw.Program
	switch {
	case m.program == "":
		return nil, fail(0, "missing program: add program = \"NAME\", the name scenarios run the submission under")
	case !wordRE.MatchString(m.program):
		return nil, fail(keyLine(text, "program"), "program %q must be a single word (letters, digits, '.', '_', '-')", m.program)
	}
	if m.reference, err = parseReference(raw.Reference); err != nil {
		return nil, fail(keyLine(text, "reference"), "%v", err)
	}
	if len(raw.Checks) == 0 {
		return nil, fail(0, "missing checks: add checks = [\"NAME\", ...], one per tests/NAME.txtar")
	}
	checksLine := keyLine(text, "checks")
	for _, c := range raw.Checks {
		line := lineOf(text, `"`+c+`"`, checksLine)
		if !wordRE.MatchString(c) {
			return nil, fail(line, "check name %q must be a single word (letters, digits, '.', '_', '-')", c)
		}
		if slices.Contains(m.checks, c) {
			return nil, fail(line, "check %q is listed twice", c)
		}
		m.checks = append(m.checks, c)
		m.checkLines = append(m.checkLines, line)
	}

	m.limits = sandbox.DefaultLimits()
	if s := raw.Limits.Time; s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return nil, fail(keyLine(text, "time"), "limits.time %q is not a positive duration such as \"10s\"", s)
		}
		m.limits.Time = d
	}
	if s := raw.Limits.Memory; s != "" {
		n, err := ParseSize(s)
		if err != nil || n <= 0 {
			return nil, fail(keyLine(text, "memory"), "limits.memory %q is not a positive size such as \"512MiB\"", s)
		}
		m.limits.Memory = n
	}
	if s := raw.Limits.Output; s != "" {
		n, err := ParseSize(s)
		if err != nil || n <= 0 {
			return nil, fail(keyLine(text, "output"), "limits.output %q is not a positive size such as \"16MiB\"", s)
		}
		m.limits.Output = n
	}

	m.points = defaultPoints
	if raw.Points != nil {
		if *raw.Points <= 0 {
			return nil, fail(keyLine(text, "points"), "points = %d: the exercise's maximum must be a positive number of points", *raw.Points)
		}
		m.points = *raw.Points
	}
	m.messages = make(map[string]string, len(raw.Messages))
	for name, msg := range raw.Messages {
		line := keyLineFrom(text, name, tableLine(text, "[messages]", 1))
		switch {
		case !messageNameRE.MatchString(name):
			return nil, fail(line, "message name %q must be a variable name (letters, digits and '_', not starting with a digit), as scenarios write it: $NAME", name)
		case slices.Contains(scriptVars, name):
			return nil, fail(line, "message name %q is one of testscript's own variables; choose another", name)
		case strings.TrimSpace(msg) == "":
			return nil, fail(line, "message %s is empty", name)
		case strings.HasSuffix(msg, "\n"):
			return nil, fail(line, "message %s ends with a newline: leave it out, the program prints one after the message", name)
		}
		m.messages[name] = msg
	}

	m.visibility = make(map[string]report.Visibility, len(raw.Visibility))
	for name, v := range raw.Visibility {
		line := keyLineFrom(text, name, tableLine(text, "[visibility]", 1))
		if !slices.Contains(m.checks, name) {
			return nil, fail(line, "[visibility] names %q, which is no check of checks%s", name, closestHint(name, m.checks))
		}
		vis := report.Visibility(v)
		if !slices.Contains(visibilities, vis) {
			return nil, fail(line, "visibility of %s is %q: it must be \"visible\" (the default), %q (never shown beyond its verdict) or %q (shown on Gradescope once the due date has passed)", name, v, report.Hidden, report.AfterDueDate)
		}
		if vis == "visible" {
			vis = report.Visible
		}
		m.visibility[name] = vis
	}

	m.formats = make(map[string]puzzle.Format, len(raw.Formats))
	for _, name := range slices.Sorted(maps.Keys(raw.Formats)) {
		line := lineOf(text, "[formats."+name+"]", 1)
		switch {
		case !messageNameRE.MatchString(name):
			return nil, fail(line, "format name %q must be a word of letters, digits and '_', as a scenario writes it: -format NAME", name)
		case puzzle.Presets[name] != (puzzle.Format{}):
			return nil, fail(line, "format name %q is a preset's; name yours otherwise", name)
		}
		f, err := puzzle.ParseFormat(name, raw.Formats[name])
		if err != nil {
			return nil, fail(line, "[formats.%s]: %v", name, err)
		}
		m.formats[name] = f
	}
	if raw.Puzzle != nil {
		m.puzzle, err = puzzle.Parse(*raw.Puzzle, m.formats)
		if err != nil {
			return nil, fail(tableLine(text, "[puzzle]", 1), "[puzzle]: %v", err)
		}
	}

	line := 1
	for _, b := range raw.Bad {
		line = tableLine(text, "[[bad]]", line)
		m.badLines = append(m.badLines, line)
		m.bad = append(m.bad, BadSubmission{File: b.File, Why: b.Why, Fails: b.Fails})
		line++
	}
	return m, nil
}

// lineOf returns the first line, from line from on, that contains needle, or
// 0 when none does. TOML's decoder reports positions only for syntax errors;
// for a well-formed file naming a wrong value this finds the value's line.
func lineOf(text, needle string, from int) int {
	if from < 1 {
		from = 1
	}
	for i, l := range strings.Split(text, "\n") {
		if i+1 >= from && strings.Contains(l, needle) {
			return i + 1
		}
	}
	return 0
}

// keyLine returns the first line that sets key (`key = ...`), or 0.
func keyLine(text, key string) int { return keyLineFrom(text, key, 1) }

// keyLineFrom is keyLine starting at line from.
func keyLineFrom(text, key string, from int) int {
	re := regexp.MustCompile(`^\s*"?` + regexp.QuoteMeta(key) + `"?\s*=`)
	for i, l := range strings.Split(text, "\n") {
		if i+1 >= from && re.MatchString(l) {
			return i + 1
		}
	}
	return 0
}

// tableLine returns the first line, from line from on, that opens the table
// header ("[[bad]]"), or 0.
func tableLine(text, header string, from int) int {
	for i, l := range strings.Split(text, "\n") {
		if i+1 >= from && strings.HasPrefix(strings.TrimSpace(l), header) {
			return i + 1
		}
	}
	return 0
}
