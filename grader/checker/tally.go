package checker

import (
	"fmt"
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

// QueensTally sorts every placement an `all` check's output printed, of
// any placement puzzle.
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
	// Attackers and Between are, for a placement whose pieces attack, the
	// first two that do and the squares between them, for a picture.
	Attackers, Between []reference.Square
}

// TallyQueens tallies output for an `all` spec; nil for any other mode or a
// spec no output can pass.
func TallyQueens(output []byte, spec QueensSpec) *QueensTally {
	if spec.check() != nil {
		return nil
	}
	return TallyPlacements(output, spec.placements())
}

// TallyPlacements tallies output for an `all` spec; nil for any other mode
// or a spec no output can pass.
func TallyPlacements(output []byte, spec PlacementSpec) *QueensTally {
	if spec.Mode != All || spec.check() != nil {
		return nil
	}
	p := spec.Puzzle
	want, err := solutionCount(p, All)
	if err != nil {
		return nil
	}
	t := &QueensTally{Want: want}
	seen := map[string]bool{}
	var geo *reference.Geometry
	take := func(c *candidate) *Failure {
		ex := TallyExample{Line: c.first, Pieces: slices.Clone(c.pieces)}
		pe := reference.CheckPieces(p, geo, c.pieces)
		if pe != nil && pe.Kind == reference.Attack {
			ex.Attackers, ex.Between = []reference.Square{pe.A, pe.B}, pe.Between
		}
		if len(c.pieces) != p.Count || pe != nil {
			t.Invalid++
			if len(t.InvalidAt) < maxTallyExamples {
				t.InvalidAt = append(t.InvalidAt, ex)
			}
			return nil
		}
		key := solutionKey(c.pieces)
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
	if _, line := linePiece(p); !line {
		geo = reference.NewGeometry(p.Board, p.Moves)
	}
	if f := parsePlacements(output, spec, take); f != nil {
		t.Stopped = max(f.Line, 1)
	}
	t.Missing = max(t.Want-int64(t.Right), 0)
	if t.Missing > 0 {
		p.Each(searchBudget, func(sol []reference.Square) bool {
			if !seen[solutionKey(sol)] {
				t.MissingEx = append(t.MissingEx, slices.Clone(sol))
			}
			return len(t.MissingEx) < maxTallyExamples
		})
	}
	return t
}

// solutionKey names a solution whatever the order its squares were
// printed in.
func solutionKey(pieces []reference.Square) string {
	sorted := slices.Clone(pieces)
	slices.SortFunc(sorted, compareSquares)
	return fmt.Sprint(sorted)
}
