package script

import (
	"os"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/puzzle"
)

// amazons is the puzzle of CONTRIBUTING.md's walkthrough: N amazons.
func amazons(t *testing.T) *puzzle.Spec {
	t.Helper()
	spec, err := puzzle.Parse(puzzle.Fields{Piece: "QN", Name: "amazon", Args: "N", Answer: "all"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// TestContributingScenarioExamples checks that every example line of
// CONTRIBUTING.md's scenario commands is a line a scenario may hold, with
// the usage the loader accepts, and that every grader command appears in
// the examples: the document is the scenario language's contract.
func TestContributingScenarioExamples(t *testing.T) {
	doc, err := os.ReadFile("../../CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(doc), "An example of each, as the shipped exercises use them:\n\n")
	if !ok {
		t.Fatal(`CONTRIBUTING.md has no "An example of each" block of scenario lines`)
	}
	seen := map[string]bool{}
	files := map[string]bool{"column.json": true, "want.txt": true}
	for line := range strings.Lines(block) {
		code, ok := strings.CutPrefix(line, "    ")
		if !ok {
			break // the block ends at the first unindented line
		}
		sl, err := ParseLine(strings.TrimSpace(code))
		if err != nil || sl == nil {
			t.Errorf("%q: not a command line (%v)", code, err)
			continue
		}
		seen[sl.Cmd] = true
		// The program is whatever the run line names: the examples come
		// from several exercises.
		program := "nqueens"
		for _, a := range sl.Args {
			if !strings.HasPrefix(a, "-") && !strings.HasSuffix(a, ".json") {
				program = a
				break
			}
		}
		ctx := Context{Program: program, Files: files}
		if sl.Cmd == "answer" {
			// The answer examples are the walkthrough's: namazons.
			ctx.Puzzle = amazons(t)
		}
		if err := ValidateLine(sl, ctx); err != nil {
			t.Errorf("%q: %v", strings.TrimSpace(code), err)
		}
	}
	for name := range scenarioCmds {
		if !seen[name] {
			t.Errorf("the grader's scenario command %q has no example in CONTRIBUTING.md", name)
		}
	}
}
