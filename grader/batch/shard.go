package batch

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A Shard is the K-th of N slices of a class, so that N machines (a CI
// matrix) can grade one class together. The zero Shard is the whole class.
//
// Slices are dealt round-robin over the students sorted by name: student i
// (from 0) belongs to shard i mod N + 1. The same class folder therefore
// gives every machine the same slices, and alphabetical runs of slow
// submissions (a group that copied one another) spread over the shards.
type Shard struct{ K, N int }

// ParseShard reads "K/N", 1 <= K <= N.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, errors.New("want K/N, such as 2/4 for the second of four slices")
	}
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	switch {
	case err1 != nil || err2 != nil:
		return Shard{}, errors.New("want K/N with two whole numbers, such as 2/4")
	case ni < 1:
		return Shard{}, fmt.Errorf("N must be at least 1, got %d", ni)
	case ki < 1 || ki > ni:
		return Shard{}, fmt.Errorf("K must be from 1 to %d, got %d", ni, ki)
	}
	return Shard{K: ki, N: ni}, nil
}

func (s Shard) String() string {
	if s.N == 0 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Select returns the students of this shard; students must be sorted by
// name, as Students returns them.
func (s Shard) Select(students []Student) []Student {
	if s.N <= 1 {
		return students
	}
	var out []Student
	for i, st := range students {
		if i%s.N == s.K-1 {
			out = append(out, st)
		}
	}
	return out
}
