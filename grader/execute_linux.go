//go:build linux

package grader

// How a run is held together on Linux.
//
// The grader does not start the submission itself. It starts a copy of its
// own binary (package grader/internal/shim) that forks the submission,
// waits for it, tells the grader how it ended, and makes sure nothing it
// started lives on. The shim
// exists because the grader needs a process between itself and the
// submission that it controls: one that can be pid 1 of a new PID namespace
// (when the kernel kills every process in the namespace as soon as pid 1
// exits, whatever they did: setsid, double fork, a new process group), or,
// without the privilege for namespaces, a child subreaper, to which every
// orphaned descendant is reparented, so that none escapes to init.
//
// Limits: when a cgroup v2 hierarchy with the memory and pids controllers is
// ours to use, each run gets a cgroup with memory.max and pids.max and is
// killed through cgroup.kill. Otherwise a poller reads /proc every 20 ms,
// sums the resident memory of the process tree and counts its processes,
// and kills the run at a limit. RLIMIT_AS is never used: Go and Node.js
// reserve far more address space than they use, and would not start.

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/boardcheck/boardcheck/grader/internal/proctree"
	"github.com/boardcheck/boardcheck/grader/internal/shim"
)

const pollEvery = 20 * time.Millisecond

// writableFolders lists the folders a run may write to: its working folder
// and the ones its environment names for writing (HOME, TMPDIR, and for the
// go command GOCACHE and GOPATH), those that exist.
func writableFolders(spec RunSpec) []string {
	var out []string
	seen := map[string]bool{}
	add := func(d string) {
		if d == "" || !filepath.IsAbs(d) || seen[d] {
			return
		}
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return
		}
		seen[d] = true
		out = append(out, d)
	}
	dir := spec.Dir
	if dir == "" {
		dir, _ = os.Getwd()
	}
	add(dir)
	for _, k := range []string{"HOME", "TMPDIR", "GOCACHE", "GOPATH"} {
		add(envValue(spec.Env, k))
	}
	return out
}

// treeCPU is the processor time used so far by the process root and every
// process below it, read from the cgroup when the run has one (it counts
// the processes already gone too), else from /proc.
func treeCPU(root int, cg *runCgroup) time.Duration {
	if cg != nil {
		if us := cg.event("cpu.stat", "usage_usec"); us > 0 {
			return time.Duration(us) * time.Microsecond
		}
	}
	t := proctree.Scan()
	cpu := t[root].CPU
	for _, pid := range t.Descendants(root) {
		cpu += t[pid].CPU
	}
	return cpu
}

// isolation is what this machine lets the grader use, found out once.
type isolation struct {
	shim      bool    // the shim can start (else the submission is started directly)
	nsFlags   uintptr // CLONE_NEWPID|CLONE_NEWNET when allowed, else 0
	subreaper bool    // child subreaper works (when there is no PID namespace)
	cgroup    string  // a cgroup v2 folder with memory and pids under which runs get their own cgroup, or ""
	// readOnly: the shim can make the filesystem read-only but for the
	// run's folders, in a mount namespace of its own.
	readOnly bool
	// pidsV1 is a cgroup v1 pids hierarchy, used when there is no cgroup v2
	// to bound forks without end: without a kernel limit, a fork bomb
	// starves the poller that is meant to catch it.
	pidsV1 string
	exe    string
}

var (
	isoOnce sync.Once
	iso     isolation
)

// isoOverride replaces what machineIsolation found, so that tests can
// exercise the fallbacks on a machine that offers more.
var isoOverride atomic.Pointer[isolation]

// setIsolationForTest makes runs use less isolation than the machine offers:
// "reaper" (no namespaces), "reaper-polling" (no namespaces, no cgroup) or
// "direct" (no shim at all). It returns a function that restores the rest.
func setIsolationForTest(mode string) (restore func(), ok bool) {
	i := machineIsolation()
	switch mode {
	case "reaper":
		i.nsFlags, i.subreaper, i.readOnly = 0, true, false
	case "reaper-polling":
		i.nsFlags, i.subreaper, i.readOnly, i.cgroup, i.pidsV1 = 0, true, false, "", ""
	case "direct":
		i = isolation{}
	default:
		return func() {}, false
	}
	if mode != "direct" && !i.shim {
		return func() {}, false
	}
	isoOverride.Store(&i)
	return func() { isoOverride.Store(nil) }, true
}

func machineIsolation() isolation {
	if p := isoOverride.Load(); p != nil {
		return *p
	}
	isoOnce.Do(func() {
		exe, err := os.Executable()
		if err == nil {
			iso.exe = exe
			flags := uintptr(syscall.CLONE_NEWPID | syscall.CLONE_NEWNET)
			// The read-only probe, when it passes, proves the namespaces
			// too: one start of the shim rather than two on a machine
			// that allows everything (the first run waits for them).
			// Without the right to namespaces it costs a third start,
			// once, before the fallbacks below.
			if probeReadOnly(exe, flags) == nil {
				iso.shim, iso.nsFlags, iso.readOnly = true, flags, true
			} else if probeShim(exe, flags) == nil {
				iso.shim, iso.nsFlags = true, flags
			} else if probeShim(exe, 0) == nil {
				iso.shim, iso.subreaper = true, true
			}
		}
		iso.cgroup = findCgroup()
		if iso.cgroup == "" && iso.shim {
			iso.pidsV1 = findPidsV1()
		}
		removeStale(iso.cgroup)
		removeStale(iso.pidsV1)
	})
	return iso
}

// probeReadOnly checks that the shim, in a mount namespace of its own, can
// make the filesystem read-only but for one folder.
func probeReadOnly(exe string, flags uintptr) error {
	dir, err := os.MkdirTemp("", "boardcheck-probe-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	sub := filepath.Join(dir, "rw")
	if err := os.Mkdir(sub, 0o755); err != nil {
		return err
	}
	return probeShim(exe, flags|syscall.CLONE_NEWNS, shim.ProbeRO, sub)
}

func probeShim(exe string, flags uintptr, args ...string) error {
	if len(args) == 0 {
		args = []string{shim.Probe}
	}
	p, err := os.StartProcess(exe, append([]string{shim.Arg0}, args...), &os.ProcAttr{
		Env: []string{},
		Sys: &syscall.SysProcAttr{Cloneflags: flags, Pdeathsig: syscall.SIGKILL},
	})
	if err != nil {
		return err
	}
	st, err := p.Wait()
	if err != nil {
		return err
	}
	if !st.Success() {
		return errors.New(st.String())
	}
	return nil
}

// findCgroup looks for a cgroup v2 folder where the grader may make one child
// cgroup per run with the memory and pids controllers. Only the root of a
// cgroup2 mount qualifies: a non-root cgroup that holds processes (as the
// grader's own does) cannot hand controllers to children.
func findCgroup() string {
	data, err := os.ReadFile("/proc/self/mounts")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[2] != "cgroup2" {
			continue
		}
		dir := f[1]
		ctl, err := os.ReadFile(filepath.Join(dir, "cgroup.controllers"))
		if err != nil || !hasWords(string(ctl), "memory", "pids") {
			continue
		}
		sub, _ := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
		if !hasWords(string(sub), "memory", "pids") {
			if os.WriteFile(filepath.Join(dir, "cgroup.subtree_control"), []byte("+memory +pids"), 0) != nil {
				continue
			}
		}
		probe := filepath.Join(dir, fmt.Sprintf("boardcheck-%d-probe", os.Getpid()))
		if os.Mkdir(probe, 0o755) != nil {
			continue
		}
		ok := fileExists(filepath.Join(probe, "memory.max")) && fileExists(filepath.Join(probe, "pids.max")) &&
			fileExists(filepath.Join(probe, "cgroup.kill"))
		os.Remove(probe)
		if ok {
			return dir
		}
	}
	return ""
}

// findPidsV1 looks for a cgroup v1 pids hierarchy in which the grader may
// make a cgroup per run.
func findPidsV1() string {
	data, err := os.ReadFile("/proc/self/mounts")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || f[2] != "cgroup" || !hasWords(strings.ReplaceAll(f[3], ",", " "), "pids") {
			continue
		}
		probe := filepath.Join(f[1], fmt.Sprintf("boardcheck-%d-probe", os.Getpid()))
		if os.Mkdir(probe, 0o755) != nil {
			continue
		}
		ok := os.WriteFile(filepath.Join(probe, "pids.max"), []byte("10"), 0) == nil
		os.Remove(probe)
		if ok {
			return f[1]
		}
	}
	return ""
}

// removeStale removes the run cgroups of graders that died without cleaning
// up (killed, or the machine lost power mid-run). rmdir only succeeds on an
// empty cgroup, so a live run is never disturbed.
func removeStale(parent string) {
	if parent == "" {
		return
	}
	ents, _ := os.ReadDir(parent)
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), "boardcheck-")
		if !ok || !e.IsDir() {
			continue
		}
		pid, _, _ := strings.Cut(rest, "-")
		if _, err := os.Stat("/proc/" + pid); errors.Is(err, os.ErrNotExist) {
			os.Remove(filepath.Join(parent, e.Name()))
		}
	}
}

func hasWords(s string, words ...string) bool {
	have := strings.Fields(s)
	for _, w := range words {
		found := false
		for _, h := range have {
			found = found || h == w
		}
		if !found {
			return false
		}
	}
	return true
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// runCgroup is one run's cgroup.
type runCgroup struct {
	dir string
	fd  int
	v1  bool // a cgroup v1 pids cgroup: no memory limit, no cgroup.kill
}

var cgroupSeq atomic.Int64

// maxTasks is the kernel's hard bound on the tasks of a run. pids.max counts
// threads, and a JVM or Node.js starts dozens, so the bound is well above
// Procs; Procs itself is enforced by counting processes while polling.
func maxTasks(l Limits) int { return 2*l.Procs + 32 }

func newPidsV1Cgroup(parent string, l Limits) (*runCgroup, error) {
	dir := filepath.Join(parent, fmt.Sprintf("boardcheck-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	cg := &runCgroup{dir: dir, fd: -1, v1: true}
	if err := os.WriteFile(filepath.Join(dir, "pids.max"), []byte(strconv.Itoa(maxTasks(l))), 0); err != nil {
		cg.remove()
		return nil, err
	}
	return cg, nil
}

func newRunCgroup(parent string, l Limits) (*runCgroup, error) {
	dir := filepath.Join(parent, fmt.Sprintf("boardcheck-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	cg := &runCgroup{dir: dir, fd: -1}
	write := func(name, value string) error {
		return os.WriteFile(filepath.Join(dir, name), []byte(value), 0)
	}
	err := write("memory.max", strconv.FormatInt(l.Memory, 10))
	if err == nil {
		err = write("pids.max", strconv.Itoa(maxTasks(l)))
	}
	if err == nil {
		// Without these, swap would stretch the limit, and the OOM killer
		// would take one process and leave the rest running.
		_ = write("memory.swap.max", "0")
		_ = write("memory.oom.group", "1")
		cg.fd, err = syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	}
	if err != nil {
		cg.remove()
		return nil, err
	}
	return cg, nil
}

// event reads one counter from a cgroup *.events file.
func (cg *runCgroup) event(file, key string) int64 {
	data, _ := os.ReadFile(filepath.Join(cg.dir, file))
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok && k == key {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return 0
}

func (cg *runCgroup) number(file string) int64 {
	data, _ := os.ReadFile(filepath.Join(cg.dir, file))
	n, _ := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	return n
}

// pids lists the processes in the cgroup.
func (cg *runCgroup) pids() []int {
	data, _ := os.ReadFile(filepath.Join(cg.dir, "cgroup.procs"))
	var out []int
	for _, s := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(s); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

func (cg *runCgroup) kill() {
	if !cg.v1 && os.WriteFile(filepath.Join(cg.dir, "cgroup.kill"), []byte("1"), 0) == nil {
		return
	}
	data, _ := os.ReadFile(filepath.Join(cg.dir, "cgroup.procs"))
	for _, s := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(s); err == nil {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// remove kills what is left, waits for the cgroup to empty and removes it.
func (cg *runCgroup) remove() {
	if cg.fd >= 0 {
		syscall.Close(cg.fd)
		cg.fd = -1
	}
	for i := 0; i < 200; i++ {
		err := os.Remove(cg.dir)
		if err == nil || errors.Is(err, os.ErrNotExist) {
			return
		}
		// EBUSY: processes are still dying.
		cg.kill()
		time.Sleep(5 * time.Millisecond)
	}
}

// Execute runs spec and returns once the process and every process it
// started are gone: within Limits.Time plus well under a second. err reports
// only the grader's own failures (the program cannot be started, a pipe
// cannot be made); everything the program did is in the result.
//
// Past the output limit on either stream the run is killed at once, rather
// than left to print into the void until the time limit: the verdict is the
// same and it comes sooner.
func Execute(ctx context.Context, spec RunSpec) (*RunResult, error) {
	l := spec.Limits.withDefaults()
	path, err := resolveArgv0(spec)
	if err != nil {
		return nil, err
	}
	if spec.Dir != "" {
		if fi, err := os.Stat(spec.Dir); err != nil || !fi.IsDir() {
			return nil, fmt.Errorf("grader: running %s: working folder %s: not a folder", spec.Argv[0], spec.Dir)
		}
	}
	iso := machineIsolation()

	stdin, stopStdin, err := feedStdin(spec.Stdin)
	if err != nil {
		return nil, err
	}
	defer stopStdin()
	defer stdin.Close()
	var pipes []*os.File // parent ends, closed at the end
	defer func() {
		for _, f := range pipes {
			f.Close()
		}
	}()
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err != nil {
			return nil, nil, fmt.Errorf("grader: running %s: making a pipe: %w", spec.Argv[0], err)
		}
		pipes = append(pipes, r, w)
		return r, w, nil
	}
	outR, outW, err := pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := pipe()
	if err != nil {
		return nil, err
	}
	var statR, statW *os.File
	if iso.shim {
		if statR, statW, err = pipe(); err != nil {
			return nil, err
		}
	}

	// A cgroup that cannot be made for this run falls back to polling
	// rather than failing the run.
	var cg, pidsCg *runCgroup
	if iso.cgroup != "" {
		cg, _ = newRunCgroup(iso.cgroup, l)
	} else if iso.pidsV1 != "" {
		pidsCg, _ = newPidsV1Cgroup(iso.pidsV1, l)
	}
	if pidsCg != nil {
		defer pidsCg.remove()
	}
	if cg != nil {
		defer cg.remove()
	}

	sys := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	var argv []string
	files := []*os.File{stdin, outW, errW}
	mode := ""
	if iso.shim {
		mode = shim.Reaper
		if iso.nsFlags != 0 {
			mode = shim.NS
			sys.Cloneflags = iso.nsFlags
		}
		join, rw := "-", "-"
		if pidsCg != nil {
			join = filepath.Join(pidsCg.dir, "cgroup.procs")
		}
		if mode == shim.NS && iso.readOnly {
			rw = strings.Join(writableFolders(spec), "\n")
			sys.Cloneflags |= syscall.CLONE_NEWNS
		}
		argv = append([]string{shim.Arg0, mode, join, rw, path}, spec.Argv...)
		files = append(files, statW)
		path = iso.exe
	} else {
		argv = spec.Argv
	}
	if cg != nil {
		sys.UseCgroupFD, sys.CgroupFD = true, cg.fd
	}
	start := time.Now()
	p, err := os.StartProcess(path, argv, &os.ProcAttr{Dir: spec.Dir, Env: spec.Env, Files: files, Sys: sys})
	if err != nil {
		return nil, fmt.Errorf("grader: running %s: %w", spec.Argv[0], err)
	}
	// Only the child holds its ends now.
	stdin.Close()
	outW.Close()
	errW.Close()
	if statW != nil {
		statW.Close()
	}
	root := p.Pid

	var (
		o       outcome
		killMu  sync.Mutex
		reaped  bool               // p has been waited for: its pid may be reused
		seen    = map[int]uint64{} // every process seen in the tree, with its start time
		seenMu  sync.Mutex
		mainEnd atomic.Bool // the submission's main process has exited
	)
	// killTree kills every process of the run. Safe to call from any
	// goroutine, any number of times.
	killTree := func() {
		killMu.Lock()
		defer killMu.Unlock()
		if mode == shim.NS && !reaped {
			// pid 1 of the namespace: the kernel takes every other process
			// with it, faster than the grader could one by one.
			p.Signal(syscall.SIGKILL)
			return
		}
		if cg != nil {
			cg.kill()
		}
		if pidsCg != nil {
			pidsCg.kill()
		}
		if reaped {
			sweepSeen(seen, &seenMu)
			return
		}
		// Kill the descendants first: were the root killed first, its
		// orphans would go to init and out of reach.
		for i := 0; i < 50; i++ {
			t := proctree.Scan()
			ds := t.Descendants(root)
			if mode == "" {
				syscall.Kill(-root, syscall.SIGKILL)
			}
			if len(ds) == 0 {
				break
			}
			for _, pid := range ds {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			time.Sleep(time.Millisecond)
		}
		p.Signal(syscall.SIGKILL)
	}
	kill := func(r killReason) {
		if o.claim(r) {
			killTree()
		}
	}

	stdout := &capture{limit: l.Output, onOverflow: func() { kill(killedOutput) }}
	stderr := &capture{limit: l.Output, onOverflow: func() { kill(killedOutput) }}
	var readers sync.WaitGroup
	readers.Add(2)
	go func() { defer readers.Done(); stdout.readFrom(outR) }()
	go func() { defer readers.Done(); stderr.readFrom(errR) }()

	var cpuAtTimeout atomic.Int64
	timer := time.AfterFunc(l.Time, func() {
		if mainEnd.Load() {
			// The shim had a second to clean up after the main process
			// and has not finished (a submission can stop it in its
			// tracks with SIGSTOP): do it from here.
			killTree()
			return
		}
		// Measured before the kill: processes killed in a PID namespace
		// are reaped by no one whose rusage the grader can read.
		if o.get() == notKilled {
			cpuAtTimeout.Store(int64(treeCPU(root, cg)))
		}
		kill(killedTime)
	})
	defer timer.Stop()
	statusc := make(chan []byte, 1)
	if statR != nil {
		go func() {
			var b bytes.Buffer
			buf := make([]byte, 512)
			for {
				n, err := statR.Read(buf)
				b.Write(buf[:n])
				if b.Len() >= 13 && b.Bytes()[0] == 'X' {
					// The main process is gone: from here on the time
					// limit no longer applies, only the cleanup.
					if !mainEnd.Swap(true) {
						o.claim(killedDone)
						timer.Reset(time.Second)
					}
				}
				if err != nil || b.Len() > 4096 {
					break
				}
			}
			statusc <- b.Bytes()
		}()
	} else {
		statusc <- nil
	}

	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			kill(killedCancel)
		case <-done:
		}
	}()
	var pollers sync.WaitGroup
	pollers.Add(1)
	go func() {
		defer pollers.Done()
		tick := time.NewTicker(pollEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			if cg != nil {
				o.notePeak(cg.number("memory.current"))
				switch {
				case cg.event("memory.events", "oom_kill") > 0:
					kill(killedMemory)
				case cg.event("pids.events", "max") > 0 || len(cg.pids())-1 > l.Procs:
					kill(killedProcs)
				}
				continue
			}
			var t proctree.Table
			var ds []int
			if pidsCg != nil {
				// The cgroup knows the run's processes: reading only those
				// keeps each poll short even when the run has hundreds of
				// processes competing for the CPU.
				pids := pidsCg.pids()
				if pidsCg.event("pids.events", "max") > 0 || len(pids)-1 > l.Procs {
					kill(killedProcs)
					continue
				}
				t = make(proctree.Table)
				var buf [1024]byte
				for _, pid := range pids {
					if pid == root {
						continue
					}
					if p, ok := proctree.ReadStat(pid, buf[:]); ok {
						t[pid] = p
						ds = append(ds, pid)
					}
				}
			} else {
				t = proctree.Scan()
				ds = t.Descendants(root)
			}
			var mem int64
			count := len(ds)
			if mode == "" {
				mem = t[root].RSS
				count++
			}
			if count > l.Procs {
				kill(killedProcs)
				continue
			}
			seenMu.Lock()
			for _, pid := range ds {
				mem += t[pid].RSS
				seen[pid] = t[pid].Start
			}
			seenMu.Unlock()
			o.notePeak(mem)
			if mem > l.Memory {
				kill(killedMemory)
			}
		}
	}()

	st, waitErr := p.Wait()
	dur := time.Since(start)
	killMu.Lock()
	reaped = true
	killMu.Unlock()
	close(done)
	pollers.Wait()
	timer.Stop()
	if pidsCg != nil && pidsCg.event("pids.events", "max") > 0 {
		o.claim(killedProcs)
	}
	if cg != nil {
		if cg.event("memory.events", "oom_kill") > 0 {
			o.claim(killedMemory)
		}
		if cg.event("pids.events", "max") > 0 {
			o.claim(killedProcs)
		}
		if v := cg.number("memory.peak"); v > 0 {
			o.notePeak(v)
		}
	}
	// Whatever the shim did, make sure: everything seen in the tree dies.
	killTree()
	if mode == "" {
		syscall.Kill(-root, syscall.SIGKILL)
	}

	// The pipes reach end of file once every process holding them is dead.
	// A process that escaped all of the above must not hang the grader:
	// close the read ends under the readers after a short grace.
	rdone := make(chan struct{})
	go func() { readers.Wait(); close(rdone) }()
	select {
	case <-rdone:
	case <-time.After(250 * time.Millisecond):
		outR.Close()
		errR.Close()
		<-rdone
	}
	// The shim is dead, so its end of the status pipe is closed and the
	// reader reaches end of file by itself. Closing statR first would race
	// with that reader: on a busy machine it may not have read the "X" yet,
	// and a finished run would be reported as "killed".
	status := <-statusc
	if statR != nil {
		statR.Close()
	}

	res := &RunResult{ExitCode: -1, Duration: dur, CPU: time.Duration(cpuAtTimeout.Load())}
	if st != nil {
		// The supervisor's rusage holds its own time and that of every
		// process it waited for: the submission and its reaped orphans.
		res.CPU = max(res.CPU, st.UserTime()+st.SystemTime())
	}
	res.Stdout, res.StdoutOverflow = stdout.result()
	res.Stderr, res.StderrOverflow = stderr.result()
	o.fill(res)
	reason := o.get()
	ours := reason != notKilled && reason != killedDone

	var ws syscall.WaitStatus
	haveWS := false
	switch {
	case len(status) > 0 && status[0] == 'E':
		return nil, fmt.Errorf("grader: running %s: %s", spec.Argv[0], status[1:])
	case len(status) >= 13 && status[0] == 'X':
		ws = syscall.WaitStatus(binary.LittleEndian.Uint32(status[1:5]))
		haveWS = true
		res.PeakMemory = max(res.PeakMemory, int64(binary.LittleEndian.Uint64(status[5:13])))
	case waitErr != nil:
		return nil, fmt.Errorf("grader: running %s: waiting for it: %w", spec.Argv[0], waitErr)
	case mode == "":
		// Not the rusage's peak: a child forked from the grader carries
		// the grader's own peak in it.
		ws, haveWS = st.Sys().(syscall.WaitStatus)
	case !ours:
		// The shim itself died, and not by our hand (the memory killer of
		// the cgroup, or a submission that killed its parent): report
		// what killed it. A shim that exits without a word is a bug of
		// the grader's, not the student's.
		s, ok := st.Sys().(syscall.WaitStatus)
		if !ok || !s.Signaled() {
			return nil, fmt.Errorf("grader: running %s: the run's supervisor ended without reporting (%v, %d bytes of status)", spec.Argv[0], st, len(status))
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
		return res, fmt.Errorf("grader: running %s: %w", spec.Argv[0], ctx.Err())
	}
	return res, nil
}

// sweepSeen kills the processes seen in a run's tree that still run under
// the same pid and start time: the last resort when the shim is gone.
func sweepSeen(seen map[int]uint64, mu *sync.Mutex) {
	mu.Lock()
	defer mu.Unlock()
	if len(seen) == 0 {
		return
	}
	var buf [1024]byte
	for pid, start := range seen {
		if p, ok := proctree.ReadStat(pid, buf[:]); ok && p.Start == start {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// Protections lists the isolation in force on this machine, for
// `grader check -v`.
func Protections(l Limits) []string {
	l = l.withDefaults()
	iso := machineIsolation()
	how := "the resident memory of the process tree, read every 20ms"
	procs := "counted every 20ms; no kernel bound on forks"
	switch {
	case iso.cgroup != "":
		how = "cgroup v2 memory.max"
		procs = fmt.Sprintf("counted every 20ms; cgroup v2 pids.max %d tasks", maxTasks(l))
	case iso.pidsV1 != "":
		procs = fmt.Sprintf("counted every 20ms; cgroup v1 pids.max %d tasks", maxTasks(l))
	}
	ps := []string{
		"time limit " + l.Time.String() + " per run, then every process of the run is killed",
		"memory limit " + FormatSize(l.Memory) + " per run (" + how + ")",
		fmt.Sprintf("process limit %d per run (%s)", l.Procs, procs),
		"output limit " + FormatSize(l.Output) + " per stream, then the run is killed",
	}
	switch {
	case iso.nsFlags&syscall.CLONE_NEWPID != 0:
		ps = append(ps, "new PID namespace per run: no process outlives its run or can signal the grader")
	case iso.subreaper:
		ps = append(ps, "child subreaper per run: processes that detach (setsid, double fork) are still found and killed")
	default:
		ps = append(ps, "process group per run: a process that leaves its group can outlive the run")
	}
	if iso.nsFlags&syscall.CLONE_NEWNET != 0 {
		ps = append(ps, "new network namespace per run: no network")
	} else {
		ps = append(ps, "network not isolated (needs root for a network namespace)")
	}
	if iso.readOnly {
		ps = append(ps, "filesystem read-only but for the run's working folder, HOME and TMPDIR (new mount namespace per run)")
	} else {
		ps = append(ps, "filesystem not isolated: a run can write wherever the grader's user can")
	}
	return append(ps,
		"environment: only PATH, HOME, LANG, LC_ALL, TMPDIR and the scenario's variables",
		"standard input: the scenario's, or empty",
	)
}
