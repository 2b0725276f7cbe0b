//go:build linux

// Package shim is the supervisor between the grader and a submission's
// process on Linux: a copy of the grader's own binary, started under the
// name Arg0, that forks the submission, waits for it, tells the grader how it
// ended, and makes sure nothing it started lives on. grader/execute_linux.go
// explains why it exists and how a run is held together.
//
// It is a package of its own, with few imports, for speed: every run starts
// one, and Go runs a program's package initialisers before main, sorted by
// import path among those whose imports are ready. A shim found in the
// grader package's init waited for the grader's whole dependency tree (about
// 16 ms a start on a 2-core VM); from here it takes over as soon as os and
// its few neighbours are ready (about 12 ms, and 10 ms with the binary
// linked statically: see cmd/grader's TestStaticBinary and TestShimImports).
package shim

import (
	"errors"
	"os"
	"os/signal"
	"syscall"
	"time"
	"unsafe"

	"github.com/boardcheck/boardcheck/grader/internal/proctree"
)

// Arg0 is the argv[0] under which a binary that links this package acts as
// the shim. Any binary that links package grader can be the shim, test
// binaries included, so the grader needs no helper program installed beside
// it.
const Arg0 = "boardcheck-run"

func init() {
	if len(os.Args) >= 2 && os.Args[0] == Arg0 {
		os.Exit(supervise(os.Args[1], os.Args[2:]))
	}
}

// Modes, the shim's first argument: NS is pid 1 of a new PID namespace;
// Reaper is a child subreaper; Probe exits at once, to test whether the shim
// can start; ProbeRO tests whether it can make the filesystem read-only.
const (
	NS      = "ns"
	Reaper  = "reaper"
	Probe   = "probe"
	ProbeRO = "probe-ro"
)

// supervise is the shim's main. args is the cgroup.procs file to join ("-"
// for none), the folders that stay writable, joined by newlines ("-" for a
// filesystem left as it is), the program's path, then its argv. It reports
// on fd 3: "E" and an error text if the program could not start, or "X",
// the 4-byte wait status and the 8-byte peak memory once it has exited.
func supervise(mode string, args []string) int {
	switch mode {
	case Probe:
		return 0
	case ProbeRO:
		if len(args) != 1 || readOnlyExcept(args) != nil {
			return 1
		}
		// The folder is still writable, and the rest is not.
		if os.WriteFile(args[0]+"/probe", nil, 0o644) != nil {
			return 1
		}
		if os.WriteFile(args[0]+"/../boardcheck-probe-must-fail", nil, 0o644) == nil {
			return 1
		}
		return 0
	}
	if len(args) < 4 {
		return 125
	}
	syscall.CloseOnExec(3)
	status := os.NewFile(3, "status")
	if procs := args[0]; procs != "-" {
		// Join the run's cgroup before starting anything, so that no
		// process of the run is ever outside it. "0" means the writer.
		if err := os.WriteFile(procs, []byte("0"), 0); err != nil {
			status.Write([]byte("E" + err.Error()))
			return 0
		}
	}
	if rw := args[1]; rw != "-" {
		if err := readOnlyExcept(lines(rw)); err != nil {
			status.Write([]byte("E" + err.Error()))
			return 0
		}
	}
	args = args[2:]
	// The submission may signal its parent or its process group; the shim
	// must outlive those. Notify, not Ignore: an ignored signal stays ignored
	// in the child, which would change how the submission itself behaves.
	sigs := make(chan os.Signal, 16)
	signal.Notify(sigs, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM,
		syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGPIPE, syscall.SIGALRM,
		syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU)
	go func() {
		for range sigs {
		}
	}()
	if mode == Reaper {
		setSubreaper()
	}
	// SCHED_BATCH: the same share of the CPU as any process, but the
	// submission's processes never preempt a waking grader. Without it a
	// fork bomb's hundreds of runnable processes delay the poller that is
	// there to kill them.
	const schedBatch = 3
	var param [1]int32
	syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, schedBatch, uintptr(unsafe.Pointer(&param[0])))
	// The child shares the shim's memory until it execs, and the kernel
	// carries that peak into the child's rusage: a peak no higher than the
	// shim's own says nothing about the submission.
	var self syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	pid, err := syscall.ForkExec(args[0], args[1:], &syscall.ProcAttr{
		Env:   os.Environ(),
		Files: []uintptr{0, 1, 2},
		// Its own process group, so kill(0, sig) from the submission
		// reaches its own processes and not the shim.
		Sys: &syscall.SysProcAttr{Setpgid: true},
	})
	if err != nil {
		status.Write([]byte("E" + err.Error()))
		return 0
	}
	// Let go of the output pipes: from now on only the submission's processes
	// hold them, so the grader sees end of file when they are all gone.
	if fd, err := syscall.Open(os.DevNull, syscall.O_RDWR, 0); err == nil {
		for i := 0; i <= 2; i++ {
			syscall.Dup3(fd, i, 0)
		}
		syscall.Close(fd)
	}
	var ws syscall.WaitStatus
	var ru syscall.Rusage
	for {
		wpid, err := syscall.Wait4(-1, &ws, 0, &ru)
		if err == syscall.EINTR {
			continue
		}
		if err != nil || wpid == pid {
			break
		}
		// Any other pid is an orphan reparented to us, now reaped.
	}
	// The peak resident memory of the main process (and of the children it
	// waited for): a run shorter than one poll is measured all the same.
	var msg [13]byte
	msg[0] = 'X'
	putLE(msg[1:5], uint64(ws))
	if ru.Maxrss > self.Maxrss {
		putLE(msg[5:13], uint64(ru.Maxrss)*1024)
	}
	status.Write(msg[:])
	if mode == Reaper {
		// In a PID namespace the kernel kills the rest when we exit; as a
		// subreaper, that is our job: every descendant is ours to find.
		killDescendants(os.Getpid(), pid)
	}
	return 0
}

// readOnlyExcept makes every mount read-only but the folders in rw, in the
// shim's own mount namespace (the grader starts it with CLONE_NEWNS).
// Device files such as /dev/null stay writable on a read-only mount.
func readOnlyExcept(rw []string) error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	// Keep the changes in this namespace.
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return failed("making mounts private", err)
	}
	for _, d := range rw {
		// A mount of its own, so that it can be made writable again.
		if err := syscall.Mount(d, d, "", syscall.MS_BIND|syscall.MS_REC, ""); err != nil {
			return failed("binding "+d, err)
		}
	}
	if err := mountSetattr("/", mountAttrRdonly, 0); err != nil {
		return failed("making / read-only", err)
	}
	for _, d := range rw {
		if err := mountSetattr(d, 0, mountAttrRdonly); err != nil {
			return failed("making "+d+" writable", err)
		}
	}
	// The working folder was entered before the bind mounts: enter it
	// again, through them.
	return syscall.Chdir(wd)
}

const mountAttrRdonly = 0x1

// mountSetattr changes the attributes of the mount at path and of every
// mount below it (Linux 5.12).
func mountSetattr(path string, set, clr uint64) error {
	const (
		sysMountSetattr = 442 // the same on every architecture
		atFdcwd         = -100
		atRecursive     = 0x8000
	)
	p, err := syscall.BytePtrFromString(path)
	if err != nil {
		return err
	}
	attr := struct{ set, clr, propagation, userns uint64 }{set: set, clr: clr}
	fd := atFdcwd
	_, _, e := syscall.Syscall6(sysMountSetattr, uintptr(fd), uintptr(unsafe.Pointer(p)), atRecursive,
		uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if e != 0 {
		return e
	}
	return nil
}

func setSubreaper() bool {
	const prSetChildSubreaper = 36
	_, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	return e == 0
}

// killDescendants kills every descendant of the calling process (which must
// be their subreaper) and reaps them, until it has no child left.
func killDescendants(self, pgid int) {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		syscall.Kill(-pgid, syscall.SIGKILL)
		for _, pid := range proctree.Scan().Descendants(self) {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		for {
			wpid, err := syscall.Wait4(-1, nil, syscall.WNOHANG, nil)
			if err == syscall.ECHILD {
				return
			}
			if err != nil || wpid == 0 {
				break
			}
		}
		time.Sleep(time.Millisecond)
	}
}

// failed words an error as fmt.Errorf("%s: %w") would, without fmt (see the
// package comment): only its text reaches the grader.
func failed(what string, err error) error { return errors.New(what + ": " + err.Error()) }

// lines splits s at newlines. The shim keeps to a few small imports (see the
// package comment), strings not among them.
func lines(s string) []string {
	var out []string
	for {
		i := 0
		for i < len(s) && s[i] != '\n' {
			i++
		}
		out = append(out, s[:i])
		if i == len(s) {
			return out
		}
		s = s[i+1:]
	}
}

// putLE writes v into b, little-endian, as many bytes as b holds.
func putLE(b []byte, v uint64) {
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
}
