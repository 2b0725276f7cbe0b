//go:build linux

package sandbox

import (
	"errors"
	"sync/atomic"
	"syscall"

	"github.com/boardcheck/boardcheck/grader/report"
)

// machineOverride replaces what probing found, for tests of the fallbacks
// on a machine that offers more.
var machineOverride atomic.Pointer[machine]

// SetIsolationForTest makes runs use less isolation than the machine
// offers, as a machine that allows less would: "reaper" (no namespaces: a
// child subreaper and the lockdown, as the grader's own user),
// "reaper-unscoped" (as reaper, with a Landlock too old to keep the run's
// signals in: the run may stop or kill its supervisor), "reaper-polling"
// (no cgroup either) or "direct" (no supervisor at all).
// It returns a function that restores the rest. It is for tests: nothing
// else should want less isolation than the machine gives.
func SetIsolationForTest(mode string) (restore func(), ok bool) {
	m := thisMachine()
	if !m.supervised && mode != "direct" {
		return func() {}, false
	}
	reaper := m
	reaper.userns, reaper.nsFlags, reaper.root, reaper.proc, reaper.subreaper = false, 0, false, false, true
	reaper.switchUID = false
	switch mode {
	case "reaper":
		m = reaper
	case "reaper-unscoped":
		m = reaper
		m.landlock = min(m.landlock, landlockScopes-1)
	case "reaper-polling":
		m = reaper
		m.cg = cgroupDirs{unavailableWhy: offForTest()}
	case "direct":
		m = machine{asRoot: m.asRoot, cg: m.cg}
	default:
		return func() {}, false
	}
	machineOverride.Store(&m)
	return func() { machineOverride.Store(nil) }, true
}

// SaidForTest is a line the sandbox says where a machine lacks something:
// Said, and, where the sandbox keeps English words of its own too
// (closedError's Error), English.
type SaidForTest struct {
	Name, English string
	Said          report.Message
}

// MissingForTest is every line the sandbox says of what machines of
// several shapes lack, and how their operators get it (missingLayers, with
// the setups tried, and the lockdown's and the supervisor's lines), and of
// a tool out of a run's reach (closedError). It is for grader's
// TestMissingSaid, which says them in every language: this package renders
// none.
func MissingForTest() []SaidForTest {
	tried := []report.Message{
		say("sandbox.tried_setup", part("setup", machine{userns: true, nsFlags: allNamespaces, root: true, proc: true}.describe()), code("error", "fork/exec /proc/self/exe: operation not permitted")),
		say("sandbox.tried_setup", part("setup", machine{}.describe()), code("error", "exit status 1")),
		say("sandbox.tried_setup", part("setup", say("sandbox.setup.alone")), code("error", "EPERM")),
	}
	user := cgroupDirs{unavailableWhy: say("sandbox.missing.no_memory_cgroup_user", code("cgroup", "cgroup"), code("memory", "memory"),
		code("v2", "cgroup v2"), code("command", "systemd-run --user --scope -p Delegate=yes grader ..."))}
	shapes := []struct {
		name string
		m    machine
		why  []report.Message
	}{
		{"a user without namespaces or cgroups", machine{supervised: true, subreaper: true, landlock: landlockScopes, cg: user}, tried[1:2]},
		{"a user with a Landlock without scopes", machine{supervised: true, subreaper: true, landlock: landlockTCP, cg: cgroupDirs{unavailableWhy: offForTest(), cpuShareOff: true}}, tried},
		{"root without a user namespace", machine{supervised: true, switchUID: true, asRoot: true, subreaper: true, cg: cgroupDirs{v2: "/sys/fs/cgroup/grader"}}, tried[1:]},
		{"a container refusing /proc", machine{supervised: true, userns: true, nsFlags: allNamespaces, root: true,
			cg: cgroupDirs{memV1: "/sys/fs/cgroup/memory/grader", psi: "/sys/fs/cgroup/unified/grader"}}, nil},
		{"no PID namespace, so no /proc", machine{supervised: true, userns: true, nsFlags: allNamespaces &^ syscall.CLONE_NEWPID, root: true, subreaper: true,
			cg: cgroupDirs{unavailableWhy: say("sandbox.missing.no_memory_cgroup", code("cgroup", "cgroup"), code("memory", "memory"))}}, nil},
	}
	var out []SaidForTest
	for _, s := range shapes {
		for _, m := range missingLayers(s.m, s.why) {
			out = append(out, SaidForTest{Name: s.name, Said: m})
		}
	}
	for _, m := range append(lockdownLayers(errors.New("seccomp_load: invalid argument")).missing, lockdownLayers(errNoSeccompArch).missing...) {
		out = append(out, SaidForTest{Name: "the lockdown", Said: m})
	}
	out = append(out,
		SaidForTest{Name: "no supervisor", Said: say("sandbox.missing.supervisor", part("tried", joined("sandbox.list.then", tried)))},
		SaidForTest{Name: "a bare supervisor", Said: say("sandbox.missing.lockdown", code("seccomp", "seccomp"), code("landlock", "Landlock"))},
		SaidForTest{Name: "no binary", Said: say("sandbox.missing.supervisor_exe", code("error", "readlink /proc/self/exe: no such file or directory"))},
	)
	for _, c := range []*closedError{
		{program: "/root/.pyenv/shims/python3", closed: "/root"},
		{program: "/opt/tool", closed: "/opt/tool", mode: 0o700},
	} {
		out = append(out, SaidForTest{Name: "a tool out of reach", Said: c.message(), English: c.Error()})
	}
	return out
}
