//go:build unix

package checker

import (
	"syscall"
	"time"
)

// cpuTime is the process's user and system time so far: on a machine
// shared with other work, the benchmarks report it beside wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
