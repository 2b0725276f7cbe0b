//go:build !unix

package programs

import (
	"testing"
	"time"
)

// cpuTime has no getrusage to read here: the benchmarks report wall time
// alone.
func cpuTime(b *testing.B) (time.Duration, bool) { return 0, false }
