package programs

import (
	"math"
	"strings"
)

// maxN is the largest board the reference programs accept. The solvers
// themselves go further; the limit keeps a mistyped argument from asking
// for gigabytes of output.
const maxN = 1000

// parseNumber reads an argument as Python's int() reads a string, since
// nqueens' source program is Python and the other programs follow suit so
// that the five agree: surrounding white space is ignored, a sign is
// allowed, leading zeros are ("+4", " 04 " and "4_0" are 4, 4 and 40),
// underscores may separate digits, and nothing else is: "4.5", "0x10", ""
// and "4 5" are not numbers. A number too large for an int is still a
// number: it comes back as math.MaxInt or math.MinInt, which every limit
// check treats as it should.
func parseNumber(s string) (int, bool) {
	s = strings.TrimSpace(s)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' {
		return 0, false
	}
	n, huge := 0, false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '_' {
			if s[i-1] == '_' {
				return 0, false
			}
			continue
		}
		if ch < '0' || ch > '9' {
			return 0, false
		}
		d := int(ch - '0')
		if n > (math.MaxInt-d)/10 {
			huge = true
		}
		n = n*10 + d
	}
	switch {
	case huge && neg:
		return math.MinInt, true
	case huge:
		return math.MaxInt, true
	case neg:
		return -n, true
	}
	return n, true
}
