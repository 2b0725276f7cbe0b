package grader

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Limits bound one run of a submission. A zero field means its default, so a
// manifest that sets only `time` keeps the other defaults.
type Limits struct {
	Time   time.Duration // per run; default 10s
	Memory int64         // bytes, whole process tree; default 512 MiB
	Output int64         // bytes per stream; default 16 MiB
	Procs  int           // max processes in the tree; default 64
}

const (
	kiB = 1 << 10
	miB = 1 << 20
	giB = 1 << 30
)

// DefaultLimits returns the limits a run gets when the exercise sets none.
func DefaultLimits() Limits {
	return Limits{Time: 10 * time.Second, Memory: 512 * miB, Output: 16 * miB, Procs: 64}
}

// withDefaults fills every zero (or negative) field from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.Time <= 0 {
		l.Time = d.Time
	}
	if l.Memory <= 0 {
		l.Memory = d.Memory
	}
	if l.Output <= 0 {
		l.Output = d.Output
	}
	if l.Procs <= 0 {
		l.Procs = d.Procs
	}
	return l
}

var sizeUnits = []struct {
	suffix string
	bytes  int64
}{
	// Longest suffixes first, so "MiB" is not read as "B".
	{"GiB", giB}, {"MiB", miB}, {"KiB", kiB},
	{"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"kB", 1e3},
	{"G", giB}, {"M", miB}, {"K", kiB}, {"k", kiB},
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

// FormatSize writes a byte count the way messages show it: "512 MiB",
// "100 KiB", "1 GiB", or "1000 bytes" when no binary unit divides it.
func FormatSize(n int64) string {
	switch {
	case n >= giB && n%giB == 0:
		return fmt.Sprintf("%d GiB", n/giB)
	case n >= miB && n%miB == 0:
		return fmt.Sprintf("%d MiB", n/miB)
	case n >= kiB && n%kiB == 0:
		return fmt.Sprintf("%d KiB", n/kiB)
	case n >= 10*miB:
		return fmt.Sprintf("%.1f MiB", float64(n)/miB)
	}
	return fmt.Sprintf("%d bytes", n)
}
