package reference

import (
	"fmt"
	"testing"
)

func BenchmarkCountQueens(b *testing.B) {
	for _, n := range []int{12, 14, 16} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				CountQueens(n)
			}
		})
	}
}

func BenchmarkQueens(b *testing.B) {
	for _, n := range []int{10, 12} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				for range Queens(n) {
				}
			}
		})
	}
}

func BenchmarkRooks(b *testing.B) {
	for b.Loop() {
		for range Rooks(9) {
		}
	}
}

func BenchmarkFirstQueens1000(b *testing.B) {
	for b.Loop() {
		FirstQueens(1000)
	}
}

func BenchmarkTour(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				Tour(n, Square{})
			}
		})
	}
}

func BenchmarkClosedTour100(b *testing.B) {
	for b.Loop() {
		ClosedTour(100)
	}
}

func BenchmarkCheckTour1000(b *testing.B) {
	numbers, _ := Tour(1000, Square{})
	for b.Loop() {
		CheckTour(1000, numbers, TourOptions{})
	}
}

func BenchmarkEachGenericQueens(b *testing.B) {
	for _, n := range []int{10, 12} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			p := Queen.Puzzle(n)
			for b.Loop() {
				p.EachGeneric(0, func([]Square) bool { return true })
			}
		})
	}
}

func BenchmarkFindGenericTour(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			t := Touring{Board: SquareBoard(n), Moves: KnightMoves, Start: &Square{}}
			for b.Loop() {
				if _, err := t.FindGeneric(0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
