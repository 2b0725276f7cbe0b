package reference

import "iter"

// Rooks yields every solution of the N-Rooks puzzle on an n×n board, that
// is every permutation of the columns 0..n-1, in lexicographic order. The
// empty board has one solution, the empty placement; a negative n has none.
//
// The yielded Placement is reused for the next solution, and must not be
// changed: copy it (slices.Clone) to keep it.
func Rooks(n int) iter.Seq[Placement] {
	return func(yield func(Placement) bool) {
		if n < 0 {
			return
		}
		p := make(Placement, n)
		for i := range p {
			p[i] = i
		}
		for {
			if !yield(p) {
				return
			}
			// The next permutation in lexicographic order (Narayana): find
			// the last ascent p[i] < p[i+1], swap p[i] with the last element
			// greater than it, and reverse the tail after i.
			i := n - 2
			for i >= 0 && p[i] >= p[i+1] {
				i--
			}
			if i < 0 {
				return
			}
			j := n - 1
			for p[j] <= p[i] {
				j--
			}
			p[i], p[j] = p[j], p[i]
			for a, b := i+1, n-1; a < b; a, b = a+1, b-1 {
				p[a], p[b] = p[b], p[a]
			}
		}
	}
}
