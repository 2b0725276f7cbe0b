package scenario

import (
	"regexp"
	"strconv"
	"testing"
)

func TestLinePhrase(t *testing.T) {
	for _, tc := range []struct{ pattern, want string }{
		{`^Usage: nqueens N$`, `"Usage: nqueens N"`},
		{`^hello$`, `"hello"`},
		{`hello`, `containing "hello"`},
		{`^N must be`, `starting with "N must be"`},
		{`^\[\[0, ?0\], ?\[0, ?0\]\]$`, `matching ^\[\[0, ?0\], ?\[0, ?0\]\]$ (such as "[[0, 0], [0, 0]]")`},
		{`^solvers: conflicts: reading the board on standard input: .`, `matching ^solvers: conflicts: reading the board on standard input: . (such as "solvers: conflicts: reading the board on standard input: …")`},
		{`^[0-9]+ solutions?$`, `matching ^[0-9]+ solutions?$ (such as "0 solutions")`},
		{`(?i)^usage`, `matching (?i)^usage (such as "usage")`},
		{`^(yes|no)$`, `matching ^(yes|no)$ (such as "yes")`},
		{`^a.*b$`, `matching ^a.*b$ (such as "a…b")`},
		{`\A92\n\z`, `matching \A92\n\z (such as "92\n")`}, // the whole output, not a line
		{`\r`, `containing "\r"`},
		{`^      "duration_ms": [0-9.]+,$`, `matching ^      "duration_ms": [0-9.]+,$ (such as "      \"duration_ms\": 0,")`},
		{`[`, `matching [`}, // not a pattern at all: left as it is
	} {
		if got := linePhrase(tc.pattern); got != tc.want {
			t.Errorf("linePhrase(%q) = %s; want %s", tc.pattern, got, tc.want)
		}
	}
}

// Every example a phrase offers must be a line the pattern matches, but
// for the "…" that stands for any text.
func TestLinePhraseExamplesMatch(t *testing.T) {
	for _, p := range []string{`^\[\[0, ?0\], ?\[0, ?0\]\]$`, `^[0-9]+ solutions?$`, `^(yes|no)$`, `^x{3}$`, `^[^a-z]$`, `^\d+ \w+$`, `\A92\n\z`, `^ *[0-9.]+,$`} {
		phrase := linePhrase(p)
		re := regexp.MustCompile("(?m)" + p)
		m := regexp.MustCompile(`\(such as (".*")\)$`).FindStringSubmatch(phrase)
		if m == nil {
			t.Errorf("linePhrase(%q) = %s; want an example", p, phrase)
			continue
		}
		ex, err := strconv.Unquote(m[1])
		if err != nil {
			t.Errorf("linePhrase(%q) = %s: the example is not a quoted string: %v", p, phrase, err)
			continue
		}
		if !re.MatchString(ex) {
			t.Errorf("linePhrase(%q) offers %q, which the pattern does not match", p, ex)
		}
	}
}
