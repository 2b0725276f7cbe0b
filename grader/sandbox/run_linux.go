//go:build linux

package sandbox

// How a run is held on Linux.
//
// The grader does not start the submission itself. It writes the run's
// program (plan_linux.go) and has the launcher (package launcher, one per
// grader) fork the run's supervisor from it, into new namespaces
// (supervisor_linux.go); the supervisor builds the run's root, forks the
// submission's process, which locks itself down and execs, waits for it,
// and reports how it ended. The layers, each of which the escape suite
// (cmd/grader TestEscape) attacks:
//
//   - a user namespace per run: the run is root inside with no
//     capabilities, and outside, as root, a uid of its own (uids_linux.go);
//     otherwise the grader's user;
//   - PID, network, mount, IPC, UTS and cgroup namespaces: pid 1 is the
//     supervisor, so the kernel kills every process of the run when it
//     exits;
//   - a root of its own (planRoot): system folders read-only, the folder
//     of the tool the run starts where the run's user could reach it on
//     the host (toolDirs, closedToRuns), the run's folders on a
//     size-limited tmpfs, a fresh /proc, a minimal /dev whose nodes are bound read-only;
//   - no capabilities, an empty bounding set, locked securebits,
//     no_new_privs, Landlock, and a seccomp filter (seccomp_linux.go);
//   - no controlling terminal, no file descriptor but 0, 1 and 2, and a
//     supervisor the run may neither trace nor read;
//   - limits the kernel enforces (cgroup_linux.go, and rlimits), with
//     polling of /proc where no cgroup can be had, which counts the run's
//     sockets too (sockets_linux.go).
//
// machine_linux.go finds out which of these this machine allows, once, and
// Protections says which are in force. RLIMIT_AS is never used: Go and
// Node.js reserve far more address space than they use, and would not start.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/boardcheck/boardcheck/grader/sandbox/internal/launcher"
	"github.com/boardcheck/boardcheck/grader/sandbox/internal/proctree"
)

const pollEvery = 20 * time.Millisecond

// testHookStarted, when a test sets it, runs between a run's start and the
// start of its watchers.
var testHookStarted func(*run)

// Run runs spec and returns once the process and every process it started
// are gone: within its CPU time (Limits.Time) or its wall-clock time
// (Limits.Wall), whichever comes first, plus well under a second. err reports only
// the grader's own failures (the program cannot be started, a pipe cannot
// be made); everything the program did is in the result.
//
// Past the output limit on either stream the run is killed at once, rather
// than left to print into the void until the time limit: the verdict is the
// same and it comes sooner.
func Run(ctx context.Context, spec Spec) (*Result, error) {
	r, err := newRun(spec, thisMachine(), false)
	if err != nil {
		return nil, err
	}
	defer r.close()
	if err := r.start(); err != nil {
		return nil, err
	}
	if testHookStarted != nil {
		testHookStarted(r)
	}
	r.watch(ctx)
	r.wait()
	return r.result(ctx)
}

// run is one run from its setup to its clean-up.
type run struct {
	spec   Spec
	limits Limits
	path   string // the program, resolved
	m      machine
	probe  bool

	stdin     *os.File
	stopStdin func()
	// The grader's ends of the pipes, and the child's, which the grader
	// closes once the child has them.
	outR, errR, statR *os.File
	outW, errW        *os.File
	sup               *supervisor // the run's supervisor, once it has one
	bindFiles         []*os.File
	cg                *cgroups
	cgMade            chan *cgroups // where cg arrives when it is made during start
	slot              *uidSlot
	stage             string // the host folder the run's root is built on, "" for none
	ownStage          bool   // stage is this run's alone, to remove
	copies            string // this run's folder of readable copies, "" for none
	prog              *launcher.Program
	closers           []func()
	proc              *os.Process
	startTime         time.Time
	statusc           chan []byte
	stdout, stderr    *capture
	readers, pollers  sync.WaitGroup
	timer             atomic.Pointer[time.Timer]
	done              chan struct{}
	state             *os.ProcessState
	waitErr           error
	duration          time.Duration
	status            []byte
	cpuAtTimeout      atomic.Int64
	cpuUsed           time.Duration // all of it, once the run is over
	waitAtTimeout     atomic.Int64
	meter             waitMeter // where no cgroup's full pressure stall measures it, the run's wait for a processor others held
	polls             int
	mainEnd           atomic.Bool
	o                 outcome
	killMu            sync.Mutex
	reaped            bool // the supervisor has been waited for: its pid may be reused
	seenMu            sync.Mutex
	seen              map[int]uint64 // every process seen in the tree, with its start time
}

// newRun prepares everything a run needs before it starts: the program,
// the pipes, the cgroups, the run's uid, its root's staging folder and its
// plan. close undoes it.
func newRun(spec Spec, m machine, probe bool) (_ *run, err error) {
	r := &run{spec: spec, limits: spec.Limits.WithDefaults(), m: m, probe: probe, seen: map[int]uint64{}}
	defer func() {
		if err != nil {
			r.close()
		}
	}()
	if probe {
		r.path = m.exe
	} else if r.path, err = resolveArgv0(r.spec, r.closedToRun); err != nil {
		return nil, err
	}
	if !m.root && spec.Dir != "" {
		if fi, err := os.Stat(spec.Dir); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("grader: running %s: working folder %s: not a folder", spec.Argv[0], spec.Dir)
		}
	}
	if r.stdin, r.stopStdin, err = feedStdin(spec.Stdin); err != nil {
		return nil, err
	}
	if r.outR, r.outW, err = r.pipe(); err != nil {
		return nil, err
	}
	if r.errR, r.errW, err = r.pipe(); err != nil {
		return nil, err
	}
	if !m.supervised {
		r.cg = newCgroups(m.cg, r.limits)
		return r, nil
	}
	if probe {
		r.cg = &cgroups{fd: -1}
	} else {
		// The supervisor joins the cgroups just before its go (see
		// start): they are made (about 0.3 ms) while the rest of the run
		// is prepared.
		r.cgMade = make(chan *cgroups, 1)
		go func() { r.cgMade <- newCgroups(m.cg, r.limits) }()
	}
	if m.asRoot && (m.userns || m.switchUID) && !LayerOff(LayerRunUID) {
		if r.slot, err = takeSlot(); err != nil {
			return nil, err
		}
		if err := r.handOver(); err != nil {
			return nil, err
		}
	}
	if m.root {
		if err := r.makeStage(); err != nil {
			return nil, err
		}
	}
	if err := r.plan(); err != nil {
		return nil, err
	}
	return r, nil
}

// handOver gives the run's own user (as root) the folders it writes: the
// caller's Writable ones, and without a root of its own, where its folders
// are the host's, those made for it (see callersFolder), and a way through
// the temporary folders above them and above its files (made 0700 by
// whoever made them).
func (r *run) handOver() error {
	uid := r.slot.uid
	folders := slices.Clone(r.spec.Writable)
	for _, w := range r.spec.Writable {
		// What the caller made inside (a build folder's TMPDIR and GOPATH).
		filepath.WalkDir(w, func(p string, d os.DirEntry, err error) error {
			if err == nil && p != w {
				folders = append(folders, p)
			}
			return nil
		})
	}
	if !r.m.root {
		for _, d := range r.writableFolders() {
			if !r.callersFolder(d) {
				folders = append(folders, d)
			}
		}
		tmp := filepath.Clean(os.TempDir())
		for _, p := range append(append(slices.Clone(folders), r.spec.ReadOnly...), r.bindPaths()...) {
			for d := filepath.Dir(p); under(d, tmp); d = filepath.Dir(d) {
				if fi, err := os.Lstat(d); err == nil && fi.IsDir() && fi.Mode().Perm()&0o001 == 0 {
					os.Chmod(d, fi.Mode().Perm()|0o001)
				}
			}
		}
	}
	for _, d := range folders {
		if err := os.Lchown(d, uid, uid); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("grader: running %s: handing %s to the run's user: %w", r.spec.Argv[0], d, err)
		}
	}
	return nil
}

// callersFolder says whether d, one of the run's folders, is the caller's
// rather than made for the run: one that holds (or is) a file the run is
// to read, such as the submission's folder, where a compiler runs; the
// system's temporary folder; the root. Such a folder is never handed over:
// the run has no business writing there, and a later run given the same
// uid would own it, and with it every file in it (the sticky bit of /tmp
// does not hold against the folder's owner).
func (r *run) callersFolder(d string) bool {
	if d == "/" || d == filepath.Clean(os.TempDir()) {
		return true
	}
	for _, p := range append(slices.Clone(r.spec.ReadOnly), r.bindPaths()...) {
		if under(filepath.Clean(p), d) {
			return true
		}
	}
	return false
}

// bindPaths are the paths the caller's Binds are seen at.
func (r *run) bindPaths() []string {
	var out []string
	for _, b := range r.spec.Binds {
		out = append(out, b.At)
	}
	return out
}

func (r *run) pipe() (rd, wr *os.File, err error) {
	rd, wr, err = os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("grader: running %s: making a pipe: %w", r.spec.Argv[0], err)
	}
	r.closers = append(r.closers, func() { rd.Close(); wr.Close() })
	return rd, wr, nil
}

// close undoes newRun and start: every file, pipe, cgroup and folder.
func (r *run) close() {
	if t := r.timer.Load(); t != nil {
		// readStatus re-arms the clock for the clean-up when it reads the
		// main process's end, which may come after wait stopped it: it
		// must not go off once the run's pid is free.
		t.Stop()
	}
	if r.stopStdin != nil {
		r.stopStdin()
	}
	if r.stdin != nil {
		r.stdin.Close()
	}
	for _, f := range r.bindFiles {
		f.Close()
	}
	for _, c := range r.closers {
		c()
	}
	if r.sup != nil {
		r.sup.discard() // dead by now
	}
	r.slot.release()
	if r.cg == nil && r.cgMade != nil {
		r.cg = <-r.cgMade
	}
	if r.cg != nil {
		r.cg.remove()
	}
	if r.ownStage {
		os.RemoveAll(r.stage)
	}
	if r.copies != "" {
		os.RemoveAll(r.copies)
	}
}

// start starts the run: without a supervisor, the program itself; with
// one, the launcher forks it, the grader puts it in the run's cgroups and
// sends it its go.
func (r *run) start() error {
	r.statusc = make(chan []byte, 1)
	if !r.m.supervised {
		return r.startProgram()
	}
	if r.cg == nil {
		r.cg = <-r.cgMade
		if err := r.cgroupsAsPlanned(); err != nil {
			return err
		}
	}
	sup, err := launch(r.m, r.prog, [3]*os.File{r.stdin, r.outW, r.errW}, r.bindFiles, r.slot)
	// Only the supervisor holds the run's ends now.
	for _, f := range append([]*os.File{r.stdin, r.outW, r.errW}, r.bindFiles...) {
		f.Close()
	}
	r.bindFiles = nil
	if err != nil {
		return err
	}
	r.sup, r.proc = sup, sup.proc
	if err := r.cg.join(sup.proc.Pid); err != nil {
		return fmt.Errorf("grader: running %s: joining the run's cgroup: %w", r.spec.Argv[0], err)
	}
	r.statR = sup.status
	go r.readStatus()
	r.startTime = time.Now()
	r.meter.begin(r.startTime)
	if err := sup.begin(); err != nil {
		return fmt.Errorf("grader: running %s: starting the run's supervisor: %w", r.spec.Argv[0], err)
	}
	// Counted from startTime, but armed once the go is sent: a clock that
	// went off before would kill the supervisor while the grader still
	// needed it, and the run would fail as the grader's, not time out.
	// The probe has no time limit: on a machine loaded enough to take it
	// past a run's, killing it would take the layers it tests from every
	// run.
	if !r.probe {
		r.armTimeLimit()
	}
	return nil
}

// startProgram starts the program itself, where no supervisor can be had: in a
// process group of its own, in its cgroups from birth where the machine
// has cgroup v2.
func (r *run) startProgram() error {
	sys := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if r.cg.fd >= 0 {
		sys.UseCgroupFD, sys.CgroupFD = true, r.cg.fd
	}
	r.startTime = time.Now()
	r.meter.begin(r.startTime)
	p, err := os.StartProcess(r.path, r.spec.Argv, &os.ProcAttr{Dir: r.spec.Dir, Env: r.spec.Env, Files: []*os.File{r.stdin, r.outW, r.errW}, Sys: sys})
	for _, f := range []*os.File{r.stdin, r.outW, r.errW} {
		f.Close()
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return &ExecError{Program: r.spec.Argv[0], Err: pe.Err}
		}
		return fmt.Errorf("grader: running %s: %w", r.spec.Argv[0], err)
	}
	r.proc = p
	r.armTimeLimit()
	// The program may fork before it is in its v1 cgroups: the poller of
	// /proc still counts those.
	r.cg.join(p.Pid)
	r.statusc <- nil
	return nil
}

// cgroupsAsPlanned checks that the run's cgroups count its memory where
// the machine's do: the plan lets such a run use memfds, which only a
// cgroup counts, and a run the kernel cannot bound is not started.
func (r *run) cgroupsAsPlanned() error {
	if !r.probe && r.m.cg.memV1Or2() && !r.cg.countsMemory() {
		return fmt.Errorf("grader: running %s: the run's memory cgroup could not be made", r.spec.Argv[0])
	}
	return nil
}

// readStatus reads the supervisor's report until it closes its end.
func (r *run) readStatus() {
	var b bytes.Buffer
	buf := make([]byte, 512)
	for {
		n, err := r.statR.Read(buf)
		b.Write(buf[:n])
		if _, _, exited := launcher.Exited(b.Bytes()); exited && !r.mainEnd.Swap(true) {
			// The main process is gone: from here on the time limit no
			// longer applies, only the cleanup. One that ended past its
			// wall-clock limit timed out, whether or not the timer has
			// fired yet (on a busy machine its goroutine may run after
			// this one); past its CPU time, wait says so. The probe has
			// no clock.
			if t := r.timer.Load(); t != nil {
				if r.wallLeft() <= 0 {
					r.noteWait()
					r.o.claim(killedWall)
				}
				t.Reset(time.Second)
			}
			r.o.claim(killedDone)
			if r.m.subreaper {
				go r.killOrphans()
			}
		}
		if err != nil || b.Len() > 4096 {
			break
		}
	}
	r.statusc <- b.Bytes()
}

// killTree kills every process of the run. Safe to call from any
// goroutine, any number of times.
func (r *run) killTree() {
	r.killMu.Lock()
	defer r.killMu.Unlock()
	if r.m.nsFlags&syscall.CLONE_NEWPID != 0 && !r.reaped {
		// pid 1 of the namespace: the kernel takes every other process
		// with it, faster than the grader could one by one.
		r.proc.Signal(syscall.SIGKILL)
		return
	}
	r.cg.kill()
	if r.reaped {
		r.sweepSeen()
		return
	}
	// Kill the descendants first: were the root killed first, its orphans
	// would go to init and out of reach.
	r.killDescendants()
	r.proc.Signal(syscall.SIGKILL)
}

// killOrphans kills every process the run left but its supervisor: without
// a PID namespace nothing else ends them, wherever they went (setsid, a
// double fork). The supervisor, their child subreaper, reaps each, and ends
// once none is left; its rusage then counts their processor time too. If it
// has not ended a second after the main process, the clock kills it.
func (r *run) killOrphans() {
	r.killMu.Lock()
	defer r.killMu.Unlock()
	if !r.reaped {
		r.killDescendants()
	}
}

// killDescendants kills the processes below the run's root process, round
// after round until none is left (a process may fork while it is killed),
// and with them those of the run's cgroup, which a process that forks away
// from its parent again and again cannot leave. killMu must be held.
func (r *run) killDescendants() {
	root := r.proc.Pid
	for i := 0; i < 50; i++ {
		ds := proctree.Scan().Descendants(root)
		if r.cg.hasProcs() {
			for _, pid := range r.cg.procs() {
				if pid != root && !slices.Contains(ds, pid) {
					ds = append(ds, pid)
				}
			}
		}
		if !r.m.supervised {
			syscall.Kill(-root, syscall.SIGKILL)
		}
		if len(ds) == 0 {
			return
		}
		for _, pid := range ds {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		time.Sleep(time.Millisecond)
	}
}

func (r *run) kill(reason killReason) {
	if r.o.claim(reason) {
		r.killTree()
	}
}

func (r *run) markReaped() {
	r.killMu.Lock()
	r.reaped = true
	r.killMu.Unlock()
}

// armTimeLimit starts the run's wall clock, from startTime, as the run
// starts: armed later (by watch, as it was), it missed a run that had
// already ended however long that took, and a limit shorter than the
// run's start never applied. Its CPU time is the poller's to watch.
func (r *run) armTimeLimit() {
	r.timer.Store(time.AfterFunc(r.limits.Wall()-time.Since(r.startTime), func() {
		if r.mainEnd.Load() {
			// The supervisor had a second to clean up after the main process
			// and has not finished: do it from here.
			r.killTree()
			return
		}
		// Measured before the kill: processes killed in a PID namespace
		// are reaped by no one whose rusage the grader can read, and a
		// task's run delay goes with it. One that used its CPU time
		// since the last poll ran out of that.
		if r.o.get() == notKilled {
			cpu := r.cpuSoFar(nil, nil)
			if r.overCPU(cpu) {
				return
			}
			if left := r.wallLeft(); left > 0 {
				// It waited for a processor meanwhile: that time is the
				// machine's, not the run's.
				r.timer.Load().Reset(left)
				return
			}
			r.cpuAtTimeout.Store(int64(cpu))
			r.noteWait()
		}
		r.kill(killedWall)
	}))
}

// watch starts what watches the run: the output readers, the caller's
// context and the poller of memory and processes.
func (r *run) watch(ctx context.Context) {
	l := r.limits
	r.stdout = &capture{limit: l.Output, onOverflow: func() { r.kill(killedOutput) }}
	r.stderr = &capture{limit: l.Output, onOverflow: func() { r.kill(killedOutput) }}
	r.readers.Add(2)
	go func() { defer r.readers.Done(); r.stdout.readFrom(r.outR) }()
	go func() { defer r.readers.Done(); r.stderr.readFrom(r.errR) }()

	r.done = make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			r.kill(killedCancel)
		case <-r.done:
		}
	}()
	r.pollers.Add(1)
	go func() {
		defer r.pollers.Done()
		tick := time.NewTicker(pollEvery)
		defer tick.Stop()
		for {
			select {
			case <-r.done:
				return
			case <-tick.C:
			}
			r.poll()
		}
	}()
}

// poll checks CPU time, memory and processes once: from the cgroup where
// the kernel counts them, else from /proc.
func (r *run) poll() {
	l, cg := r.limits, r.cg
	r.polls++
	sampleWait := r.polls%waitSampleEvery == 0 && r.metersWait()
	if cg.countsCPU() {
		cpu := cg.cpu()
		if r.overCPU(cpu) {
			return
		}
		if sampleWait {
			r.sampleWait(cpu, nil)
		}
	}
	if r.polls%diskPollEvery == 0 && r.overDisk() {
		r.kill(killedDisk)
		return
	}
	if cg.countsMemory() {
		r.o.notePeak(cg.memoryCurrent())
		if cg.oomKilled() {
			// A fork bomb fills its memory with processes: where the
			// kernel has refused its forks too, they are the cause, as
			// wait judges a run that ends between two polls.
			if cg.forkRefused() {
				r.kill(r.o.refusedFork())
			} else {
				r.kill(killedMemory)
			}
			return
		}
	}
	var t proctree.Table
	var ds []int
	if cg.hasProcs() {
		// The cgroup knows the run's processes: reading only those keeps
		// each poll short even when the run has hundreds of processes
		// competing for the CPU.
		tasks := cg.tasks()
		pids := cg.procs()
		if len(pids)-1 > l.Procs {
			r.kill(killedProcs)
			return
		}
		procs := len(pids)
		if tasks-procs > procs {
			// More threads than processes, or processes forked between
			// the count and the list: a fork bomb, under load, was told
			// it had started too many threads. The listed processes'
			// own threads tell which.
			procs, tasks = countThreads(pids)
		}
		r.o.noteTasks(procs, tasks)
		if cg.forkRefused() {
			r.kill(r.o.refusedFork())
			return
		}
		if cg.countsMemory() && cg.countsCPU() {
			return
		}
		t = make(proctree.Table)
		var buf [1024]byte
		for _, pid := range pids {
			if pid == r.proc.Pid {
				continue
			}
			if p, ok := proctree.ReadStat(pid, buf[:]); ok {
				t[pid] = p
				ds = append(ds, pid)
			}
		}
	} else {
		t = proctree.Scan()
		ds = t.Descendants(r.proc.Pid)
	}
	if !cg.countsCPU() {
		cpu := r.cpuSoFar(t, ds)
		if r.overCPU(cpu) {
			return
		}
		if sampleWait {
			r.sampleWait(cpu, append(slices.Clip(ds), r.proc.Pid))
		}
	}
	if cg.countsMemory() {
		return
	}
	var mem int64
	count := len(ds)
	if !r.m.supervised {
		mem = t[r.proc.Pid].RSS + pageTables(r.proc.Pid)
		count++
	}
	if count > l.Procs {
		r.kill(killedProcs)
		return
	}
	r.seenMu.Lock()
	for _, pid := range ds {
		mem += t[pid].RSS + pageTables(pid)
		r.seen[pid] = t[pid].Start
	}
	r.seenMu.Unlock()
	mem += r.socketMemory()
	r.o.notePeak(mem)
	if mem > l.Memory {
		r.kill(killedMemory)
	}
}

// wait waits for the supervisor, then makes sure nothing of the run is left and
// every byte it printed has been read.
func (r *run) wait() {
	r.state, r.waitErr = r.proc.Wait()
	r.duration = time.Since(r.startTime)
	if !r.m.supervised && r.wallLeft() <= 0 {
		// As readStatus does for a supervised run: past its limit, the
		// program timed out, whether or not the clock's goroutine ran.
		r.o.claim(killedWall)
	}
	r.markReaped()
	close(r.done)
	r.pollers.Wait()
	r.timer.Load().Stop()
	if r.cg.forkRefused() {
		// Even over killedDone: a run whose forks the kernel refused may
		// then exit by itself (a fork bomb collapses as its forks fail)
		// before a poll counted its processes, and it still started too
		// many. Its exit status stays its own.
		r.o.claimAfterExit(r.o.refusedFork())
	}
	if r.cg.oomKilled() {
		r.o.claimAfterExit(killedMemory)
	}
	if r.overDisk() {
		// What it wrote since the last poll.
		r.o.claimAfterExit(killedDisk)
	}
	// Its whole CPU time, now that every process is counted: the
	// supervisor's own holds every process it reaped, the cgroup's every
	// process. One that ended past its limit between two polls, or that
	// RLIMIT_CPU killed, ran out of time, as isolate judges it.
	r.cpuUsed = time.Duration(r.cpuAtTimeout.Load())
	if r.state != nil {
		r.cpuUsed = max(r.cpuUsed, r.state.UserTime()+r.state.SystemTime())
	}
	if r.cg.countsCPU() {
		r.cpuUsed = max(r.cpuUsed, r.cg.cpu())
	}
	if r.cpuUsed > r.limits.Time && !r.probe {
		r.o.claimCPUTime()
	}
	r.o.notePeak(r.cg.memoryPeak())
	// Whatever the supervisor did, make sure: everything seen in the tree dies.
	r.killTree()
	if !r.m.supervised {
		syscall.Kill(-r.proc.Pid, syscall.SIGKILL)
	}
	// The pipes reach end of file once every process holding them is
	// dead. A process that escaped all of the above must not hang the
	// grader: close the read ends under the readers after a short grace.
	// In a PID namespace none can have escaped, and the grace is only for
	// the readers to read what is left in the pipes: on a busy machine
	// the grader may wait longer than 250 ms for a processor, and the end
	// of a run's output was lost (a reference's last 200 lines).
	grace := 250 * time.Millisecond
	if r.m.nsFlags&syscall.CLONE_NEWPID != 0 {
		grace = 10 * time.Second
	}
	rdone := make(chan struct{})
	go func() { r.readers.Wait(); close(rdone) }()
	select {
	case <-rdone:
	case <-time.After(grace):
		r.outR.Close()
		r.errR.Close()
		<-rdone
	}
	// The supervisor is dead, so its end of the status pipe is closed and the
	// reader reaches end of file by itself. Closing statR first would race
	// with that reader: on a busy machine it may not have read the "X"
	// yet, and a finished run would be reported as "killed".
	r.status = <-r.statusc
}

// result says how the run ended.
func (r *run) result(ctx context.Context) (*Result, error) {
	name := r.spec.Argv[0]
	// The wait as read before the kill, where a task's run delay went
	// with it; a cgroup's pressure stall holds it still.
	res := &Result{ExitCode: -1, Duration: r.duration, CPU: r.cpuUsed,
		CPUWait: max(time.Duration(r.waitAtTimeout.Load()), r.cpuWaitSoFar())}
	st := r.state
	res.Stdout, res.StdoutOverflow = r.stdout.result()
	res.Stderr, res.StderrOverflow = r.stderr.result()
	r.o.fill(res)
	reason := r.o.get()
	ours := reason != notKilled && reason != killedDone

	status := r.status
	ws, peak, haveWS := launcher.Exited(status)
	switch {
	case len(status) > 0 && status[0] == launcher.StatusFailed:
		text := r.prog.FailureText(status)
		if op, err := r.prog.Failure(status); op >= 0 && r.prog.What(op) == "" {
			// The exec itself, the one op the grader names nothing for.
			return nil, &ExecError{Program: name, Err: err}
		}
		return nil, fmt.Errorf("grader: running %s: %s", name, text)
	case haveWS:
		res.PeakMemory = max(res.PeakMemory, peak)
	case r.waitErr != nil:
		return nil, fmt.Errorf("grader: running %s: waiting for it: %w", name, r.waitErr)
	case !r.m.supervised:
		// Not the rusage's peak: a child forked from the grader carries
		// the grader's own peak in it.
		ws, haveWS = st.Sys().(syscall.WaitStatus)
	case !ours:
		// The supervisor itself died, and not by our hand (the memory killer of
		// the cgroup): report what killed it. A supervisor that exits without a
		// word is a bug of the grader's, not the student's.
		s, ok := st.Sys().(syscall.WaitStatus)
		if !ok || !s.Signaled() {
			return nil, fmt.Errorf("grader: running %s: the run's supervisor ended without reporting (%v, %d bytes of status)", name, st, len(status))
		}
		res.Signal = signalName(s.Signal())
	}
	if haveWS {
		switch {
		case ws.Exited():
			res.ExitCode = ws.ExitStatus()
		case ws.Signaled() && !ours:
			res.Signal = signalName(ws.Signal())
		}
	}
	if reason == killedCancel {
		return res, fmt.Errorf("grader: running %s: %w", name, ctx.Err())
	}
	return res, nil
}

// sweepSeen kills the processes seen in a run's tree that still run under
// the same pid and start time: the last resort when the supervisor is gone.
func (r *run) sweepSeen() {
	r.seenMu.Lock()
	defer r.seenMu.Unlock()
	var buf [1024]byte
	for pid, start := range r.seen {
		if p, ok := proctree.ReadStat(pid, buf[:]); ok && p.Start == start {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// countThreads reads how many of pids are still alive and how many
// threads they have, all told.
func countThreads(pids []int) (procs, threads int) {
	var buf [1024]byte
	for _, pid := range pids {
		if p, ok := proctree.ReadStat(pid, buf[:]); ok {
			procs++
			threads += p.Threads
		}
	}
	return procs, threads
}

// diskPollEvery is how many polls apart the run's Writable folders are
// counted (every 100 ms): a walk of a build folder's few files. A run that
// writes at the disk's speed gets a few hundred MiB past Limits.Disk
// before it is killed, where it would otherwise fill the disk.
const diskPollEvery = 5

// overDisk says whether the run's files in the caller's Writable folders
// hold more of the disk than Limits.Disk, when it is set.
func (r *run) overDisk() bool {
	if r.limits.Disk <= 0 || len(r.spec.Writable) == 0 || LayerOff(LayerDisk) {
		return false
	}
	var used int64
	for _, w := range r.spec.Writable {
		filepath.WalkDir(w, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if fi, err := d.Info(); err == nil {
				if st, ok := fi.Sys().(*syscall.Stat_t); ok {
					used += st.Blocks * 512
				}
			}
			return nil
		})
		if used > r.limits.Disk {
			return true
		}
	}
	return used > r.limits.Disk
}

// pageTables is what pid's page tables take, counted in a run's memory
// where no cgroup counts it (a memory cgroup charges them): resident
// memory alone let a run that touched a byte in every 2 MiB of a huge
// mapping of nothing hold gigabytes of the kernel's under a limit of
// 256 MiB. Off for a test, nothing.
func pageTables(pid int) int64 {
	if LayerOff(LayerPageTables) {
		return 0
	}
	var buf [4096]byte
	return proctree.PageTables(pid, buf[:])
}
