package checker

import (
	"bytes"
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

func benchmarkQueensAll(b *testing.B, n int) {
	out := listOutput(n)
	spec := QueensSpec{N: n, Piece: reference.Queen, Format: FormatList, Mode: All}
	b.SetBytes(int64(len(out)))
	b.ResetTimer()
	for b.Loop() {
		if f := Queens(out, spec); f != nil {
			b.Fatal(f.Message)
		}
	}
}

func BenchmarkQueensAll12(b *testing.B) { benchmarkQueensAll(b, 12) }
func BenchmarkQueensAll14(b *testing.B) { benchmarkQueensAll(b, 14) }

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
	for b.Loop() {
		if f := Tour(out, spec); f != nil {
			b.Fatal(f.Message)
		}
	}
}
