//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"
	"unsafe"
)

// blockAll is the command blockall CMD ARGS...: it runs CMD with every
// signal blocked and every one that can be ignored, as a careless parent
// may start the grader (nohup ignores SIGHUP, a shell's background job
// SIGINT and SIGQUIT, a runner may block or ignore more). The mask and the
// ignored handlers pass through execve; what a submission starts with must
// not depend on them.
func blockAll() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: blockall CMD [ARGS...]")
		os.Exit(2)
	}
	path, err := exec.LookPath(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "blockall:", err)
		os.Exit(2)
	}
	var sigs []os.Signal
	for s := 1; s <= 64; s++ {
		if s != int(syscall.SIGKILL) && s != int(syscall.SIGSTOP) {
			sigs = append(sigs, syscall.Signal(s))
		}
	}
	signal.Ignore(sigs...)
	// The mask is the thread's, and execve keeps the calling thread's.
	runtime.LockOSThread()
	const sigSetmask = 2
	all := ^uint64(0)
	if _, _, e := syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, sigSetmask, uintptr(unsafe.Pointer(&all)), 0, 8, 0, 0); e != 0 {
		fmt.Fprintln(os.Stderr, "blockall: rt_sigprocmask:", e)
		os.Exit(2)
	}
	err = syscall.Exec(path, os.Args[1:], os.Environ())
	fmt.Fprintln(os.Stderr, "blockall:", err)
	os.Exit(2)
}
