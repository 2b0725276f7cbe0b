// Generic times the generic puzzle solver and checker (issue 32) against
// the specialised ones on the same puzzle, side by side in one process,
// for bench/run: the two take turns, so that a burst of load on the
// machine falls on both alike.
//
// Usage:
//
//	generic [-runs R] solve-queens N
//	generic [-runs R] solve-tour N
//	generic [-runs R] check-queens N
//	generic [-runs R] check-tour N
//
// solve-queens finds every solution of N queens with reference.Queens and
// with Placing.EachGeneric; solve-tour a knight's tour of the N×N board
// from the corner with reference.Tour and with Touring.FindGeneric.
// check-queens judges every N-Queens solution in nqueens's list format
// with checker.Queens (one piece a row, the lines in use) and with
// checker.PlacementsGeneric (any piece's attacked squares); check-tour a
// knight's tour as knights-tour prints it with checker.Tour as the `tour`
// command asks and as an exercise's [puzzle] asks.
//
// Before timing, it holds the two to the same answer: the same solutions
// in the same order, valid tours, the same verdict. It prints one line,
//
//	specialised WALL CPU generic WALL CPU
//
// the best wall time of R runs of each in seconds and the CPU time of that
// run (the garbage collector's included), and exits 1 when the two
// disagree, 2 on a usage error.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

func main() {
	runs := flag.Int("runs", 3, "runs of each; the best counts")
	flag.Parse()
	n := 0
	if flag.NArg() == 2 {
		n, _ = strconv.Atoi(flag.Arg(1))
	}
	if n < 1 || *runs < 1 {
		usage()
	}
	var specialised, generic side
	switch flag.Arg(0) {
	case "solve-queens":
		specialised, generic = solveQueens(n)
	case "solve-tour":
		specialised, generic = solveTour(n)
	case "check-queens":
		specialised, generic = checkQueens(n)
	case "check-tour":
		specialised, generic = checkTour(n)
	default:
		usage()
	}
	// The answers first: a solver fast because it is wrong is no figure.
	specialised.run()
	a, err := specialised.answer()
	if err != nil {
		fail("the specialised %s: %v", flag.Arg(0), err)
	}
	generic.run()
	b, err := generic.answer()
	if err != nil {
		fail("the generic %s: %v", flag.Arg(0), err)
	}
	if a != b {
		fail("%s %d: the specialised gives %s, the generic %s", flag.Arg(0), n, a, b)
	}
	var best [2]timing
	for i := range *runs {
		for k, sd := range []side{specialised, generic} {
			t := timed(sd.run)
			if i == 0 || t.wall < best[k].wall {
				best[k] = t
			}
		}
	}
	fmt.Printf("specialised %.6f %.6f generic %.6f %.6f\n", best[0].wall.Seconds(), best[0].cpu.Seconds(), best[1].wall.Seconds(), best[1].cpu.Seconds())
}

// side is one way to solve or judge: run is what is timed, answer says
// afterwards what it found, for the two ways to be held to the same.
type side struct {
	run    func()
	answer func() (string, error)
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: generic [-runs R] solve-queens|solve-tour|check-queens|check-tour N")
	os.Exit(2)
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "generic: "+format+"\n", args...)
	os.Exit(1)
}

type timing struct{ wall, cpu time.Duration }

func timed(f func()) timing {
	cpu0 := cpuTime()
	start := time.Now()
	f()
	return timing{time.Since(start), cpuTime() - cpu0}
}

// cpuTime is the user and system time this process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// solveQueens finds every solution both ways; each answers with their
// number and a hash of their columns in the order found.
func solveQueens(n int) (specialised, generic side) {
	var hs, hg uint64
	var cs, cg int
	var err error
	specialised.run = func() {
		h := fnv.New64a()
		cols := make([]byte, n)
		cs = 0
		for p := range reference.Queens(n) {
			for r, c := range p {
				cols[r] = byte(c)
			}
			h.Write(cols)
			cs++
		}
		hs = h.Sum64()
	}
	specialised.answer = func() (string, error) { return fmt.Sprintf("%d solutions, hash %x", cs, hs), nil }
	generic.run = func() {
		h := fnv.New64a()
		cols := make([]byte, n)
		cg = 0
		err = reference.Queen.Puzzle(n).EachGeneric(0, func(sq []reference.Square) bool {
			for r, s := range sq {
				cols[r] = byte(s.Col)
				if s.Row != r {
					cols[r] = 0xff // not one queen a row: the hash tells
				}
			}
			h.Write(cols)
			cg++
			return true
		})
		hg = h.Sum64()
	}
	generic.answer = func() (string, error) { return fmt.Sprintf("%d solutions, hash %x", cg, hg), err }
	return specialised, generic
}

// solveTour finds a tour from the corner both ways; each answers whether
// its tour is valid, which is not timed.
func solveTour(n int) (specialised, generic side) {
	check := func(numbers [][]int) string {
		if e := reference.CheckTour(n, numbers, reference.TourOptions{}); e != nil {
			return "an invalid tour: " + e.Error()
		}
		return "a valid tour"
	}
	var numbers [][]int
	var ok bool
	specialised.run = func() { numbers, ok = reference.Tour(n, reference.Square{}) }
	specialised.answer = func() (string, error) {
		if !ok {
			return "no tour", nil
		}
		return check(numbers), nil
	}
	t := reference.Touring{Board: reference.SquareBoard(n), Moves: reference.KnightMoves, Start: &reference.Square{}}
	var path []reference.Square
	var err error
	generic.run = func() { path, err = t.FindGeneric(0) }
	generic.answer = func() (string, error) {
		switch {
		case err == reference.ErrNoTour:
			return "no tour", nil
		case err != nil:
			return "", err
		}
		return check(t.Board.Numbers(path, 0)), nil
	}
	return specialised, generic
}

// checkQueens judges nqueens's output for n both ways.
func checkQueens(n int) (specialised, generic side) {
	var out bytes.Buffer
	for p := range reference.Queens(n) {
		out.WriteString(p.String())
		out.WriteByte('\n')
	}
	var fs, fg *checker.Failure
	specialised.run = func() {
		fs = checker.Queens(out.Bytes(), checker.QueensSpec{N: n, Piece: reference.Queen, Format: checker.FormatList, Mode: checker.All})
	}
	specialised.answer = func() (string, error) { return verdict(fs), nil }
	spec := checker.PlacementSpec{
		Puzzle:  reference.Queen.Puzzle(n),
		Where:   fmt.Sprintf("N = %d", n),
		Format:  puzzle.List,
		Mode:    checker.All,
		Command: fmt.Sprintf("queens all %d", n),
	}
	generic.run = func() { fg = checker.PlacementsGeneric(out.Bytes(), spec) }
	generic.answer = func() (string, error) { return verdict(fg), nil }
	return specialised, generic
}

func verdict(f *checker.Failure) string {
	if f != nil {
		return "fails: " + f.Message
	}
	return "passes"
}

// checkTour judges knights-tour's output for n both ways: as the `tour`
// scenario command asks (TourSpec.N) and as an exercise's [puzzle] of a
// knight's tour from the corner, in the moves format, asks.
func checkTour(n int) (specialised, generic side) {
	numbers, ok := reference.Tour(n, reference.Square{})
	if !ok {
		fail("no knight's tour of %d×%d from the corner", n, n)
	}
	var out []byte
	width := len(strconv.Itoa(n*n - 1))
	for _, row := range numbers {
		for c, v := range row {
			if c > 0 {
				out = append(out, ' ')
			}
			out = fmt.Appendf(out, "%*d", width, v)
		}
		out = append(out, '\n')
	}
	var fs, fg *checker.Failure
	specialised.run = func() { fs = checker.Tour(out, checker.TourSpec{N: n}) }
	specialised.answer = func() (string, error) { return verdict(fs), nil }
	t := reference.Touring{Board: reference.SquareBoard(n), Moves: reference.KnightMoves, Start: &reference.Square{}, Name: reference.Noun{One: "knight", Many: "knights"}}
	spec := checker.TourSpec{Puzzle: &t, Format: puzzle.Moves, Where: fmt.Sprintf("N = %d", n), Command: fmt.Sprintf("tour %d", n)}
	generic.run = func() { fg = checker.Tour(out, spec) }
	generic.answer = func() (string, error) { return verdict(fg), nil }
	return specialised, generic
}
