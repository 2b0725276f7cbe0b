package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"

	"github.com/boardcheck/boardcheck/reference"
)

// sweepSizes finds a tour from the corner with reference.Tour for every n
// from from to to, validates each with reference.CheckTour, and prints how
// many passed, or the first failure.
func sweepSizes(fromArg, toArg string) int {
	from, err1 := strconv.Atoi(fromArg)
	to, err2 := strconv.Atoi(toArg)
	if err1 != nil || err2 != nil || from < 1 || to < from {
		fmt.Fprintf(os.Stderr, "tours: -sweep wants 1 <= FROM <= TO, got %q %q\n", fromArg, toArg)
		return 2
	}
	// Sizes go to the workers largest first, so no core is left finishing
	// the 1000×1000 board alone at the end.
	sizes := make(chan int)
	go func() {
		for n := to; n >= from; n-- {
			sizes <- n
		}
		close(sizes)
	}()
	var mu sync.Mutex
	var failures []string
	valid := 0
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for n := range sizes {
				msg := tourFault(n)
				mu.Lock()
				if msg == "" {
					valid++
				} else {
					failures = append(failures, msg)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	total := to - from + 1
	if len(failures) > 0 {
		fmt.Printf("%d of %d tours valid; %s\n", valid, total, failures[0])
		return 1
	}
	fmt.Printf("%d/%d tours valid\n", valid, total)
	return 0
}

// tourFault says what is wrong with the reference's tour of an n×n board
// from the corner, or "" when it is valid.
func tourFault(n int) string {
	numbers, ok := reference.Tour(n, reference.Square{})
	if !ok {
		return fmt.Sprintf("N = %d: no tour found", n)
	}
	if e := reference.CheckTour(n, numbers, reference.TourOptions{}); e != nil {
		return fmt.Sprintf("N = %d: %v", n, e)
	}
	return ""
}
