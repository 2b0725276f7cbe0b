package checker

import (
	"slices"

	"github.com/boardcheck/boardcheck/reference"
)

// A failure names the first fault in the output; a person fixing an `all`
// check also wants the whole picture: how many of the solutions printed are
// right, how many repeat, how many are no solution at all, and how many are
// missing. TallyQueens reads the output to the end for that, and keeps a
// few of each kind to draw.

// maxTallyExamples is how many placements of each kind a tally keeps.
const maxTallyExamples = 3

// QueensTally sorts every placement an `all` check's output printed.
type QueensTally struct {
	Want     int64 // the solutions N has
	Right    int   // valid solutions, each counted once
	Repeated int   // valid solutions printed again
	Invalid  int   // placements that are not solutions: attacks, or the wrong number of pieces
	Missing  int64 // solutions never printed: Want - Right
	// Stopped is the output line at which reading stopped because it is
	// not a placement at all (garbled, blank); the counts cover the lines
	// before it. 0 when the whole output was read.
	Stopped int
	// Examples of each kind, in output order (missing ones in the
	// reference's order), at most maxTallyExamples of each.
	RepeatedAt, InvalidAt []TallyExample
	MissingEx             [][]reference.Square
}

// TallyExample is one placement the output printed, and where.
type TallyExample struct {
	Line   int // the output line it starts on
	Pieces []reference.Square
}

// TallyQueens tallies output for an `all` spec; nil for any other mode or a
// spec no output can pass.
func TallyQueens(output []byte, spec QueensSpec) *QueensTally {
	if spec.Mode != All || spec.check() != nil {
		return nil
	}
	n, piece := spec.N, spec.Piece
	t := &QueensTally{Want: solutionCount(n, piece, All)}
	seen := map[string]bool{}
	p := make(reference.Placement, n)
	take := func(c *candidate) *Failure {
		ex := TallyExample{Line: c.first, Pieces: slices.Clone(c.pieces)}
		if len(c.pieces) != n || reference.CheckPlacement(n, piece, c.pieces) != nil {
			t.Invalid++
			if len(t.InvalidAt) < maxTallyExamples {
				t.InvalidAt = append(t.InvalidAt, ex)
			}
			return nil
		}
		// A valid placement has one piece per row.
		for _, s := range c.pieces {
			p[s.Row] = s.Col
		}
		key := p.String()
		if seen[key] {
			t.Repeated++
			if len(t.RepeatedAt) < maxTallyExamples {
				t.RepeatedAt = append(t.RepeatedAt, ex)
			}
			return nil
		}
		seen[key] = true
		t.Right++
		return nil
	}
	var f *Failure
	switch spec.Format {
	case FormatList:
		f = parseList(output, spec, take)
	case FormatMatrix:
		f = parseGrid(output, spec, matrixRow, take)
	case FormatBoard:
		f = parseGrid(output, spec, boardRow, take)
	case FormatJSON:
		f = parseJSON(output, spec, take)
	}
	if f != nil {
		t.Stopped = max(f.Line, 1)
	}
	t.Missing = max(t.Want-int64(t.Right), 0)
	if t.Missing > 0 {
		for sol := range solutions(n, piece) {
			if !seen[sol.String()] {
				t.MissingEx = append(t.MissingEx, sol.Squares())
				if len(t.MissingEx) == maxTallyExamples {
					break
				}
			}
		}
	}
	return t
}
