package render

import (
	"bytes"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

func TestGitHubEscapes(t *testing.T) {
	for _, tt := range []struct{ in, data, prop string }{
		{"plain", "plain", "plain"},
		{"50%", "50%25", "50%25"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"k: v, w", "k: v, w", "k%3A v%2C w"},
		{"%0A", "%250A", "%250A"},
		{"::error::x", "::error::x", "%3A%3Aerror%3A%3Ax"},
	} {
		if got := gitHubData(tt.in); got != tt.data {
			t.Errorf("gitHubData(%q) = %q; want %q", tt.in, got, tt.data)
		}
		if got := gitHubProperty(tt.in); got != tt.prop {
			t.Errorf("gitHubProperty(%q) = %q; want %q", tt.in, got, tt.prop)
		}
	}
}

var (
	ghCommand = regexp.MustCompile(`^::([a-z-]+)(?: ([^:]*))?::(.*)$`)
	ghStop    = regexp.MustCompile(`^::stop-commands::([a-z0-9]{16,})$`)
)

// ghCommands reads a log the way the Actions runner does: a line that
// starts with :: is a command, except between ::stop-commands::TOKEN and
// ::TOKEN::. It returns the commands' names, properties and messages,
// unescaped.
func ghCommands(t *testing.T, log string) (cmds []ghCmd) {
	t.Helper()
	token := ""
	for _, l := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
		trimmed := strings.TrimLeft(l, " \t")
		if token != "" {
			if trimmed == "::"+token+"::" {
				token = ""
			}
			continue
		}
		if m := ghStop.FindStringSubmatch(trimmed); m != nil {
			token = m[1]
			continue
		}
		if !strings.HasPrefix(trimmed, "::") {
			continue
		}
		m := ghCommand.FindStringSubmatch(trimmed)
		if m == nil {
			t.Fatalf("malformed workflow command %q", l)
		}
		c := ghCmd{name: m[1], props: map[string]string{}, msg: unescapeGH(t, m[3])}
		if m[2] != "" {
			for _, p := range strings.Split(m[2], ",") {
				k, v, ok := strings.Cut(p, "=")
				if !ok {
					t.Fatalf("property %q without =", p)
				}
				c.props[k] = unescapeGH(t, v)
			}
		}
		cmds = append(cmds, c)
	}
	if token != "" {
		t.Fatalf("::stop-commands:: never ended: the rest of the log loses its commands")
	}
	return cmds
}

type ghCmd struct {
	name  string
	props map[string]string
	msg   string
}

func unescapeGH(t *testing.T, s string) string {
	t.Helper()
	u, err := url.PathUnescape(s)
	if err != nil {
		t.Fatalf("bad escape in %q: %v", s, err)
	}
	return u
}

func TestGitHubCommands(t *testing.T) {
	renderEach(t, renderGitHub, func(t *testing.T, r *report.Report, buf *bytes.Buffer) {
		r = ForStudent(r) // the log is the student's
		if !strings.Contains(buf.String(), fmt.Sprintf("%s: %d/%d", i18n.For(r.Lang).Verbatim(r.Exercise), r.Score, r.MaxScore)) {
			t.Errorf("the log lacks the text report")
		}
		cmds := ghCommands(t, buf.String())
		var errs []ghCmd
		notices := 0
		for _, c := range cmds {
			switch c.name {
			case "error":
				errs = append(errs, c)
			case "notice":
				notices++
			default:
				t.Errorf("unexpected command %q: a submission's output got through?", c.name)
			}
		}
		var failed []report.CheckResult
		for _, c := range r.Checks {
			if c.Status == report.Fail || c.Status == report.Error {
				failed = append(failed, c)
			}
		}
		wantErrs := min(len(failed), maxErrorAnnotations)
		if len(errs) != wantErrs {
			t.Fatalf("got %d ::error commands for %d failed checks; want %d", len(errs), len(failed), wantErrs)
		}
		for i, e := range errs {
			if e.props["file"] != r.Submission {
				t.Errorf("error %d: file %q; want %q", i+1, e.props["file"], r.Submission)
			}
			if i == maxErrorAnnotations-1 && len(failed) > maxErrorAnnotations {
				// The last one GitHub shows stands for the rest.
				rest := failed[i:]
				if want := fmt.Sprintf("and %d more failed checks", len(rest)); !strings.Contains(e.props["title"], want) {
					t.Errorf("error %d: title %q; want it to say %q", i+1, e.props["title"], want)
				}
				for _, c := range rest {
					if !strings.Contains(e.msg, oneLine(c.Title)) {
						t.Errorf("error %d: message %q does not name %q", i+1, e.msg, oneLine(c.Title))
					}
				}
				continue
			}
			c := failed[i]
			if !strings.Contains(e.props["title"], oneLine(c.Title)) {
				t.Errorf("check %s: title %q does not name %q", c.Name, e.props["title"], oneLine(c.Title))
			}
			if !strings.HasPrefix(e.msg, messageText(words(r), c)) {
				t.Errorf("check %s: message %q; want it to start with %q", c.Name, e.msg, messageText(words(r), c))
			}
			if c.Hint != "" && !strings.HasSuffix(e.msg, "hint: "+hintText(words(r), c)) {
				t.Errorf("check %s: message %q lacks the hint", c.Name, e.msg)
			}
		}
		if notices != 1 {
			t.Errorf("got %d ::notice commands; want 1 with the score", notices)
		}
	})
}

// TestGitHubTokenFresh: the token that turns commands off must differ on
// every rendering, or a submission could print it.
func TestGitHubTokenFresh(t *testing.T) {
	seen := map[string]bool{}
	for range 5 {
		var buf bytes.Buffer
		renderGitHub(&buf, passReport(), Options{})
		m := ghStop.FindStringSubmatch(strings.SplitN(buf.String(), "\n", 2)[0])
		if m == nil {
			t.Fatalf("the log does not open with ::stop-commands::")
		}
		if seen[m[1]] {
			t.Fatalf("token %s used twice", m[1])
		}
		seen[m[1]] = true
	}
}

func TestGitHubSummary(t *testing.T) {
	r := nastyReport()
	var buf bytes.Buffer
	if err := GitHubSummary(&buf, r); err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, l := range strings.Split(buf.String(), "\n") {
		if strings.HasPrefix(l, "| ") && !strings.HasPrefix(l, "| :-:") && !strings.HasPrefix(l, "| | Check") {
			rows = append(rows, l)
		}
	}
	if len(rows) != len(r.Checks) {
		t.Fatalf("got %d table rows; want %d:\n%s", len(rows), len(r.Checks), buf.String())
	}
	unescapedPipe := regexp.MustCompile(`(^|[^\\])\|`)
	for i, row := range rows {
		if n := len(unescapedPipe.FindAllString(row, -1)); n != 5 {
			t.Errorf("row %d has %d cell borders; want 5: %s", i+1, n, row)
		}
		for _, bad := range []string{"<b>", "\x1b"} {
			if strings.Contains(row, bad) {
				t.Errorf("row %d holds %q: %s", i+1, bad, row)
			}
		}
	}
}
