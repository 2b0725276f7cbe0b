//go:build linux

package shim

import (
	"errors"
	"syscall"
	"unsafe"
)

// lockdown takes from the calling thread every privilege the run must not
// have, in the order the kernel requires: no_new_privs (which Landlock and
// an unprivileged seccomp filter need), the bounding set and securebits
// (while CAP_SETPCAP is still held), the run's own uid where there is no
// user namespace, every capability, Landlock, and last the seccomp filter,
// which may refuse what the steps before it use.
//
// Credentials, capabilities, Landlock domains and seccomp filters belong to
// a thread, not a process: start runs lockdown on a thread locked to its
// goroutine and forks the submission from that same thread, which the
// child inherits them from. The shim's other threads keep what they had;
// they run only the shim's own code.
func lockdown(p *plan) error {
	if err := prctl(prSetNoNewPrivs, 1); err != nil {
		return failed("setting no_new_privs", err)
	}
	if p.dropCaps {
		if err := dropBoundingSet(); err != nil {
			return err
		}
	}
	if p.uid >= 0 {
		if err := switchUser(p.uid, p.gid); err != nil {
			return err
		}
	}
	if p.dropCaps {
		if err := dropCapabilities(); err != nil {
			return err
		}
	}
	if p.landlock {
		if err := restrictPaths(p.landlockRW); err != nil {
			return failed("Landlock", err)
		}
	}
	if len(p.seccomp) > 0 {
		if err := loadSeccomp(p.seccomp); err != nil {
			return failed("loading the seccomp filter", err)
		}
	}
	return nil
}

const (
	prSetDumpable    = 4
	prCapbsetDrop    = 24
	prSetSecurebits  = 28
	prSetNoNewPrivs  = 38
	prCapAmbient     = 47
	prCapAmbientClrA = 4
	prSetSubreaper   = 36
)

func prctl(option, arg uintptr) error {
	if _, _, e := syscall.RawSyscall6(syscall.SYS_PRCTL, option, arg, 0, 0, 0, 0); e != 0 {
		return e
	}
	return nil
}

// dropBoundingSet empties the bounding set, so that no exec can bring a
// capability back, and locks the securebits that make uid 0 nothing special
// to exec: a run that is root in its user namespace gains nothing by it.
func dropBoundingSet() error {
	if !hasCapabilities() {
		// An unprivileged process (no user namespace) has nothing to
		// drop, and may not touch either; no_new_privs already keeps a
		// set-user-ID program from giving it more.
		return nil
	}
	for c := uintptr(0); c < 64; c++ {
		if err := prctl(prCapbsetDrop, c); err == syscall.EINVAL {
			break // past the kernel's last capability
		} else if err != nil {
			return failed("dropping the bounding set", err)
		}
	}
	if err := prctl(prCapAmbient, prCapAmbientClrA); err != nil && err != syscall.EINVAL {
		return failed("clearing the ambient capabilities", err)
	}
	const (
		secbitNoroot           = 1 << 0
		secbitNorootLocked     = 1 << 1
		secbitNoSetuidFixup    = 1 << 2
		secbitNoSetuidFixupLck = 1 << 3
		secbitKeepCapsLocked   = 1 << 5
	)
	bits := uintptr(secbitNoroot | secbitNorootLocked | secbitNoSetuidFixup | secbitNoSetuidFixupLck | secbitKeepCapsLocked)
	if err := prctl(prSetSecurebits, bits); err != nil {
		return failed("locking the securebits", err)
	}
	return nil
}

// hasCapabilities says whether the calling thread holds any capability.
func hasCapabilities() bool {
	hdr := struct {
		version uint32
		pid     int32
	}{version: 0x20080522}
	var data [2]struct{ effective, permitted, inheritable uint32 }
	if _, _, e := syscall.RawSyscall(syscall.SYS_CAPGET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&data[0])), 0); e != 0 {
		return true // assume the worst: the drop will say what fails
	}
	return data[0].permitted|data[1].permitted != 0
}

// dropCapabilities clears the thread's effective, permitted and inheritable
// sets.
func dropCapabilities() error {
	hdr := struct {
		version uint32
		pid     int32
	}{version: 0x20080522} // _LINUX_CAPABILITY_VERSION_3
	var data [2]struct{ effective, permitted, inheritable uint32 }
	if _, _, e := syscall.RawSyscall(syscall.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr)), uintptr(unsafe.Pointer(&data[0])), 0); e != 0 {
		return failed("dropping capabilities", e)
	}
	return nil
}

// switchUser makes the thread the run's own user, with no supplementary
// groups: where there is no user namespace, this is what keeps the run from
// being root.
func switchUser(uid, gid int) error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_SETGROUPS, 0, 0, 0); e != 0 {
		return failed("dropping supplementary groups", e)
	}
	if _, _, e := syscall.RawSyscall(syscall.SYS_SETRESGID, uintptr(gid), uintptr(gid), uintptr(gid)); e != 0 {
		return failed("switching to the run's group", e)
	}
	if _, _, e := syscall.RawSyscall(syscall.SYS_SETRESUID, uintptr(uid), uintptr(uid), uintptr(uid)); e != 0 {
		return failed("switching to the run's user", e)
	}
	return nil
}

// loadSeccomp installs the filter the grader assembled (see package
// sandbox), on this thread only: SECCOMP_SET_MODE_FILTER without TSYNC.
func loadSeccomp(filter []byte) error {
	const (
		seccompSetModeFilter  = 1
		sockFilterSize        = 8
		maxInstructionsKernel = 4096
	)
	if sysSeccomp == ^uintptr(0) {
		return errors.New("no seccomp on this architecture")
	}
	n := len(filter) / sockFilterSize
	if n == 0 || n > maxInstructionsKernel || len(filter)%sockFilterSize != 0 {
		return errors.New("a filter of the wrong size")
	}
	prog := struct {
		n   uint16
		_   [3]uint16
		ptr unsafe.Pointer
	}{n: uint16(n), ptr: unsafe.Pointer(&filter[0])}
	if _, _, e := syscall.RawSyscall(sysSeccomp, seccompSetModeFilter, 0, uintptr(unsafe.Pointer(&prog))); e != 0 {
		return e
	}
	return nil
}

// Landlock (Linux 5.13): the run may read and execute anything it can see,
// and write only under the given folders and to the few devices of its
// /dev. Another wall around the filesystem, for when the mount namespace
// is missing or mistaken.
const (
	sysLandlockCreateRuleset = 444
	sysLandlockAddRule       = 445
	sysLandlockRestrictSelf  = 446

	llExecute  = 1 << 0
	llWrite    = 1 << 1
	llRead     = 1 << 2
	llReadDir  = 1 << 3
	llAllV1    = 1<<13 - 1
	llRefer    = 1 << 13 // ABI 2
	llTruncate = 1 << 14 // ABI 3
	llIoctlDev = 1 << 15 // ABI 5
)

// LandlockABI reports the kernel's Landlock ABI version, 0 for none.
func LandlockABI() int {
	v, _, e := syscall.RawSyscall(sysLandlockCreateRuleset, 0, 0, 1) // LANDLOCK_CREATE_RULESET_VERSION
	if e != 0 {
		return 0
	}
	return int(v)
}

func restrictPaths(writable []string) error {
	abi := LandlockABI()
	if abi < 1 {
		return errors.New("not supported by this kernel")
	}
	handled := uint64(llAllV1)
	if abi >= 2 {
		handled |= llRefer
	}
	if abi >= 3 {
		handled |= llTruncate
	}
	if abi >= 5 {
		handled |= llIoctlDev
	}
	attr := struct{ fs uint64 }{handled}
	rs, _, e := syscall.RawSyscall(sysLandlockCreateRuleset, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if e != 0 {
		return e
	}
	defer syscall.Close(int(rs))
	if err := allow(int(rs), "/", llExecute|llRead|llReadDir); err != nil {
		return err
	}
	for _, d := range devices {
		if err := allow(int(rs), "/dev/"+d, (llRead|llWrite|llTruncate)&handled); err != nil && err != syscall.ENOENT {
			return err
		}
	}
	for _, d := range writable {
		if err := allow(int(rs), d, handled); err != nil {
			return err
		}
	}
	if _, _, e := syscall.RawSyscall(sysLandlockRestrictSelf, rs, 0, 0); e != 0 {
		return e
	}
	return nil
}

// allow adds a rule: access beneath path.
func allow(ruleset int, path string, access uint64) error {
	const oPath = 0x200000
	fd, err := syscall.Open(path, oPath|syscall.O_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	// struct landlock_path_beneath_attr is packed: a u64 and an s32.
	var rule [12]byte
	putLE(rule[:8], access)
	putLE(rule[8:], uint64(uint32(fd)))
	const landlockRulePathBeneath = 1
	if _, _, e := syscall.RawSyscall6(sysLandlockAddRule, uintptr(ruleset), landlockRulePathBeneath, uintptr(unsafe.Pointer(&rule[0])), 0, 0, 0); e != 0 {
		return e
	}
	return nil
}

// setRlimits sets each limit, soft and hard: the process may lower them
// but never raise them again.
func setRlimits(ls []rlimit) error {
	for _, l := range ls {
		if err := syscall.Setrlimit(l.resource, &syscall.Rlimit{Cur: l.value, Max: l.value}); err != nil {
			return failed("setting rlimit "+itoa(l.resource), err)
		}
	}
	return nil
}

// closeOnExecFrom marks every file descriptor from fd up close-on-exec.
func closeOnExecFrom(fd int) error {
	const (
		sysCloseRange     = 436
		closeRangeCloexec = 1 << 2
	)
	_, _, e := syscall.RawSyscall(sysCloseRange, uintptr(fd), ^uintptr(0), closeRangeCloexec)
	if e == 0 {
		return nil
	}
	if e != syscall.ENOSYS && e != syscall.EINVAL {
		return e
	}
	// Before Linux 5.11: one by one, up to the usual limit.
	for i := fd; i < 4096; i++ {
		syscall.CloseOnExec(i)
	}
	return nil
}

func setSubreaper() bool { return prctl(prSetSubreaper, 1) == nil }
