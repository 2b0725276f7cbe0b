package checker

import (
	"bytes"
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/boardcheck/boardcheck/reference"
)

// printOne writes p as a program printing format f would.
func printOne(p reference.Placement, f Format, piece reference.Piece) string {
	n := len(p)
	var b strings.Builder
	switch f {
	case FormatList:
		b.WriteString(p.String())
		b.WriteByte('\n')
	case FormatMatrix:
		for r := range n {
			for c := range n {
				if c > 0 {
					b.WriteByte(' ')
				}
				fmt.Fprint(&b, b2i(p[r] == c))
			}
			b.WriteByte('\n')
		}
	case FormatBoard:
		for r := n - 1; r >= 0; r-- {
			for c := range n {
				if c > 0 {
					b.WriteByte('|')
				}
				if p[r] == c {
					b.WriteByte(pieceLetter(piece))
				} else {
					b.WriteByte('.')
				}
			}
			b.WriteByte('\n')
		}
	case FormatJSON:
		b.WriteByte('[')
		for r := range n {
			if r > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('[')
			for c := range n {
				if c > 0 {
					b.WriteString(", ")
				}
				fmt.Fprint(&b, b2i(p[r] == c))
			}
			b.WriteByte(']')
		}
		b.WriteString("]\n")
	}
	return b.String()
}

// printAll writes ps in format f, boards separated by blank lines where the
// format has them.
func printAll(ps []reference.Placement, f Format, piece reference.Piece) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 && (f == FormatMatrix || f == FormatBoard) {
			b.WriteByte('\n')
		}
		b.WriteString(printOne(p, f, piece))
	}
	return b.String()
}

// all collects the reference's solutions.
func all(n int, piece reference.Piece) []reference.Placement {
	var ps []reference.Placement
	for p := range solutions(n, piece) {
		ps = append(ps, slices.Clone(p))
	}
	return ps
}

var formats = []Format{FormatList, FormatMatrix, FormatBoard, FormatJSON}

// printTour writes numbers right-aligned, as setw does.
func printTour(numbers [][]int) []byte {
	n := len(numbers)
	w := len(fmt.Sprint(n*n - 1))
	var b bytes.Buffer
	for _, row := range numbers {
		for c, v := range row {
			if c > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%*d", w, v)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// pieceLetter is the letter the board format draws piece with.
func pieceLetter(p reference.Piece) byte {
	if p == reference.Rook {
		return 'R'
	}
	return 'Q'
}

// solutions enumerates the reference's solutions for piece.
func solutions(n int, piece reference.Piece) iter.Seq[reference.Placement] {
	if piece == reference.Rook {
		return reference.Rooks(n)
	}
	return reference.Queens(n)
}

// queensJudge is the judge of a queens spec, for tests that ask it
// directly.
func queensJudge(t interface{ Fatalf(string, ...any) }, spec QueensSpec) *judge {
	j, f := newJudge(spec.placements(), 0, false)
	if f != nil {
		t.Fatalf("newJudge: %s", f.Message)
	}
	return j
}

// renderAs writes p as spec's format prints it, on one line.
func (j *judge) renderAs(p reference.Placement) string { return j.render(p.Squares()) }
