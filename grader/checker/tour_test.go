package checker

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/reference"
)

// tour5 is an open tour of the 5×5 board from (0,0), right-aligned as the
// C++ article prints it.
const tour5 = ` 0 11 16  5 20
17  4 19 10 15
12  1  8 21  6
 3 18 23 14  9
24 13  2  7 22
`

// edit returns tour5 with old replaced by new once.
func edit(old, new string) string { return strings.Replace(tour5, old, new, 1) }

func TestTour(t *testing.T) {
	at := func(r, c int) reference.Square { return reference.Square{Row: r, Col: c} }
	cases := []struct {
		name      string
		spec      TourSpec
		output    string
		want      string
		line      int
		highlight []reference.Square
	}{
		{"tour", TourSpec{N: 5}, tour5, "", 0, nil},
		{"left-aligned, tabs, blank lines", TourSpec{N: 5}, "\n0\t11\t16\t5\t20\n17 4 19 10 15\n\n12 1 8 21 6\n3 18 23 14 9\n24 13 2 7 22\n\n", "", 0, nil},
		{"trailing spaces", TourSpec{N: 5}, strings.ReplaceAll(tour5, "\n", " \n"), "", 0, nil},
		{"no final newline", TourSpec{N: 5}, strings.TrimSuffix(tour5, "\n"), "", 0, nil},
		{"base 1", TourSpec{N: 5, Options: reference.TourOptions{Base: 1}}, shift(tour5, 1), "", 0, nil},
		{"transposed", TourSpec{N: 5}, transpose(tour5), "", 0, nil},
		{"N = 1", TourSpec{N: 1}, "0\n", "", 0, nil},

		{"empty", TourSpec{N: 5}, "", "printed nothing; expected a 5×5 knight's tour, 5 lines of 5 numbers", 0, nil},
		{"blank", TourSpec{N: 8}, "\n", "printed only blank lines; expected an 8×8 knight's tour, 8 lines of 8 numbers", 0, nil},
		{"no tour", TourSpec{N: 5}, "Solution does not exist", `line 1: expected a row of 5 numbers separated by spaces, got "Solution does not exist"`, 1, nil},
		{"no tour, N = 1", TourSpec{N: 1}, "Solution does not exist", `line 1: expected a row of 1 number separated by spaces, got "Solution does not exist"`, 1, nil},
		{"empty, N = 1", TourSpec{N: 1}, "", "printed nothing; expected a 1×1 knight's tour, 1 line of 1 number", 0, nil},
		{"header", TourSpec{N: 5}, "Tour:\n" + tour5, `line 1: expected a row of 5 numbers separated by spaces, got "Tour:"`, 1, nil},
		{"short row", TourSpec{N: 5}, edit("12  1  8 21  6", "12  1  8 21"), "line 3 has 4 numbers; a 5×5 tour needs 5", 3, nil},
		{"one line", TourSpec{N: 5}, strings.ReplaceAll(tour5, "\n", " "), "line 1 has 25 numbers; a 5×5 tour needs 5 on each of 5 lines", 1, nil},
		{"hard-coded 8", TourSpec{N: 5}, "0 59 38 33 30 17 8 63\n", "line 1 has 8 numbers; a 5×5 tour needs 5", 1, nil},
		{"too few rows", TourSpec{N: 5}, tour5[:30], "printed 2 rows of numbers; a 5×5 tour needs 5", 2, nil},
		{"too many rows", TourSpec{N: 5}, tour5 + "1 2 3 4 5\n", "line 6: more than 5 rows of numbers; a 5×5 tour has 5", 6, nil},
		{"text after", TourSpec{N: 5}, tour5 + "Moves: 25\n", `line 6: expected only the tour's 5 rows, got "Moves: 25" after them`, 6, nil},
		{"commas", TourSpec{N: 5}, "0,11,16,5,20\n", `line 1: separate the numbers with spaces, not commas: got "0,11,16,5,20"`, 1, nil},
		{"word", TourSpec{N: 5}, edit("21", "2l"), `line 3: "2l" is not a whole number`, 3, nil},
		{"float", TourSpec{N: 5}, edit("21", "21.0"), `line 3: "21.0" is not a whole number`, 3, nil},
		{"huge", TourSpec{N: 5}, edit("21", "99999999999999999999999999"), `line 3: "99999999999999999999999999" is out of range 0..24`, 3, []reference.Square{at(2, 3)}},
		{"out of range", TourSpec{N: 5}, edit("21", "25"), "line 3: 25 is out of range 0..24", 3, []reference.Square{at(2, 3)}},
		{"minus one", TourSpec{N: 5}, edit("21", "-1"), "line 3: square (2,3) holds -1, so it was never visited; no square holds 21", 3, []reference.Square{at(2, 3)}},
		{"one move short", TourSpec{N: 5}, edit("24", "-1"), "line 5: square (4,0) holds -1, so it was never visited; the tour ends at 23, not 24", 5, []reference.Square{at(4, 0)}},
		{"two moves short, zeros", TourSpec{N: 5}, strings.Replace(edit("24", " 0"), "23", " 0", 1),
			"line 4: square (3,2) holds 0, so it was never visited (nor 1 other square); the tour ends at 22, not 24", 4, []reference.Square{at(3, 2), at(4, 0)}},
		{"from -1", TourSpec{N: 5}, shift(tour5, -1), "the tour is numbered from -1; it must start at 0", 0, nil},
		{"from 1", TourSpec{N: 5}, shift(tour5, 1), "the tour is numbered from 1; it must start at 0", 0, nil},
		{"from 0", TourSpec{N: 5, Options: reference.TourOptions{Base: 1}}, tour5, "the tour is numbered from 0; it must start at 1", 0, nil},
		{"repeated", TourSpec{N: 5}, edit(" 7 22", " 2 22"), "line 5: 2 appears twice, at (4,2) and (4,3)", 5, []reference.Square{at(4, 2), at(4, 3)}},
		{"bad move", TourSpec{N: 5}, edit(" 2  7", " 7  2"), "line 5: move 1 -> 2 goes from (2,1) to (4,3), which is not a knight's move", 5, []reference.Square{at(2, 1), at(4, 3)}},
		{"wrong start", TourSpec{N: 5, Options: reference.TourOptions{Start: at(2, 2)}}, tour5, "line 1: 0 is at (0,0); the tour must start at (2,2)", 1, []reference.Square{at(0, 0), at(2, 2)}},
		{"backwards", TourSpec{N: 5}, reverse(tour5), "line 5: 0 is at (4,0); the tour must start at (0,0); 24, its last number, is there: numbered from that end, it is a tour from (0,0)", 5, []reference.Square{at(4, 0), at(0, 0)}},
		// Ending on the start square says nothing of a tour that is
		// wrong besides: no guess that it was numbered backwards.
		{"backwards and broken", TourSpec{N: 5}, reverse(edit(" 2  7", " 7  2")), "line 5: 0 is at (4,0); the tour must start at (0,0)", 5, []reference.Square{at(4, 0), at(0, 0)}},
		{"not closed", TourSpec{N: 5, Options: reference.TourOptions{Closed: true}}, tour5, "line 5: the tour is not closed: 24 at (4,0) is not a knight's move from 0 at (0,0)", 5, []reference.Square{at(4, 0), at(0, 0)}},
		{"crlf", TourSpec{N: 5}, strings.ReplaceAll(tour5, "\n", "\r\n"), `line 1: lines end with \r\n (Windows line endings); end them with \n only`, 1, nil},
		{"N = 0", TourSpec{N: 0}, "", "checker: tour N must be between 1 and 2000, got 0", 0, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := Tour([]byte(c.output), c.spec)
			checkReason(t, f)
			switch {
			case f == nil && c.want != "":
				t.Fatalf("got a pass; want %q", c.want)
			case f == nil:
				return
			case c.want == "":
				t.Fatalf("got %q; want a pass", f.Message)
			case f.Message != c.want:
				t.Fatalf("got  %q;\nwant %q", f.Message, c.want)
			case f.Line != c.line:
				t.Fatalf("got line %d; want %d", f.Line, c.line)
			case f != nil && f.Invalid != strings.HasPrefix(c.want, "checker: "):
				t.Fatalf("got Invalid %v; want it only for the grader's own errors", f.Invalid)
			}
			if c.highlight != nil {
				if f.Tour == nil || !slices.Equal(f.Tour.Highlight, c.highlight) {
					t.Fatalf("got picture %+v; want highlight %v", f.Tour, c.highlight)
				}
				if f.Tour.N != c.spec.N || len(f.Tour.Numbers) != c.spec.N {
					t.Fatalf("got a picture of %d rows, N = %d; want %d", len(f.Tour.Numbers), f.Tour.N, c.spec.N)
				}
			}
		})
	}
}

// TestTourReference checks the reference's own tours, open from several
// squares and closed, as their programs would print them.
func TestTourReference(t *testing.T) {
	checked := 0
	for _, n := range []int{5, 6, 7, 8, 12, 31} {
		for _, start := range []reference.Square{{}, {Row: 2, Col: 2}, {Row: n - 1, Col: 1}} {
			numbers, ok := reference.Tour(n, start)
			if !ok {
				continue
			}
			checked++
			out := printTour(numbers)
			if f := Tour(out, TourSpec{N: n, Options: reference.TourOptions{Start: start}}); f != nil {
				t.Errorf("N = %d from %v: got %q; want a pass", n, start, f.Message)
			}
			if f := Tour(out, TourSpec{N: n + 1}); f == nil {
				t.Errorf("N = %d printed for N = %d: got a pass; want a failure", n, n+1)
			}
		}
		if numbers, ok := reference.ClosedTour(n); ok {
			if f := Tour(printTour(numbers), TourSpec{N: n, Options: reference.TourOptions{Closed: true}}); f != nil {
				t.Errorf("closed N = %d: got %q; want a pass", n, f.Message)
			}
			checked++
		}
	}
	if checked < 15 {
		t.Errorf("checked %d reference tours; want at least 15", checked)
	}
}

// shift adds d to every number of a printed tour.
func shift(tour string, d int) string {
	return mapTour(tour, func(numbers [][]int) [][]int {
		for _, row := range numbers {
			for c := range row {
				row[c] += d
			}
		}
		return numbers
	})
}

// transpose swaps the rows and columns of a printed tour.
func transpose(tour string) string {
	return mapTour(tour, func(numbers [][]int) [][]int {
		t := make([][]int, len(numbers))
		for r := range t {
			t[r] = make([]int, len(numbers))
			for c := range t[r] {
				t[r][c] = numbers[c][r]
			}
		}
		return t
	})
}

// reverse numbers a printed tour from its end.
func reverse(tour string) string {
	return mapTour(tour, func(numbers [][]int) [][]int {
		last := len(numbers)*len(numbers) - 1
		for _, row := range numbers {
			for c := range row {
				row[c] = last - row[c]
			}
		}
		return numbers
	})
}

func mapTour(tour string, f func([][]int) [][]int) string {
	var numbers [][]int
	for _, line := range strings.Split(strings.TrimSpace(tour), "\n") {
		var row []int
		for _, field := range strings.Fields(line) {
			var v int
			fmt.Sscan(field, &v)
			row = append(row, v)
		}
		numbers = append(numbers, row)
	}
	return string(printTour(f(numbers)))
}

// TestTourSwappedStart checks the hint for a start square given as (col,row).
func TestTourSwappedStart(t *testing.T) {
	numbers, ok := reference.Tour(6, reference.Square{Row: 2, Col: 1})
	if !ok {
		t.Fatal("the reference has no 6×6 tour from (2,1)")
	}
	f := Tour(printTour(numbers), TourSpec{N: 6, Options: reference.TourOptions{Start: reference.Square{Row: 1, Col: 2}}})
	want := "line 3: 0 is at (2,1); the tour must start at (1,2) (are rows and columns swapped?)"
	if f == nil || f.Message != want {
		t.Fatalf("got %v; want %q", f, want)
	}
	if f := Tour([]byte(transpose(string(printTour(numbers)))), TourSpec{N: 6, Options: reference.TourOptions{Start: reference.Square{Row: 1, Col: 2}}}); f != nil {
		t.Errorf("transposed: got %q; want a pass", f.Message)
	}
}
