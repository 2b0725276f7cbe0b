package cli

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/internal/exhaustive"
)

// The pseudo-language harness (issue 31). Every word a student reads must
// come from a catalog, except what is never translated. In en-XA every
// catalog text is accented and every verbatim part isolated, so a word of
// plain ASCII letters left on a line a student sees is English some code
// built with fmt. TestPseudoLanguage grades the exercises' bad submissions
// with grader check --lang en-XA and fails on every such word. (Phase B of
// issue 31 kept a work list here, package by package, of the English each
// still built; it converted them all, and the list is gone.)
//
// The same grading writes every other format a student reads (html, the
// github log's annotations and its step summary, tap, junit, gradescope,
// prairielearn, classroom, vpl), and the harness scans what a student
// reads of each (studentFormats): the text, the words a screen reader
// says, the messages; not the format's own keys and statuses, nor what is
// code (a page's scripts and styles, its <pre> and <code>, which hold a
// program's output and commands).

// pseudoCases are the submissions the harness grades: by default one bad
// submission of three exercises, a failure of each kind of checker; with
// every (BOARDCHECK_EXHAUSTIVE=1), every bad submission of every exercise.
func pseudoCases(t *testing.T, every bool) [][2]string {
	t.Helper()
	if !every {
		return [][2]string{{"nqueens", "one-diagonal.c"}, {"knights-tour", "bad-move-table.c"}, {"solvers", "swapped-diagonals.py"}}
	}
	all, err := exercise.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var cases [][2]string
	for _, ex := range all {
		for _, b := range ex.Bad {
			cases = append(cases, [2]string{ex.ID, b.File})
		}
	}
	return cases
}

func exhaustiveOn(t *testing.T) bool {
	on, err := exhaustive.On()
	if err != nil {
		t.Fatal(err)
	}
	return on
}

func TestPseudoLanguage(t *testing.T) {
	root := filepath.Join("..", "..")
	verboseDone := map[string]bool{} // exercises graded with -v
	every := exhaustiveOn(t)
	for _, c := range pseudoCases(t, every) {
		sub := filepath.Join(root, "exercises", c[0], "bad", c[1])
		if _, err := os.Stat(sub); err != nil {
			t.Errorf("%s/bad/%s: %v (the harness's cases name a submission that is gone)", c[0], c[1], err)
			continue
		}
		for _, verbose := range []bool{false, true} {
			// -v adds the sandbox's lines, the same for every exercise,
			// and the passed checks' details, the same for every bad
			// submission of one: by default once, exhaustively once per
			// exercise (every submission twice took 20 minutes).
			if verbose && (verboseDone[c[0]] || c[0] != "nqueens" && !every) {
				continue
			}
			if verbose {
				verboseDone[c[0]] = true
			}
			// The exercise's own limits: a limit is CPU time, which a busy
			// machine does not eat, and a longer one only makes the
			// submissions that never end take longer to say so.
			args := []string{"check", "--lang", i18n.Pseudo, c[0], sub}
			if verbose {
				args = append(args, "-v")
			}
			// Without -v, every other format a student reads, from the
			// same grading; the text report still goes to standard
			// output.
			dir := t.TempDir()
			summary := filepath.Join(dir, "step-summary.md")
			if !verbose {
				for _, f := range studentFormats {
					args = append(args, "--format", f.name, "--output", filepath.Join(dir, f.name))
				}
			}
			var stdout, stderr bytes.Buffer
			getenv := func(name string) string {
				if name == "GITHUB_STEP_SUMMARY" && !verbose {
					return summary
				}
				return ""
			}
			run(context.Background(), args, stdio{stdout: &stdout, stderr: &stderr, getenv: getenv})
			scan := func(where string, lines []string) {
				for i, line := range lines {
					if words := i18n.Untranslated(line); len(words) > 0 {
						t.Errorf("%s/bad/%s (-v %v) %s line %d has English no catalog said: %q in %q", c[0], c[1], verbose, where, i+1, words, line)
					}
				}
			}
			scan("text", strings.Split(stdout.String()+stderr.String(), "\n"))
			if verbose {
				continue
			}
			for _, f := range append(studentFormats, studentFormat{"github step summary", summaryLines}) {
				path := filepath.Join(dir, f.name)
				if f.name == "github step summary" {
					path = summary
				}
				out, err := os.ReadFile(path)
				if err != nil {
					t.Errorf("%s/bad/%s: the %s report: %v", c[0], c[1], f.name, err)
					continue
				}
				lines, err := f.read(out)
				if err != nil {
					t.Errorf("%s/bad/%s: reading the %s report: %v", c[0], c[1], f.name, err)
				}
				if len(lines) == 0 {
					t.Errorf("%s/bad/%s: the harness read nothing a student reads in the %s report", c[0], c[1], f.name)
				}
				scan(f.name, lines)
			}
		}
	}
}

// A studentFormat is a format a student reads, and what of it they read:
// its lines of text, without the format's own syntax, keys and statuses,
// and without what is code.
type studentFormat struct {
	name string
	read func([]byte) ([]string, error)
}

var studentFormats = []studentFormat{
	{"html", htmlText},
	{"github", gitHubAnnotationLines},
	{"tap", tapLines},
	{"junit", junitLines},
	{"gradescope", gradescopeLines},
	{"prairielearn", prairieLearnLines},
	{"classroom", classroomLines},
	{"vpl", vplLines},
}

var (
	// htmlCode is what of a page is code, not words: its script and
	// style, and <pre> and <code>, which hold a program's output, a diff,
	// a command (each shown as it is, never translated).
	htmlCode = regexp.MustCompile(`(?s)<script\b.*?</script>|<style\b.*?</style>|<pre\b.*?</pre>|<code\b.*?</code>`)
	// htmlSaid are the attributes a person is told: a screen reader's
	// label, a tooltip, an image's text.
	htmlSaid = regexp.MustCompile(`\s(?:aria-label|title|alt)="([^"]*)"`)
	htmlTag  = regexp.MustCompile(`<[^>]*>`)
)

// htmlText is a page's text and the attributes it says, a line each.
func htmlText(page []byte) ([]string, error) {
	s := htmlCode.ReplaceAllString(string(page), "\n")
	var lines []string
	for _, m := range htmlSaid.FindAllStringSubmatch(s, -1) {
		lines = append(lines, html.UnescapeString(m[1]))
	}
	return append(lines, strings.Split(html.UnescapeString(htmlTag.ReplaceAllString(s, "\n")), "\n")...), nil
}

// gitHubAnnotationLines are the annotations' titles and messages, decoded
// (the log's text report before them is the text report, scanned already).
func gitHubAnnotationLines(log []byte) ([]string, error) {
	decode := strings.NewReplacer("%0A", "\n", "%0D", "\r", "%3A", ":", "%2C", ",", "%25", "%")
	var lines []string
	for _, l := range strings.Split(string(log), "\n") {
		if !strings.HasPrefix(l, "::error ") && !strings.HasPrefix(l, "::notice ") {
			continue
		}
		props, data, ok := strings.Cut(l[strings.Index(l, " ")+1:], "::")
		if !ok {
			return lines, fmt.Errorf("an annotation without its message: %q", l)
		}
		for _, p := range strings.Split(props, ",") {
			if v, ok := strings.CutPrefix(p, "title="); ok {
				lines = append(lines, decode.Replace(v))
			}
		}
		lines = append(lines, strings.Split(decode.Replace(data), "\n")...)
	}
	return lines, nil
}

// summaryLines is the step summary's Markdown as it reads: its character
// references and backslash escapes undone.
func summaryLines(md []byte) ([]string, error) {
	unescape := regexp.MustCompile(`\\([\\` + "`" + `*_\[\]|~#!$])`)
	return strings.Split(html.UnescapeString(unescape.ReplaceAllString(string(md), "$1")), "\n"), nil
}

var (
	tapPoint = regexp.MustCompile(`^(?:not )?ok \d+ - (.*)$`)
	tapField = regexp.MustCompile(`^  (\w+): (.*)$`)
	tapRune  = regexp.MustCompile(`\\u([0-9a-f]{4})`)
)

// tapLines are a TAP stream's descriptions, SKIP reasons, comments, and
// the YAML blocks' message, hint and detail, unquoted; a character below
// U+0100 that TAP writes as \u00e9 is read back.
func tapLines(tap []byte) ([]string, error) {
	unescape := func(s string) string {
		return tapRune.ReplaceAllStringFunc(s, func(e string) string {
			n, _ := strconv.ParseUint(e[2:], 16, 32)
			return string(rune(n))
		})
	}
	var lines []string
	for _, l := range strings.Split(string(tap), "\n") {
		if m := tapPoint.FindStringSubmatch(l); m != nil {
			desc, reason, _ := strings.Cut(m[1], " # SKIP ")
			for _, t := range []string{desc, reason} {
				lines = append(lines, unescape(strings.NewReplacer(`\#`, "#", `\\`, `\`).Replace(t)))
			}
			continue
		}
		if c, ok := strings.CutPrefix(l, "# "); ok {
			lines = append(lines, unescape(c))
			continue
		}
		m := tapField.FindStringSubmatch(l)
		if m == nil || (m[1] != "message" && m[1] != "hint" && m[1] != "detail") {
			continue // the version, the plan, ---, ..., and the keys whose values are code
		}
		v, err := strconv.Unquote(m[2])
		if err != nil {
			return lines, fmt.Errorf("%s: %v", l, err)
		}
		lines = append(lines, strings.Split(unescape(v), "\n")...)
	}
	return lines, nil
}

// junitLines are a JUnit file's title property, test cases' names and what
// each failure, error and skip says.
func junitLines(doc []byte) ([]string, error) {
	type problem struct {
		Message string `xml:"message,attr"`
		Body    string `xml:",chardata"`
	}
	var j struct {
		Suites []struct {
			Properties []struct {
				Name  string `xml:"name,attr"`
				Value string `xml:"value,attr"`
			} `xml:"properties>property"`
			Cases []struct {
				Name    string   `xml:"name,attr"`
				Failure *problem `xml:"failure"`
				Error   *problem `xml:"error"`
				Skipped *problem `xml:"skipped"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(doc, &j); err != nil {
		return nil, err
	}
	var lines []string
	for _, s := range j.Suites {
		for _, p := range s.Properties {
			if p.Name == "title" {
				lines = append(lines, p.Value)
			}
		}
		for _, c := range s.Cases {
			lines = append(lines, c.Name)
			for _, p := range []*problem{c.Failure, c.Error, c.Skipped} {
				if p != nil {
					lines = append(lines, p.Message)
					lines = append(lines, strings.Split(p.Body, "\n")...)
				}
			}
		}
	}
	return lines, nil
}

// gradescopeLines are Gradescope's output above the tests and each test's
// name and output.
func gradescopeLines(data []byte) ([]string, error) {
	var g struct {
		Output string
		Tests  []struct{ Name, Output string }
	}
	err := json.Unmarshal(data, &g)
	lines := strings.Split(g.Output, "\n")
	for _, t := range g.Tests {
		lines = append(append(lines, t.Name), strings.Split(t.Output, "\n")...)
	}
	return lines, err
}

// prairieLearnLines are PrairieLearn's message, output and format errors,
// and each test's name, message and output (its description is the
// check's name, code).
func prairieLearnLines(data []byte) ([]string, error) {
	var p struct {
		Message, Output string
		FormatErrors    []string `json:"format_errors"`
		Tests           []struct{ Name, Message, Output string }
	}
	err := json.Unmarshal(data, &p)
	lines := append(strings.Split(p.Message+"\n"+p.Output, "\n"), p.FormatErrors...)
	for _, t := range p.Tests {
		lines = append(append(lines, t.Name), strings.Split(t.Message+"\n"+t.Output, "\n")...)
	}
	return lines, err
}

// classroomLines are Classroom's tests' names and messages, from its
// base64 JSON.
func classroomLines(data []byte) ([]string, error) {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(data)))
	if err != nil {
		return nil, err
	}
	var c struct {
		Tests []struct{ Name, Message string }
	}
	err = json.Unmarshal(raw, &c)
	var lines []string
	for _, t := range c.Tests {
		lines = append(append(lines, t.Name), strings.Split(t.Message, "\n")...)
	}
	return lines, err
}

// vplLines are VPL's comment lines without their - (a title) or >
// (preformatted); its block marks and the grade line are VPL's.
func vplLines(data []byte) ([]string, error) {
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l == "<|--" || l == "--|>" || strings.HasPrefix(l, "Grade :=>>") {
			continue
		}
		lines = append(lines, strings.TrimLeft(l, "->"))
	}
	return lines, nil
}
