package exercise

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/sandbox"
)

var sizeUnits = []struct {
	suffix string
	bytes  int64
}{
	// Longest suffixes first, so "MiB" is not read as "B".
	{"GiB", sandbox.GiB}, {"MiB", sandbox.MiB}, {"KiB", sandbox.KiB},
	{"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"kB", 1e3},
	{"G", sandbox.GiB}, {"M", sandbox.MiB}, {"K", sandbox.KiB}, {"k", sandbox.KiB},
	{"B", 1},
}

// ParseSize reads a size such as "512MiB", "16 MiB", "1GiB", "100KiB" or
// "4096" (bytes). Binary units (KiB, MiB, GiB) are what manifests use; the
// decimal ones (KB, MB, GB) are accepted because people write them, and mean
// what they say.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("grader: size %q: empty; write a number of bytes or a size such as 512MiB", s)
	}
	mult := int64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(t, u.suffix) {
			t = strings.TrimSpace(strings.TrimSuffix(t, u.suffix))
			mult = u.bytes
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("grader: size %q: want a whole number followed by KiB, MiB or GiB, such as 512MiB", s)
	}
	if n <= 0 {
		return 0, fmt.Errorf("grader: size %q: must be more than zero", s)
	}
	if n > (1<<62)/mult {
		return 0, fmt.Errorf("grader: size %q: too large", s)
	}
	return n * mult, nil
}
