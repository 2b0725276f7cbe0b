package exercise

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/boardcheck/boardcheck/exercises"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/script"
	"github.com/boardcheck/boardcheck/internal/programs"
	"github.com/boardcheck/boardcheck/internal/suggest"
	"github.com/boardcheck/boardcheck/puzzle"
)

// Exercise is one task, loaded and validated: its manifest, statement and
// checks. Everything in it has been checked by LoadFS, so grading never finds
// a malformed scenario it could have rejected earlier.
type Exercise struct {
	ID, Title, Program string
	// Reference is the program that passes every check: "builtin:NAME"
	// (one of builtin.Programs) or a path inside the folder
	// ("solution/closed_tour.py"); "" when the manifest names none.
	Reference string
	Statement string         // README.md
	Limits    sandbox.Limits // from the manifest, defaults filled
	// Points is what the checks' points must add up to: the manifest's
	// points, 100 when it names none. grader verify (author.Verify) reports
	// a total that is not.
	Points int
	// Messages are the exercise's exact texts by name, from the manifest's
	// [messages]: its scenarios read them as $NAME, and a builtin
	// reference prints them in place of its defaults.
	Messages map[string]string
	// TimeoutHint replaces a failed check's hint when a run ran out of
	// time (the manifest's timeout_hint; "" for the grader's own, which
	// names no puzzle). A check's TimeoutHint overrides it.
	TimeoutHint string
	// Puzzle is the manifest's [puzzle]: the puzzle the program solves, as
	// data, which `answer` checks and builtin:puzzle solves; nil when the
	// manifest has none. Formats are its [formats.NAME] tables, which
	// -format names beside the presets.
	Puzzle  *puzzle.Spec
	Formats map[string]puzzle.Format
	Checks  []*Check        // in manifest order
	Bad     []BadSubmission // the manifest's [[bad]] entries
	FS      fs.FS           // the exercise folder (for good/, bad/)
	Source  string          // "builtin" or the folder path, for messages
	// DefaultLang is the manifest's lang: the language a course's students
	// read the grader in unless --lang or their environment says another;
	// "" for English.
	DefaultLang string
	// Translations are the exercise's texts in each language it has any
	// in (README.LANG.md, exercise.LANG.toml), by language.
	Translations map[string]*Texts
	// Lang is the language In chose, "" for the exercise as written
	// (English).
	Lang string
	// StatementLang is the language Statement is in: Lang when the
	// exercise has a statement in it, "" (English) when it fell back.
	StatementLang string
}

// Check is one scenario of an exercise: tests/NAME.txtar and its header.
type Check struct {
	Name, Title, Hint, Description string
	// TimeoutHint is the scenario's `# timeout-hint:`, the advice when a
	// run ran out of time; "" for the exercise's.
	TimeoutHint string
	Points      int
	Needs       []string
	// Visibility is when a student may see the check's scenario and
	// verdict's detail: Visible ("") unless the manifest's [visibility]
	// says Hidden or AfterDueDate.
	Visibility report.Visibility
	File       string // the scenario's path for messages: "exercises/nqueens/tests/n4.txtar"
	Script     []byte // the txtar archive as written

	// EnvNames are the variables the scenario sets with `env K=V`; runs see
	// them (and nothing else of the scenario's environment).
	EnvNames []string
	// Lines are the archive's script lines (the txtar comment), Lines[0]
	// being line 1, to turn testscript's "FAIL: file:LINE" into a message.
	Lines []string
	// needsLine is the header line of `# needs:`, for dependency errors.
	needsLine int
}

// BadSubmission is a known-wrong submission under bad/: which checks it must
// fail and a phrase each failure message must contain.
type BadSubmission struct {
	File  string
	Why   string
	Fails map[string]string
}

// Error is a malformed exercise, found before anything runs.
// Line is 1-based, or 0 when the problem is with the file as a whole.
type Error struct {
	File string
	Line int
	Err  error
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("grader: %s:%d: %v", e.File, e.Line, e.Err)
	}
	return fmt.Sprintf("grader: %s: %v", e.File, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// UnknownError is an exercise ID that names no builtin exercise.
type UnknownError struct {
	ID         string
	Suggestion string // the closest known ID, or ""
}

func (e *UnknownError) Error() string {
	if e.Suggestion != "" {
		return fmt.Sprintf("grader: unknown exercise %q (did you mean %s?)", e.ID, e.Suggestion)
	}
	return fmt.Sprintf("grader: unknown exercise %q (run grader list to see them all)", e.ID)
}

// builtinIDs lists the embedded exercise folders, sorted.
func builtinIDs() []string {
	entries, err := fs.ReadDir(exercises.FS, ".")
	if err != nil {
		// The embedded root always reads; a failure is a broken build.
		panic(err)
	}
	var ids []string
	for _, e := range entries {
		// The package's own Go file sits beside the exercise folders.
		if e.IsDir() {
			ids = append(ids, e.Name())
		}
	}
	return ids
}

// builtinCache holds each embedded exercise, loaded once: they cannot change
// while the program runs.
var builtinCache sync.Map // id -> func() (*Exercise, error)

func loadBuiltin(id string) (*Exercise, error) {
	f, _ := builtinCache.LoadOrStore(id, sync.OnceValues(func() (*Exercise, error) {
		sub, err := fs.Sub(exercises.FS, id)
		if err != nil {
			return nil, err
		}
		return loadFS(sub, id, "builtin", "exercises/"+id)
	}))
	return f.(func() (*Exercise, error))()
}

// Builtin returns every embedded exercise, sorted by ID. A malformed one is
// reported in the error, joined with any others, and left out of the list.
func Builtin() ([]*Exercise, error) {
	var list []*Exercise
	var errs []error
	for _, id := range builtinIDs() {
		ex, err := loadBuiltin(id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		list = append(list, ex)
	}
	return list, errors.Join(errs...)
}

// Lookup returns the embedded exercise id. An unknown id gives an
// *UnknownError suggesting the closest known one.
func Lookup(id string) (*Exercise, error) {
	ids := builtinIDs()
	if !slices.Contains(ids, id) {
		return nil, &UnknownError{ID: id, Suggestion: suggest.Closest(id, ids)}
	}
	return loadBuiltin(id)
}

// LoadDir loads and validates the exercise folder at dir, for authors.
func LoadDir(dir string) (*Exercise, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("grader: exercise folder: %w", err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("grader: %s is not an exercise folder (want a folder holding exercise.toml)", dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("grader: %w", err)
	}
	return loadFS(os.DirFS(dir), filepath.Base(abs), dir, filepath.ToSlash(filepath.Clean(dir)))
}

// LoadFS loads and validates the exercise folder fsys. source names it in
// messages (a path); the exercise's ID is its last element.
func LoadFS(fsys fs.FS, source string) (*Exercise, error) {
	return loadFS(fsys, path.Base(filepath.ToSlash(source)), source, filepath.ToSlash(source))
}

// loadFS reads the manifest, statement and scenarios, then validates the
// whole: every file named in an error is prefix/NAME.
func loadFS(fsys fs.FS, id, source, prefix string) (*Exercise, error) {
	name := func(file string) string { return path.Join(prefix, file) }
	data, err := fs.ReadFile(fsys, "exercise.toml")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &Error{File: name("exercise.toml"), Err: errors.New("missing: an exercise folder needs a manifest")}
		}
		return nil, &Error{File: name("exercise.toml"), Err: err}
	}
	m, err := parseManifest(data, name("exercise.toml"))
	if err != nil {
		return nil, err
	}
	ex := &Exercise{
		ID:          id,
		Title:       m.title,
		Program:     m.program,
		Reference:   m.reference,
		Limits:      m.limits,
		Points:      m.points,
		Messages:    m.messages,
		TimeoutHint: m.timeoutHint,
		Puzzle:      m.puzzle,
		Formats:     m.formats,
		Bad:         m.bad,
		FS:          fsys,
		Source:      source,
		DefaultLang: m.lang,
	}
	if readme, err := fs.ReadFile(fsys, "README.md"); err == nil {
		ex.Statement = string(readme)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{File: name("README.md"), Err: err}
	}

	// Every scenario on disk must be listed, so a check cannot be dropped
	// from the report by forgetting it in the manifest.
	listed := make(map[string]bool)
	for _, c := range m.checks {
		listed[c] = true
	}
	files, err := fs.Glob(fsys, "tests/*.txtar")
	if err != nil {
		return nil, &Error{File: name("tests"), Err: err}
	}
	for _, f := range files {
		c := strings.TrimSuffix(path.Base(f), ".txtar")
		if !listed[c] {
			return nil, &Error{File: name(f), Err: fmt.Errorf("check %q is not listed in exercise.toml's checks", c)}
		}
	}

	for i, c := range m.checks {
		file := "tests/" + c + ".txtar"
		script, err := fs.ReadFile(fsys, file)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, &Error{File: name("exercise.toml"), Line: m.checkLines[i],
					Err: fmt.Errorf("check %q has no scenario: %s does not exist", c, name(file))}
			}
			return nil, &Error{File: name(file), Err: err}
		}
		check, err := ParseCheck(c, name(file), script, ex.Context(), ex.Messages)
		if err != nil {
			return nil, err
		}
		check.Visibility = m.visibility[c]
		ex.Checks = append(ex.Checks, check)
	}
	if err := validateNeeds(ex); err != nil {
		return nil, err
	}
	if err := validateBad(ex, m, name); err != nil {
		return nil, err
	}
	if err := validateReference(ex, m, name); err != nil {
		return nil, err
	}
	if err := validateMessages(ex, m, name); err != nil {
		return nil, err
	}
	if err := loadTexts(fsys, ex, name); err != nil {
		return nil, err
	}
	return ex, nil
}

// Context is what the exercise's scenario lines are checked against,
// without an archive's files.
func (ex *Exercise) Context() script.Context {
	return script.Context{Program: ex.Program, Puzzle: ex.Puzzle, Formats: ex.Formats}
}

// Check returns the exercise's check called name, or nil.
func (ex *Exercise) Check(name string) *Check {
	for _, c := range ex.Checks {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// CheckNames returns the names of the exercise's checks, in its order.
func (ex *Exercise) CheckNames() []string {
	names := make([]string, len(ex.Checks))
	for i, c := range ex.Checks {
		names[i] = c.Name
	}
	return names
}

// validateNeeds rejects a need naming no check and any dependency cycle,
// which would otherwise leave the scheduler waiting for ever.
func validateNeeds(ex *Exercise) error {
	for _, c := range ex.Checks {
		for _, n := range c.Needs {
			if n == c.Name {
				return &Error{File: c.File, Line: c.needsLine, Err: fmt.Errorf("check %q needs itself", n)}
			}
			if ex.Check(n) == nil {
				err := fmt.Errorf("needs %q, which is not a check of this exercise", n)
				if s := suggest.Closest(n, ex.CheckNames()); s != "" {
					err = fmt.Errorf("needs %q, which is not a check of this exercise (did you mean %q?)", n, s)
				}
				return &Error{File: c.File, Line: c.needsLine, Err: err}
			}
		}
	}
	const (
		unvisited = iota
		visiting
		done
	)
	state := make(map[string]int)
	var stack []string
	var visit func(c *Check) error
	visit = func(c *Check) error {
		state[c.Name] = visiting
		stack = append(stack, c.Name)
		for _, n := range c.Needs {
			switch state[n] {
			case visiting:
				i := slices.Index(stack, n)
				cycle := append(slices.Clone(stack[i:]), n)
				first := ex.Check(n)
				return &Error{File: first.File, Line: first.needsLine,
					Err: fmt.Errorf("dependency cycle: %s", strings.Join(cycle, " -> "))}
			case unvisited:
				if err := visit(ex.Check(n)); err != nil {
					return err
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[c.Name] = done
		return nil
	}
	for _, c := range ex.Checks {
		if state[c.Name] == unvisited {
			if err := visit(c); err != nil {
				return err
			}
		}
	}
	return nil
}

// validateBad checks that each [[bad]] entry names a file under bad/ and
// only checks that exist. A folder with no bad/ at all is an exercise
// shipped for grading alone (grader gradescope leaves the author's
// submissions behind): its entries are not looked for, and grader verify,
// which grades them, says each is missing.
func validateBad(ex *Exercise, m *manifest, name func(string) string) error {
	_, err := fs.Stat(ex.FS, "bad")
	shipped := errors.Is(err, fs.ErrNotExist)
	for i, b := range ex.Bad {
		line := m.badLines[i]
		if b.File == "" {
			return &Error{File: name("exercise.toml"), Line: line, Err: errors.New("[[bad]] entry has no file")}
		}
		if _, err := fs.Stat(ex.FS, path.Join("bad", b.File)); err != nil && !shipped {
			return &Error{File: name("exercise.toml"), Line: line,
				Err: fmt.Errorf("bad submission %q: %s does not exist", b.File, name(path.Join("bad", b.File)))}
		}
		if len(b.Fails) == 0 {
			return &Error{File: name("exercise.toml"), Line: line,
				Err: fmt.Errorf("bad submission %q names no check it fails ([bad.fails])", b.File)}
		}
		for c := range b.Fails {
			// build and starts stand for the whole submission: a bad one
			// may be one that does not compile or does not start.
			if ex.Check(c) == nil && c != report.BuildCheck && c != report.StartCheck {
				return &Error{File: name("exercise.toml"), Line: keyLineFrom(m.text, c, line),
					Err: fmt.Errorf("bad submission %q: [bad.fails] names %q, which is not a check of this exercise", b.File, c)}
			}
		}
	}
	return nil
}

// validateMessages checks that a builtin reference has a message of each
// name the manifest words: one it does not print would be a wording no
// check could see the reference use.
func validateMessages(ex *Exercise, m *manifest, name func(string) string) error {
	program, ok := strings.CutPrefix(ex.Reference, "builtin:")
	if !ok {
		return nil
	}
	known := programs.TextNames(program)
	for _, msg := range slices.Sorted(maps.Keys(ex.Messages)) {
		if slices.Contains(known, msg) {
			continue
		}
		err := fmt.Errorf("message %q: %s prints no such message (its messages: %s)", msg, ex.Reference, strings.Join(known, ", "))
		if s := suggest.Closest(msg, known); s != "" {
			err = fmt.Errorf("message %q: %s prints no such message (did you mean %q?)", msg, ex.Reference, s)
		}
		return &Error{File: name("exercise.toml"), Line: keyLineFrom(m.text, msg, tableLine(m.text, "[messages]", 1)), Err: err}
	}
	return nil
}
