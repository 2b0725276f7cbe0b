package checker

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/reference"
)

// The fuzz targets feed every parser arbitrary output. Each checks that the
// checker neither panics nor allocates more than a constant times the
// output (plus what the reference needs for a board of that size), that its
// messages stay short and name a line that exists, and that whatever passes
// really holds what was asked, by a test independent of the parser.
//
// Their seed corpora are under testdata/fuzz; CHECKER_WRITE_CORPUS=1 go test
// -run TestWriteFuzzCorpus rewrites them from fuzzSeeds below.

const (
	allocPerByte = 64
	allocFixed   = 16 << 20
	maxMessage   = 700
)

// checkFailure holds what every failure must.
func checkFailure(t *testing.T, output []byte, f *Failure) {
	t.Helper()
	if f == nil {
		return
	}
	checkReason(t, f)
	if len(f.Message) == 0 || len(f.Message) > maxMessage {
		t.Fatalf("message of %d bytes: %q", len(f.Message), f.Message)
	}
	if lines := bytes.Count(output, []byte{'\n'}) + 1; f.Line < 0 || f.Line > lines {
		t.Fatalf("line %d of an output of %d lines: %q", f.Line, lines, f.Message)
	}
}

// bounded runs fn and fails when it allocates out of proportion to input.
func bounded(t *testing.T, input []byte, fn func()) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(allocPerByte*len(input)+allocFixed); got > limit {
		t.Fatalf("allocated %d bytes for %d bytes of output; want at most %d", got, len(input), limit)
	}
}

// fuzzQueens runs Queens on output in every mode and checks what passes.
func fuzzQueens(t *testing.T, output []byte, format Format, size, flags uint8) {
	n := 1 + int(size)%10
	piece := reference.Queen
	if flags&1 == 1 {
		piece = reference.Rook
	}
	for _, mode := range []Mode{All, One, None} {
		spec := QueensSpec{N: n, Piece: piece, Format: format, Mode: mode, Order: []Order{AnyOrder, Ascending, Descending, AnyOrder}[flags>>1&3]}
		var f *Failure
		bounded(t, output, func() { f = Queens(output, spec) })
		checkFailure(t, output, f)
		if f != nil {
			continue
		}
		// A pass must have pieces in it, except for none, where it must
		// have none.
		marks := countMarks(output, format, piece)
		switch mode {
		case One:
			if marks != n {
				t.Fatalf("%s one %d passed with %d pieces: %q", format, n, marks, output)
			}
			if format == FormatList {
				if p, ok := readPlacement(output); !ok || reference.CheckPlacement(n, piece, p.Squares()) != nil {
					t.Fatalf("list one %d passed an invalid line: %q", n, output)
				}
			}
		case None:
			if format != FormatList && hasPieceRow(output, format, piece) {
				t.Fatalf("%s none %d passed with %d pieces: %q", format, n, marks, output)
			}
		}
	}
}

// countMarks counts the pieces an output shows: pairs in a list, 1s in a
// matrix or JSON board, piece letters on a board.
func countMarks(output []byte, format Format, piece reference.Piece) int {
	switch format {
	case FormatList:
		return bytes.Count(output, []byte("], [")) + bytes.Count(output, []byte("[[")) // pairs: one opening each
	case FormatBoard:
		return bytes.Count(output, []byte{pieceLetter(piece)})
	}
	return bytes.Count(output, []byte{'1'})
}

// hasPieceRow reports whether output has a line that is, by a pattern of
// its own, a well-formed row or board with a piece on it: what none must
// never pass.
func hasPieceRow(output []byte, format Format, piece reference.Piece) bool {
	var row *regexp.Regexp
	switch format {
	case FormatMatrix:
		row = regexp.MustCompile(`^[01]( [01])*[ \t]*$`)
	case FormatBoard:
		row = regexp.MustCompile(`^[` + string(pieceLetter(piece)) + `.](\|[` + string(pieceLetter(piece)) + `.])*[ \t]*$`)
	case FormatJSON:
		row = regexp.MustCompile(`^\s*\[\s*\[[\s\d,\[\]]*\]\s*\]`)
	}
	for line := range bytes.SplitSeq(output, []byte{'\n'}) {
		if row.Match(line) && bytes.ContainsAny(line, "1QR") {
			return true
		}
	}
	return false
}

// readPlacement reads a single list line with the standard library, as a
// second opinion on parseList.
func readPlacement(output []byte) (reference.Placement, bool) {
	line := strings.TrimRight(strings.TrimSuffix(string(output), "\n"), " \t")
	if strings.Contains(line, "\n") || !strings.HasPrefix(line, "[[") || !strings.HasSuffix(line, "]]") {
		return nil, false
	}
	var p reference.Placement
	for i, pair := range strings.Split(line[2:len(line)-2], "], [") {
		var r, c int
		if _, err := fmt.Sscanf(pair, "%d, %d", &r, &c); err != nil || r != i {
			return nil, false
		}
		p = append(p, c)
	}
	return p, p.String() == line
}

func FuzzQueensList(f *testing.F) {
	f.Fuzz(func(t *testing.T, output []byte, size, flags uint8) { fuzzQueens(t, output, FormatList, size, flags) })
}

func FuzzQueensMatrix(f *testing.F) {
	f.Fuzz(func(t *testing.T, output []byte, size, flags uint8) { fuzzQueens(t, output, FormatMatrix, size, flags) })
}

func FuzzQueensBoard(f *testing.F) {
	f.Fuzz(func(t *testing.T, output []byte, size, flags uint8) { fuzzQueens(t, output, FormatBoard, size, flags) })
}

func FuzzQueensJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, output []byte, size, flags uint8) { fuzzQueens(t, output, FormatJSON, size, flags) })
}

func FuzzTour(f *testing.F) {
	f.Fuzz(func(t *testing.T, output []byte, size, flags uint8) {
		n := 1 + int(size)%40
		opts := reference.TourOptions{Base: int(flags & 1), Closed: flags&2 == 2}
		var fail *Failure
		bounded(t, output, func() { fail = Tour(output, TourSpec{N: n, Options: opts}) })
		checkFailure(t, output, fail)
		if fail != nil {
			return
		}
		var numbers [][]int
		for line := range strings.SplitSeq(string(output), "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			var row []int
			for _, field := range strings.Fields(line) {
				v, err := strconv.Atoi(field)
				if err != nil {
					t.Fatalf("passed a tour holding %q: %q", field, output)
				}
				row = append(row, v)
			}
			numbers = append(numbers, row)
		}
		if te := reference.CheckTour(n, numbers, opts); te != nil {
			t.Fatalf("passed a tour the reference refuses (%v): %q", te, output)
		}
	})
}

func FuzzCount(f *testing.F) {
	f.Fuzz(func(t *testing.T, output []byte, size, flags uint8) {
		n := int(size) % 28
		piece := reference.Queen
		if flags&1 == 1 {
			piece = reference.Rook
		}
		var fail *Failure
		bounded(t, output, func() { fail = Count(output, piece, n) })
		checkFailure(t, output, fail)
		if fail != nil {
			return
		}
		want, _ := expectedCount(piece, n)
		if got := strings.TrimSpace(string(output)); strings.TrimLeft(got, "0") != strings.TrimLeft(want.String(), "0") {
			t.Fatalf("passed %q; want %s", output, want)
		}
	})
}

// fuzzSeed is one seed input: an output and the two bytes that pick N,
// piece and options.
type fuzzSeed struct {
	output      string
	size, flags uint8
}

// fuzzSeeds are right and wrong outputs of each kind, from which the
// fuzzer mutates.
func fuzzSeeds() map[string][]fuzzSeed {
	seeds := map[string][]fuzzSeed{}
	q := reference.Queen
	for _, format := range formats {
		name := "FuzzQueens" + map[Format]string{FormatList: "List", FormatMatrix: "Matrix", FormatBoard: "Board", FormatJSON: "JSON"}[format]
		s := []fuzzSeed{
			{printAll(all(4, q), format, q), 3, 0},
			{printAll(all(6, q), format, q), 5, 2},
			{printOne(reference.Placement{1, 3, 0, 2}, format, q), 3, 0},
			{printOne(reference.Placement{0, 1, 2, 3}, format, q), 3, 0},
			{printAll(all(3, reference.Rook), format, reference.Rook), 2, 1},
			{printOne(reference.Placement{0, 4, 7, 5, 2, 6, 1, 3}, format, q), 3, 0},
			{"Solution does not exist\n", 2, 0},
			{"", 3, 0},
		}
		seeds[name] = s
	}
	seeds["FuzzQueensList"] = append(seeds["FuzzQueensList"],
		fuzzSeed{"[[0,1],[1,3],[2,0],[3,2]]\n", 3, 0},
		fuzzSeed{"((0, 1), (1, 3), (2, 0), (3, 2))\r\n", 3, 0},
		fuzzSeed{"[1, 3, 0, 2]\n[[0, 1], [1, 3], [2, 0], [3, 99999999999999999999]]\n", 3, 0},
	)
	seeds["FuzzQueensJSON"] = append(seeds["FuzzQueensJSON"],
		fuzzSeed{"[\n [0, 1, 0, 0],\n [0, 0, 0, 1],\n [1, 0, 0, 0],\n [0, 0, 1, 0]\n]\n", 3, 0},
		fuzzSeed{`[[true, "1", null, 1.0e0]]`, 3, 0},
	)
	open, _ := reference.Tour(5, reference.Square{})
	closed, _ := reference.ClosedTour(6)
	seeds["FuzzTour"] = []fuzzSeed{
		{tour5, 4, 0},
		{shift(tour5, 1), 4, 1},
		{string(printTour(open)), 4, 0},
		{string(printTour(closed)), 5, 2},
		{edit(" 2  7", " 7  2"), 4, 0},
		{strings.ReplaceAll(tour5, "\n", " "), 4, 0},
		{"Solution does not exist", 7, 0},
		{"0 1,2 x 99999999999999999999999\n", 2, 0},
	}
	seeds["FuzzCount"] = []fuzzSeed{
		{"92\n", 8, 0}, {"40320\n", 8, 1}, {"14,200\n", 12, 0}, {"2.0", 4, 0},
		{"5.109094217170944e+19\n", 21, 1}, {"Solutions: 92\n", 8, 0}, {"", 8, 0}, {"1\n2\n", 8, 0},
	}
	return seeds
}

// TestWriteFuzzCorpus writes fuzzSeeds as the checked-in seed corpora.
func TestWriteFuzzCorpus(t *testing.T) {
	if os.Getenv("CHECKER_WRITE_CORPUS") != "1" {
		t.Skip("set CHECKER_WRITE_CORPUS=1 to rewrite testdata/fuzz")
	}
	for name, seeds := range fuzzSeeds() {
		dir := filepath.Join("testdata", "fuzz", name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, s := range seeds {
			text := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\nuint8(%d)\nuint8(%d)\n", s.output, s.size, s.flags)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed%02d", i)), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestFuzzCorpus checks that the checked-in corpora are the seeds above, so
// that they cannot drift apart.
func TestFuzzCorpus(t *testing.T) {
	for name, seeds := range fuzzSeeds() {
		for i, s := range seeds {
			path := filepath.Join("testdata", "fuzz", name, fmt.Sprintf("seed%02d", i))
			got, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%v; run CHECKER_WRITE_CORPUS=1 go test -run TestWriteFuzzCorpus", err)
				continue
			}
			if want := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\nuint8(%d)\nuint8(%d)\n", s.output, s.size, s.flags); string(got) != want {
				t.Errorf("%s is out of date; run CHECKER_WRITE_CORPUS=1 go test -run TestWriteFuzzCorpus", path)
			}
		}
	}
}
