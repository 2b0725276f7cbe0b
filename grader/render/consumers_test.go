package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// The tests in consumer*_test.go hand every machine fixture, rendered, to the
// programs that read that format in instructors' CI, and fail on any error
// or warning they report, or on a verdict, count or text they read
// differently from the report. The programs are found where .ci/run
// installs them: prove and xmllint on PATH (Debian's perl and
// libxml2-utils), node on PATH, and the npm packages under
// testdata/consumers (npm ci --prefix testdata/consumers), whose small
// scripts there print what each package read as JSON.
//
// A test whose program is missing skips, saying how to install it; with
// BOARDCHECK_REQUIRE_CONSUMERS=1, which .ci/run sets, it fails instead, so
// CI cannot pass without having run them.

const requireConsumers = "BOARDCHECK_REQUIRE_CONSUMERS"

// consumersDir is testdata/consumers at the repository's root, seen from
// this package.
var consumersDir = filepath.Join("..", "..", "testdata", "consumers")

const npmInstall = "run npm ci --prefix testdata/consumers (the npm registry) at the repository's root"

// absent skips the test, or with BOARDCHECK_REQUIRE_CONSUMERS=1 fails it,
// because what it needs is not installed.
func absent(t *testing.T, what, install string) {
	t.Helper()
	if os.Getenv(requireConsumers) == "1" {
		t.Fatalf("%s is not installed, and %s=1 requires it: %s", what, requireConsumers, install)
	}
	t.Skipf("%s is not installed: %s (set %s=1 to fail instead)", what, install, requireConsumers)
}

// needCommand returns the path of the program name on PATH.
func needCommand(t *testing.T, name, install string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		absent(t, name, install)
	}
	return path
}

// needNodePackage checks that node and the npm package pkg are installed,
// and returns the path of the script under testdata/consumers that reads
// with it.
func needNodePackage(t *testing.T, pkg, script string) string {
	t.Helper()
	needCommand(t, "node", "apt-get install nodejs")
	if _, err := os.Stat(filepath.Join(consumersDir, "node_modules", filepath.FromSlash(pkg), "package.json")); err != nil {
		absent(t, "the npm package "+pkg, npmInstall)
	}
	return filepath.Join(consumersDir, script)
}

// npmFile is the path of a file an npm package ships, under
// testdata/consumers/node_modules.
func npmFile(t *testing.T, pkg, file string) string {
	t.Helper()
	path := filepath.Join(consumersDir, "node_modules", filepath.FromSlash(pkg), filepath.FromSlash(file))
	if _, err := os.Stat(path); err != nil {
		absent(t, file+" of the npm package "+pkg, npmInstall)
	}
	return path
}

// rendered is one fixture report and the file it was rendered to.
type rendered struct {
	name   string
	report *report.Report
	path   string
}

// renderFiles renders every one of machineFixtures with render into a file
// NAME.EXT of a temporary folder, sorted by name.
func renderFiles(t *testing.T, render func(io.Writer, *report.Report, Options) error, ext string) []rendered {
	t.Helper()
	dir := t.TempDir()
	var out []rendered
	for name, report := range machineFixtures() {
		r := report()
		var buf bytes.Buffer
		if err := render(&buf, r, Options{}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		path := filepath.Join(dir, name+"."+ext)
		if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
			t.Fatal(err)
		}
		out = append(out, rendered{name, r, path})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func paths(files []rendered) []string {
	var p []string
	for _, f := range files {
		p = append(p, f.path)
	}
	return p
}

// run runs a consumer and returns its standard output and error, and its
// non-zero exit as err; a consumer that cannot be started fails the test.
func run(t *testing.T, stdin []byte, name string, args ...string) (stdout, stderr []byte, err error) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s: %v", name, err)
	}
	return o.Bytes(), e.Bytes(), err
}

// jsonLines decodes each line of a consumer's output into a T, keyed by its
// "file".
func jsonLines[T any](t *testing.T, out []byte, file func(T) string) map[string]T {
	t.Helper()
	got := map[string]T{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("the consumer printed a line that is not JSON: %v\n%s", err, sc.Bytes())
		}
		got[file(v)] = v
	}
	return got
}

// failedCount is how many checks of r a reader must count as failed: the
// failures and the broken checks.
func failedCount(r *report.Report) int {
	n := countChecks(r)
	return n.fail + n.broken
}

// isOK reports whether a reader must take check c as not failed: passed, or
// skipped because a check it needs failed.
func isOK(c report.CheckResult) bool { return c.Status == report.Pass || c.Status == report.Skip }
