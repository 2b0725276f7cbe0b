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
// a processor that the machine's other work held tells a run the machine
// starved from one that slept: the run cgroup's full pressure stall
// (cpu.pressure) where there is one, else an estimate from each task's run
// delay (/proc/PID/task/TID/schedstat), read as the run goes (below).

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
	if r.metersWait() {
		r.sampleWaitNow()
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

// A run's wait for a processor is what the machine's other work took
// from it, never what its own tasks took from each other. Its sum over
// the run's tasks of each one's run delay (schedstat's second figure, the
// time a task was ready to run but queued) counts both: 56 threads woken
// together every 2 ms queue behind each other on 2 processors, and their
// delays added up to 48.5 s in 7 s of an idle machine's time, which made a
// thread storm "starved" and its time-out a grader error. The kernel's own
// measure of the difference is a cgroup's pressure stall: its "some" line
// is the time during which at least one of the cgroup's tasks waited,
// behind a sibling or not; its "full" line (kernels from 5.13) the time
// during which, on a processor, the cgroup had tasks ready to run and none
// of them running: the processor was another's, or idle (the PSI model,
// Documentation/accounting/psi.rst). Full is used where the run has a
// cgroup and the kernel shows it.
//
// Elsewhere (an ordinary user without a cgroup, or a kernel that shows
// some alone) the meter estimates it from the same figures, by what can be
// known of each interval between two samples (about 100 ms):
//
//   - a task can have waited behind its siblings only while they ran: of
//     its run delay, at most the CPU time the run's other tasks used
//     meanwhile was theirs, and the rest is counted;
//   - a run cannot have waited for others longer than the interval, nor
//     longer than others used a processor meanwhile: the machine's busy
//     time (/proc/stat, every processor, steal included) less the run's
//     own CPU time, its dead processes' too;
//   - and, over the whole run, no longer than the machine's other work
//     used a processor in all, which evens out the ticks /proc/stat and
//     a process's times are counted in.
//
// One task waiting behind CPU hogs is counted in full: it has no sibling,
// and the hogs used a processor all along. A storm of threads on an idle
// machine is counted next to nothing: others used almost nothing (the
// grader's own polling). Under a load of others the meter cannot tell,
// from totals, a thread that queued behind a sibling from one that queued
// behind a hog: a storm that lasts the whole run on a machine that others
// keep busy can still be judged starved, and run again alone, where a
// cgroup's full line would not count its wait. That takes the machine's
// load, never the run alone: on an idle machine the storm times out as
// its own.

// cpuWaitSoFar is how long the run's processes waited for a processor
// that the machine's other work held, so far: the run cgroup's full
// pressure stall, else the meter's estimate (above).
func (r *run) cpuWaitSoFar() time.Duration {
	if !r.metersWait() {
		some, full, _, _ := r.cg.cpuPressure()
		if LayerOff(LayerWaitBound) {
			return some
		}
		return full
	}
	if LayerOff(LayerWaitBound) {
		return r.meter.summed()
	}
	return r.meter.total()
}

// metersWait says whether the run's wait is the meter's to estimate: no
// cgroup of the run shows a full pressure stall for the processor.
func (r *run) metersWait() bool {
	_, _, hasFull, ok := r.cg.cpuPressure()
	return !ok || !hasFull
}

// sampleWait feeds the meter one sample: the run's CPU time so far, cpu,
// and the run delays of the tasks of pids (nil: the run's live processes),
// or where the run's cgroup has a pressure stall without its full line,
// its some line as the one task of the run.
func (r *run) sampleWait(cpu time.Duration, pids []int) {
	s := waitSample{at: time.Now(), cpu: cpu}
	s.busy, s.busyOK = machineBusy()
	if some, _, _, ok := r.cg.cpuPressure(); ok {
		s.tasks = map[int]taskTimes{0: {cpu: cpu, delay: some}}
	} else {
		if pids == nil {
			pids = r.liveProcs()
		}
		s.tasks = readTaskTimes(pids)
	}
	r.meter.add(s)
}

// sampleWaitNow feeds the meter a sample, reading the run's processes.
func (r *run) sampleWaitNow() {
	if r.cg.hasProcs() || r.cg.countsCPU() {
		r.sampleWait(r.cpuSoFar(nil, nil), nil)
		return
	}
	t := proctree.Scan()
	ds := t.Descendants(r.proc.Pid)
	r.sampleWait(r.cpuSoFar(t, ds), append(ds, r.proc.Pid))
}

// noteWait keeps the run's wait so far, read before its processes are
// killed: a dead task's run delay is gone with it.
func (r *run) noteWait() {
	if r.metersWait() {
		r.sampleWaitNow()
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

// waitMeter estimates how long a run waited for a processor that the
// machine's other work held, from samples of its tasks' run delays (see
// above), where no cgroup's full pressure stall measures it. A task's
// wait between its last sample and its end is lost.
type waitMeter struct {
	mu     sync.Mutex
	first  waitSample // at the run's start: the machine's busy time then
	prev   waitSample
	est    time.Duration // the sum of each interval's estimate
	rawSum time.Duration // every task's run delay, summed (LayerWaitBound off)
}

// waitSample is one reading of what the meter estimates from.
type waitSample struct {
	at     time.Time
	tasks  map[int]taskTimes // by task id, each since the task started
	cpu    time.Duration     // the run's CPU time so far, its dead processes' too
	busy   time.Duration     // the machine's processors' time on any work since boot, all of them
	busyOK bool              // busy could be read
}

// taskTimes is a task's time on a processor and its time waiting for
// one, the first two figures of its schedstat.
type taskTimes struct{ cpu, delay time.Duration }

// waitSampleEvery is how many polls go between two samples: reading every
// task's schedstat costs a file a task, more than a poll's other work.
const waitSampleEvery = 5

// begin starts the meter at the run's start, at.
func (m *waitMeter) begin(at time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.first = waitSample{at: at}
	m.first.busy, m.first.busyOK = machineBusy()
	m.prev = m.first
}

// add adds what the interval since the last sample waited, as estimated.
func (m *waitMeter) add(s waitSample) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.prev.at.IsZero() {
		// Not begun (a test, or a start that failed): the first sample
		// is where the meter begins.
		m.first, m.prev = s, s
		return
	}
	if !s.at.After(m.prev.at) {
		return
	}
	est, summed := othersWait(m.prev, s)
	m.est += est
	m.rawSum += summed
	m.prev = s
}

// total is the wait so far, each interval's estimate added up, no more
// than the machine's other work used of its processors since the run
// began.
func (m *waitMeter) total() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.first.busyOK && m.prev.busyOK {
		others := (m.prev.busy - m.first.busy) - (m.prev.cpu - m.first.cpu)
		return max(0, min(m.est, others))
	}
	return m.est
}

// summed is every task's run delay added up, its siblings' queueing
// included: what the wait was taken to be before the estimate, for the
// escape suite's proof with LayerWaitBound off.
func (m *waitMeter) summed() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.rawSum
}

// othersWait estimates how long the run waited, between prev and s, for
// a processor that another's work held (see above), and sums its tasks'
// run delays as they are. A task that prev does not have, or whose times
// went down (its id taken by a new task), started in the interval.
func othersWait(prev, s waitSample) (est, summed time.Duration) {
	var ran time.Duration
	deltas := make([]taskTimes, 0, len(s.tasks))
	for id, t := range s.tasks {
		p := prev.tasks[id]
		if t.cpu < p.cpu || t.delay < p.delay {
			p = taskTimes{}
		}
		d := taskTimes{cpu: t.cpu - p.cpu, delay: t.delay - p.delay}
		deltas = append(deltas, d)
		ran += d.cpu
		summed += d.delay
	}
	for _, d := range deltas {
		siblings := ran - d.cpu
		est += max(0, d.delay-siblings)
	}
	est = min(est, s.at.Sub(prev.at))
	if prev.busyOK && s.busyOK {
		others := (s.busy - prev.busy) - max(0, s.cpu-prev.cpu)
		est = min(est, max(0, others))
	}
	return est, summed
}

// readTaskTimes reads the schedstat of every thread of pids.
func readTaskTimes(pids []int) map[int]taskTimes {
	out := map[int]taskTimes{}
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
			if t, ok := readSchedstat(dir+"/"+tid+"/schedstat", buf[:]); ok {
				out[id] = t
			}
		}
	}
	return out
}

// readSchedstat reads a schedstat file, "time on the processor, time
// waiting on a run queue, time slices", in nanoseconds.
func readSchedstat(file string, buf []byte) (taskTimes, bool) {
	f, err := os.Open(file)
	if err != nil {
		return taskTimes{}, false
	}
	n, _ := f.Read(buf)
	f.Close()
	fields := strings.Fields(string(buf[:n]))
	if len(fields) < 2 {
		return taskTimes{}, false
	}
	c, err1 := strconv.ParseInt(fields[0], 10, 64)
	w, err2 := strconv.ParseInt(fields[1], 10, 64)
	return taskTimes{cpu: time.Duration(c), delay: time.Duration(w)}, err1 == nil && err2 == nil
}

// machineBusy reads, from /proc/stat's first line, how long the machine's
// processors have all together spent on any work since boot: user, nice,
// system, interrupts and steal (a hypervisor's other guests), in USER_HZ
// ticks; idle and iowait are not work. Guest time is already in user.
func machineBusy() (time.Duration, bool) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return 0, false
	}
	var buf [512]byte
	n, _ := f.Read(buf[:])
	f.Close()
	line, _, _ := strings.Cut(string(buf[:n]), "\n")
	fields := strings.Fields(line)
	if len(fields) < 9 || fields[0] != "cpu" {
		return 0, false
	}
	var ticks int64
	for _, i := range []int{1, 2, 3, 6, 7, 8} { // user nice system irq softirq steal
		v, err := strconv.ParseInt(fields[i], 10, 64)
		if err != nil {
			return 0, false
		}
		ticks += v
	}
	return time.Duration(ticks) * time.Second / clockTicks, true
}

// clockTicks is USER_HZ, the unit of /proc/stat's times: 100 on every
// Linux architecture Go supports.
const clockTicks = 100

// canMeasureWait says whether this kernel shows a task's run delay.
func canMeasureWait() bool { return fileExists("/proc/self/schedstat") }
