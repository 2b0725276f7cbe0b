package grader

import (
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is the path every in-module import starts with.
const module = "github.com/boardcheck/boardcheck"

// allowedImports is the layout of the module as imports: each package, and
// the packages of the module it may import (its tests' included). Data flows
// one way, from a submission to a run under limits, to the scenario
// language and the checkers, to a report, to a renderer; a package imports
// only what sits below it, so none of them knows the next step. Authoring
// sits above grading, and the command line above everything. A new package
// needs a line here: where it sits is a decision, not an accident.
var allowedImports = map[string][]string{
	// What "right" means, and the reference programs over it.
	"reference":         {},
	"internal/programs": {"reference"},

	// Helpers of one purpose each, below everything that uses them.
	"internal/atomicfile":             {},
	"internal/exhaustive":             {},
	"internal/fixture":                {},
	"internal/gradescope":             {},
	"internal/suggest":                {},
	"exercises":                       {"grader/author", "grader/exercise", "internal/exhaustive"}, // data; its test verifies it
	"exercises/nqueens/good/go-files": {},

	// Running one untrusted command: knows nothing of exercises.
	"grader/sandbox/internal/proctree": {},
	"grader/sandbox/internal/shim":     {"grader/sandbox/internal/proctree"},
	"grader/sandbox":                   {"grader/sandbox/internal/proctree", "grader/sandbox/internal/shim"},

	// A submission becomes a command, run in the sandbox.
	"grader/submission": {"grader/sandbox"},
	"grader/builtin":    {"grader/submission", "internal/programs"},

	// Judging output, and the verdicts as data.
	"grader/checker": {"reference"},
	"grader/report":  {"grader/checker"},
	"grader/render":  {"grader/checker", "grader/report", "reference"},

	// The scenario language, and the exercises written in it.
	"grader/script":   {"grader/checker", "internal/suggest", "reference"},
	"grader/exercise": {"exercises", "grader/builtin", "grader/report", "grader/sandbox", "grader/script", "internal/fixture", "internal/programs", "internal/suggest"},

	// Grading: one check's scenario run against a submission, and the
	// scheduler of a submission's checks above it.
	"grader/scenario": {"grader/builtin", "grader/checker", "grader/exercise", "grader/report", "grader/sandbox", "grader/script", "grader/submission"},
	"grader":          {"grader/builtin", "grader/exercise", "grader/report", "grader/sandbox", "grader/scenario", "grader/submission", "internal/fixture", "internal/suggest"},

	// Above grading: authoring, a whole class, the command line.
	"grader/author":        {"grader", "grader/builtin", "grader/checker", "grader/exercise", "grader/report", "grader/sandbox", "grader/script", "grader/submission", "internal/atomicfile", "internal/fixture", "internal/programs"},
	"grader/batch":         {"grader", "grader/exercise", "grader/render", "grader/report", "grader/submission", "internal/atomicfile", "internal/exhaustive"},
	"internal/cli":         {"grader", "grader/author", "grader/batch", "grader/exercise", "grader/render", "grader/report", "grader/sandbox", "grader/submission", "internal/atomicfile", "internal/gradescope", "internal/suggest", "reference"},
	"internal/browsertest": {"grader", "grader/exercise", "grader/render", "grader/report"},

	// Thin mains, and the benchmarks' helpers.
	"cmd/grader":            {"internal/cli", "internal/exhaustive", "internal/programs", "reference"},
	"cmd/knights-tour":      {"internal/programs"},
	"cmd/nqueens":           {"internal/programs"},
	"cmd/queens-board":      {"internal/programs"},
	"cmd/queens-matrix":     {"internal/programs"},
	"cmd/solvers":           {"internal/programs"},
	"bench/cmd/countqueens": {"reference"},
	"bench/cmd/figures":     {},
	"bench/cmd/judge":       {"grader/checker", "reference"},
	"bench/cmd/sandboxtrue": {"grader/sandbox"},
	"bench/cmd/tours":       {"reference"},
}

// TestLayout checks every package's in-module imports, its tests' among
// them, as go list reports them, against allowedImports.
func TestLayout(t *testing.T) {
	t.Parallel()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderrOf(err))
	}
	seen := map[string]bool{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkg := inModule(p.ImportPath)
		seen[pkg] = true
		allowed, ok := allowedImports[pkg]
		if !ok {
			t.Errorf("%s is no package of the layout: give it a line in allowedImports, with what it may import", pkg)
			continue
		}
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if !strings.HasPrefix(imp, module+"/") || imp == p.ImportPath {
				continue
			}
			if dep := inModule(imp); !slices.Contains(allowed, dep) {
				t.Errorf("%s imports %s, which the layout does not allow (it may import: %s)", pkg, dep, strings.Join(allowed, ", "))
			}
		}
	}
	for pkg := range allowedImports {
		if !seen[pkg] {
			t.Errorf("allowedImports names %s, which go list does not know: remove its line", pkg)
		}
	}
}

// inModule is an import path relative to the module: "grader/report".
func inModule(path string) string { return strings.TrimPrefix(path, module+"/") }

// stderrOf is what a failed command printed on standard error, if known.
func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
