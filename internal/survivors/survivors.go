// Package survivors is for tests that prove nothing of a run outlives it:
// it lists the machine's live processes that a test's predicate claims,
// from Linux's /proc, skipping zombies (dead, waiting for a parent to reap
// them) and the test's own process.
package survivors

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
)

// A Process is what /proc says of one live process.
type Process struct {
	PID     int
	Environ []byte // NUL-separated KEY=VALUE, as in /proc/PID/environ
	Cmdline []byte // NUL-separated arguments
	Cwd     string // its working folder, "" if unreadable
}

// EnvHas says whether the process's environment holds s, within or across
// its entries.
func (p Process) EnvHas(s string) bool { return bytes.Contains(p.Environ, []byte(s)) }

// String is the process as a failure message shows it: its pid and its
// command line.
func (p Process) String() string {
	return fmt.Sprintf("%d %q", p.PID, bytes.ReplaceAll(p.Cmdline, []byte{0}, []byte{' '}))
}

// List returns the live processes ours claims, each as String words it;
// nil where there is no /proc.
func List(ours func(Process) bool) []string {
	ents, _ := os.ReadDir("/proc")
	var out []string
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		base := "/proc/" + e.Name()
		stat, err := os.ReadFile(base + "/stat")
		if err != nil {
			continue // gone since the listing
		}
		if i := bytes.LastIndexByte(stat, ')'); i > 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
			continue // a zombie is dead; its parent reaps it
		}
		p := Process{PID: pid}
		p.Environ, _ = os.ReadFile(base + "/environ")
		p.Cmdline, _ = os.ReadFile(base + "/cmdline")
		p.Cwd, _ = os.Readlink(base + "/cwd")
		if ours(p) {
			out = append(out, p.String())
		}
	}
	return out
}
