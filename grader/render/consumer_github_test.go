package render

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// actionsCore writes each annotation as npm's @actions/core writes it (its
// error() or notice(), through testdata/consumers/actions-core.mjs), one a
// line.
func actionsCore(t *testing.T, annotations []gitHubAnnotation) string {
	t.Helper()
	script := needNodePackage(t, "@actions/core", "actions-core.mjs")
	type entry struct {
		Command string `json:"command"`
		Title   string `json:"title"`
		File    string `json:"file"`
		Message string `json:"message"`
	}
	var in []entry
	for _, a := range annotations {
		in = append(in, entry{a.Command, a.Title, a.File, a.Message})
	}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := run(t, data, "node", script)
	if err != nil {
		t.Fatalf("actions-core.mjs: %v\n%s", err, stderr)
	}
	return string(stdout)
}

// TestGitHubActionsCore checks, on every fixture, that the annotation lines
// the github format ends with are byte for byte what @actions/core writes
// for the same annotations: its escaping, its order of properties.
func TestGitHubActionsCore(t *testing.T) {
	needNodePackage(t, "@actions/core", "actions-core.mjs")
	renderEach(t, renderGitHub, func(t *testing.T, r *report.Report, buf *bytes.Buffer) {
		log := buf.String()
		// The annotations follow the end of ::stop-commands::.
		end := regexp.MustCompile(`(?m)^::[a-z0-9]{16,}::\n`).FindStringIndex(log)
		if end == nil {
			t.Fatalf("no end of ::stop-commands:: in the log")
		}
		// The log is the student's: hidden checks as ForStudent has them.
		if got, want := log[end[1]:], actionsCore(t, gitHubAnnotations(ForStudent(r))); got != want {
			t.Errorf("the annotations differ from @actions/core's:\n got: %q\nwant: %q", got, want)
		}
	})
}

// TestGitHubEscapesLikeActionsCore compares the escaping with
// @actions/core's on the characters it escapes, alone and together, and on
// the escapes themselves, in a title, a file and a message.
func TestGitHubEscapesLikeActionsCore(t *testing.T) {
	var all []gitHubAnnotation
	for _, s := range []string{"plain", "%", "%25", "%0A", "\r", "\n", "\r\n", ":", ",", "::", "a=b", "k: v, w", "50% done\r\n:: x,y",
		"::error::x", "ünï ♛ → “”", "\t tab", " lead and trail ", "%%3A%%"} {
		all = append(all, gitHubAnnotation{Command: "error", Title: s, File: s, Message: s},
			gitHubAnnotation{Command: "notice", Title: s, Message: s})
	}
	var ours strings.Builder
	for _, a := range all {
		ours.WriteString(a.String() + "\n")
	}
	if got, want := ours.String(), actionsCore(t, all); got != want {
		t.Errorf("our escaping differs from @actions/core's:\n got: %q\nwant: %q", got, want)
	}
}

var (
	htmlLink = regexp.MustCompile(`(?i)<a[\s>]|href=`)
	htmlRow  = regexp.MustCompile(`(?s)<tr>(.*?)</tr>`)
	htmlCell = regexp.MustCompile(`(?s)<td[^>]*>(.*?)</td>`)
)

// TestGitHubSummaryGFM renders every fixture's step summary to HTML as
// GitHub Flavored Markdown (micromark with its GFM extension) and checks
// that nothing a report quotes becomes a link, markup or a broken table:
// no <a> (bare URLs and addresses are inert), no tag of the student's, and
// one row of four cells a check, whose title and reason read as the report
// has them.
func TestGitHubSummaryGFM(t *testing.T) {
	script := needNodePackage(t, "micromark-extension-gfm", "gfm.mjs")
	for name, fixture := range machineFixtures() {
		t.Run(name, func(t *testing.T) {
			r := ForStudent(fixture()) // the summary is the student's
			var md bytes.Buffer
			if err := GitHubSummary(&md, r); err != nil {
				t.Fatal(err)
			}
			stdout, stderr, err := run(t, md.Bytes(), "node", script)
			if err != nil {
				t.Fatalf("gfm.mjs: %v\n%s", err, stderr)
			}
			page := string(stdout)
			if htmlLink.MatchString(page) {
				t.Errorf("the summary has a link:\n%s", page)
			}
			for _, tag := range []string{"<b>", "<em>", "<code>", "<strong>", "<del>", "<h1", "<h2"} {
				if strings.Contains(page, tag) {
					t.Errorf("the summary has %s:\n%s", tag, page)
				}
			}
			rows := htmlRow.FindAllStringSubmatch(page, -1)
			if len(rows) != 1+len(r.Checks) {
				t.Fatalf("the summary's table has %d rows; want a heading and %d checks:\n%s", len(rows), len(r.Checks), page)
			}
			for i, c := range r.Checks {
				cells := htmlCell.FindAllStringSubmatch(rows[i+1][1], -1)
				if len(cells) != 4 {
					t.Errorf("row %d has %d cells; want 4: %s", i+1, len(cells), rows[i+1][0])
					continue
				}
				// What the reader sees is the text itself, URLs and all,
				// in the report's language.
				why := ""
				if c.Status != report.Pass {
					why = flat(checkMessage(words(r), r, c))
				}
				if got, want := [2]string{cells[1][1], cells[3][1]}, [2]string{htmlText(oneLine(c.Title)), htmlText(why)}; got != want {
					t.Errorf("row %d reads %q; want %q", i+1, got, want)
				}
			}
		})
	}
}

// htmlText is s as micromark writes text: &, <, > and " as references.
func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
