//go:build linux

package launcher

import (
	"syscall"
	"unsafe"
)

// The ops of a program, as the supervisor and the submission's process
// carry them out: each a system call or a few, under the rules at the top
// of supervisor.go.

// do carries out one op of the setup or the lockdown. The ops with locals
// of their own have functions of their own, which keeps do's frame small
// (see supervise).
//
//go:nosplit
//go:norace
//go:nocheckptr
func do(o *op, st *state) syscall.Errno {
	s0, s1 := ptr(o.s[0]), ptr(o.s[1])
	var e syscall.Errno
	switch o.code {
	case opMount:
		// An empty data is NULL: some file systems refuse "".
		data := uintptr(0)
		if o.n[3] > 0 {
			data = ptr(o.s[3])
		}
		_, e = sys(syscall.SYS_MOUNT, s0, s1, ptr(o.s[2]), o.a, data)
	case opMoveMount:
		// o.s[1] is "": the tree is the file descriptor itself.
		_, e = sys(sysMoveMount, o.a, s1, atFdcwd, s0, moveMountFEmptyPath)
	case opSetAttr:
		e = setAttr(s0, o.a, o.b)
	case opMkdir:
		_, e = sys(syscall.SYS_MKDIRAT, atFdcwd, s0, o.a, 0, 0)
	case opCreate:
		var fd uintptr
		if fd, e = sys(syscall.SYS_OPENAT, atFdcwd, s0, syscall.O_CREAT|syscall.O_EXCL|syscall.O_WRONLY|syscall.O_CLOEXEC, o.a, 0); e == 0 {
			sys(syscall.SYS_CLOSE, fd, 0, 0, 0, 0)
		}
	case opUnlink:
		_, e = sys(syscall.SYS_UNLINKAT, atFdcwd, s0, 0, 0, 0)
	case opSymlink:
		_, e = sys(syscall.SYS_SYMLINKAT, s0, atFdcwd, s1, 0, 0)
	case opChdir:
		_, e = sys(syscall.SYS_CHDIR, s0, 0, 0, 0, 0)
	case opPivotRoot:
		_, e = sys(syscall.SYS_PIVOT_ROOT, s0, s1, 0, 0, 0)
	case opUnmount:
		_, e = sys(syscall.SYS_UMOUNT2, s0, o.a, 0, 0, 0)
	case opCloseTree:
		_, e = sys(syscall.SYS_CLOSE, o.a, 0, 0, 0, 0)
	case opCloseFrom:
		if _, e = sys(sysCloseRange, o.a, ^uintptr(0), 0, 0, 0); e == syscall.ENOSYS || e == syscall.EINVAL {
			// Before Linux 5.9: one by one, up to the limit on open
			// files (which the launcher, started by the grader, shares).
			var lim [2]uint64
			sys(syscall.SYS_PRLIMIT64, 0, syscall.RLIMIT_NOFILE, 0, uintptr(unsafe.Pointer(&lim[0])), 0)
			for fd := o.a; fd < uintptr(min(lim[0], 1<<20)); fd++ {
				sys(syscall.SYS_CLOSE, fd, 0, 0, 0, 0)
			}
			e = 0
		}
	case opSethostname:
		_, e = sys(syscall.SYS_SETHOSTNAME, s0, uintptr(o.n[0]), 0, 0, 0)
	case opPrctl:
		_, e = sys(syscall.SYS_PRCTL, o.a, o.b, 0, 0, 0)
	case opRlimit:
		e = setRlimit(o.a, uint64(o.b))
	case opSetsid:
		_, e = sys(syscall.SYS_SETSID, 0, 0, 0, 0, 0)
	case opSetpgid:
		_, e = sys(syscall.SYS_SETPGID, 0, 0, 0, 0, 0)
	case opSchedBatch:
		setSchedBatch()
	case opDropBoundingSet:
		e = dropBoundingSet()
	case opSwitchUser:
		if o.b>>32 == 1 {
			if _, e = sys(syscall.SYS_SETGROUPS, 0, 0, 0, 0, 0); e != 0 {
				break
			}
		}
		gid := o.b & 0xffffffff
		if _, e = sys(syscall.SYS_SETRESGID, gid, gid, gid, 0, 0); e == 0 {
			_, e = sys(syscall.SYS_SETRESUID, o.a, o.a, o.a, 0, 0)
		}
	case opDropCapabilities:
		e = dropCapabilities()
	case opLandlockCreate:
		st.ruleset, e = landlockCreate(o.a, o.b)
	case opLandlockAllow:
		e = landlockAllow(st.ruleset, s0, uint64(o.a))
	case opLandlockRestrict:
		_, e = sys(sysLandlockRestrict, st.ruleset, 0, 0, 0, 0)
		sys(syscall.SYS_CLOSE, st.ruleset, 0, 0, 0, 0)
	case opSeccomp:
		e = loadSeccomp(s0, o.n[0])
	case opWriteFile:
		e = writeFile(s0, s1, uintptr(o.n[1]))
	case opDieWithGrader:
		e = dieWithGrader(st)
	}
	return e
}

// dieWithGrader asks for SIGKILL when the grader, the supervisor's parent,
// dies (again: a change of credentials clears it, and the supervisor's
// change to the run's user came after begin set it), then makes sure the
// grader did not die before that: its end of the go pipe would be closed.
//
//go:nosplit
//go:norace
//go:nocheckptr
func dieWithGrader(st *state) syscall.Errno {
	if _, e := sys(syscall.SYS_PRCTL, prSetPdeathsig, uintptr(syscall.SIGKILL), 0, 0, 0); e != 0 {
		return e
	}
	const pollHup = 0x10
	fd := [2]int32{int32(st.goFd), 0} // struct pollfd: fd, events, revents
	var none [2]int64                 // a timeout of zero: do not wait
	if n, _ := sys(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&fd[0])), 1, uintptr(unsafe.Pointer(&none[0])), 0, 0); n == 1 && fd[1]>>16&pollHup != 0 {
		exit(0)
	}
	sys(syscall.SYS_CLOSE, st.goFd, 0, 0, 0, 0)
	return 0
}

// writeFile writes the n bytes at data to the existing file at path.
//
//go:nosplit
//go:norace
//go:nocheckptr
func writeFile(path, data, n uintptr) syscall.Errno {
	fd, e := sys(syscall.SYS_OPENAT, atFdcwd, path, syscall.O_WRONLY|syscall.O_CLOEXEC, 0, 0)
	if e != 0 {
		return e
	}
	if w, e := sys(syscall.SYS_WRITE, fd, data, n, 0, 0); e == 0 && w != n {
		e = syscall.EIO
	}
	sys(syscall.SYS_CLOSE, fd, 0, 0, 0, 0)
	return e
}

// setAttr sets attributes of the mount at path: mount_setattr with flags
// (AT_RECURSIVE or 0).
//
//go:nosplit
//go:norace
//go:nocheckptr
func setAttr(path, set, flags uintptr) syscall.Errno {
	attr := [4]uint64{uint64(set), 0, 0, 0} // set, clear, propagation, userns
	_, e := sys(sysMountSetattr, atFdcwd, path, flags, uintptr(unsafe.Pointer(&attr[0])), unsafe.Sizeof(attr))
	return e
}

// setRlimit sets a limit, soft and hard.
//
//go:nosplit
//go:norace
//go:nocheckptr
func setRlimit(resource uintptr, value uint64) syscall.Errno {
	lim := [2]uint64{value, value}
	_, e := sys(syscall.SYS_PRLIMIT64, 0, resource, uintptr(unsafe.Pointer(&lim[0])), 0, 0)
	return e
}

// setSchedBatch gives the process SCHED_BATCH: the same share of the CPU
// as any process, but the run's processes never preempt a waking grader;
// without it a fork bomb's hundreds of runnable processes delay the poller
// that is there to kill them. Best effort.
//
//go:nosplit
//go:norace
//go:nocheckptr
func setSchedBatch() {
	var param [1]int32
	sys(syscall.SYS_SCHED_SETSCHEDULER, 0, schedBatch, uintptr(unsafe.Pointer(&param[0])), 0, 0)
}

// dropCapabilities empties the effective, permitted and inheritable sets.
//
//go:nosplit
//go:norace
//go:nocheckptr
func dropCapabilities() syscall.Errno {
	hdr := [2]uint32{capVersion3, 0}
	var data [6]uint32 // effective, permitted, inheritable, twice
	_, e := sys(syscall.SYS_CAPSET, uintptr(unsafe.Pointer(&hdr[0])), uintptr(unsafe.Pointer(&data[0])), 0, 0, 0)
	return e
}

// landlockCreate makes a ruleset that handles the access rights to files
// in fs, and those to TCP ports and the scopes packed in netScoped (see
// opLandlockCreate). Where netScoped is 0 it gives the kernel the first
// field alone, as Landlock's first ABI knows it.
//
//go:nosplit
//go:norace
//go:nocheckptr
func landlockCreate(fs, netScoped uintptr) (uintptr, syscall.Errno) {
	// struct landlock_ruleset_attr: handled_access_fs, handled_access_net
	// (ABI 4), scoped (ABI 6).
	attr := [3]uint64{uint64(fs), uint64(netScoped & 0xffffffff), uint64(netScoped >> 32)}
	size := unsafe.Sizeof(attr)
	if netScoped == 0 {
		size = unsafe.Sizeof(attr[0])
	}
	return sys(sysLandlockCreate, uintptr(unsafe.Pointer(&attr[0])), size, 0, 0, 0)
}

// loadSeccomp installs the filter of n bytes at filter (8-byte sock_filter
// records), on the calling process alone.
//
//go:nosplit
//go:norace
//go:nocheckptr
func loadSeccomp(filter uintptr, n int) syscall.Errno {
	prog := struct {
		n      uint16
		_      [3]uint16
		filter uintptr
	}{n: uint16(n / 8), filter: filter}
	_, e := sys(sysSeccomp, seccompSetModeFilter, 0, uintptr(unsafe.Pointer(&prog)), 0, 0)
	return e
}

// dropBoundingSet empties the bounding and ambient sets and locks the
// securebits, where the process holds any capability: one that holds none
// (no user namespace, no root) has nothing to drop and may not touch them.
//
//go:nosplit
//go:norace
//go:nocheckptr
func dropBoundingSet() syscall.Errno {
	hdr := [2]uint32{capVersion3, 0}
	var data [6]uint32
	if _, e := sys(syscall.SYS_CAPGET, uintptr(unsafe.Pointer(&hdr[0])), uintptr(unsafe.Pointer(&data[0])), 0, 0, 0); e == 0 && data[1]|data[4] == 0 {
		return 0
	}
	for c := uintptr(0); c < 64; c++ {
		if _, e := sys(syscall.SYS_PRCTL, prCapbsetDrop, c, 0, 0, 0); e == syscall.EINVAL {
			break // past the kernel's last capability
		} else if e != 0 {
			return e
		}
	}
	if _, e := sys(syscall.SYS_PRCTL, prCapAmbient, ambientClear, 0, 0, 0); e != 0 && e != syscall.EINVAL {
		return e
	}
	_, e := sys(syscall.SYS_PRCTL, prSetSecurebit, securebits, 0, 0, 0)
	return e
}

// landlockAllow adds to ruleset the rule "access beneath path".
//
//go:nosplit
//go:norace
//go:nocheckptr
func landlockAllow(ruleset, path uintptr, access uint64) syscall.Errno {
	fd, e := sys(syscall.SYS_OPENAT, atFdcwd, path, oPath|syscall.O_CLOEXEC, 0, 0)
	if e != 0 {
		return e
	}
	// struct landlock_path_beneath_attr is packed: a u64 and an s32.
	var rule [12]byte
	for i := 0; i < 8; i++ {
		rule[i] = byte(access >> (8 * i))
	}
	for i := 0; i < 4; i++ {
		rule[8+i] = byte(fd >> (8 * i))
	}
	_, e = sys(sysLandlockAddRule, ruleset, landlockRuleBeneath, uintptr(unsafe.Pointer(&rule[0])), 0, 0)
	sys(syscall.SYS_CLOSE, fd, 0, 0, 0, 0)
	return e
}
