//go:build linux

package sandbox

import "sync/atomic"

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
		m.cg = cgroupDirs{unavailableWhy: "turned off for a test"}
	case "direct":
		m = machine{asRoot: m.asRoot, cg: m.cg}
	default:
		return func() {}, false
	}
	machineOverride.Store(&m)
	return func() { machineOverride.Store(nil) }, true
}
