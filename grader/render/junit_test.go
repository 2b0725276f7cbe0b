package render

import (
	"bytes"
	"encoding/xml"
	"strconv"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// The structs below are the JUnit schema's elements as GitHub's, GitLab's
// and Jenkins' readers use them (junit-4.xsd, and Ant's schema for
// system-out and system-err); attributes are kept as a list, so that a
// missing required one is told from an empty one.

type xTestsuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Attrs   []xml.Attr   `xml:",any,attr"`
	Suites  []xTestsuite `xml:"testsuite"`
}

type xTestsuite struct {
	Attrs      []xml.Attr  `xml:",any,attr"`
	Properties []xProperty `xml:"properties>property"`
	Cases      []xTestcase `xml:"testcase"`
	SystemOut  *string     `xml:"system-out"`
	SystemErr  *string     `xml:"system-err"`
}

type xProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type xTestcase struct {
	Attrs    []xml.Attr `xml:",any,attr"`
	Failures []xProblem `xml:"failure"`
	Errors   []xProblem `xml:"error"`
	Skipped  []xProblem `xml:"skipped"`
}

type xProblem struct {
	Attrs []xml.Attr `xml:",any,attr"`
	Body  string     `xml:",chardata"`
}

func attr(t *testing.T, where string, attrs []xml.Attr, name string) string {
	t.Helper()
	for _, a := range attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	t.Errorf("%s: required attribute %s missing", where, name)
	return ""
}

func intAttr(t *testing.T, where string, attrs []xml.Attr, name string) int {
	t.Helper()
	v := attr(t, where, attrs, name)
	n, err := strconv.Atoi(v)
	if err != nil {
		t.Errorf("%s: %s=%q is not a whole number", where, name, v)
	}
	return n
}

func timeAttr(t *testing.T, where string, attrs []xml.Attr) float64 {
	t.Helper()
	v := attr(t, where, attrs, "time")
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 {
		t.Errorf("%s: time=%q is not seconds", where, v)
	}
	return f
}

// TestJUnitSchema parses every fixture's JUnit with encoding/xml and checks
// the schema's required elements and attributes, and that the counts and
// verdicts are the report's.
func TestJUnitSchema(t *testing.T) {
	renderEach(t, renderJUnit, func(t *testing.T, r *report.Report, buf *bytes.Buffer) {
		r = ForStudent(r) // what JUnit shows: see TestForStudentFormats
		if !strings.HasPrefix(buf.String(), `<?xml version="1.0" encoding="UTF-8"?>`) {
			t.Errorf("no XML declaration: %.60q", buf.String())
		}
		var doc xTestsuites
		if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, buf.String())
		}
		if len(doc.Suites) != 1 {
			t.Fatalf("got %d testsuite elements; want 1", len(doc.Suites))
		}
		n := countChecks(r)
		s := doc.Suites[0]
		for _, el := range []struct {
			where string
			attrs []xml.Attr
		}{{"testsuites", doc.Attrs}, {"testsuite", s.Attrs}} {
			for attrName, want := range map[string]int{"tests": len(r.Checks), "failures": n.fail, "errors": n.broken, "skipped": n.skip} {
				if el.where == "testsuites" && attrName == "skipped" {
					// junit-10.xsd allows no skipped on testsuites.
					continue
				}
				if got := intAttr(t, el.where, el.attrs, attrName); got != want {
					t.Errorf("%s %s = %d; want %d", el.where, attrName, got, want)
				}
			}
			if got, want := timeAttr(t, el.where, el.attrs), suiteTime(r).Seconds(); got < want-0.001 || got > want+0.001 {
				t.Errorf("%s time = %v; want %v", el.where, got, want)
			}
		}
		if got, want := attr(t, "testsuite", s.Attrs, "name"), r.Exercise+": "+oneLine(r.Submission); got != want {
			t.Errorf("testsuite name = %q; want %q", got, want)
		}
		if s.SystemOut == nil || s.SystemErr == nil {
			t.Errorf("testsuite lacks system-out or system-err, which Ant's schema requires")
		}
		props := map[string]string{}
		for _, p := range s.Properties {
			props[p.Name] = p.Value
		}
		if props["score"] != strconv.Itoa(r.Score) || props["max_score"] != strconv.Itoa(r.MaxScore) {
			t.Errorf("properties score, max_score = %q, %q; want %d, %d", props["score"], props["max_score"], r.Score, r.MaxScore)
		}
		if len(s.Cases) != len(r.Checks) {
			t.Fatalf("got %d testcases; want %d", len(s.Cases), len(r.Checks))
		}
		for i, c := range r.Checks {
			tc := s.Cases[i]
			where := "testcase " + c.Name
			if got := attr(t, where, tc.Attrs, "name"); got == "" || strings.Contains(got, "\n") {
				t.Errorf("%s: name %q; want the title on one line", where, got)
			}
			if got, want := attr(t, where, tc.Attrs, "classname"), r.Exercise+"."+c.Name; got != want {
				t.Errorf("%s: classname %q; want %q", where, got, want)
			}
			timeAttr(t, where, tc.Attrs)
			var wantFail, wantErr, wantSkip int
			switch c.Status {
			case report.Fail:
				wantFail = 1
			case report.Error:
				wantErr = 1
			case report.Skip:
				wantSkip = 1
			}
			if len(tc.Failures) != wantFail || len(tc.Errors) != wantErr || len(tc.Skipped) != wantSkip {
				t.Errorf("%s (%s): got %d failure, %d error, %d skipped elements; want %d, %d, %d",
					where, c.Status, len(tc.Failures), len(tc.Errors), len(tc.Skipped), wantFail, wantErr, wantSkip)
			}
			for _, p := range append(tc.Failures, tc.Errors...) {
				if msg := attr(t, where, p.Attrs, "message"); msg == "" {
					t.Errorf("%s: empty failure message", where)
				}
				if typ := attr(t, where, p.Attrs, "type"); typ != string(c.Status) {
					t.Errorf("%s: type %q; want %q", where, typ, c.Status)
				}
				if want := oneLine(strings.Split(c.Message, "\n")[0]); !strings.Contains(p.Body, want[:min(len(want), 10)]) {
					t.Errorf("%s: the failure's text does not explain it:\n%s", where, p.Body)
				}
			}
		}
		// Whatever the submission printed, nothing but XML's allowed
		// characters, and no raw escape, reaches the file.
		for _, bad := range []string{"\x1b", "\x00", "\x07", "\x7f", "\u202e", "\ufeff"} {
			if strings.Contains(buf.String(), bad) {
				t.Errorf("output holds %q", bad)
			}
		}
	})
}
