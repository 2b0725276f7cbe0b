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
//     instrumented, and calls nothing but its own functions and the raw
//     system call (TestSupervisorCallsNoRuntime checks both, in the plain,
//     -race and fuzzing builds);
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
	goFd    uintptr // the go pipe, open until DieWithGrader
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
// this process in the run's cgroups. It says whether the go came. The go
// pipe stays open: the grader keeps its end open until the run is over,
// and its end is how DieWithGrader learns that the grader is gone.
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
	st := state{goFd: uintptr(p.fds[fdGo])}
	for i := 0; i < len(p.ops); i++ {
		o := &p.ops[i]
		var e syscall.Errno
		switch o.code {
		case opSpawn:
			var pid uintptr
			if pid, e = spawn(&st); e == 0 && pid != 0 {
				var failed uintptr
				if failed, e = awaitExec(&st); e != 0 {
					fail(&st, failed, e)
				}
				i = o.next - 1 // go on after the Exec
				continue
			}
		case opExec:
			// Signals as the submission should meet them: every handler
			// is the default already, and now none is blocked.
			var none uint64
			sys(syscall.SYS_RT_SIGPROCMASK, sigSetmask, uintptr(unsafe.Pointer(&none)), 0, 8, 0)
			_, e = sys(syscall.SYS_EXECVE, ptr(o.s[0]), uintptr(unsafe.Pointer(&p.argv[0])), uintptr(unsafe.Pointer(&p.envv[0])), 0, 0)
		case opWait:
			wait(&st)
			if o.a == 1 {
				reapOrphans(&st, o.b)
			}
			exit(0)
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
// failed before it, which it returns (and reaps the child). Once the
// submission runs, the supervisor lets go of the run's standard files, so
// that the grader sees their end when the submission's processes are gone.
//
//go:nosplit
//go:norace
//go:nocheckptr
func awaitExec(st *state) (op uintptr, errno syscall.Errno) {
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
		return uintptr(le32(&msg, 0)), syscall.Errno(le32(&msg, 4))
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
	return 0, 0
}

// wait reaps every process that ends until the submission's main process
// does, and reports how it ended and its peak memory. The supervisor then
// ends: in a PID namespace that ends every process of the run.
//
//go:nosplit
//go:norace
//go:nocheckptr
func wait(st *state) {
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
}

// reapOrphans, where there is no PID namespace, ends what the run left:
// the supervisor, their child subreaper, kills every process of runUID (if
// not 0), then the main process's group, and reaps, until none is left,
// the orphans these and the grader kill. Apart from wait, so that neither
// adds its stack to the other's (see supervise).
//
//go:nosplit
//go:norace
//go:nocheckptr
func reapOrphans(st *state, runUID uintptr) {
	if runUID != 0 {
		killAllOf(runUID)
	}
	sys(syscall.SYS_KILL, -st.pid, uintptr(syscall.SIGKILL), 0, 0, 0)
	for {
		_, e := sys(syscall.SYS_WAIT4, ^uintptr(0), 0, 0, 0, 0)
		if e != 0 && e != syscall.EINTR {
			break // ECHILD: none left
		}
	}
}

// killAllOf kills every process of uid from a child that becomes uid:
// kill(-1) reaches every process its user may signal but itself, and it
// sends again until none is left, so that a process forking away from its
// parent again and again is caught all the same.
//
//go:nosplit
//go:norace
//go:nocheckptr
func killAllOf(uid uintptr) {
	pid, e := fork(uintptr(syscall.SIGCHLD))
	if e != 0 || pid != 0 {
		return // the supervisor reaps it with the rest
	}
	if _, e := sys(syscall.SYS_SETRESUID, uid, uid, uid, 0, 0); e != 0 {
		exit(1)
	}
	for i := 0; i < 1000; i++ {
		if _, e := sys(syscall.SYS_KILL, ^uintptr(0), uintptr(syscall.SIGKILL), 0, 0, 0); e == syscall.ESRCH {
			break
		}
	}
	exit(0)
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
