package sandbox

import (
	"fmt"
	"time"
)

// Limits bound one run of a submission. A zero field means its default, so a
// manifest that sets only `time` keeps the other defaults.
type Limits struct {
	// Time is the processor time the run's processes may use in all, user
	// and system, as contest judges limit it (isolate's --time): what a
	// program computes costs the same however busy the machine is. A run
	// that waits rather than computes is stopped by Wall. Default 10s.
	Time   time.Duration
	Memory int64 // bytes, whole process tree; default 512 MiB
	Output int64 // bytes per stream; default 16 MiB
	Procs  int   // max processes in the tree; default 64
	// Disk is what the run may hold in the caller's Writable folders, all
	// of their files together (a compiler's output, on the machine's
	// disk, where RLIMIT_FSIZE bounds each file alone): counted every
	// diskPollEvery, and the run killed past it. 0: no bound.
	Disk int64
}

// Wall is the wall-clock time a run may take, a safety for programs that
// wait (on a sleep, on a child, on a lock) and so never use their CPU
// time: twice Time and a second, as CMS derives its own, so that a run
// that computes all along reaches its CPU time first even when it gets
// only half a processor.
func (l Limits) Wall() time.Duration {
	return 2*l.WithDefaults().Time + time.Second
}

// Sizes in bytes.
const (
	KiB = 1 << 10
	MiB = 1 << 20
	GiB = 1 << 30

	kiB, miB, giB = KiB, MiB, GiB
)

// DefaultLimits returns the limits a run gets when the exercise sets none.
func DefaultLimits() Limits {
	return Limits{Time: 10 * time.Second, Memory: 512 * miB, Output: 16 * miB, Procs: 64}
}

// WithDefaults fills every zero (or negative) field from DefaultLimits.
func (l Limits) WithDefaults() Limits {
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
