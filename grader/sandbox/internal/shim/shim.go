//go:build linux

// Package shim is the supervisor between the grader and a submission's
// process on Linux: a copy of the grader's own binary, started under the
// name Arg0 inside the run's new namespaces, that carries out the plan the
// grader sends it (the run's root, its limits, the layers that lock it
// down), forks the submission, waits for it, tells the grader how it ended,
// and makes sure nothing it started lives on. Package sandbox decides the
// plan and explains the layers; this package only carries it out, in the
// order the steps happen: read the plan, build the root, lock down, exec,
// wait, report.
//
// It is a package of its own, with few imports, for speed: every run starts
// one, and Go runs a program's package initialisers before main, sorted by
// import path among those whose imports are ready. A shim found in the
// init of package grader (as it once was) waited for the grader's whole
// dependency tree (about 16 ms a start on a 2-core VM); from here it takes
// over as soon as os and its few neighbours are ready (about 12 ms, and
// 10 ms with the binary linked statically: see cmd/grader's
// TestStaticBinary and TestShimImports).
// For the same reason the seccomp filter arrives assembled: the grader
// builds it with a library the shim could not afford to import.
package shim

import (
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// Arg0 is the argv[0] under which a binary that links this package acts as
// the shim. Any binary that links package sandbox can be the shim, test
// binaries included, so the grader needs no helper program installed beside
// it.
const Arg0 = "boardcheck-run"

// The file descriptors the grader starts the shim with: it writes how the
// run ended to StatusFD, reads its plan and the run's files from PlanFD (a
// socket), and was started from ExeFD, the grader's binary.
const (
	StatusFD = 3
	PlanFD   = 4
	ExeFD    = 5
)

func init() {
	if len(os.Args) == 1 && os.Args[0] == Arg0 {
		os.Exit(supervise())
	}
}

// supervise is the shim's main. It reports on StatusFD: "E" and an error
// text if the run could not be set up or started, or "X", the 4-byte wait
// status and the 8-byte peak memory once the submission's main process has
// exited. A probe reports "X" with status 0 after the whole setup, without
// starting anything.
func supervise() int {
	syscall.CloseOnExec(StatusFD)
	syscall.Close(ExeFD)
	// signal.Notify's first call starts a thread of the runtime's, about
	// 0.5 ms before it returns: let that happen while the root is built.
	// It must be done before the submission starts, which may signal us
	// from its first instruction.
	signalsIgnored := make(chan struct{})
	go func() {
		ignoreSignals()
		close(signalsIgnored)
	}()
	status := os.NewFile(StatusFD, "status")
	p, err := readPlan(PlanFD)
	if err == nil {
		err = p.takeStdio()
	}
	if err == nil {
		err = prepare(p)
	}
	if err != nil {
		status.Write([]byte("E" + err.Error()))
		return 0
	}
	if p.mode == Probe {
		if err := checkProbe(p); err != nil {
			status.Write([]byte("E" + err.Error()))
			return 0
		}
		if err := onLockedThread(func() error { return lockdown(p) }); err != nil {
			status.Write([]byte("E" + err.Error()))
			return 0
		}
		status.Write(exitMessage(0, 0))
		return 0
	}
	<-signalsIgnored
	pid, err := start(p)
	if err != nil {
		status.Write([]byte("E" + err.Error()))
		return 0
	}
	ws, peak := wait(pid)
	status.Write(exitMessage(ws, peak))
	if p.mode == Reaper {
		// In a PID namespace the kernel kills the rest when we exit; as a
		// subreaper, that is our job: every descendant is ours to find.
		killDescendants(os.Getpid(), pid)
	}
	return 0
}

// prepare does everything that comes before the submission starts, in the
// order it must happen: the shim's own file descriptors, the run's root
// and host name, then the limits.
func prepare(p *plan) error {
	if p.closeFDs {
		// Whatever the grader inherited without close-on-exec (a CI
		// runner's pipes, a test harness's files) must not reach the run.
		if err := closeOnExecFrom(ExeFD + 1); err != nil {
			return failed("closing inherited file descriptors", err)
		}
	}
	if p.mode == Reaper && !setSubreaper() {
		return errors.New("cannot become a child subreaper")
	}
	if p.hostname != "" {
		if err := syscall.Sethostname([]byte(p.hostname)); err != nil {
			return failed("setting the host name", err)
		}
	}
	if p.rootDir != "" {
		if err := buildRoot(p); err != nil {
			return err
		}
	}
	if p.dir != "" {
		if err := syscall.Chdir(p.dir); err != nil {
			return failed("entering the working folder "+p.dir, err)
		}
	}
	if p.noDumpable {
		// No process of the run may open this one's /proc files (mem, fd,
		// exe, environ) or ptrace it: the status pipe it writes to and the
		// binary it runs are the grader's. Set after the setup, because a
		// change of credentials resets it.
		if err := prctl(prSetDumpable, 0); err != nil {
			return failed("making the supervisor undumpable", err)
		}
	}
	return setRlimits(p.rlimits)
}

// ignoreSignals keeps the shim alive whatever the submission sends it: a
// submission may signal its parent, its process group, or pid 1. Notify,
// not Ignore: an ignored signal stays ignored in the child, which would
// change how the submission itself behaves. A signal Go's runtime would die
// of when sent by a process (SIGSEGV, SIGBUS) it already ignores as such.
func ignoreSignals() {
	sigs := make(chan os.Signal, 16)
	signal.Notify(sigs, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM,
		syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGPIPE, syscall.SIGALRM,
		syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU, syscall.SIGABRT,
		syscall.SIGTRAP, syscall.SIGSYS, syscall.SIGXCPU, syscall.SIGXFSZ,
		syscall.SIGVTALRM, syscall.SIGPWR, syscall.SIGSTKFLT, syscall.SIGIO)
	go func() {
		for range sigs {
		}
	}()
}

// exitMessage is the "X" report: the wait status and the peak memory.
func exitMessage(ws syscall.WaitStatus, peak uint64) []byte {
	msg := make([]byte, 13)
	msg[0] = 'X'
	putLE(msg[1:5], uint64(ws))
	putLE(msg[5:13], peak)
	return msg
}

// failed words an error as fmt.Errorf("%s: %w") would, without fmt (see the
// package comment): only its text reaches the grader.
func failed(what string, err error) error { return errors.New(what + ": " + err.Error()) }

// putLE writes v into b, little-endian, as many bytes as b holds.
func putLE(b []byte, v uint64) {
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
}

// getLE reads b, little-endian.
func getLE(b []byte) uint64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}
