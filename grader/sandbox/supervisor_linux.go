//go:build linux

package sandbox

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/boardcheck/boardcheck/grader/sandbox/internal/launcher"
)

// A supervisor is pid 1 of a run's namespaces (or, without a PID namespace,
// the run's child subreaper): forked by the launcher (package launcher)
// from the run's program, a child of the grader's, waiting for the go
// byte. Until then it holds the run's files and nothing runs; the grader
// maps its user, puts it in the run's cgroups, and sends the go (start).
type supervisor struct {
	proc   *os.Process
	status *os.File // the grader's end of the pipe it reports on
	// goPipe: one byte on it starts the run. The grader keeps it open
	// until the run is over: its end closing, before the go, ends the
	// supervisor; after it, tells the supervisor that the grader died.
	goPipe *os.File
}

// launch has the launcher fork the supervisor of prog with the run's
// standard files (stdio) and the trees prog binds, and as root, where runs
// have a user namespace, maps the run's user (mapUser).
func launch(m machine, prog *launcher.Program, stdio [3]*os.File, trees []*os.File, slot *uidSlot) (_ *supervisor, err error) {
	s := &supervisor{}
	defer func() {
		if err != nil {
			s.discard()
		}
	}()
	statR, statW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("grader: starting a run's supervisor: %w", err)
	}
	defer statW.Close()
	s.status = statR
	goR, goW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("grader: starting a run's supervisor: %w", err)
	}
	defer goR.Close()
	s.goPipe = goW
	files := append([]*os.File{stdio[0], stdio[1], stdio[2], statW, goR}, trees...)
	pid, err := forkSupervisor(m, prog, files)
	if err != nil {
		return nil, err
	}
	if s.proc, err = os.FindProcess(pid); err != nil {
		syscall.Kill(pid, syscall.SIGKILL)
		return nil, fmt.Errorf("grader: starting a run's supervisor: %w", err)
	}
	if m.userns && m.asRoot {
		if err := mapUser(pid, slot); err != nil {
			return nil, fmt.Errorf("grader: starting a run's supervisor: mapping the run's user: %w", err)
		}
	}
	return s, nil
}

// mapUser gives the supervisor's user namespace, as root, its one user and
// group: root inside, and outside the run's own uid, or root's own where
// the runs have none (a test turned it off). The supervisor may then set
// its groups, and drops them all. Without root the supervisor maps itself
// (see plan), since only root may write its /proc files.
func mapUser(pid int, slot *uidSlot) error {
	uid, gid := os.Getuid(), os.Getgid()
	setgroups := "deny"
	if slot != nil {
		uid, gid, setgroups = slot.uid, slot.uid, "allow"
	}
	proc := "/proc/" + strconv.Itoa(pid) + "/"
	for _, w := range []struct{ file, data string }{
		{"setgroups", setgroups},
		{"gid_map", "0 " + strconv.Itoa(gid) + " 1\n"},
		{"uid_map", "0 " + strconv.Itoa(uid) + " 1\n"},
	} {
		if err := os.WriteFile(proc+w.file, []byte(w.data), 0); err != nil {
			return err
		}
	}
	return nil
}

// begin starts the run: the supervisor reads the byte and carries out its
// program.
func (s *supervisor) begin() error {
	_, err := s.goPipe.Write([]byte{'g'})
	return err
}

// discard kills a supervisor that will serve no run (or is dead already).
func (s *supervisor) discard() {
	if s.proc != nil {
		s.proc.Kill()
		s.proc.Wait()
	}
	if s.goPipe != nil {
		s.goPipe.Close()
	}
	if s.status != nil {
		s.status.Close()
	}
}

// The launcher is started once per grader, on the first run that needs it,
// and again if it died. Its requests are answered one at a time.
var theLauncher struct {
	sync.Mutex
	sock int // the grader's end of its socket, -1 for none
	proc *os.Process
}

func init() { theLauncher.sock = -1 }

// forkSupervisor sends prog and files to the launcher and returns the
// supervisor's pid: a child of the grader's, which the grader must wait
// for. A launcher found dead before it got the request is started again,
// once; one that fails after it may have forked is let go, and the run
// fails, rather than risk a second supervisor of the same run.
func forkSupervisor(m machine, prog *launcher.Program, files []*os.File) (int, error) {
	fds := make([]int, len(files))
	for i, f := range files {
		fds[i] = int(f.Fd())
	}
	req := prog.Bytes()
	theLauncher.Lock()
	defer theLauncher.Unlock()
	defer runtime.KeepAlive(files)
	for try := 0; ; try++ {
		if theLauncher.sock < 0 {
			if err := startLauncher(m.exeFile); err != nil {
				return 0, fmt.Errorf("grader: starting the launcher of the runs' supervisors: %w", err)
			}
		}
		err := launcher.Send(theLauncher.sock, req, fds)
		if err == nil {
			var reply []byte
			if reply, err = receiveReply(); err == nil {
				pid, err := readReply(reply)
				if reply[0] == launcher.ReplyText {
					stopLauncher() // it ends after a request it could not read
				}
				return pid, err
			}
		}
		stopLauncher()
		if err != syscall.EPIPE || try > 0 {
			return 0, fmt.Errorf("grader: asking the launcher for a run's supervisor: %w", err)
		}
	}
}

// launcherTimeout bounds a request's round trip: a launcher that does not
// answer by then (stopped by a process of the grader's own user, where runs
// are that user) is killed, and another started for the next run, rather
// than every run waiting on it for ever.
const launcherTimeout = 20 * time.Second

func receiveReply() ([]byte, error) {
	buf := make([]byte, 4096)
	for {
		n, _, err := syscall.Recvfrom(theLauncher.sock, buf, 0)
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN:
			return nil, fmt.Errorf("no answer in %v", launcherTimeout)
		case err != nil:
			return nil, err
		case n == 0:
			return nil, errors.New("the launcher closed its socket")
		}
		return buf[:n], nil
	}
}

func readReply(reply []byte) (int, error) {
	switch {
	case len(reply) == 5 && reply[0] == launcher.ReplyPid:
		return int(binary.LittleEndian.Uint32(reply[1:])), nil
	case len(reply) == 5 && reply[0] == launcher.ReplyErrno:
		return 0, fmt.Errorf("grader: starting a run's supervisor: %w", syscall.Errno(binary.LittleEndian.Uint32(reply[1:])))
	case len(reply) > 0 && reply[0] == launcher.ReplyText:
		return 0, fmt.Errorf("grader: the launcher refused a run's program: %s", reply[1:])
	}
	return 0, fmt.Errorf("grader: the launcher answered %q", reply)
}

// startLauncher starts the launcher: the grader's binary, from its open
// file (a binary replaced on disk since the grader started is not run),
// with a socket to it and nothing else, in a session of its own (a Ctrl-C
// at the terminal is the grader's to handle, not the launcher's to die
// of), killed if the grader dies.
//
// It is started from a thread that never ends: a parent-death signal
// follows the thread that started the process, not the process, and the
// launcher's supervisors, forked as the grader's children, have the same
// parent thread. Were it a thread the Go runtime let end, every run under
// way would be killed with it.
func startLauncher(exe *os.File) error {
	pair, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	tv := syscall.NsecToTimeval(launcherTimeout.Nanoseconds())
	for _, opt := range []int{syscall.SO_RCVTIMEO, syscall.SO_SNDTIMEO} {
		if err := syscall.SetsockoptTimeval(pair[0], syscall.SOL_SOCKET, opt, &tv); err != nil {
			syscall.Close(pair[0])
			syscall.Close(pair[1])
			return err
		}
	}
	child := os.NewFile(uintptr(pair[1]), "launcher socket")
	defer child.Close()
	null, err := devNull()
	if err != nil {
		syscall.Close(pair[0])
		return err
	}
	// GODEBUG: its runtime need not read the cgroup's CPU limit to size
	// itself; GOMAXPROCS=1: it serves one request at a time, and with one
	// P its runtime starts fewer threads.
	files := []*os.File{null, null, null, child, exe}
	env := []string{"GODEBUG=cgroupgomaxprocs=0", "GOMAXPROCS=1"}
	if LayerOff(LayerNoDumpable) {
		env = append(env, launcher.DumpableVar+"=1")
	}
	// With the session layer turned off for a test, the launcher keeps
	// the grader's terminal, as the runs then should, in a process group
	// of its own all the same.
	sys := &syscall.SysProcAttr{Setsid: !LayerOff(LayerSetsid), Setpgid: LayerOff(LayerSetsid), Pdeathsig: syscall.SIGKILL}
	proc, err := onLauncherThread(func() (*os.Process, error) {
		return os.StartProcess("/proc/self/fd/"+strconv.Itoa(launcher.ExeFD), []string{launcher.Arg0},
			&os.ProcAttr{Dir: "/", Env: env, Files: files, Sys: sys})
	})
	if err != nil {
		syscall.Close(pair[0])
		return err
	}
	theLauncher.sock, theLauncher.proc = pair[0], proc
	launches.Add(1)
	return nil
}

// stopLauncher lets a launcher that failed go, so that the next request
// starts another.
func stopLauncher() {
	if theLauncher.sock >= 0 {
		syscall.Close(theLauncher.sock)
		theLauncher.sock = -1
	}
	if theLauncher.proc != nil {
		theLauncher.proc.Kill()
		theLauncher.proc.Wait()
		theLauncher.proc = nil
	}
}

// launches counts the launchers started, for the tests.
var launches atomic.Int64

// launcherThread runs what it is given on one locked thread that lives as
// long as the grader.
var launcherThread = sync.OnceValue(func() chan func() {
	c := make(chan func())
	go func() {
		runtime.LockOSThread() // never unlocked: the thread stays this goroutine's
		for f := range c {
			f()
		}
	}()
	return c
})

func onLauncherThread(start func() (*os.Process, error)) (p *os.Process, err error) {
	done := make(chan struct{})
	launcherThread() <- func() {
		p, err = start()
		close(done)
	}
	<-done
	return p, err
}

// devNull is what the launcher's standard input, output and error are.
var devNull = sync.OnceValues(func() (*os.File, error) { return os.OpenFile(os.DevNull, os.O_RDWR, 0) })

// Warm finds out, in the background, what this machine lets the sandbox
// do, which starts the launcher: about 15 ms that a caller can spend
// meanwhile on what comes before its first run (loading an exercise,
// compiling a submission), rather than the first run waiting for them.
func Warm() { go thisMachine() }
