// Judge grades one saved program output with the grader's checkers, for
// bench/run to time: what grading a large output costs on its own, without
// running the program that printed it.
//
// Usage:
//
//	judge -queens N FILE
//	judge -tour N FILE
//
// -queens expects every N-Queens solution in nqueens's list format, in any
// order (checker.Queens, mode all); -tour expects a knight's tour of an N×N
// board from the top-left square (checker.Tour). Judge prints how long the
// checker took and exits 0 when the output passes, 1 when it fails (with
// the checker's message on standard error), 2 when it could not tell.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"syscall"
	"time"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/reference"
)

func main() {
	queens := flag.Int("queens", 0, "grade every N-Queens solution, list format")
	tour := flag.Int("tour", 0, "grade a knight's tour of an N×N board")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the checker to this file")
	flag.Parse()
	if (*queens > 0) == (*tour > 0) || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: judge -queens N FILE | judge -tour N FILE")
		os.Exit(2)
	}
	output, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintf(os.Stderr, "judge: %v\n", err)
		os.Exit(2)
	}
	if *cpuprofile != "" {
		stop, err := startProfile(*cpuprofile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "judge: %v\n", err)
			os.Exit(2)
		}
		defer stop()
	}
	cpu0 := cpuTime()
	start := time.Now()
	var f *checker.Failure
	if *queens > 0 {
		f = checker.Queens(output, checker.QueensSpec{N: *queens, Piece: reference.Queen, Format: checker.FormatList, Mode: checker.All})
	} else {
		f = checker.Tour(output, checker.TourSpec{N: *tour})
	}
	took, cpu := time.Since(start), cpuTime()-cpu0
	if f != nil {
		fmt.Fprintf(os.Stderr, "judge: %s: %s\n", flag.Arg(0), f.Message)
		os.Exit(1)
	}
	// One line that bench/run reads: the verdict, the checker's own wall and
	// CPU time in seconds (reading the file is not grading: the grader
	// already holds a run's output), and the output's size.
	fmt.Printf("pass %.6f %.6f %d\n", took.Seconds(), cpu.Seconds(), len(output))
}

// cpuTime is the user and system time this process has used so far, the
// garbage collector's included.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startProfile(path string) (stop func(), err error) {
	fh, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(fh); err != nil {
		fh.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); fh.Close() }, nil
}
