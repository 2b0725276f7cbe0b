//go:build linux

package sandbox

import (
	"encoding/binary"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"

	"github.com/boardcheck/boardcheck/grader/sandbox/internal/shim"
)

// A supervisor is a shim started in a run's namespaces that waits for its
// plan. Everything that makes it one run's rather than another's comes with
// the plan, over a socket: the plan itself, the run's standard input, output
// and error, and the host trees it binds. What is fixed when it starts is
// what any run on this machine gets: its namespaces, its session, and as
// root the run's own uid.
//
// So a supervisor can be started before its run is asked for: after each
// run starts, the next run's supervisor is started in the background (a
// spare), unless no run is to come (see ExpectRuns), and the next run takes
// it: only where runs have a PID namespace,
// since elsewhere the run under way could find the idle spare among the
// machine's processes and stop it (see makeSpare). Starting one (the clone
// into new namespaces, which copies the grader's page tables since a user
// namespace rules out vfork, and the exec of the grader's binary and its
// runtime's start) is more than half of what the sandbox costs a run: about
// 2 ms of a run of /bin/true's 5 on two cores. With a spare the run does not wait for
// it; the processor time is spent all the same, on the other core while a
// run of one process is under way.
type supervisor struct {
	key    launchKey
	proc   *os.Process
	status *os.File // the grader's end of the pipe it reports on
	plan   int      // the grader's end of the socket it reads its plan from
	slot   *uidSlot // the run's own uid, as root; nil otherwise
}

// launchKey is what a supervisor is started with: a spare serves a run only
// if the run would have started it the same way.
type launchKey struct {
	exe      *os.File
	nsFlags  uintptr
	userns   bool
	ownUID   bool
	noSetsid bool
}

func keyFor(m machine) launchKey {
	return launchKey{
		exe:      m.exeFile,
		nsFlags:  m.nsFlags,
		userns:   m.userns,
		ownUID:   m.asRoot && (m.userns || m.switchUID) && !LayerOff(LayerRunUID),
		noSetsid: LayerOff(LayerSetsid),
	}
}

// launches counts the supervisors started, for the tests.
var launches atomic.Int64

// devNull is what a supervisor's standard input, output and error are
// until its plan gives it the run's.
var devNull = sync.OnceValues(func() (*os.File, error) { return os.OpenFile(os.DevNull, os.O_RDWR, 0) })

// launch starts a supervisor: in new namespaces, in a session of its own (so
// the run has no controlling terminal, whatever the grader was started
// from), and killed if the grader dies. As root it runs as slot's uid, or
// one it takes.
func launch(key launchKey, slot *uidSlot) (_ *supervisor, err error) {
	launches.Add(1)
	s := &supervisor{key: key, plan: -1, slot: slot}
	defer func() {
		if err != nil {
			s.discard()
		}
	}()
	if key.ownUID && s.slot == nil {
		if s.slot, err = takeSlot(); err != nil {
			return nil, err
		}
	}
	null, err := devNull()
	if err != nil {
		return nil, fmt.Errorf("grader: starting a run's supervisor: %w", err)
	}
	statR, statW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("grader: starting a run's supervisor: %w", err)
	}
	defer statW.Close()
	s.status = statR
	pair, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("grader: starting a run's supervisor: %w", err)
	}
	s.plan = pair[0]
	planChild := os.NewFile(uintptr(pair[1]), "plan")
	defer planChild.Close()

	sys := &syscall.SysProcAttr{Setsid: !key.noSetsid, Setpgid: key.noSetsid, Pdeathsig: syscall.SIGKILL, Cloneflags: key.nsFlags}
	if key.userns {
		mapUser(sys, s.slot)
	}
	// Its own environment and arguments say nothing a run could read. It
	// is started through the grader's open file: as root it is already the
	// run's own user, who may not enter the folder the grader's binary is
	// in (a go-build folder, /root/go/bin). GODEBUG: its runtime need not
	// read the cgroup's CPU limit to size itself. GOMAXPROCS=1: its
	// goroutines spend their time waiting in system calls, so one P is
	// enough, and with one its runtime starts fewer threads and hands off
	// less: 3 to 11% less processor time a run of /bin/true, machine-wide
	// (bench/README.md). The submission gets the plan's environment, not
	// this one.
	files := []*os.File{null, null, null, statW, planChild, key.exe}
	s.proc, err = os.StartProcess(fmt.Sprintf("/proc/self/fd/%d", shim.ExeFD), []string{shim.Arg0},
		&os.ProcAttr{Dir: "/", Env: []string{"GODEBUG=cgroupgomaxprocs=0", "GOMAXPROCS=1"}, Files: files, Sys: sys})
	if err != nil {
		return nil, fmt.Errorf("grader: starting a run's supervisor: %w", err)
	}
	return s, nil
}

// mapUser gives the run's user namespace its one user: root inside, and
// outside the run's own uid (as root) or the grader's user.
func mapUser(sys *syscall.SysProcAttr, slot *uidSlot) {
	sys.Cloneflags |= syscall.CLONE_NEWUSER
	uid, gid := os.Getuid(), os.Getgid()
	if slot != nil {
		uid, gid = slot.uid, slot.uid
	}
	sys.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: uid, Size: 1}}
	sys.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: gid, Size: 1}}
	// As root, the shim may set its groups, and drops them all; an
	// unprivileged user namespace must deny setgroups, and the run keeps
	// the groups of the grader's user (shown as nobody inside).
	sys.GidMappingsEnableSetgroups = slot != nil
	sys.Credential = &syscall.Credential{Uid: 0, Gid: 0, NoSetGroups: slot == nil}
}

// send hands the supervisor its plan and the run's files: standard input,
// output and error first, then the trees the plan binds as "fd:N", the Nth
// of them. It then closes the socket, which ends the plan. A record larger
// than a message is cut across messages; so are more files than one message
// may carry.
func (s *supervisor) send(plan []byte, files []*os.File) error {
	const chunk, filesAMessage = 32 << 10, 250 // SCM_MAX_FD is 253
	fds := make([]int, len(files))
	for i, f := range files {
		fds[i] = int(f.Fd())
	}
	defer func() {
		syscall.Close(s.plan)
		s.plan = -1
	}()
	for first := true; first || len(plan) > 0 || len(fds) > 0; first = false {
		// Each message starts with one byte, so that none is empty: an
		// empty one would read as the end of the plan.
		n := min(len(plan), chunk)
		msg := append([]byte{'p'}, plan[:n]...)
		plan = plan[n:]
		var oob []byte
		if k := min(len(fds), filesAMessage); k > 0 {
			oob = syscall.UnixRights(fds[:k]...)
			fds = fds[k:]
		}
		if err := syscall.Sendmsg(s.plan, msg, oob, nil, 0); err != nil {
			return err
		}
	}
	return nil
}

// discard kills a supervisor that will serve no run, and frees its uid.
func (s *supervisor) discard() {
	if s.proc != nil {
		s.proc.Kill()
		s.proc.Wait()
	}
	if s.status != nil {
		s.status.Close()
	}
	if s.plan >= 0 {
		syscall.Close(s.plan)
	}
	s.slot.release()
}

// spares holds at most one supervisor started ahead of its run.
var spares struct {
	sync.Mutex
	spare *supervisor
	// making is closed once the spare on its way is ready or has failed;
	// nil while none is on its way.
	making chan struct{}
}

// takeSpare returns the spare supervisor if it was started as key says and
// is still alive, else nil: one started otherwise (a test turned a layer
// off), or one that died while it waited (killed from outside), is
// discarded, and the run starts a supervisor of its own.
func takeSpare(key launchKey) *supervisor {
	spares.Lock()
	if on := spares.making; on != nil && spares.spare == nil {
		// The one on its way is ready sooner than one started now, and
		// started now, it would be left over: a spare no run takes.
		spares.Unlock()
		<-on
		spares.Lock()
	}
	s := spares.spare
	spares.spare = nil
	spares.Unlock()
	if s != nil && (s.key != key || s.exited()) {
		s.discard()
		return nil
	}
	return s
}

// exited says whether the supervisor has died, without waiting for it: it
// stays for Wait to reap. A process whose threads are still dying has not:
// its socket is still open then, and a plan sent to it is lost with it.
func (s *supervisor) exited() bool {
	dead, err := waitExited(s.proc.Pid, syscall.WNOHANG)
	return err != nil || dead
}

// waitExited is waitid(P_PID, pid, WEXITED|WNOWAIT|flags): whether every
// thread of pid has died, leaving it for Wait to reap.
func waitExited(pid, flags int) (bool, error) {
	const pPID, wNoWait = 1, 0x01000000
	var info [128]byte // siginfo_t; si_pid, at offset 16, is 0 while it runs
	_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid), uintptr(unsafe.Pointer(&info[0])),
		uintptr(syscall.WEXITED|wNoWait|flags), 0, 0)
	if e != 0 {
		return false, e
	}
	return binary.LittleEndian.Uint32(info[16:20]) != 0, nil
}

// Warm finds out, in the background, what this machine lets the sandbox
// do, and starts the first run's supervisor (where spares are made at all,
// see makeSpare): about 15 ms that a caller can
// spend meanwhile on what comes before its first run (loading an exercise,
// compiling a submission), rather than the first run waiting for them.
func Warm() {
	go func() {
		if m := thisMachine(); m.shim {
			makeSpare(keyFor(m))
		}
	}()
}

// makeSpare starts, in the background, the supervisor of the next run, if
// none is ready or on its way.
//
// Only where runs have a PID namespace: a spare waits, dumpable and as the
// runs' own user where there is no uid per run, while a run is under way,
// and only a PID namespace keeps that run from finding it and stopping it
// (SIGSTOP), which would make the next run, another student's in grader
// batch, time out (testdata/escape/attacks/spare.sh). Without one, each
// run starts its own supervisor.
func makeSpare(key launchKey) {
	if key.nsFlags&syscall.CLONE_NEWPID == 0 {
		return
	}
	spares.Lock()
	if spares.spare != nil || spares.making != nil {
		spares.Unlock()
		return
	}
	done := make(chan struct{})
	spares.making = done
	spares.Unlock()
	go func() {
		s, err := launch(key, nil)
		spares.Lock()
		spares.making = nil
		if err == nil && spares.spare == nil {
			spares.spare, s = s, nil
		}
		spares.Unlock()
		close(done)
		if s != nil {
			s.discard()
		}
	}()
}
