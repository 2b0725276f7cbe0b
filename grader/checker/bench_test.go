package checker

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/boardcheck/boardcheck/reference"
)

// listOutput is what nqueens prints for n: every solution, one per line.
func listOutput(n int) []byte {
	var b bytes.Buffer
	for p := range reference.Queens(n) {
		b.WriteString(p.String())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func benchmarkQueensAll(b *testing.B, n int, shuffle bool) {
	out := listOutput(n)
	if shuffle {
		// A program that finds solutions in another order, or in parallel,
		// prints them in another order: the sort is then real work.
		lines := bytes.SplitAfter(out, []byte("\n"))
		rand.New(rand.NewPCG(1, 1)).Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
		out = bytes.Join(lines, nil)
	}
	spec := QueensSpec{N: n, Piece: reference.Queen, Format: FormatList, Mode: All}
	b.SetBytes(int64(len(out)))
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		if f := Queens(out, spec); f != nil {
			b.Fatal(f.Message)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
}

func BenchmarkQueensAll12(b *testing.B)         { benchmarkQueensAll(b, 12, false) }
func BenchmarkQueensAll14(b *testing.B)         { benchmarkQueensAll(b, 14, false) }
func BenchmarkQueensAll14Shuffled(b *testing.B) { benchmarkQueensAll(b, 14, true) }

// tourOutput prints the reference's knight's tour of an n×n board the way
// the C++ article prints one: right-aligned columns.
func tourOutput(b testing.TB, n int) []byte {
	numbers, ok := reference.Tour(n, reference.Square{})
	if !ok {
		b.Fatalf("no tour found for N = %d", n)
	}
	return printTour(numbers)
}

func BenchmarkTour1000(b *testing.B) {
	out := tourOutput(b, 1000)
	spec := TourSpec{N: 1000}
	b.SetBytes(int64(len(out)))
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		if f := Tour(out, spec); f != nil {
			b.Fatal(f.Message)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkQueensAll12Generic is BenchmarkQueensAll12 judged by the
// attacked squares of any piece (PlacementsGeneric) instead of the lines
// in use: what the generic checker costs beside the specialised one.
func BenchmarkQueensAll12Generic(b *testing.B) {
	out := listOutput(12)
	spec := QueensSpec{N: 12, Piece: reference.Queen, Format: FormatList, Mode: All}.placements()
	b.SetBytes(int64(len(out)))
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		if f := PlacementsGeneric(out, spec); f != nil {
			b.Fatal(f.Message)
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
}
