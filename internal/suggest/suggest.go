// Package suggest finds, among the names a user could have meant, the one
// nearest a misspelt one, so that every "did you mean" of the grader answers alike.
package suggest

import "strings"

// Closest returns the candidate nearest to s by edit distance, ignoring
// case, if it is near enough to be a plausible typo, else "". The grader
// command uses it too, so every "did you mean" answers alike.
func Closest(s string, candidates []string) string {
	best, bestDist := "", -1
	for _, c := range candidates {
		d := editDistance(strings.ToLower(s), strings.ToLower(c))
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	// A third of the length (at least 1, at most 3) separates a typo from
	// a different word: "nqeens" -> "nqueens", but "tour" -/-> "count".
	limit := min(max(len(s)/3, 1), 3)
	if bestDist < 0 || bestDist > limit {
		return ""
	}
	return best
}

// editDistance is the edit distance between a and b in bytes, counting a
// swap of two neighbours as one edit (optimal string alignment): "chekc" is
// one slip away from "check", as a student would count it.
func editDistance(a, b string) int {
	before := make([]int, len(b)+1) // the row before prev, for swaps
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], before[j-2]+1)
			}
		}
		before, prev, cur = prev, cur, before
	}
	return prev[len(b)]
}
