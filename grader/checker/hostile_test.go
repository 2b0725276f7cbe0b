package checker

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/reference"
)

// TestHostileOutput gives each checker 16 MB of output (4 MB with -race) shaped to hurt a
// parser (one endless line, endless nesting, endless rows) and checks that
// it answers quickly, with a short message, in memory proportional to the
// output.
func TestHostileOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("16 MB outputs")
	}
	size, limit := 16<<20, 2*time.Second
	if raceEnabled {
		size, limit = 4<<20, 10*time.Second
	}
	// Each output is made when its case runs, so that at most one 16 MB
	// output is alive at a time.
	rep := func(s string) func() []byte { return func() []byte { return bytes.Repeat([]byte(s), size/len(s)) } }
	cases := []struct {
		name   string
		output func() []byte
		judge  func([]byte) *Failure
	}{
		{"list one line", rep("[0, 1], "), queensIn(FormatList)},
		{"list brackets", rep("["), queensIn(FormatList)},
		{"list lines", rep("[[0, 1]]\n"), queensIn(FormatList)},
		{"list none", rep("["), func(b []byte) *Failure { return Queens(b, QueensSpec{N: 8, Format: FormatList, Mode: None}) }},
		{"matrix one line", rep("0 "), queensIn(FormatMatrix)},
		{"matrix rows", rep("0 0 0 0 0 0 0 0\n"), queensIn(FormatMatrix)},
		{"board one line", rep(".|"), queensIn(FormatBoard)},
		{"json nesting", rep("["), queensIn(FormatJSON)},
		{"json one row", func() []byte { return append([]byte("[["), rep("0, ")()...) }, queensIn(FormatJSON)},
		{"json boards", rep("[[0]]\n"), queensIn(FormatJSON)},
		{"nul bytes", rep("\x00"), queensIn(FormatList)},
		{"tour one line", rep("1 "), func(b []byte) *Failure { return Tour(b, TourSpec{N: 8}) }},
		{"tour huge number", rep("9"), func(b []byte) *Failure { return Tour(b, TourSpec{N: 8}) }},
		{"count huge number", rep("9"), func(b []byte) *Failure { return Count(b, reference.Queen, 8) }},
		{"count lines", rep("9\n"), func(b []byte) *Failure { return Count(b, reference.Queen, 8) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var f *Failure
			output := c.output()
			// CPU time, not wall time: the machine may be busy with
			// other work, and that is no fault of the checker's.
			start := cpuTime()
			bounded(t, output, func() { f = c.judge(output) })
			if d := cpuTime() - start; d > limit {
				t.Errorf("took %v of CPU; want under %v", d, limit)
			}
			if f == nil {
				t.Fatal("got a pass; want a failure")
			}
			checkFailure(t, output, f)
			if strings.ContainsRune(f.Message, 0) {
				t.Errorf("message holds a NUL byte: %q", f.Message)
			}
		})
	}
}

func queensIn(format Format) func([]byte) *Failure {
	return func(b []byte) *Failure { return Queens(b, QueensSpec{N: 8, Format: format, Mode: All}) }
}
