// Package script is the scenario language: a scenario's command lines, parsed
// as testscript parses them, and the grader's own commands (run, status,
// queens, tour, count, answer) with their usage, checked the same way when an
// exercise loads and when a check runs.
package script

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/internal/suggest"
	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

// scenarioCmd is one command the grader adds to testscript's: whether a !
// may precede it, and validate, which checks a use of it before anything
// runs. Package scenario runs it, parsing the arguments with the same
// function (ParseRun, ParseQueens, ...), so a line that loads cannot fail on
// its usage later.
type scenarioCmd struct {
	negatable bool
	validate  func(args []string, ctx Context) error
}

// Context is what a scenario's lines are checked against: the exercise's
// program name, the files of the scenario's archive, and the exercise's
// own puzzle and formats, which `answer` and `-format NAME` name.
type Context struct {
	Program string
	Files   map[string]bool
	// Puzzle is the manifest's [puzzle], nil when it has none; Formats
	// its [formats.NAME] tables.
	Puzzle  *puzzle.Spec
	Formats map[string]puzzle.Format
}

// scenarioCmds is the grader's command table, documented in CONTRIBUTING.md
// ("Scenario commands"); keep them in step and sorted.
var scenarioCmds = map[string]scenarioCmd{
	// answer: the last run printed the answer to the exercise's [puzzle]:
	// all, one or no solution, their count, a tour.
	"answer": {
		validate: func(args []string, ctx Context) error {
			a, err := ParseAnswer(args, ctx)
			if err == nil {
				err = a.Problem()
			}
			return err
		},
	},
	// count: the last run printed the number of N-Queens or N-Rooks solutions.
	"count": {
		validate: func(args []string, _ Context) error {
			c, err := ParseCount(args)
			if err == nil {
				err = SpecError(checker.Count(nil, c.Piece, c.N))
			}
			return err
		},
	},
	// queens: the last run printed all, one or no N-Queens (N-Rooks) solutions.
	"queens": {
		validate: func(args []string, ctx Context) error {
			q, err := ParseQueens(args, ctx.Formats)
			if err == nil {
				err = SpecError(checker.Queens(nil, q.Spec))
			}
			return err
		},
	},
	// run: run the submission under the exercise's program name and limits.
	"run": {
		negatable: true,
		validate: func(args []string, ctx Context) error {
			a, err := ParseRun(args, ctx.Program)
			if err == nil && a.Stdin != "" && !ctx.Files[a.Stdin] {
				err = fmt.Errorf("run -stdin %s: not a file in the archive (add -- %s --)", a.Stdin, a.Stdin)
			}
			return err
		},
	},
	// status: the last run exited with status N.
	"status": {
		validate: func(args []string, _ Context) error { _, err := ParseStatus(args); return err },
	},
	// tour: the last run printed a valid knight's tour.
	"tour": {
		validate: func(args []string, ctx Context) error {
			t, err := ParseTour(args, ctx.Formats)
			if err == nil {
				err = SpecError(checker.Tour(nil, t))
			}
			return err
		},
	},
}

// Commands returns the names of the grader's own commands, sorted.
func Commands() []string { return slices.Sorted(maps.Keys(scenarioCmds)) }

// Negatable reports whether a ! may precede the grader's command name.
func Negatable(name string) bool { return scenarioCmds[name].negatable }

// Line is one command line of a scenario, parsed the way testscript
// parses it but without expanding variables, which only exist at run time.
type Line struct {
	Conds     []string // [cond] prefixes, brackets removed
	Neg       bool     // a ! prefix
	Cmd       string
	Args      []string
	Dynamic   bool     // an argument uses $VAR: its value is known only at run time
	Vars      []string // the variables its unquoted text names ($NAME, ${NAME})
	CmdOffset int      // where cmd starts in the line, for rewriting
}

// ParseLine parses a scenario line, or returns nil for a comment or a blank.
func ParseLine(line string) (*Line, error) {
	if strings.HasPrefix(line, "#") {
		return nil, nil
	}
	args, offsets, vars, dynamic, err := Tokenize(line)
	if err != nil || len(args) == 0 {
		return nil, err
	}
	sl := &Line{Dynamic: dynamic, Vars: vars}
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i], "[") && strings.HasSuffix(args[i], "]"); i++ {
		sl.Conds = append(sl.Conds, strings.TrimSpace(args[i][1:len(args[i])-1]))
	}
	if i < len(args) && args[i] == "!" {
		sl.Neg = true
		i++
	}
	if i == len(args) {
		if sl.Neg {
			return nil, errors.New("! on line by itself")
		}
		return nil, errors.New("missing command after condition")
	}
	sl.Cmd, sl.CmdOffset, sl.Args = args[i], offsets[i], args[i+1:]
	return sl, nil
}

// Tokenize splits a line into arguments exactly as testscript's parse does
// (spaces separate, single quotes group, two quotes inside quotes are one, # ends the line),
// returning where each argument starts, the variables unquoted text names,
// and whether any unquoted text holds a $ that testscript would expand.
func Tokenize(line string) (args []string, offsets []int, vars []string, dynamic bool, err error) {
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
				vars = append(vars, VarNames(chunk)...)
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
					vars = append(vars, VarNames(chunk)...)
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

// VarNames returns the variables text names as testscript expands them
// (os.Expand: $NAME and ${NAME}; ${NAME@R} is NAME quoted for a pattern).
func VarNames(text string) []string {
	var names []string
	os.Expand(text, func(name string) string {
		names = append(names, strings.TrimSuffix(name, "@R"))
		return ""
	})
	return names
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

// ValidateLine checks a command's name and, where its arguments are known
// before run time, its usage.
func ValidateLine(sl *Line, ctx Context) error {
	program, files := ctx.Program, ctx.Files
	if cmd, ok := scenarioCmds[sl.Cmd]; ok {
		if sl.Neg && !cmd.negatable {
			return fmt.Errorf("unsupported: ! %s", sl.Cmd)
		}
		if sl.Dynamic {
			return nil
		}
		return cmd.validate(sl.Args, ctx)
	}
	if !slices.Contains(builtinCmds, sl.Cmd) {
		if sl.Cmd == program {
			return fmt.Errorf("unknown command %q (run the submission with: run %s ...)", sl.Cmd, program)
		}
		if s := suggest.Closest(sl.Cmd, knownCmds()); s != "" {
			return fmt.Errorf("unknown command %q (did you mean %q?)", sl.Cmd, s)
		}
		return fmt.Errorf("unknown command %q", sl.Cmd)
	}
	switch sl.Cmd {
	case "exec":
		// exec runs a host program outside the limits; naming the
		// submission's program there is a mistake for run.
		if len(sl.Args) > 0 && sl.Args[0] == program {
			return fmt.Errorf("exec %s runs a host program, not the submission: use run %s", program, program)
		}
	case "stdout", "stderr", "grep":
		args := sl.Args
		if len(args) > 0 && strings.HasPrefix(args[0], "-count=") {
			if n, err := strconv.Atoi(strings.TrimPrefix(args[0], "-count=")); err != nil || n < 1 {
				return fmt.Errorf("%s: bad %s: must be a whole number, at least 1", sl.Cmd, args[0])
			}
			args = args[1:]
		}
		want := 1
		if sl.Cmd == "grep" {
			want = 2
		}
		if len(args) != want {
			if sl.Cmd == "grep" {
				return errors.New("usage: grep [-count=N] 'pattern' file")
			}
			return fmt.Errorf("usage: %s [-count=N] 'pattern'", sl.Cmd)
		}
		if !sl.Dynamic {
			if _, err := regexp.Compile("(?m)" + args[0]); err != nil {
				return fmt.Errorf("%s: bad pattern: %v", sl.Cmd, err)
			}
		}
	case "cmp", "cmpenv":
		if len(sl.Args) != 2 {
			return fmt.Errorf("usage: %s file1 file2", sl.Cmd)
		}
		if !sl.Dynamic && (sl.Args[0] == "stdout" || sl.Args[0] == "stderr") && !files[sl.Args[1]] {
			return fmt.Errorf("%s: %s is not a file in the archive (add -- %s --)", sl.Cmd, sl.Args[1], sl.Args[1])
		}
	case "stdin":
		if sl.Neg {
			return errors.New("unsupported: ! stdin")
		}
		if len(sl.Args) != 1 {
			return errors.New("usage: stdin filename")
		}
		if !sl.Dynamic && !files[sl.Args[0]] {
			return fmt.Errorf("stdin %s: not a file in the archive (add -- %s --)", sl.Args[0], sl.Args[0])
		}
	}
	return nil
}

// SpecError returns the checker's complaint about the scenario itself, which
// it marks "checker: " (asking for one solution where there is none, an N
// beyond what it can check), found by judging an empty output at load time.
func SpecError(f *checker.Failure) error {
	if f == nil || !strings.HasPrefix(f.Message, "checker: ") {
		return nil
	}
	return errors.New(strings.TrimPrefix(f.Message, "checker: "))
}

// StdinFileCmd stands in for testscript's stdin builtin (see exercise.Check.RunnableScript).
const StdinFileCmd = "stdin-file"

// CmpCmd and CmpenvCmd stand in for testscript's cmp and cmpenv builtins
// (see exercise.Check.RunnableScript): they compare alike, and diff for the
// transcript only texts small enough to diff.
const (
	CmpCmd    = "cmp-bounded"
	CmpenvCmd = "cmpenv-bounded"
)

// RunArgs are a run line's arguments.
type RunArgs struct {
	Stdin string   // -stdin FILE, or ""
	Args  []string // the program's name, then its arguments
}

// ParseRun reads the arguments of `run`, which must name program.
func ParseRun(args []string, program string) (RunArgs, error) {
	const usage = "usage: run [-stdin FILE] PROGRAM [ARGS...]"
	var a RunArgs
	if len(args) > 0 && args[0] == "-stdin" {
		if len(args) < 2 {
			return a, errors.New(usage)
		}
		a.Stdin, args = args[1], args[2:]
	}
	if len(args) == 0 {
		return a, errors.New(usage)
	}
	if args[0] != program {
		return a, fmt.Errorf("run %s: this exercise's program is %q (exercise.toml); write run %s ...", args[0], program, program)
	}
	a.Args = args
	return a, nil
}

// ParseStatus reads the argument of `status`: an exit status.
func ParseStatus(args []string) (int, error) {
	if len(args) != 1 {
		return 0, errors.New("usage: status N")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 0 || n > 255 {
		return 0, fmt.Errorf("status %s: N must be an exit status, 0 to 255", args[0])
	}
	return n, nil
}

// QueensArgs are a queens line's arguments: what to check, and on which stream.
type QueensArgs struct {
	Spec   checker.QueensSpec
	Stderr bool
}

// ParseQueens reads the arguments of `queens`. -format names one of
// formats, the exercise's own, or a preset.
func ParseQueens(args []string, formats map[string]puzzle.Format) (QueensArgs, error) {
	const usage = "usage: queens [-rooks] [-format list|matrix|board|json|NAME] [-order any|ascending|descending] [-sorted] [-stderr] all|one|none N"
	var q QueensArgs
	fl := flag.NewFlagSet("queens", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	rooks := fl.Bool("rooks", false, "")
	format := fl.String("format", "list", "")
	order := fl.String("order", "any", "")
	sorted := fl.Bool("sorted", false, "") // -order ascending, as the first exercises wrote it
	fl.BoolVar(&q.Stderr, "stderr", false, "")
	if err := fl.Parse(args); err != nil {
		return q, fmt.Errorf("queens: %v; %s", err, usage)
	}
	if fl.NArg() != 2 {
		return q, errors.New(usage)
	}
	f, err := lookupFormat("queens", *format, formats, false)
	if err != nil {
		return q, err
	}
	m, err := checker.ParseMode(fl.Arg(0))
	if err != nil {
		return q, fmt.Errorf("queens: unknown mode %q; want all, one or none", fl.Arg(0))
	}
	n, err := parseN("queens", fl.Arg(1))
	if err != nil {
		return q, err
	}
	o, err := checker.ParseOrder(*order)
	if err != nil {
		return q, fmt.Errorf("queens: unknown order %q; want any, ascending or descending", *order)
	}
	if *sorted {
		if o == checker.Descending {
			return q, errors.New("queens: -sorted is -order ascending; drop it for -order descending")
		}
		o = checker.Ascending
	}
	if o != checker.AnyOrder && m != checker.All {
		return q, errors.New("queens: an order (-order, -sorted) applies only to all")
	}
	q.Spec = checker.QueensSpec{N: n, Piece: reference.Queen, Format: f, Mode: m, Order: o}
	if *rooks {
		q.Spec.Piece = reference.Rook
	}
	return q, nil
}

// parseN reads a board size. The bound keeps a typo such as 100 from asking
// the reference for more solutions than any test can wait for; the checker
// decides what is practical below it.
func parseN(cmd, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 64 {
		return 0, fmt.Errorf("%s: N must be a board size from 1 to 64, not %q", cmd, s)
	}
	return n, nil
}

// ParseTour reads the arguments of `tour`. -format names a tour format
// of formats, the exercise's own.
func ParseTour(args []string, formats map[string]puzzle.Format) (checker.TourSpec, error) {
	const usage = "usage: tour [-start R,C] [-closed] [-base 0|1] [-format NAME] N"
	var t checker.TourSpec
	fl := flag.NewFlagSet("tour", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	start := fl.String("start", "0,0", "")
	fl.BoolVar(&t.Options.Closed, "closed", false, "")
	fl.IntVar(&t.Options.Base, "base", 0, "")
	format := fl.String("format", "", "")
	if err := fl.Parse(args); err != nil {
		return t, fmt.Errorf("tour: %v; %s", err, usage)
	}
	if fl.NArg() != 1 {
		return t, errors.New(usage)
	}
	n, err := parseN("tour", fl.Arg(0))
	if err != nil {
		return t, err
	}
	t.N = n
	if t.Options.Base != 0 && t.Options.Base != 1 {
		return t, fmt.Errorf("tour: -base %d: want 0 or 1", t.Options.Base)
	}
	r, c, ok := strings.Cut(*start, ",")
	row, err1 := strconv.Atoi(strings.TrimSpace(r))
	col, err2 := strconv.Atoi(strings.TrimSpace(c))
	if !ok || err1 != nil || err2 != nil {
		return t, fmt.Errorf("tour: -start %q: want R,C such as 0,0", *start)
	}
	if row < 0 || row >= n || col < 0 || col >= n {
		return t, fmt.Errorf("tour: -start %d,%d is off a %dx%d board", row, col, n, n)
	}
	t.Options.Start = reference.Square{Row: row, Col: col}
	if *format != "" {
		f, err := lookupFormat("tour", *format, formats, true)
		if err != nil {
			return t, err
		}
		if t.Options.Base != 0 {
			return t, fmt.Errorf("tour: -base and -format %s: the format says its base (base = %d)", *format, f.Base)
		}
		knight := reference.Touring{Board: reference.SquareBoard(n), Moves: reference.KnightMoves, Closed: t.Options.Closed, Start: &t.Options.Start, Name: reference.Noun{One: "knight", Many: "knights"}}
		t.Puzzle, t.Format = &knight, f
		t.Where, t.Command = fmt.Sprintf("N = %d", n), "tour "+strings.Join(args, " ")
	}
	return t, nil
}

// orList writes names as "a, b or c".
func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// lookupFormat finds the format named name: the exercise's own first, then
// a preset; tour says which kind the command prints.
func lookupFormat(cmd, name string, formats map[string]puzzle.Format, tour bool) (puzzle.Format, error) {
	f, ok := formats[name]
	if !ok {
		f, ok = puzzle.Presets[name]
	}
	// The presets in the order the first exercises list them, then the
	// exercise's own.
	known := []string{"list", "matrix", "board", "json"}
	if tour {
		known = []string{"moves"}
	}
	for _, n := range slices.Sorted(maps.Keys(formats)) {
		if formats[n].ForTour() == tour && !slices.Contains(known, n) {
			known = append(known, n)
		}
	}
	switch {
	case !ok:
		if s := suggest.Closest(name, known); s != "" && s != known[0] {
			return f, fmt.Errorf("%s: unknown format %q (did you mean %q?); want %s, or a [formats.NAME] table of exercise.toml", cmd, name, s, orList(known))
		}
		return f, fmt.Errorf("%s: unknown format %q; want %s, or a [formats.NAME] table of exercise.toml", cmd, name, orList(known))
	case f.ForTour() != tour && tour:
		return f, fmt.Errorf("%s: format %q prints placements (style %s), not a tour", cmd, name, f.Style)
	case f.ForTour() != tour:
		return f, fmt.Errorf("%s: format %q prints tours (style %s), not placements", cmd, name, f.Style)
	}
	return f, nil
}

// CountArgs are a count line's arguments: the piece and the board size.
type CountArgs struct {
	Piece reference.Piece
	N     int
}

// ParseCount reads the arguments of `count`.
func ParseCount(args []string) (CountArgs, error) {
	var c CountArgs
	if len(args) != 2 {
		return c, errors.New("usage: count queens|rooks N")
	}
	switch args[0] {
	case "queens":
		c.Piece = reference.Queen
	case "rooks":
		c.Piece = reference.Rook
	default:
		return c, fmt.Errorf("count: unknown piece %q; want queens or rooks", args[0])
	}
	n, err := parseN("count", args[1])
	if err != nil {
		return c, err
	}
	c.N = n
	return c, nil
}
