package script

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/puzzle"
)

// AnswerArgs are an answer line's arguments: the check it asks for, one
// of a placement, a count or a tour, and on which stream.
type AnswerArgs struct {
	Placement *checker.PlacementSpec
	Count     *checker.CountSpec
	Tour      *checker.TourSpec
	Stderr    bool
}

// ParseAnswer reads the arguments of `answer`: the exercise's [puzzle]
// for the numbers given, as the program's arguments bind them.
func ParseAnswer(args []string, ctx Context) (AnswerArgs, error) {
	const usage = "usage: answer [-format NAME] [-order any|ascending|descending] [-stderr] all|one|none|count ARGS..."
	var a AnswerArgs
	spec := ctx.Puzzle
	if spec == nil {
		return a, errors.New("answer: exercise.toml has no [puzzle] table: describe the puzzle there (its piece, board and what the program prints), or check with queens, tour or count")
	}
	fl := flag.NewFlagSet("answer", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	format := fl.String("format", "", "")
	order := fl.String("order", "any", "")
	fl.BoolVar(&a.Stderr, "stderr", false, "")
	if err := fl.Parse(args); err != nil {
		return a, fmt.Errorf("answer: %v; %s", err, usage)
	}
	if fl.NArg() < 1 {
		return a, errors.New(usage)
	}
	mode := fl.Arg(0)
	nums := make([]int, 0, fl.NArg()-1)
	for _, s := range fl.Args()[1:] {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 1<<16 {
			return a, fmt.Errorf("answer %s: %q is no argument of the program: want a whole number from 0 (%s)", mode, s, strings.Join(spec.ParamNames(), " "))
		}
		nums = append(nums, n)
	}
	values, err := spec.Values(nums)
	if err != nil {
		return a, fmt.Errorf("answer %s: the program takes %s; got %d numbers", mode, argsUsage(spec), len(nums))
	}
	f := spec.Format
	if *format != "" {
		if f, err = lookupFormat("answer", *format, ctx.Formats, spec.Kind == puzzle.Tour); err != nil {
			return a, err
		}
		f = f.WithPiece(spec.Name.One)
	}
	o, err := checker.ParseOrder(*order)
	if err != nil {
		return a, fmt.Errorf("answer: unknown order %q; want any, ascending or descending", *order)
	}
	where, command := spec.Describe(values), "answer "+strings.Join(args, " ")
	switch spec.Kind {
	case puzzle.Tour:
		if mode != "one" && mode != "none" {
			return a, fmt.Errorf("answer: a tour's answer is one (a tour) or none (no tour), not %q", mode)
		}
		if o != checker.AnyOrder {
			return a, errors.New("answer: an order (-order) applies only to all")
		}
		t, err := spec.Touring(values)
		if err != nil {
			return a, fmt.Errorf("answer %s: %v", mode, err)
		}
		if mode == "none" {
			return a, errors.New("answer none: a tour's check of no tour is the program's message: compare it with cmpenv stdout, as the knight's tour exercises do")
		}
		a.Tour = &checker.TourSpec{Puzzle: &t, Format: f, Where: where, Command: command}
		return a, nil
	}
	p, err := spec.Placing(values)
	if err != nil {
		return a, fmt.Errorf("answer %s: %v", mode, err)
	}
	if mode == "count" {
		if o != checker.AnyOrder || *format != "" {
			return a, errors.New("answer count: a count is one number; -order and -format do not apply")
		}
		a.Count = &checker.CountSpec{Puzzle: p, Where: where, Command: command}
		return a, nil
	}
	m, err := checker.ParseMode(mode)
	if err != nil {
		return a, fmt.Errorf("answer: unknown answer %q; want all, one, none or count", mode)
	}
	if o != checker.AnyOrder && m != checker.All {
		return a, errors.New("answer: an order (-order) applies only to all")
	}
	a.Placement = &checker.PlacementSpec{Puzzle: p, Where: where, Format: f, Mode: m, Order: o, Command: command}
	return a, nil
}

// argsUsage writes the program's numbers as a usage line does: "N",
// "ROWS COLS", "[N]".
func argsUsage(spec *puzzle.Spec) string {
	var parts []string
	for _, p := range spec.Params {
		if p.Optional {
			parts = append(parts, "["+p.Name+"]")
		} else {
			parts = append(parts, p.Name)
		}
	}
	return strings.Join(parts, " ")
}

// Problem says why no output can pass the check, found without solving
// the puzzle (that is the check's own work, when it runs): a format that
// cannot print this board, a board too big.
func (a AnswerArgs) Problem() error {
	switch {
	case a.Placement != nil:
		return SpecError(a.Placement.Problem())
	case a.Tour != nil:
		return SpecError(a.Tour.Problem())
	}
	return nil
}
