package render

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

func init() {
	register(Format{Name: "junit", Summary: "JUnit XML, for the test reports of GitHub, GitLab and Jenkins", Render: renderJUnit})
}

// The JUnit XML written here is valid against both schemas CI servers check
// a file with: the Jenkins xUnit plugin's junit-10.xsd, which skips a file
// that fails it, and the older junit-4.xsd (Jenkins' dtkit model, which
// GitHub's and GitLab's test reporters also accept). It keeps to what the two
// allow alike: testsuites with name, tests, failures, errors and time (no
// skipped: junit-10 rejects it there); one testsuite per report, with those
// counts, skipped, time, the properties, one testcase per check, and empty
// system-out and system-err (Ant's schema requires both); a failure element
// (message, type, and the explanation as its text) for a failed check, an
// error element for a broken one, and skipped for a skipped one, with the
// reason as its text (junit-4 allows no attribute on skipped). Ant's stricter
// schema also wants timestamp and hostname on a testsuite; the report has no
// start time, and inventing one would make the file differ from run to run
// for nothing, so they are left out: no reader needs them.
//
// The testsuite is named "EXERCISE: SUBMISSION" (nqueens: ana/sol.py), so
// that the reports of two students merged into one file (junit-report-merger
// joins the suites of one name into one) stay two suites; in a class file
// (JUnitClass), "EXERCISE: STUDENT". A testcase's
// classname is EXERCISE.CHECK (nqueens.n4), which Jenkins shows as package
// nqueens, class n4; its name is the check's title, what a student reads
// elsewhere.
//
// Every text is the text report's, escaped (safe.go), so no character that
// XML 1.0 forbids (most control characters, U+FFFE, U+FFFF) reaches the
// file, not even inside CDATA, which encoding/xml writes as it is given.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
	// Ant's schema requires both, even empty.
	SystemOut string `xml:"system-out"`
	SystemErr string `xml:"system-err"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Skipped   *junitSkipped `xml:"skipped"`
	Error     *junitProblem `xml:"error"`
	Failure   *junitProblem `xml:"failure"`
}

type junitSkipped struct {
	Reason string `xml:",chardata"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",cdata"`
}

// A single report's JUnit is the student's view (ForStudent): a student's
// CI job keeps it for them to read (docs/workflows/check-solution.yml), so
// a hidden check is a testcase titled "A hidden check", classname
// EXERCISE.hidden-N, time 0, with its verdict and the placeholder's
// message, and nothing of its command, output or hint; the suite's time is
// that of the checks it shows. The class file of grader batch (JUnitClass)
// is the instructor's, read from the class's JSON reports, and keeps
// everything.
func renderJUnit(w io.Writer, r *report.Report, o Options) error {
	r = ForStudent(r)
	return writeJUnit(w, "grader "+r.Exercise, []namedReport{{junitSuiteName(r), r}}, o)
}

// A ClassReport is one student's report, for JUnitClass.
type ClassReport struct {
	Student string
	Report  *report.Report
}

// JUnitClass writes the reports of a class of one exercise as one JUnit
// file, one testsuite a student named "EXERCISE: STUDENT", in the order
// given: what grader batch writes beside the gradebook, for a CI server to
// show the whole class at once. A student's name is written as Escape
// writes it, whole: names spelt apart (grader/batch spells them so) give
// suites named apart.
//
// It is the instructor's, as the JSON reports it is made from are: a hidden
// check keeps its title, name, time and why it did not pass. Do not hand it
// to students. Its own words are English, whatever the reports' language
// (the exercise's titles and hints stay the reports'): a class file read on
// a CI server is the instructor's, like the CSV gradebook.
func JUnitClass(w io.Writer, exercise string, class []ClassReport) error {
	var reports []namedReport
	for _, s := range class {
		r := *s.Report
		r.Lang = i18n.English
		reports = append(reports, namedReport{s.Report.Exercise + ": " + Escape(s.Student), &r})
	}
	return writeJUnit(w, "grader "+exercise+" class", reports, Options{})
}

// A namedReport is a report and the name of its testsuite.
type namedReport struct {
	suite  string
	report *report.Report
}

// writeJUnit writes a JUnit document called name, with a testsuite for each
// report and their totals.
func writeJUnit(w io.Writer, name string, reports []namedReport, o Options) error {
	doc := junitSuites{Name: name}
	var total time.Duration
	for _, nr := range reports {
		suite := junitSuiteOf(nr.report, nr.suite, o)
		doc.Tests += suite.Tests
		doc.Failures += suite.Failures
		doc.Errors += suite.Errors
		total += suiteTime(nr.report)
		doc.Suites = append(doc.Suites, suite)
	}
	doc.Time = seconds(total)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// junitSuiteOf is report r as a testsuite called name.
func junitSuiteOf(r *report.Report, name string, o Options) junitSuite {
	n := countChecks(r)
	suite := junitSuite{
		Name:     name,
		Tests:    len(r.Checks),
		Failures: n.fail,
		Errors:   n.broken,
		Skipped:  n.skip,
		Time:     seconds(suiteTime(r)),
		Properties: []junitProperty{
			{"title", safeText(r.Title)},
			{"submission", safeText(r.Submission)},
			{"score", strconv.Itoa(r.Score)},
			{"max_score", strconv.Itoa(r.MaxScore)},
		},
	}
	l := words(r)
	for _, c := range r.Checks {
		tc := junitCase{
			Name:      oneLine(c.Title),
			Classname: r.Exercise + "." + c.Name,
			Time:      seconds(c.Duration),
		}
		switch c.Status {
		case report.Fail:
			tc.Failure = &junitProblem{Message: messageText(l, c), Type: string(c.Status), Body: checkDetail(r, c, o)}
		case report.Error:
			tc.Error = &junitProblem{Message: messageText(l, c), Type: string(c.Status), Body: checkDetail(r, c, o)}
		case report.Skip:
			tc.Skipped = &junitSkipped{Reason: skipReason(l, r, c)}
		}
		suite.Cases = append(suite.Cases, tc)
	}
	return suite
}

// suiteTime is the time of report r's testsuite: the whole grading's, or,
// where the student's view has left that out because it holds a hidden
// check's (ForStudent), the sum of the times of the checks it shows.
func suiteTime(r *report.Report) time.Duration {
	if r.Duration != 0 {
		return r.Duration
	}
	var d time.Duration
	for _, c := range r.Checks {
		d += c.Duration
	}
	return d
}

// junitSuiteName names a report's testsuite for the exercise and the
// submission, so that two students' suites never share a name.
func junitSuiteName(r *report.Report) string {
	if r.Submission == "" {
		return r.Exercise
	}
	return r.Exercise + ": " + oneLine(r.Submission)
}

// seconds formats d as JUnit's time attribute: seconds, to the millisecond.
func seconds(d time.Duration) string {
	return fmt.Sprintf("%.3f", d.Seconds())
}
