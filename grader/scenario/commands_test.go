package scenario

import (
	"maps"
	"slices"
	"testing"

	"github.com/boardcheck/boardcheck/grader/script"
)

// TestCommandRuns checks that every command the scenario language accepts
// at load time has a run here, and nothing else does: a command validated
// but never run would break every check that uses it.
func TestCommandRuns(t *testing.T) {
	if got, want := slices.Sorted(maps.Keys(commandRuns)), script.Commands(); !slices.Equal(got, want) {
		t.Errorf("commands run: %q; commands the language has: %q", got, want)
	}
}
