//go:build linux

package sandbox

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/boardcheck/boardcheck/grader/sandbox/internal/proctree"
)

// A run's time, as contest judges count it (isolate's --time beside its
// --wall-time): the limit is on the processor time of all of its
// processes, which the poller reads every 20 ms and the kernel counts in
// the run's cgroup (cpu.stat, cpuacct.usage), dead processes included;
// where no cgroup counts it, from /proc, each live process's own time and
// its waited-for children's. A wall-clock limit, Limits.Wall, stops a run
// that waits rather than computes, and the time its processes waited for
// a processor tells a run the machine starved from one that slept: the
// run cgroup's pressure stall (cpu.pressure) where there is one, else each
// task's run delay (/proc/PID/task/TID/schedstat), read as the run goes.

// wallLeft is how much longer the run may take by the wall clock: its
// wall-clock limit counts only the time it was not waiting for a
// processor (a run the machine starves goes on until it has used its CPU
// time, or waited of its own accord as long as the limit allows), up to
// wallCap, past which the machine is too busy to judge it at all.
func (r *run) wallLeft() time.Duration {
	elapsed := time.Since(r.startTime)
	wall := r.limits.Wall()
	hard := wallCap * wall
	if elapsed >= hard {
		return 0
	}
	if elapsed < wall {
		return wall - elapsed
	}
	if _, ok := r.cg.cpuWait(); !ok {
		r.meter.sample(r.liveProcs())
	}
	return min(wall-(elapsed-r.cpuWaitSoFar()), hard-elapsed)
}

// wallCap is how many times its wall-clock limit a run the machine
// starves may go on, waiting for a processor, before it is stopped as
// starved: the caller's to run again, or to call the machine too busy.
const wallCap = 3

// cpuSoFar is the processor time the run's processes used so far: the
// cgroup's count where it keeps one, else the sum over t, the process
// table, of the supervisor (whose own count holds every process it
// reaped) and the processes below it, ds.
func (r *run) cpuSoFar(t proctree.Table, ds []int) time.Duration {
	if r.cg.countsCPU() {
		return r.cg.cpu()
	}
	if t == nil {
		t = proctree.Scan()
		ds = t.Descendants(r.proc.Pid)
	}
	root, ok := t[r.proc.Pid]
	if !ok {
		// A table of the cgroup's processes leaves the supervisor out.
		var buf [1024]byte
		root, _ = proctree.ReadStat(r.proc.Pid, buf[:])
	}
	cpu := root.CPU
	for _, pid := range ds {
		cpu += t[pid].CPU
	}
	return cpu
}

// overCPU kills the run if it has used its CPU time, and reports whether
// it did.
func (r *run) overCPU(cpu time.Duration) bool {
	if cpu < r.limits.Time {
		return false
	}
	if r.o.get() == notKilled {
		r.cpuAtTimeout.Store(int64(cpu))
		r.noteWait()
	}
	r.kill(killedTime)
	return true
}

// cpuWaitSoFar is how long the run's processes waited for a processor so
// far: the cgroup's pressure stall, else what the meter has summed.
func (r *run) cpuWaitSoFar() time.Duration {
	if d, ok := r.cg.cpuWait(); ok {
		return d
	}
	return r.meter.total()
}

// noteWait keeps the run's wait so far, read before its processes are
// killed: a dead task's run delay is gone with it.
func (r *run) noteWait() {
	if _, ok := r.cg.cpuWait(); !ok {
		r.meter.sample(r.liveProcs())
	}
	r.waitAtTimeout.Store(int64(r.cpuWaitSoFar()))
}

// liveProcs lists the run's processes: from its cgroup, else from /proc.
func (r *run) liveProcs() []int {
	if r.cg.hasProcs() {
		return r.cg.procs()
	}
	return append(proctree.Scan().Descendants(r.proc.Pid), r.proc.Pid)
}

// waitMeter sums the run delays of a run's tasks, where no cgroup's
// pressure stall counts them: each task's latest figure, kept once it is
// gone (what it waited between the last sample and its end is lost).
type waitMeter struct {
	mu    sync.Mutex
	delay map[int]time.Duration // by task id
}

// waitSampleEvery is how many polls go between two samples: reading every
// task's schedstat costs a file a task, more than a poll's other work.
const waitSampleEvery = 5

// sample reads the run delay of every thread of pids.
func (m *waitMeter) sample(pids []int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.delay == nil {
		m.delay = map[int]time.Duration{}
	}
	var buf [128]byte
	for _, pid := range pids {
		dir := "/proc/" + strconv.Itoa(pid) + "/task"
		f, err := os.Open(dir)
		if err != nil {
			continue
		}
		tids, _ := f.Readdirnames(-1)
		f.Close()
		for _, tid := range tids {
			id, err := strconv.Atoi(tid)
			if err != nil {
				continue
			}
			if d, ok := readRunDelay(dir+"/"+tid+"/schedstat", buf[:]); ok {
				m.delay[id] = max(m.delay[id], d)
			}
		}
	}
}

func (m *waitMeter) total() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	var sum time.Duration
	for _, d := range m.delay {
		sum += d
	}
	return sum
}

// readRunDelay reads the second figure of a schedstat file, "time on the
// processor, time waiting on a run queue, time slices", in nanoseconds.
func readRunDelay(file string, buf []byte) (time.Duration, bool) {
	f, err := os.Open(file)
	if err != nil {
		return 0, false
	}
	n, _ := f.Read(buf)
	f.Close()
	fields := strings.Fields(string(buf[:n]))
	if len(fields) < 2 {
		return 0, false
	}
	v, err := strconv.ParseInt(fields[1], 10, 64)
	return time.Duration(v), err == nil
}

// canMeasureWait says whether this kernel shows a task's run delay.
func canMeasureWait() bool { return fileExists("/proc/self/schedstat") }
