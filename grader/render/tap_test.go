package render

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/boardcheck/boardcheck/grader/report"
)

// tapPoint is one test point as a strict TAP reader sees it.
type tapPoint struct {
	ok          bool
	number      int
	description string // unescaped
	directive   string // "SKIP", "TODO" or ""
	reason      string
	yaml        map[string]any // nil when the point has no YAML block
}

var tapPointLine = regexp.MustCompile(`^(not )?ok(?: (\d+))?(?: - (.*))?$`)

// yamlishLine is a line of a YAML block as this producer writes it: a key,
// then a number or a double-quoted scalar on the same line.
var yamlishLine = regexp.MustCompile(`^  [a-z_]+: (\d+|"(?:[^"\\]|\\[\\"nrt]|\\x[0-7][0-9A-F])*")$`)

// parseTAP reads a TAP 13 document strictly: the version line first, the
// plan right after it, test points numbered from 1 with nothing missing,
// YAML blocks indented two spaces, opened by "---" and closed by "...",
// directly under their test point and valid YAML, and nothing else but
// comments. Anything TAP allows but this producer should never write (a
// plan at the end, a bail out, unknown lines, a YAML block scalar) is an
// error too.
func parseTAP(doc string) ([]tapPoint, error) {
	if !strings.HasSuffix(doc, "\n") {
		return nil, fmt.Errorf("the document does not end with a line break")
	}
	lines := strings.Split(strings.TrimSuffix(doc, "\n"), "\n")
	if len(lines) < 2 || lines[0] != "TAP version 13" {
		return nil, fmt.Errorf("line 1: want \"TAP version 13\", got %q", lines[0])
	}
	m := regexp.MustCompile(`^1\.\.(\d+)$`).FindStringSubmatch(lines[1])
	if m == nil {
		return nil, fmt.Errorf("line 2: want the plan 1..N, got %q", lines[1])
	}
	planned, _ := strconv.Atoi(m[1])
	var points []tapPoint
	for i := 2; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "#"):
			continue
		case l == "  ---":
			if len(points) == 0 || points[len(points)-1].yaml != nil || !isPointLine(lines[i-1]) {
				return nil, fmt.Errorf("line %d: a YAML block not directly under a test point", i+1)
			}
			var body []string
			j := i + 1
			for ; j < len(lines) && lines[j] != "  ..."; j++ {
				if !strings.HasPrefix(lines[j], "  ") {
					return nil, fmt.Errorf("line %d: a YAML line not indented two spaces: %q", j+1, lines[j])
				}
				if !yamlishLine.MatchString(lines[j]) {
					return nil, fmt.Errorf("line %d: not a YAMLish key: \"value\" line: %q", j+1, lines[j])
				}
				body = append(body, lines[j][2:])
			}
			if j == len(lines) {
				return nil, fmt.Errorf("line %d: the YAML block is never closed with \"  ...\"", i+1)
			}
			y := map[string]any{}
			if err := yaml.Unmarshal([]byte(strings.Join(body, "\n")), &y); err != nil {
				return nil, fmt.Errorf("line %d: the YAML block is not valid YAML: %v", i+1, err)
			}
			points[len(points)-1].yaml = y
			i = j
		default:
			m := tapPointLine.FindStringSubmatch(l)
			if m == nil {
				return nil, fmt.Errorf("line %d: not a TAP line: %q", i+1, l)
			}
			p := tapPoint{ok: m[1] == ""}
			p.number, _ = strconv.Atoi(m[2])
			if m[2] == "" || p.number != len(points)+1 {
				return nil, fmt.Errorf("line %d: test point numbered %q; want %d", i+1, m[2], len(points)+1)
			}
			desc, directive, err := splitDirective(m[3])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			p.description = desc
			if directive != "" {
				word, reason, _ := strings.Cut(directive, " ")
				p.directive, p.reason = strings.ToUpper(word), reason
				if p.directive != "SKIP" && p.directive != "TODO" {
					return nil, fmt.Errorf("line %d: unknown directive %q", i+1, word)
				}
			}
			points = append(points, p)
		}
	}
	if len(points) != planned {
		return nil, fmt.Errorf("the plan says %d test points; got %d", planned, len(points))
	}
	return points, nil
}

func isPointLine(l string) bool { return tapPointLine.MatchString(l) }

// splitDirective splits a test point's text at its first unescaped " # ",
// and undoes the escapes \\ and \# in the description.
func splitDirective(s string) (desc, directive string, err error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '#'):
			b.WriteByte(s[i+1])
			i++
		case s[i] == '\\':
			return "", "", fmt.Errorf("a lone backslash in %q", s)
		case s[i] == '#':
			if !strings.HasSuffix(b.String(), " ") {
				return "", "", fmt.Errorf("an unescaped # inside the description %q", s)
			}
			return strings.TrimSuffix(b.String(), " "), strings.TrimSpace(s[i+1:]), nil
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), "", nil
}

// TestTAP checks every fixture's TAP with the strict reader, and that each
// test point says what its check's verdict is.
func TestTAP(t *testing.T) {
	renderEach(t, renderTAP, func(t *testing.T, r *report.Report, buf *bytes.Buffer) {
		r = ForStudent(r) // what TAP shows: see TestForStudentFormats
		points, err := parseTAP(buf.String())
		if err != nil {
			t.Fatalf("%v\n%s", err, buf.String())
		}
		// ASCII in English; in another language, UTF-8 with nothing
		// below U+0100 past ASCII, which prove -v would garble.
		for i, c := range buf.String() {
			if c >= 0x80 && (r.Lang == "" || c < 0x100 || c == utf8.RuneError) {
				t.Fatalf("byte %d (%U) is past ASCII in a report in %q: %q", i, c, r.Lang, buf.Bytes()[max(0, i-20):min(buf.Len(), i+20)])
			}
		}
		if len(points) != len(r.Checks) {
			t.Fatalf("got %d test points; want %d", len(points), len(r.Checks))
		}
		for i, c := range r.Checks {
			p := points[i]
			if want := tapTextIn(r, oneLine(c.Title)); p.description != want {
				t.Errorf("point %d: description %q; want %q", i+1, p.description, want)
			}
			wantOK := c.Status == report.Pass || c.Status == report.Skip
			if p.ok != wantOK {
				t.Errorf("point %d (%s): ok = %v; want %v", i+1, c.Status, p.ok, wantOK)
			}
			if got, want := p.directive == "SKIP", c.Status == report.Skip; got != want {
				t.Errorf("point %d (%s): SKIP directive %v; want %v", i+1, c.Status, got, want)
			}
			if c.Status == report.Pass {
				if p.yaml != nil {
					t.Errorf("point %d passed but has a YAML block", i+1)
				}
				continue
			}
			if p.yaml == nil {
				t.Fatalf("point %d (%s) has no YAML block", i+1, c.Status)
			}
			for key, want := range map[string]any{
				"check": c.Name, "message": tapTextIn(r, checkMessage(words(r), r, c)), "score": c.Score, "max_score": c.MaxScore,
			} {
				if got := p.yaml[key]; got != want {
					t.Errorf("point %d: YAML %s = %#v; want %#v", i+1, key, got, want)
				}
			}
			if c.Status != report.Skip {
				if d, _ := p.yaml["detail"].(string); d != tapTextIn(r, checkDetail(r, c, Options{})) {
					t.Errorf("point %d: YAML detail = %q; want the text report's explanation %q", i+1, d, tapTextIn(r, checkDetail(r, c, Options{})))
				}
			}
		}
	})
}

// TestParseTAPRejects makes sure the reader above can fail: each document
// breaks one rule.
func TestParseTAPRejects(t *testing.T) {
	for _, doc := range []string{
		"TAP version 14\n1..1\nok 1 - a\n",
		"TAP version 13\nok 1 - a\n1..1\n",
		"TAP version 13\n1..2\nok 1 - a\n",
		"TAP version 13\n1..2\nok 1 - a\nok 3 - b\n",
		"TAP version 13\n1..1\nnot ok 1 - a\n  ---\n  message: \"x\"\n",
		"TAP version 13\n1..1\nnot ok 1 - a\n  ---\n message: \"x\"\n  ...\n",
		"TAP version 13\n1..1\nnot ok 1 - a\n  ---\n  message: \"x\n  ...\n",
		"TAP version 13\n1..1\nnot ok 1 - a\n  ---\n  message: |-\n    x\n  ...\n",
		"TAP version 13\n1..1\nnot ok 1 - a\n  ---\n  message: \"\\u2028\"\n  ...\n",
		"TAP version 13\n1..1\nok 1 - a # b\n",
		"TAP version 13\n1..1\nok 1 - a#b\n",
		"TAP version 13\n1..1\nok 1 - a\nstray\n",
	} {
		if _, err := parseTAP(doc); err == nil {
			t.Errorf("parseTAP accepted %q", doc)
		}
	}
}

// TestYAMLQuote checks that a value, written in ASCII and quoted, reads
// back as it was, or for a character past ASCII, as the text report shows
// a hazard.
func TestYAMLQuote(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{"a\"b\\c", "a\"b\\c"},
		{"\x00\x07\x1b\x7f", "\x00\x07\x1b\x7f"},
		{"line\nnext\r\n\ttab", "line\nnext\r\n\ttab"},
		{"$ nqueens 4  → exit status 0, “quoted”…", `$ nqueens 4  -> exit status 0, "quoted"...`},
		{"A tour of 5×8 — from a1", `A tour of 5x8 -- from a1`},
		{"\U0001F600 ünï ♛", `\U0001f600 \u00fcn\u00ef \u265b`},
		{"\u0085\ufeff\u2028\ufffe\uffff", `\u0085\ufeff\u2028\ufffe\uffff`},
		{"\xff bad", `\xff bad`},
	} {
		quoted := yamlQuote(tapText(tt.in))
		var v struct{ V string }
		if err := yaml.Unmarshal([]byte("v: "+quoted), &v); err != nil {
			t.Errorf("%q quoted as %s: not YAML: %v", tt.in, quoted, err)
			continue
		}
		if v.V != tt.want {
			t.Errorf("%q quoted as %s reads back as %q; want %q", tt.in, quoted, v.V, tt.want)
		}
	}
}
