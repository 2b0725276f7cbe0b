package programs

import (
	"io"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// The nqueens program's whole cost but start-up: search, formatting and
// writing, for the figures bench/run times as processes. Besides the wall
// time, it reports the process's CPU time per run (cpu-ns/op), which moves
// less than the wall time when others share the machine.
func BenchmarkNQueens(b *testing.B) {
	for _, n := range []int{12, 14} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			start := cpuTime(b)
			for b.Loop() {
				if code := NQueens([]string{strconv.Itoa(n)}, nil, io.Discard, io.Discard); code != 0 {
					b.Fatalf("nqueens %d: exit status %d", n, code)
				}
			}
			b.ReportMetric(float64(cpuTime(b)-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the user and system CPU time of the process so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func BenchmarkKnightsTour1000(b *testing.B) {
	for b.Loop() {
		if code := KnightsTour([]string{"1000"}, nil, io.Discard, io.Discard); code != 0 {
			b.Fatalf("knights-tour 1000: exit status %d", code)
		}
	}
}
