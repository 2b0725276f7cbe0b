//go:build linux

package shim

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"

	"github.com/boardcheck/boardcheck/grader/sandbox/internal/proctree"
)

// start locks a thread down and forks the submission from it (see
// lockdown), then lets go of the output pipes: from then on only the
// submission's processes hold them, so the grader sees end of file when
// they are all gone.
func start(p *plan) (int, error) {
	// SCHED_BATCH: the same share of the CPU as any process, but the
	// submission's processes never preempt a waking grader. Without it a
	// fork bomb's hundreds of runnable processes delay the poller that is
	// there to kill them.
	const schedBatch = 3
	var param [1]int32
	syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, 0, schedBatch, uintptr(unsafe.Pointer(&param[0])))

	type started struct {
		pid int
		err error
	}
	c := make(chan started, 1)
	go func() {
		// Never unlocked: when this goroutine returns, its thread ends,
		// and the privileges lockdown took from it with it.
		runtime.LockOSThread()
		if err := lockdown(p); err != nil {
			c <- started{err: err}
			return
		}
		pid, err := syscall.ForkExec(p.path, p.argv, &syscall.ProcAttr{
			Env:   p.env,
			Files: []uintptr{0, 1, 2},
			// A session of its own: no controlling terminal to open as
			// /dev/tty, and kill(0, sig) reaches its own processes only.
			Sys: &syscall.SysProcAttr{Setsid: p.setsid, Setpgid: !p.setsid},
		})
		c <- started{pid, err}
	}()
	s := <-c
	if s.err != nil {
		return 0, s.err
	}
	if fd, err := syscall.Open("/dev/null", syscall.O_RDWR|syscall.O_CLOEXEC, 0); err == nil {
		for i := 0; i <= 2; i++ {
			syscall.Dup3(fd, i, 0)
		}
		syscall.Close(fd)
	} else {
		for i := 0; i <= 2; i++ {
			syscall.Close(i)
		}
	}
	return s.pid, nil
}

// onLockedThread runs f on a thread of its own that ends after it, for a
// probe of lockdown.
func onLockedThread(f func() error) error {
	c := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		c <- f()
	}()
	return <-c
}

// wait reaps every process that ends until the submission's main process
// does, and returns its wait status and its peak resident memory (and that
// of the children it waited for): a run shorter than one poll is measured
// all the same.
func wait(pid int) (syscall.WaitStatus, uint64) {
	// The child shares the shim's memory until it execs, and the kernel
	// carries that peak into the child's rusage: a peak no higher than the
	// shim's own says nothing about the submission.
	var self syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
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
	if ru.Maxrss > self.Maxrss {
		return ws, uint64(ru.Maxrss) * 1024
	}
	return ws, 0
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
