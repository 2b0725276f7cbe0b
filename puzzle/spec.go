package puzzle

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/reference"
)

// Kind is what a puzzle asks.
type Kind string

const (
	Placement Kind = "placement" // place pieces so that no two attack
	Tour      Kind = "tour"      // visit every square once with a leaper
)

// Answer is what a program prints for a puzzle.
type Answer string

const (
	One   Answer = "one"   // one solution (a tour: one tour)
	All   Answer = "all"   // every solution, each once
	Count Answer = "count" // the number of solutions
)

// Fields is a manifest's [puzzle] table, before it is checked (Parse).
type Fields struct {
	Kind    string   `toml:"kind"`
	Piece   string   `toml:"piece"`
	Name    string   `toml:"name"`
	Plural  string   `toml:"plural"`
	Args    string   `toml:"args"`
	Rows    string   `toml:"rows"`
	Cols    string   `toml:"cols"`
	Pieces  string   `toml:"pieces"`
	Removed []string `toml:"removed"`
	Closed  bool     `toml:"closed"`
	Start   string   `toml:"start"`
	Answer  string   `toml:"answer"`
	Format  string   `toml:"format"`
}

// FieldNames are the keys a [puzzle] table may hold.
const FieldNames = "kind, piece, name, plural, args, rows, cols, pieces, removed, closed, start, answer, format"

// Spec is a puzzle as an exercise describes it: its piece and board as
// expressions of the program's arguments, what the program prints and in
// which format. Instance gives the puzzle for arguments' values.
type Spec struct {
	Kind  Kind
	Moves reference.Moves
	Piece string // the piece as the manifest wrote it, in Betza's notation
	Name  reference.Noun
	// Params are the program's numeric arguments in order; Flags its
	// optional flags ("--all", "--count"), which switch Answer.
	Params []Param
	Flags  []string
	// Answer is what the program prints without a flag.
	Answer Answer
	Format Format
	Closed bool

	rows, cols, count Expr
	removed           [][2]Expr
	start             *[2]Expr // nil: any square
	fields            Fields   // as the manifest wrote them, for Marshal
}

// Param is one numeric argument of the program: its name, and its value
// when the program is run without it (Optional).
type Param struct {
	Name     string
	Optional bool
	Default  int
}

var (
	paramRE    = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	optionalRE = regexp.MustCompile(`^\[([A-Z][A-Z0-9_]*)=(\d+)\]$`)
	flagRE     = regexp.MustCompile(`^\[(--[a-z][a-z-]*)\]$`)
)

// Parse checks a manifest's [puzzle]. formats are the manifest's named
// formats, which format may name beside the presets.
func Parse(fl Fields, formats map[string]Format) (*Spec, error) {
	s := &Spec{Kind: Kind(fl.Kind), Piece: fl.Piece, Closed: fl.Closed, fields: fl}
	switch s.Kind {
	case "":
		s.Kind = Placement
	case Placement, Tour:
	default:
		return nil, fmt.Errorf("kind = %q: want \"placement\" (place pieces so that no two attack) or \"tour\" (visit every square once)", fl.Kind)
	}
	if fl.Piece == "" {
		return nil, fmt.Errorf("no piece: add piece = \"...\", its moves in Betza's notation, such as \"Q\" (queen), \"N\" (knight), \"QN\" (amazon) or \"(1,4)\" (giraffe)")
	}
	var err error
	if s.Moves, err = reference.ParseMoves(fl.Piece); err != nil {
		return nil, err
	}
	if s.Kind == Tour && !s.Moves.Leaper() {
		return nil, fmt.Errorf("piece %q rides: a tour is made with a leaper; write each of its leaps once, without a range", fl.Piece)
	}
	if fl.Name == "" {
		return nil, fmt.Errorf("no name: add name = \"...\", what messages call one piece, such as \"amazon\"")
	}
	s.Name = reference.Noun{One: fl.Name, Many: fl.Plural}
	if s.Name.Many == "" {
		s.Name.Many = fl.Name + "s"
	}
	if err := s.parseArgs(fl.Args); err != nil {
		return nil, err
	}
	names := s.ParamNames()
	exprs := []struct {
		key, text, def string
		to             *Expr
	}{
		{"rows", fl.Rows, names[0], &s.rows},
		{"cols", fl.Cols, "", &s.cols},
		{"pieces", fl.Pieces, "", &s.count},
	}
	for _, e := range exprs {
		text := e.text
		if text == "" {
			text = e.def
		}
		if text == "" {
			continue
		}
		if *e.to, err = ParseExpr(text, names); err != nil {
			return nil, fmt.Errorf("%s = %w", e.key, err)
		}
	}
	if s.cols.IsZero() {
		s.cols = s.rows
	}
	if s.count.IsZero() {
		s.count = s.rows
	}
	if fl.Pieces != "" && s.Kind == Tour {
		return nil, fmt.Errorf("pieces is a placement's: a tour has one piece")
	}
	for _, r := range fl.Removed {
		sq, err := parseSquare(r, names)
		if err != nil {
			return nil, fmt.Errorf("removed: %w", err)
		}
		s.removed = append(s.removed, sq)
	}
	switch {
	case s.Kind != Tour && (fl.Start != "" || fl.Closed):
		return nil, fmt.Errorf("start and closed are a tour's: add kind = \"tour\"")
	case fl.Start == "any":
	case fl.Start == "" && s.Kind == Tour:
		zero, _ := ParseExpr("0", nil)
		s.start = &[2]Expr{zero, zero}
	case fl.Start != "":
		sq, err := parseSquare(fl.Start, names)
		if err != nil {
			return nil, fmt.Errorf("start: %w", err)
		}
		s.start = &sq
	}
	if err := s.parseAnswer(fl.Answer); err != nil {
		return nil, err
	}
	return s, s.parseFormat(fl.Format, formats)
}

// parseArgs reads args: "N", "[--all] N", "ROWS COLS", "[N=8]".
func (s *Spec) parseArgs(args string) error {
	if strings.TrimSpace(args) == "" {
		args = "N"
	}
	for _, w := range strings.Fields(args) {
		switch {
		case paramRE.MatchString(w):
			if len(s.Params) > 0 && s.Params[len(s.Params)-1].Optional {
				return fmt.Errorf("args = %q: %s comes after an optional argument; put the optional ones last", args, w)
			}
			s.Params = append(s.Params, Param{Name: w})
		case optionalRE.MatchString(w):
			m := optionalRE.FindStringSubmatch(w)
			d, err := strconv.Atoi(m[2])
			if err != nil || d > 1<<20 {
				return fmt.Errorf("args = %q: the default %s is too big", args, m[2])
			}
			s.Params = append(s.Params, Param{Name: m[1], Optional: true, Default: d})
		case flagRE.MatchString(w):
			flag := flagRE.FindStringSubmatch(w)[1]
			if flag != "--all" && flag != "--count" {
				return fmt.Errorf("args = %q: flag %s means nothing to the grader's reference; only --all and --count switch what it prints", args, flag)
			}
			if len(s.Params) > 0 {
				return fmt.Errorf("args = %q: put the flag %s before the numbers", args, flag)
			}
			s.Flags = append(s.Flags, flag)
		default:
			return fmt.Errorf("args = %q: %q is no argument: write a number's name in capitals (N, ROWS), an optional one with its default ([N=8]), or a flag ([--all])", args, w)
		}
	}
	if len(s.Params) == 0 {
		return fmt.Errorf("args = %q: the program needs at least one number, such as N", args)
	}
	seen := map[string]bool{}
	for _, p := range s.Params {
		if seen[p.Name] {
			return fmt.Errorf("args = %q: %s is named twice", args, p.Name)
		}
		seen[p.Name] = true
	}
	return nil
}

func (s *Spec) parseAnswer(text string) error {
	s.Answer = Answer(text)
	switch {
	case text == "":
		s.Answer = One
	case s.Kind == Tour && s.Answer != One:
		return fmt.Errorf("answer = %q: a tour program prints one tour; leave answer out", text)
	case s.Answer != One && s.Answer != All && s.Answer != Count:
		return fmt.Errorf("answer = %q: want \"one\", \"all\" or \"count\", what the program prints without a flag", text)
	}
	for _, f := range s.Flags {
		if f == "--all" && s.Answer == All || f == "--count" && s.Answer == Count {
			return fmt.Errorf("answer = %q and the flag %s: the flag would change nothing", text, f)
		}
		if s.Kind == Tour {
			return fmt.Errorf("flag %s: a tour program prints one tour, with no flag to change it", f)
		}
	}
	return nil
}

func (s *Spec) parseFormat(name string, formats map[string]Format) error {
	if name == "" {
		name = List.Name
		if s.Kind == Tour {
			name = Moves.Name
		}
	}
	f, ok := formats[name]
	if !ok {
		if f, ok = Presets[name]; !ok {
			var known []string
			for n := range formats {
				known = append(known, n)
			}
			slices.Sort(known)
			return fmt.Errorf("format = %q: no [formats.%s] table and no preset of that name (presets: %s%s)", name, name, strings.Join(PresetNames(), ", "), listSuffix(known))
		}
	}
	if f.ForTour() != (s.Kind == Tour) {
		if s.Kind == Tour {
			return fmt.Errorf("format = %q prints placements (style %s); a tour prints numbers or a path", name, f.Style)
		}
		return fmt.Errorf("format = %q prints tours (style %s); a placement prints pairs, a board, algebraic squares, a permutation or JSON", name, f.Style)
	}
	s.Format = f.WithPiece(s.Name.One)
	return nil
}

func listSuffix(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return "; the manifest's: " + strings.Join(names, ", ")
}

// parseSquare reads "R,C", each an expression.
func parseSquare(text string, names []string) ([2]Expr, error) {
	r, c, ok := strings.Cut(text, ",")
	if !ok {
		return [2]Expr{}, fmt.Errorf("%q: write a square as \"ROW,COL\", such as \"0,0\" or \"N-1,0\"", text)
	}
	re, err := ParseExpr(r, names)
	if err != nil {
		return [2]Expr{}, err
	}
	ce, err := ParseExpr(c, names)
	if err != nil {
		return [2]Expr{}, err
	}
	return [2]Expr{re, ce}, nil
}

// ParamNames returns the names of the program's numeric arguments.
func (s *Spec) ParamNames() []string {
	var names []string
	for _, p := range s.Params {
		names = append(names, p.Name)
	}
	return names
}

// Values binds numbers to the parameters, in order; missing optional
// ones take their defaults.
func (s *Spec) Values(nums []int) (map[string]int, error) {
	required := 0
	for _, p := range s.Params {
		if !p.Optional {
			required++
		}
	}
	if len(nums) < required || len(nums) > len(s.Params) {
		return nil, fmt.Errorf("%d numbers for %s", len(nums), strings.Join(s.ParamNames(), " "))
	}
	values := map[string]int{}
	for i, p := range s.Params {
		if i < len(nums) {
			values[p.Name] = nums[i]
		} else {
			values[p.Name] = p.Default
		}
	}
	return values, nil
}

// Describe names the arguments' values for a message: "N = 8", "ROWS = 5
// and COLS = 8".
func (s *Spec) Describe(values map[string]int) string {
	var parts []string
	for _, p := range s.Params {
		parts = append(parts, fmt.Sprintf("%s = %d", p.Name, values[p.Name]))
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Board is the board for the arguments' values.
func (s *Spec) Board(values map[string]int) reference.Board {
	b := reference.Board{Rows: s.rows.Eval(values), Cols: s.cols.Eval(values)}
	for _, sq := range s.removed {
		b.Removed = append(b.Removed, reference.Square{Row: sq[0].Eval(values), Col: sq[1].Eval(values)})
	}
	return b
}

// Negative reports whether the arguments' values make the puzzle
// meaningless: a side of the board or a number of pieces below zero.
func (s *Spec) Negative(values map[string]int) bool {
	return s.rows.Eval(values) < 0 || s.cols.Eval(values) < 0 || s.count.Eval(values) < 0
}

// Placing is the placement puzzle for the arguments' values.
func (s *Spec) Placing(values map[string]int) (reference.Placing, error) {
	b := s.Board(values)
	p := reference.Placing{Board: b, Moves: s.Moves, Count: s.count.Eval(values), Name: s.Name}
	if err := p.Validate(); err != nil {
		return p, fmt.Errorf("%s: %w", s.Describe(values), err)
	}
	if err := s.fits(b, p.Count); err != nil {
		return p, fmt.Errorf("%s: %w", s.Describe(values), err)
	}
	return p, nil
}

// Touring is the tour puzzle for the arguments' values.
func (s *Spec) Touring(values map[string]int) (reference.Touring, error) {
	b := s.Board(values)
	t := reference.Touring{Board: b, Moves: s.Moves, Closed: s.Closed, Name: s.Name}
	if s.start != nil {
		t.Start = &reference.Square{Row: s.start[0].Eval(values), Col: s.start[1].Eval(values)}
	}
	if err := t.Validate(); err != nil {
		return t, fmt.Errorf("%s: %w", s.Describe(values), err)
	}
	if err := s.fits(b, b.Rows); err != nil {
		return t, fmt.Errorf("%s: %w", s.Describe(values), err)
	}
	return t, nil
}

// fits says why the format cannot print an answer on board b.
func (s *Spec) fits(b reference.Board, count int) error {
	f := s.Format
	switch {
	case (f.Style == Algebraic || f.Style == Path && f.Pair == "") && b.Cols > MaxAlgebraicCols:
		return fmt.Errorf("a board of %d columns: algebraic squares name %d, a to z", b.Cols, MaxAlgebraicCols)
	case f.Style == Permutation && (count != b.Rows || !b.Full() || !s.ridesRows(b)):
		return fmt.Errorf("a permutation prints the column of each row's piece, so every solution must have one piece a row: the piece must attack along whole rows, on a full board, with as many pieces as rows (here %d pieces on %d rows)", count, b.Rows)
	}
	return nil
}

// ridesRows reports whether the piece attacks along whole rows of b, so
// that no solution has two pieces in a row.
func (s *Spec) ridesRows(b reference.Board) bool {
	for _, mv := range s.Moves.List() {
		if mv.Leap == (reference.Leap{Short: 0, Long: 1}) && (mv.Range == 0 || mv.Range >= b.Cols-1) {
			return true
		}
	}
	return false
}

// envSpec is a spec as a program receives it: the manifest's fields and
// the format they name, resolved.
type envSpec struct {
	Program string `json:"program"`
	Puzzle  Fields `json:"puzzle"`
	Format  Format `json:"format"`
}

// Marshal writes the spec for a program to read back (Unmarshal): the
// grader's builtin reference, run as a submission, gets its puzzle so.
func (s *Spec) Marshal(program string) ([]byte, error) {
	return json.Marshal(envSpec{Program: program, Puzzle: s.fields, Format: s.Format})
}

// Unmarshal reads a spec written by Marshal, checking it again.
func Unmarshal(data []byte) (program string, spec *Spec, err error) {
	var e envSpec
	if err := json.Unmarshal(data, &e); err != nil {
		return "", nil, err
	}
	e.Puzzle.Format = "format"
	spec, err = Parse(e.Puzzle, map[string]Format{"format": e.Format})
	return e.Program, spec, err
}
