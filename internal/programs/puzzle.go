package programs

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

// The puzzle program is the reference of an exercise made of data: it
// reads the exercise's [puzzle] (puzzle.Spec), takes the arguments the
// puzzle's args say, and prints what its answer says (one solution, every
// one, their count, a tour) in its format. So an author writes no program
// to verify an exercise: the grader solves the puzzle it describes.
//
// Any argument it cannot read (a missing or extra number, a negative one,
// a flag the puzzle has not, a flag after a number) prints the usage
// message and exits 1. A puzzle with no solution prints the no_solution
// message, when the exercise has one, and exits 0.

// tourBudget bounds the reference's search for a tour: past it, the
// program says it cannot tell rather than run to the time limit.
const tourBudget = 500_000_000

// PuzzleProgram is the puzzle program for spec, printing texts' usage and
// no_solution; program is the exercise's program name, for the default
// usage.
func PuzzleProgram(program string, spec *puzzle.Spec, texts Texts) Program {
	t := DefaultTexts("puzzle")
	t["usage"] = defaultPuzzleUsage(program, spec)
	t["no_solution"] = ""
	for name, text := range texts {
		if _, ok := t[name]; ok {
			t[name] = text
		}
	}
	return func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
		return runPuzzle(spec, t, args, stdout, stderr)
	}
}

// defaultPuzzleUsage is "Usage: PROGRAM [--all] N", from the puzzle's args.
func defaultPuzzleUsage(program string, spec *puzzle.Spec) string {
	parts := []string{"Usage:", program}
	for _, f := range spec.Flags {
		parts = append(parts, "["+f+"]")
	}
	for _, p := range spec.Params {
		if p.Optional {
			parts = append(parts, "["+p.Name+"]")
		} else {
			parts = append(parts, p.Name)
		}
	}
	return strings.Join(parts, " ")
}

func runPuzzle(spec *puzzle.Spec, texts Texts, args []string, stdout, stderr io.Writer) int {
	answer, nums, ok := puzzleArgs(spec, args)
	if !ok {
		fmt.Fprintln(stdout, texts["usage"])
		return 1
	}
	values, err := spec.Values(nums)
	if err != nil || spec.Negative(values) {
		// Numbers for which the puzzle makes no sense (a board or a
		// number of pieces below zero) are a usage error too.
		fmt.Fprintln(stdout, texts["usage"])
		return 1
	}
	bw := bufio.NewWriterSize(stdout, 64<<10)
	noSolution := func() int {
		if texts["no_solution"] != "" {
			fmt.Fprintln(bw, texts["no_solution"])
		}
		return flush(bw, stderr, "puzzle")
	}
	if spec.Kind == puzzle.Tour {
		t, err := spec.Touring(values)
		if err != nil {
			fmt.Fprintf(stderr, "puzzle: %v\n", err)
			return 2
		}
		path, err := t.Find(tourBudget)
		switch {
		case errors.Is(err, reference.ErrNoTour):
			return noSolution()
		case err != nil:
			fmt.Fprintf(stderr, "puzzle: %s: %v: the grader cannot tell whether this board has a tour\n", spec.Describe(values), err)
			return 3
		}
		bw.Write(spec.Format.AppendTour(nil, t.Board, path))
		return flush(bw, stderr, "puzzle")
	}
	p, err := spec.Placing(values)
	if err != nil {
		fmt.Fprintf(stderr, "puzzle: %v\n", err)
		return 2
	}
	switch answer {
	case puzzle.Count:
		c, err := p.CountSolutions(0)
		if err != nil {
			fmt.Fprintf(stderr, "puzzle: %v\n", err)
			return 2
		}
		fmt.Fprintln(bw, c)
		return flush(bw, stderr, "puzzle")
	case puzzle.One:
		sol, ok, err := p.First(0)
		if err != nil {
			fmt.Fprintf(stderr, "puzzle: %v\n", err)
			return 2
		}
		if !ok {
			return noSolution()
		}
		bw.Write(spec.Format.AppendSolution(nil, p.Board, sol))
		return flush(bw, stderr, "puzzle")
	}
	return printAll(spec.Format, p, bw, stderr, noSolution)
}

// printAll prints every solution of p in lexicographic order.
func printAll(f puzzle.Format, p reference.Placing, bw *bufio.Writer, stderr io.Writer, noSolution func() int) int {
	var sols [][]reference.Square
	err := p.Each(0, func(sq []reference.Square) bool {
		sols = append(sols, append([]reference.Square(nil), sq...))
		return true
	})
	if err != nil {
		fmt.Fprintf(stderr, "puzzle: %v\n", err)
		return 2
	}
	if len(sols) == 0 {
		return noSolution()
	}
	puzzle.SortSolutions(sols)
	var line []byte
	for i, sq := range sols {
		line = line[:0]
		if i > 0 {
			line = f.AppendBetween(line)
		}
		bw.Write(f.AppendSolution(line, p.Board, sq))
	}
	return flush(bw, stderr, "puzzle")
}

// puzzleArgs reads the program's arguments: the puzzle's flags first,
// each at most once, then its numbers, each read as Python's int() reads
// one and none negative. ok is false for anything else.
func puzzleArgs(spec *puzzle.Spec, args []string) (answer puzzle.Answer, nums []int, ok bool) {
	answer = spec.Answer
	seen := map[string]bool{}
	for len(args) > 0 && strings.HasPrefix(args[0], "--") {
		flag := args[0]
		known := false
		for _, f := range spec.Flags {
			known = known || f == flag
		}
		if !known || seen[flag] {
			return answer, nil, false
		}
		seen[flag] = true
		switch flag {
		case "--all":
			answer = puzzle.All
		case "--count":
			answer = puzzle.Count
		}
		args = args[1:]
	}
	for _, a := range args {
		n, ok := parseNumber(a)
		if !ok || n < 0 || n > maxN {
			return answer, nil, false
		}
		nums = append(nums, n)
	}
	return answer, nums, true
}
