//go:build linux

package sandbox

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// meterRun feeds a waitMeter n intervals of dt, each of which adds to
// every task of tasks its figures (time on a processor, time queued), to
// the run's CPU time theirs, and to the machine's busy time the run's and
// others' more, as a run's samples would; it returns the meter.
func meterRun(n int, dt time.Duration, tasks []taskTimes, others time.Duration) *waitMeter {
	m := &waitMeter{}
	start := time.Unix(1000, 0)
	s := waitSample{at: start, busy: time.Hour, busyOK: true, tasks: map[int]taskTimes{}}
	m.add(s)
	for range n {
		next := waitSample{at: s.at.Add(dt), cpu: s.cpu, busy: s.busy + others, busyOK: true, tasks: map[int]taskTimes{}}
		for id, d := range tasks {
			t := s.tasks[id]
			next.tasks[id] = taskTimes{cpu: t.cpu + d.cpu, delay: t.delay + d.delay}
			next.cpu += d.cpu
			next.busy += d.cpu
		}
		m.add(next)
		s = next
	}
	return m
}

// TestWaitMeter: a run's wait for a processor is what the machine's other
// work took from it. The first two cases are issue 29's F5 in figures:
// a storm of 56 threads woken together every 2 ms on an idle machine of 2
// processors, whose run delays added up to 48.5 s in 7 s (each thread 12
// ms queued in every 100 ms, behind its siblings), was judged starved,
// and its time-out a grader error; one thread beside CPU hogs, which wait
// almost all of the time for the processors they hold, is starved. Each
// case says how a run stopped at its wall-clock limit of 7 s is judged.
func TestWaitMeter(t *testing.T) {
	const dt, n = 100 * time.Millisecond, 70 // 7 s
	storm := make([]taskTimes, 56)
	for i := range storm {
		storm[i] = taskTimes{cpu: 400 * time.Microsecond, delay: 12400 * time.Microsecond}
	}
	// The same storm in bursts, as measured on a loaded machine: each
	// thread queued 35 ms in 100 ms, more than all of its siblings ran.
	bursts := make([]taskTimes, 56)
	for i := range bursts {
		bursts[i] = taskTimes{cpu: 300 * time.Microsecond, delay: 35 * time.Millisecond}
	}
	for _, tt := range []struct {
		name    string
		tasks   []taskTimes
		others  time.Duration // what the machine's other work used of its processors in each interval
		want    time.Duration // the wait, about
		starved bool
	}{
		// Idle but for the grader's own polling: 3 ms of a processor in
		// 100 ms. Its threads queued behind each other.
		{"a storm of 56 threads on an idle machine", storm, 3 * time.Millisecond, 0, false},
		{"the storm in bursts on an idle machine", bursts, 3 * time.Millisecond, 210 * time.Millisecond, false},
		// Two hogs on two processors, less what the thread got.
		{"one thread beside hogs", []taskTimes{{cpu: 22 * time.Millisecond, delay: 78 * time.Millisecond}}, 178 * time.Millisecond, 5460 * time.Millisecond, true},
		// Two threads each queued 80 ms, behind hogs: 20 ms of it, at most,
		// behind the other thread.
		{"two threads beside hogs", []taskTimes{{cpu: 20 * time.Millisecond, delay: 80 * time.Millisecond}, {cpu: 20 * time.Millisecond, delay: 80 * time.Millisecond}}, 160 * time.Millisecond, 7 * time.Second, true},
		// A sleeper: nothing queued, whatever the others do.
		{"a sleeper beside hogs", []taskTimes{{}}, 200 * time.Millisecond, 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := meterRun(n, dt, tt.tasks, tt.others)
			got := m.total()
			if d := got - tt.want; d < -time.Millisecond || d > time.Millisecond {
				t.Errorf("wait %v; want %v (every task's run delay summed: %v)", got, tt.want, m.summed())
			}
			var cpu time.Duration
			for _, d := range tt.tasks {
				cpu += d.cpu * n
			}
			res := Result{TimedOut: true, WallTimedOut: true, Duration: n * dt, CPU: cpu, CPUWait: got}
			if res.Starved() != tt.starved {
				t.Errorf("%+v: starved %v; want %v", res, res.Starved(), tt.starved)
			}
		})
	}
	// What it was before: the storm's summed run delays made it starved.
	m := meterRun(n, dt, storm, 3*time.Millisecond)
	if res := (Result{TimedOut: true, WallTimedOut: true, Duration: n * dt, CPU: 56 * n * 400 * time.Microsecond, CPUWait: m.summed()}); !res.Starved() {
		t.Errorf("the storm's run delays summed, %v, do not make it starved: the cases above show nothing", m.summed())
	}
}

// TestWaitMeterBounds: the interval bounds the wait, and so does the
// machine's other work over the whole run, which evens out /proc/stat's
// ticks; a task that ends or whose id is taken again is counted from its
// start; and without /proc/stat the interval alone bounds it.
func TestWaitMeterBounds(t *testing.T) {
	at := time.Unix(1000, 0)
	sample := func(ms int, cpu, busy time.Duration, tasks map[int]taskTimes) waitSample {
		return waitSample{at: at.Add(time.Duration(ms) * time.Millisecond), cpu: cpu, busy: busy, busyOK: busy >= 0, tasks: tasks}
	}
	ms := time.Millisecond
	t.Run("ticks even out", func(t *testing.T) {
		// One thread ran 50 ms and queued 50 ms in each of two
		// intervals, and others used 20 ms in all: /proc/stat counted
		// 40 ms of the machine's busy time in the first, and 20 ms of
		// the run's own a tick late, in the second. Each interval's
		// bound adds up to 40 ms; what others used in all, 20 ms.
		m := &waitMeter{}
		m.add(sample(0, 0, time.Hour, map[int]taskTimes{1: {}}))
		m.add(sample(100, 50*ms, time.Hour+90*ms, map[int]taskTimes{1: {cpu: 50 * ms, delay: 50 * ms}}))
		m.add(sample(200, 100*ms, time.Hour+120*ms, map[int]taskTimes{1: {cpu: 100 * ms, delay: 100 * ms}}))
		if got := m.total(); got != 20*ms {
			t.Errorf("wait %v; want 20ms, what others used in all", got)
		}
	})
	t.Run("a task replaced", func(t *testing.T) {
		// Task 2 ends, and its id is taken by a new task that queued 40
		// ms of its 10 ms life; task 3 starts.
		m := &waitMeter{}
		m.add(sample(0, 0, time.Hour, map[int]taskTimes{1: {}, 2: {cpu: 50 * ms, delay: 200 * ms}}))
		m.add(sample(100, 20*ms, time.Hour+time.Second, map[int]taskTimes{1: {}, 2: {cpu: 10 * ms, delay: 40 * ms}, 3: {cpu: 10 * ms, delay: 30 * ms}}))
		if got := m.total(); got != 50*ms {
			t.Errorf("wait %v; want 50ms: each task's own queueing less the other's 10 ms", got)
		}
	})
	t.Run("no /proc/stat", func(t *testing.T) {
		m := &waitMeter{}
		m.add(sample(0, 0, -1, map[int]taskTimes{1: {}, 2: {}}))
		m.add(sample(100, 0, -1, map[int]taskTimes{1: {delay: 90 * ms}, 2: {delay: 90 * ms}}))
		if got := m.total(); got != 100*ms {
			t.Errorf("wait %v; want 100ms, the interval", got)
		}
	})
}

// TestReadPressure: both lines of a pressure stall file; a kernel before
// 5.13 has no full line for the processor.
func TestReadPressure(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		text       string
		some, full time.Duration
		hasFull    bool
	}{
		{"some avg10=4.48 avg60=0.89 avg300=0.19 total=568858\nfull avg10=1.43 avg60=0.28 avg300=0.06 total=213452\n", 568858 * time.Microsecond, 213452 * time.Microsecond, true},
		{"some avg10=0.00 avg60=0.00 avg300=0.00 total=999369\n", 999369 * time.Microsecond, 0, false},
	} {
		f := filepath.Join(dir, "cpu.pressure")
		if err := os.WriteFile(f, []byte(tt.text), 0o644); err != nil {
			t.Fatal(err)
		}
		some, full, hasFull := readPressure(f)
		if some != tt.some || full != tt.full || hasFull != tt.hasFull {
			t.Errorf("readPressure(%q) = %v, %v, %v; want %v, %v, %v", tt.text, some, full, hasFull, tt.some, tt.full, tt.hasFull)
		}
	}
}
