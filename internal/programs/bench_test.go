package programs

import (
	"io"
	"strconv"
	"testing"
)

// The nqueens program's whole cost but start-up: search, formatting and
// writing, for the figures bench/run times as processes. Besides the wall
// time, it reports the process's CPU time per run (cpu-ns/op), which moves
// less than the wall time when others share the machine.
func BenchmarkNQueens(b *testing.B) {
	for _, n := range []int{12, 14} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			start, measured := cpuTime(b)
			for b.Loop() {
				if code := NQueens([]string{strconv.Itoa(n)}, nil, io.Discard, io.Discard); code != 0 {
					b.Fatalf("nqueens %d: exit status %d", n, code)
				}
			}
			if end, _ := cpuTime(b); measured {
				b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

func BenchmarkKnightsTour1000(b *testing.B) {
	for b.Loop() {
		if code := KnightsTour([]string{"1000"}, nil, io.Discard, io.Discard); code != 0 {
			b.Fatalf("knights-tour 1000: exit status %d", code)
		}
	}
}
