//go:build linux

package launcher

import (
	"runtime"
	"syscall"
	"unsafe"
)

// The supervisor: pid 1 of a run's namespaces, forked from the launcher
// into them, carrying out the run's program with nothing but system calls.
// It is a copy of the launcher's memory with one thread and no Go runtime
// that may run: the runtime's other threads were not copied, and any call
// into it (to grow the stack, to allocate, for a write barrier, to handle a
// signal) could wait forever on a lock one of them held. So everything here:
//
//   - is //go:nosplit, so that no function checks its stack (the linker
//     checks that the whole chain fits in what every goroutine stack keeps
//     free), //go:norace and //go:nocheckptr, so that nothing is
//     instrumented;
//   - allocates nothing and stores no pointer anywhere but on its own stack;
//   - reads only the prepared request (decode.go), which the launcher made
//     before the fork;
//   - resets every signal handler to its default first, and keeps every
//     signal blocked: as pid 1 of its PID namespace no process of the run
//     can signal it, and without one it ignores what they send.
//
// The supervisor reports on its status pipe (fd 3) how the run ended, or
// which op failed and why (see StatusExited, StatusFailed).

const (
	atFdcwd        = ^uintptr(99) // AT_FDCWD, -100
	oPath          = 0x200000
	sigSetmask     = 2
	prSetPdeathsig = 1
	prCapbsetDrop  = 24
	prSetSecurebit = 28
	prCapAmbient   = 47
	ambientClear   = 4
	schedBatch     = 3
	cloneParent    = 0x8000

	sysMoveMount         = 429
	sysCloseRange        = 436
	sysMountSetattr      = 442
	sysLandlockCreate    = 444
	sysLandlockAddRule   = 445
	sysLandlockRestrict  = 446
	moveMountFEmptyPath  = 4
	landlockRuleBeneath  = 1
	seccompSetModeFilter = 1
	capVersion3          = 0x20080522
	// The securebits that make uid 0 nothing special to exec, locked:
	// NOROOT, NO_SETUID_FIXUP and KEEP_CAPS_LOCKED, each with its lock.
	securebits = 1<<0 | 1<<1 | 1<<2 | 1<<3 | 1<<5
)

// devNull is /dev/null as a C string; supervisorName the supervisor's
// name, as ps shows it (15 bytes at most), rather than the launcher's.
var (
	devNull        = [...]byte{'/', 'd', 'e', 'v', '/', 'n', 'u', 'l', 'l', 0}
	supervisorName = [...]byte{'b', 'o', 'a', 'r', 'd', 'c', 'h', 'e', 'c', 'k', '-', 'r', 'u', 'n', 0}
)

//go:nosplit
//go:norace
func sys(trap, a1, a2, a3, a4, a5 uintptr) (uintptr, syscall.Errno) {
	r, _, e := syscall.RawSyscall6(trap, a1, a2, a3, a4, a5, 0)
	return r, e
}

//go:nosplit
//go:norace
func exit(code uintptr) {
	for {
		sys(syscall.SYS_EXIT_GROUP, code, 0, 0, 0, 0)
	}
}

// state is what the supervisor keeps between ops, on its stack.
type state struct {
	ruleset uintptr // the Landlock ruleset being made
	pid     uintptr // the submission's main process
	selfRSS int64   // the supervisor's own peak, which a child shares until it execs
	// errPipe is, in the spawned child before its exec, where it reports
	// a failure; 0 in the supervisor, which reports on its status pipe.
	errPipe uintptr
}

// supervise is the supervisor's main. It never returns.
//
// Its functions are kept shallow: the linker allows a chain of nosplit
// calls only as deep as the room every goroutine stack keeps free (about
// 800 bytes), so the spawned child goes on in the same loop rather than in
// a function of its own, and the ops with larger locals have functions of
// their own.
//
//go:nosplit
//go:norace
//go:nocheckptr
func supervise(p *prepared) {
	resetSignalHandlers()
	if !begin(p) {
		exit(0) // the grader gave the run up
	}
	run(p)
}

// begin puts the run's standard files at 0, 1 and 2 and the status pipe at
// 3 (where the launcher's socket was), closes the copies the request came
// as, and waits for the grader's go: it has mapped the run's user and put
// this process in the run's cgroups. It says whether the go came.
//
//go:nosplit
//go:norace
//go:nocheckptr
func begin(p *prepared) bool {
	sys(syscall.SYS_PRCTL, syscall.PR_SET_NAME, uintptr(unsafe.Pointer(&supervisorName[0])), 0, 0, 0)
	for i := uintptr(0); i < 3; i++ {
		sys(syscall.SYS_DUP3, uintptr(p.fds[i]), i, 0, 0, 0)
	}
	sys(syscall.SYS_DUP3, uintptr(p.fds[fdStatus]), 3, syscall.O_CLOEXEC, 0, 0)
	for i := 0; i <= fdStatus; i++ {
		sys(syscall.SYS_CLOSE, uintptr(p.fds[i]), 0, 0, 0, 0)
	}
	// Dead with the grader, its parent (the launcher forks with
	// CLONE_PARENT). Set before the go byte is read, so that a grader that
	// died in between is seen there, as the end of the go pipe.
	sys(syscall.SYS_PRCTL, prSetPdeathsig, uintptr(syscall.SIGKILL), 0, 0, 0)
	var b [1]byte
	n, _ := sys(syscall.SYS_READ, uintptr(p.fds[fdGo]), uintptr(unsafe.Pointer(&b[0])), 1, 0, 0)
	sys(syscall.SYS_CLOSE, uintptr(p.fds[fdGo]), 0, 0, 0, 0)
	return n == 1
}

// run carries out the program. At Spawn it forks: the child goes on with
// the next op, up to the Exec, which it becomes; the supervisor goes on
// after the Exec once the child has exec'd.
//
//go:nosplit
//go:norace
//go:nocheckptr
func run(p *prepared) {
	var st state
	for i := 0; i < len(p.ops); i++ {
		o := &p.ops[i]
		var e syscall.Errno
		switch o.code {
		case opSpawn:
			var pid uintptr
			if pid, e = spawn(&st); e == 0 && pid != 0 {
				if e = awaitExec(&st, &i); e == 0 {
					i = o.next - 1 // go on after the Exec
					continue
				}
			}
		case opExec:
			// Signals as the submission should meet them: every handler
			// is the default already, and now none is blocked.
			var none uint64
			sys(syscall.SYS_RT_SIGPROCMASK, sigSetmask, uintptr(unsafe.Pointer(&none)), 0, 8, 0)
			_, e = sys(syscall.SYS_EXECVE, ptr(o.s[0]), uintptr(unsafe.Pointer(&p.argv[0])), uintptr(unsafe.Pointer(&p.envv[0])), 0, 0)
		case opWait:
			wait(&st, o.a == 1)
		case opReport:
			report(0, 0)
			exit(0)
		default:
			e = do(o, &st)
			switch t := o.t; {
			case t&Fallback != 0:
				if e == 0 {
					i++ // the fallback is not needed
				}
				e = 0
			case t&Fails != 0:
				if e == 0 {
					e = errSucceeded
				} else {
					e = 0
				}
			case t&Exists != 0 && e == syscall.EEXIST,
				t&Missing != 0 && (e == syscall.ENOENT || e == syscall.EACCES):
				e = 0
			}
		}
		if e != 0 {
			fail(&st, uintptr(i), e)
		}
	}
	exit(0)
}

// spawn forks the submission's process, with a pipe on which it reports a
// failure before its exec (close-on-exec: the exec closes it), and returns
// its pid, or 0 in the child. The child's peak memory, as the kernel
// counts it, starts from the supervisor's own, which it shares until its
// exec: a peak no higher than that says nothing of the submission.
//
//go:nosplit
//go:norace
//go:nocheckptr
func spawn(st *state) (uintptr, syscall.Errno) {
	var fds [2]int32
	if _, e := sys(syscall.SYS_PIPE2, uintptr(unsafe.Pointer(&fds[0])), syscall.O_CLOEXEC, 0, 0, 0); e != 0 {
		return 0, e
	}
	var ru syscall.Rusage
	sys(syscall.SYS_GETRUSAGE, syscall.RUSAGE_SELF, uintptr(unsafe.Pointer(&ru)), 0, 0, 0)
	st.selfRSS = ru.Maxrss
	pid, e := fork(uintptr(syscall.SIGCHLD))
	switch {
	case e != 0:
		sys(syscall.SYS_CLOSE, uintptr(fds[0]), 0, 0, 0, 0)
		sys(syscall.SYS_CLOSE, uintptr(fds[1]), 0, 0, 0, 0)
		return 0, e
	case pid == 0:
		sys(syscall.SYS_CLOSE, uintptr(fds[0]), 0, 0, 0, 0)
		st.errPipe = uintptr(fds[1])
	default:
		sys(syscall.SYS_CLOSE, uintptr(fds[1]), 0, 0, 0, 0)
		st.errPipe = uintptr(fds[0]) // the supervisor's end, until awaitExec
		st.pid = pid
	}
	return pid, 0
}

// awaitExec waits for the spawned child's exec, or its report of the op that
// failed before it (then *at is that op, and the child is reaped). Once the
// submission runs, the supervisor lets go of the run's standard files, so
// that the grader sees their end when the submission's processes are gone.
//
//go:nosplit
//go:norace
//go:nocheckptr
func awaitExec(st *state, at *int) syscall.Errno {
	var msg [8]byte
	n := uintptr(0)
	for n < 8 {
		r, e := sys(syscall.SYS_READ, st.errPipe, uintptr(unsafe.Pointer(&msg[n])), 8-n, 0, 0)
		if e == syscall.EINTR {
			continue
		}
		if e != 0 || r == 0 {
			break
		}
		n += r
	}
	sys(syscall.SYS_CLOSE, st.errPipe, 0, 0, 0, 0)
	st.errPipe = 0
	if n == 8 {
		sys(syscall.SYS_WAIT4, st.pid, 0, 0, 0, 0)
		*at = int(le32(&msg, 0))
		return syscall.Errno(le32(&msg, 4))
	}
	if null, e := sys(syscall.SYS_OPENAT, atFdcwd, uintptr(unsafe.Pointer(&devNull[0])), syscall.O_RDWR|syscall.O_CLOEXEC, 0, 0); e == 0 {
		for i := uintptr(0); i < 3; i++ {
			sys(syscall.SYS_DUP3, null, i, 0, 0, 0)
		}
		sys(syscall.SYS_CLOSE, null, 0, 0, 0, 0)
	} else {
		for i := uintptr(0); i < 3; i++ {
			sys(syscall.SYS_CLOSE, i, 0, 0, 0, 0)
		}
	}
	return 0
}

// wait reaps every process that ends until the submission's main process
// does, reports how it ended and its peak memory, and ends the supervisor:
// in a PID namespace that ends every process of the run. With reapOrphans
// (no PID namespace), the supervisor is their child subreaper: it kills the
// main process's group and reaps, until none is left, the orphans the
// grader finds and kills.
//
//go:nosplit
//go:norace
//go:nocheckptr
func wait(st *state, reapOrphans bool) {
	var ws uint32
	var ru syscall.Rusage
	for {
		pid, e := sys(syscall.SYS_WAIT4, ^uintptr(0), uintptr(unsafe.Pointer(&ws)), 0, uintptr(unsafe.Pointer(&ru)), 0)
		if e == syscall.EINTR {
			continue
		}
		if e != 0 || pid == st.pid {
			break
		}
		// Any other pid is an orphan, reparented here and now reaped.
	}
	peak := uint64(0)
	if ru.Maxrss > st.selfRSS {
		peak = uint64(ru.Maxrss) * 1024
	}
	report(ws, peak)
	if reapOrphans {
		sys(syscall.SYS_KILL, -st.pid, uintptr(syscall.SIGKILL), 0, 0, 0)
		for {
			_, e := sys(syscall.SYS_WAIT4, ^uintptr(0), 0, 0, 0, 0)
			if e != 0 && e != syscall.EINTR {
				break // ECHILD: none left
			}
		}
	}
	exit(0)
}

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
			// Before Linux 5.11: one by one, up to the usual limit.
			for fd := o.a; fd < 4096; fd++ {
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
		st.ruleset, e = landlockCreate(uint64(o.a))
	case opLandlockAllow:
		e = landlockAllow(st.ruleset, s0, uint64(o.a))
	case opLandlockRestrict:
		_, e = sys(sysLandlockRestrict, st.ruleset, 0, 0, 0, 0)
		sys(syscall.SYS_CLOSE, st.ruleset, 0, 0, 0, 0)
	case opSeccomp:
		e = loadSeccomp(s0, o.n[0])
	case opWriteFile:
		e = writeFile(s0, s1, uintptr(o.n[1]))
	}
	return e
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

// landlockCreate makes a ruleset that handles the given access rights.
//
//go:nosplit
//go:norace
//go:nocheckptr
func landlockCreate(handled uint64) (uintptr, syscall.Errno) {
	attr := [1]uint64{handled} // handled_access_fs
	return sys(sysLandlockCreate, uintptr(unsafe.Pointer(&attr[0])), unsafe.Sizeof(attr), 0, 0, 0)
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

// fork forks the calling process, with exit signal and clone flags in
// flags; it returns 0 in the child.
//
//go:nosplit
//go:norace
func fork(flags uintptr) (uintptr, syscall.Errno) {
	if runtime.GOARCH == "s390x" {
		return sys(syscall.SYS_CLONE, 0, flags, 0, 0, 0) // its first two arguments are swapped
	}
	return sys(syscall.SYS_CLONE, flags, 0, 0, 0, 0)
}

// resetSignalHandlers sets every signal's handler to the default: the
// launcher's are the Go runtime's, which must never run here.
//
//go:nosplit
//go:norace
//go:nocheckptr
func resetSignalHandlers() {
	var act [4]uint64 // handler SIG_DFL, flags, restorer, mask
	for s := uintptr(1); s <= 64; s++ {
		if s != uintptr(syscall.SIGKILL) && s != uintptr(syscall.SIGSTOP) {
			sys(syscall.SYS_RT_SIGACTION, s, uintptr(unsafe.Pointer(&act[0])), 0, 8, 0)
		}
	}
}

// report writes "X", the wait status and the peak memory to the status
// pipe.
//
//go:nosplit
//go:norace
//go:nocheckptr
func report(ws uint32, peak uint64) {
	var msg [ExitedLen]byte
	msg[0] = StatusExited
	for i := 0; i < 4; i++ {
		msg[1+i] = byte(ws >> (8 * i))
	}
	for i := 0; i < 8; i++ {
		msg[5+i] = byte(peak >> (8 * i))
	}
	sys(syscall.SYS_WRITE, 3, uintptr(unsafe.Pointer(&msg[0])), ExitedLen, 0, 0)
}

// fail reports that op failed with errno and ends the process: the
// supervisor on its status pipe ("E", the op, the errno), the spawned child
// on its error pipe (the op and the errno).
//
//go:nosplit
//go:norace
//go:nocheckptr
func fail(st *state, op uintptr, errno syscall.Errno) {
	var msg [FailedLen]byte
	msg[0] = StatusFailed
	putFailure(&msg, op, errno)
	if st.errPipe != 0 {
		sys(syscall.SYS_WRITE, st.errPipe, uintptr(unsafe.Pointer(&msg[1])), FailedLen-1, 0, 0)
		exit(127)
	}
	sys(syscall.SYS_WRITE, 3, uintptr(unsafe.Pointer(&msg[0])), FailedLen, 0, 0)
	exit(0)
}

// putFailure writes op and errno after the message's first byte, 4 bytes
// each, little-endian.
//
//go:nosplit
//go:norace
func putFailure(msg *[FailedLen]byte, op uintptr, errno syscall.Errno) {
	for i := 0; i < 4; i++ {
		msg[1+i] = byte(op >> (8 * i))
		msg[5+i] = byte(uintptr(errno) >> (8 * i))
	}
}

// le32 reads 4 bytes of b at off, little-endian.
//
//go:nosplit
//go:norace
func le32(b *[8]byte, off int) uint32 {
	return uint32(b[off]) | uint32(b[off+1])<<8 | uint32(b[off+2])<<16 | uint32(b[off+3])<<24
}

//go:nosplit
//go:norace
//go:nocheckptr
func ptr(b *byte) uintptr { return uintptr(unsafe.Pointer(b)) }
