package grader

import (
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
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
	// What "right" means, a puzzle as an exercise describes it, and the
	// reference programs over them.
	"reference":         {},
	"puzzle":            {"reference"},
	"internal/programs": {"puzzle", "reference"},

	// Helpers of one purpose each, below everything that uses them.
	"internal/atomicfile":             {},
	"internal/exhaustive":             {},
	"internal/fixture":                {},
	"internal/gradescope":             {},
	"internal/suggest":                {},
	"internal/survivors":              {},
	"exercises":                       {"grader/author", "grader/exercise", "internal/exhaustive"}, // data; its test verifies it
	"exercises/nqueens/good/go-files": {},

	// Running one untrusted command: knows nothing of exercises; says the
	// limits and layers in force as report.Messages (plain data, below).
	"grader/sandbox/internal/proctree": {},
	"grader/sandbox/internal/launcher": {},
	"grader/sandbox":                   {"grader/report", "grader/sandbox/internal/proctree", "grader/sandbox/internal/launcher"},

	// Judging output, the verdicts and what the grader says as data (a
	// refused hand-in, a submission that does not build, a failure), and
	// its words in each language: below everything that says something.
	"grader/checker": {"puzzle", "reference"},
	"grader/report":  {"grader/checker"},
	"grader/i18n":    {"grader/report"},
	// Tests' own: what the tests of each package's messages share.
	"grader/i18n/i18ntest": {"grader/i18n", "grader/report"},

	// What is read of a submission, and how: below everything that reads one.
	"grader/handin": {"grader/i18n", "grader/report"},

	// A submission becomes a command, run in the sandbox.
	"grader/submission": {"grader/handin", "grader/i18n", "grader/i18n/i18ntest", "grader/report", "grader/sandbox", "internal/survivors"},
	"grader/builtin":    {"grader/submission", "internal/programs", "puzzle"},

	// Judging output, and the verdicts as data; a renderer says them.
	"grader/render": {"grader/checker", "grader/i18n", "grader/report", "reference"},

	// The scenario language, and the exercises written in it.
	"grader/script":   {"grader/checker", "internal/suggest", "puzzle", "reference"},
	"grader/exercise": {"exercises", "grader/builtin", "grader/i18n", "grader/report", "grader/sandbox", "grader/script", "internal/fixture", "internal/programs", "internal/suggest", "puzzle"},

	// Grading: one check's scenario run against a submission, and the
	// scheduler of a submission's checks above it.
	"grader/scenario": {"grader/builtin", "grader/checker", "grader/exercise", "grader/handin", "grader/i18n", "grader/i18n/i18ntest", "grader/report", "grader/sandbox", "grader/script", "grader/submission", "internal/fixture"},
	"grader":          {"grader/builtin", "grader/exercise", "grader/handin", "grader/i18n", "grader/i18n/i18ntest", "grader/report", "grader/sandbox", "grader/scenario", "grader/submission", "internal/fixture", "internal/suggest"},

	// Above grading: authoring, a whole class, the command line.
	"grader/author":        {"grader", "grader/builtin", "grader/checker", "grader/exercise", "grader/i18n", "grader/report", "grader/sandbox", "grader/script", "grader/submission", "internal/atomicfile", "internal/fixture", "internal/programs"},
	"grader/batch":         {"grader", "grader/exercise", "grader/handin", "grader/render", "grader/report", "grader/submission", "internal/atomicfile", "internal/exhaustive"},
	"internal/cli":         {"grader", "grader/author", "grader/batch", "grader/exercise", "grader/i18n", "grader/render", "grader/report", "grader/sandbox", "grader/submission", "internal/atomicfile", "internal/exhaustive", "internal/gradescope", "internal/suggest", "reference"},
	"internal/browsertest": {"grader", "grader/exercise", "grader/i18n", "grader/render", "grader/report"},

	// Thin mains, and the benchmarks' helpers.
	"cmd/grader":            {"grader/i18n", "internal/cli", "internal/exhaustive", "internal/programs", "internal/survivors", "reference"},
	"cmd/knights-tour":      {"internal/programs"},
	"cmd/nqueens":           {"internal/programs"},
	"cmd/queens-board":      {"internal/programs"},
	"cmd/queens-matrix":     {"internal/programs"},
	"cmd/solvers":           {"internal/programs"},
	"bench/cmd/countqueens": {"reference"},
	"bench/cmd/figures":     {},
	"bench/cmd/generic":     {"grader/checker", "puzzle", "reference"},
	"bench/cmd/judge":       {"grader/checker", "reference"},
	"bench/cmd/sandboxtrue": {"grader/sandbox"},
	"bench/cmd/tours":       {"reference"},
}

// listedPackage is what the layout tests need of go list's answer.
type listedPackage struct {
	ImportPath                         string
	Imports, TestImports, XTestImports []string
}

// listModule returns every package of the module, as go list reports them.
func listModule(t *testing.T) []listedPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderrOf(err))
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// TestLayout checks every package's in-module imports, its tests' among
// them, as go list reports them, against allowedImports.
func TestLayout(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, p := range listModule(t) {
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

// layoutRow matches a row of CONTRIBUTING.md's Layout table; its group is
// the first cell: one or more paths in backquotes.
var layoutRow = regexp.MustCompile("^\\| (`[^|]*`) \\|")

// TestLayoutDocumented checks that CONTRIBUTING.md's map of the code has a
// row for every package: the package's path, or a folder (a path ending in
// /) that holds it.
func TestLayoutDocumented(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("../CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, _ := strings.Cut(string(doc), "## Layout\n")
	table, _, _ = strings.Cut(table, "\n\n## ")
	var rows []string
	for line := range strings.Lines(table) {
		if m := layoutRow.FindStringSubmatch(line); m != nil {
			for p := range strings.SplitSeq(m[1], ",") {
				rows = append(rows, strings.Trim(strings.TrimSpace(p), "`"))
			}
		}
	}
	if len(rows) == 0 {
		t.Fatal("CONTRIBUTING.md has no Layout table")
	}
	for _, p := range listModule(t) {
		pkg := inModule(p.ImportPath)
		if !slices.ContainsFunc(rows, func(row string) bool { return rowHolds(row, pkg) }) {
			t.Errorf("CONTRIBUTING.md's Layout table has no row for %s: add one saying what it holds", pkg)
		}
	}
}

// rowHolds reports whether a Layout row's path names pkg: the package's own
// path, or a folder ("bench/"; "exercises/ID/", whose placeholder stands
// for any exercise) that holds it.
func rowHolds(row, pkg string) bool {
	if !strings.HasSuffix(row, "/") {
		return row == pkg
	}
	folder, _, _ := strings.Cut(strings.TrimSuffix(row, "/"), "/ID")
	return pkg == folder || strings.HasPrefix(pkg, folder+"/")
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
