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
		{`^\[\[0, ?0\], ?\[0, ?0\]\]$`, `like "[[0, 0], [0, 0]]"`},
		{`^solvers: conflicts: reading the board on standard input: .`, `like "solvers: conflicts: reading the board on standard input: …"`},
		{`^[0-9]+ solutions?$`, `like "0 solutions"`},
		{`(?i)^usage`, `like "usage"`},
		{`^(yes|no)$`, `like "yes"`},
		{`^a.*b$`, `like "a…b"`},
		{`\A92\n\z`, `like "92\n"`}, // the whole output, not a line
		{`\r`, `containing "\r"`},
		{`^      "duration_ms": [0-9.]+,$`, `like "      \"duration_ms\": 0,"`},
		{`[`, `matching [`}, // not a pattern at all: left as it is
	} {
		if got := english(linePhrase(tc.pattern)); got != tc.want {
			t.Errorf("linePhrase(%q) = %s; want %s", tc.pattern, got, tc.want)
		}
	}
}

// Every example a phrase offers must be a line the pattern matches, but
// for the "…" that stands for any text.
func TestLinePhraseExamplesMatch(t *testing.T) {
	for _, p := range []string{`^\[\[0, ?0\], ?\[0, ?0\]\]$`, `^[0-9]+ solutions?$`, `^(yes|no)$`, `^x{3}$`, `^[^a-z]$`, `^\d+ \w+$`, `\A92\n\z`, `^ *[0-9.]+,$`} {
		phrase := english(linePhrase(p))
		re := regexp.MustCompile("(?m)" + p)
		m := regexp.MustCompile(`^like (".*")$`).FindStringSubmatch(phrase)
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
