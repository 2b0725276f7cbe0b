//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox/internal/proctree"
)

// Limits the kernel enforces: a cgroup per run, so that every page the run
// makes its own counts (a memfd's, a tmpfs file's, the page tables of a
// thousand processes) and forks stop at a bound however fast they come;
// the processor time of all its processes, the dead ones too, is counted
// (the time limit is on it, as isolate's --time is); the time its
// processes waited for a processor that others held is measured (the run
// cgroup's pressure stall, PSI, its full line), so that a run the machine
// starved is told from one that slept; and every run weighs the same to the scheduler (cpu.weight,
// cpu.shares), however many processes, sessions or threads it starts.
// cgroup v2 gives all of it in one folder; on a machine with the v1
// hierarchies (as this project's CI VM has) memory, pids, cpu and cpuacct
// are separate folders, and a cgroup2 mount beside them without
// controllers (systemd's hybrid layout) still gives each run its CPU time
// and pressure stall. This machine has v1, so the v2 path is tested in a
// VM that has v2 alone: .ci/cgroupv2.

// cgroupDirs are the hierarchies this machine lets the grader use, found
// once.
type cgroupDirs struct {
	v2             string // a cgroup v2 folder with memory and pids, or ""
	v2CPU          bool   // v2 hands the cpu controller down: runs get cpu.weight
	memV1, pidsV1  string // v1 folders under which a run gets its own, or ""
	cpuV1          string // likewise, for cpu.shares
	cpuacctV1      string // likewise, for cpuacct.usage (the same folder as cpuV1 where they are mounted together)
	psi            string // without v2: a cgroup2 folder without controllers, for each run's CPU time and pressure stall
	memV1HasMemsw  bool
	unavailableWhy report.Message // why memory is not counted by a cgroup, for Protections
	cpuShareOff    bool           // LayerCPUShare is off: runs get no cpu cgroup of their own
}

// parents are the folders under which runs get cgroups, each once.
func (d cgroupDirs) parents() []string {
	var out []string
	for _, dir := range []string{d.v2, d.memV1, d.pidsV1, d.cpuV1, d.cpuacctV1, d.psi} {
		if dir != "" && !slices.Contains(out, dir) {
			out = append(out, dir)
		}
	}
	return out
}

// runCPUWeight is what every run's cgroup weighs to the scheduler, in
// multiples of the kernel's default (cpu.weight 100 on cgroup v2,
// cpu.shares 1024 on v1): the same for every run, so that runs share the
// processor equally whatever each starts. A run's processes, sessions
// (setsid: an autogroup each, outside a cgroup) and threads share its
// weight, and nice only moves them within it. Against the machine's other
// work it weighs as much as four busy sessions (or four slices, beside
// system.slice at a cgroup v2 root): its limit is on CPU time, so a busy
// machine only slows a run down (the time it waits for a processor is not
// counted against its wall-clock limit either), but a run slowed too much
// is stopped as starved, and four hogs a core still leave it half a
// processor. Not more: the grader itself, whose processes weigh one, must
// still get a processor to read, judge and stop its runs, and at 16 it
// lost the end of a run's output, read too late.
const runCPUWeight = 4

func findCgroups() cgroupDirs {
	var d cgroupDirs
	if d.v2 = findCgroupV2(); d.v2 != "" {
		if LayerOff(LayerCPUShare) {
			d.cpuShareOff = true
		} else {
			d.v2CPU = enableCPU(d.v2)
		}
		removeStale(d.v2)
		return d
	}
	d.memV1 = findV1("memory", func(probe string) bool {
		return os.WriteFile(filepath.Join(probe, "memory.limit_in_bytes"), []byte("67108864"), 0) == nil
	})
	d.pidsV1 = findV1("pids", func(probe string) bool {
		return os.WriteFile(filepath.Join(probe, "pids.max"), []byte("10"), 0) == nil
	})
	if d.memV1 != "" {
		_, err := os.Stat(filepath.Join(d.memV1, "memory.memsw.limit_in_bytes"))
		d.memV1HasMemsw = err == nil
	} else {
		d.unavailableWhy = say("sandbox.missing.no_memory_cgroup", code("cgroup", "cgroup"), code("memory", "memory"))
		if os.Geteuid() != 0 {
			d.unavailableWhy = say("sandbox.missing.no_memory_cgroup_user", code("cgroup", "cgroup"), code("memory", "memory"),
				code("v2", "cgroup v2"), code("command", "systemd-run --user --scope -p Delegate=yes grader ..."))
		}
	}
	d.cpuV1 = findV1("cpu", func(probe string) bool {
		return os.WriteFile(filepath.Join(probe, "cpu.shares"), []byte("1024"), 0) == nil
	})
	d.cpuacctV1 = findV1("cpuacct", func(probe string) bool {
		return fileExists(filepath.Join(probe, "cpuacct.usage"))
	})
	d.psi = findPSI()
	if LayerOff(LayerCPUShare) {
		d = d.withoutCPUShare()
	}
	for _, dir := range d.parents() {
		removeStale(dir)
	}
	return d
}

// withoutCPUShare is d with no cpu cgroup per run, for the escape suite's
// proof that the equal share is what keeps a classmate's fork storm of
// sessions from taking a run's processor. A v1 run stays in the grader's
// own cpu cgroup, and so in no cpuacct cgroup where that hierarchy is the
// cpu one too (a cgroup there is weighed like any other): its CPU time is
// then read from its cgroup2 folder or from /proc. (On v2, findCgroups
// does not hand the cpu controller down; where it already was, a run's
// cgroup is still weighed as one, and the layer cannot be turned off.)
func (d cgroupDirs) withoutCPUShare() cgroupDirs {
	if d.cpuacctV1 == d.cpuV1 {
		d.cpuacctV1 = ""
	}
	d.cpuV1, d.cpuShareOff = "", true
	return d
}

// enableCPU hands the cpu controller of dir, a v2 folder that already
// hands down memory and pids (so holds no process, or is a mount's root),
// down to its children where the kernel has it, and reports whether it
// does. Without it runs are timed all the same (cpu.stat and cpu.pressure
// are every v2 cgroup's), but not weighed equally.
func enableCPU(dir string) bool {
	sub, _ := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
	if hasWords(string(sub), "cpu") {
		return true
	}
	ctl, _ := os.ReadFile(filepath.Join(dir, "cgroup.controllers"))
	return hasWords(string(ctl), "cpu") &&
		os.WriteFile(filepath.Join(dir, "cgroup.subtree_control"), []byte("+cpu"), 0) == nil
}

// findPSI looks, beside the v1 hierarchies, for a cgroup2 mount in which
// the grader may make a cgroup per run: systemd's hybrid layout mounts one
// without controllers at /sys/fs/cgroup/unified, and every cgroup of it
// still counts its processes' CPU time (cpu.stat) and the time they waited
// for a processor (cpu.pressure), the dead ones' too. Under the grader's
// own cgroup there first, as findV1 does.
func findPSI() string {
	for _, f := range mounts() {
		if f[2] != "cgroup2" {
			continue
		}
		for _, dir := range []string{filepath.Join(f[1], ownCgroupV2()), f[1]} {
			probe := filepath.Join(dir, fmt.Sprintf("boardcheck-%d-probe", os.Getpid()))
			if os.Mkdir(probe, 0o755) != nil {
				continue
			}
			ok := fileExists(filepath.Join(probe, "cpu.pressure")) && fileExists(filepath.Join(probe, "cpu.stat"))
			os.Remove(probe)
			if ok {
				return dir
			}
		}
	}
	return ""
}

// findCgroupV2 looks for a cgroup v2 folder where the grader may make one
// child cgroup per run with the memory and pids controllers: the root of a
// cgroup2 mount (the grader as root, on a machine or in a container), else
// the grader's own cgroup where it is delegated to the grader's user
// (systemd-run --user --scope -p Delegate=yes). A cgroup that holds
// processes cannot hand controllers to children: enableControllers moves
// them out of the way first, all of a mount root's (a container's), only
// the grader's own of its cgroup.
func findCgroupV2() string {
	for _, f := range mounts() {
		if f[2] != "cgroup2" {
			continue
		}
		if usableV2(f[1], func(int) bool { return true }) {
			return f[1]
		}
		own := filepath.Join(f[1], ownCgroupV2())
		// The grader's processes: itself, and the supervisors it may have
		// started meanwhile.
		graders := sync.OnceValue(func() []int { return proctree.Scan().Descendants(os.Getpid()) })
		isGraders := func(pid int) bool { return pid == os.Getpid() || slices.Contains(graders(), pid) }
		if own != f[1] && usableV2(own, isGraders) {
			return own
		}
	}
	return ""
}

// usableV2 says whether the grader may make run cgroups in dir, with the
// memory and pids controllers and cgroup.kill, moving the processes in dir
// that movable allows where they are in the way.
func usableV2(dir string, movable func(pid int) bool) bool {
	ctl, err := os.ReadFile(filepath.Join(dir, "cgroup.controllers"))
	if err != nil || !hasWords(string(ctl), "memory", "pids") {
		return false
	}
	sub, _ := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
	if !hasWords(string(sub), "memory", "pids") && enableControllers(dir, movable) != nil {
		return false
	}
	probe := filepath.Join(dir, fmt.Sprintf("boardcheck-%d-probe", os.Getpid()))
	if os.Mkdir(probe, 0o755) != nil {
		return false
	}
	defer os.Remove(probe)
	return fileExists(filepath.Join(probe, "memory.max")) && fileExists(filepath.Join(probe, "pids.max")) &&
		fileExists(filepath.Join(probe, "cgroup.kill"))
}

// ownCgroupV2 is the grader's cgroup v2 path, "/" if none.
func ownCgroupV2() string {
	data, _ := os.ReadFile("/proc/self/cgroup")
	for _, line := range strings.Split(string(data), "\n") {
		if path, ok := strings.CutPrefix(line, "0::"); ok {
			return path
		}
	}
	return "/"
}

// leafCgroup is the cgroup, under a cgroup2 mount's root, that the root's
// own processes are moved into so that the root may hand its controllers
// down. Its name is not a run cgroup's ("boardcheck-"), so removeStale
// leaves it.
const leafCgroup = "boardcheck.grader"

// enableControllers hands the memory and pids controllers of dir down to
// its children. The kernel refuses (EBUSY) in a cgroup that holds
// processes, unless it is the machine's root cgroup: in a privileged
// container on a cgroup v2 host (Docker's and containerd's default: a
// cgroup namespace of its own, as the Kubernetes Job in docs/ runs the
// grader) the mount's root is the container's cgroup and holds the
// container's processes, grader among them; a delegated cgroup holds the
// grader. Those are moved into a leaf of their own first, as
// docker-in-docker's entrypoint does, if movable allows every one: a
// delegated cgroup that also holds the shell that started the grader is
// left as it is.
func enableControllers(dir string, movable func(pid int) bool) error {
	enable := func() error {
		return os.WriteFile(filepath.Join(dir, "cgroup.subtree_control"), []byte("+memory +pids"), 0)
	}
	err := enable()
	if !errors.Is(err, syscall.EBUSY) {
		return err
	}
	if slices.ContainsFunc(readPids(filepath.Join(dir, "cgroup.procs")), func(pid int) bool { return !movable(pid) }) {
		return err
	}
	leaf := filepath.Join(dir, leafCgroup)
	if err := os.Mkdir(leaf, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	// A process that forks meanwhile leaves its child where it was: move
	// again until none is left.
	for range 10 {
		for _, pid := range readPids(filepath.Join(dir, "cgroup.procs")) {
			// One that has exited meanwhile is gone from the list too.
			_ = os.WriteFile(filepath.Join(leaf, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0)
		}
		if err = enable(); !errors.Is(err, syscall.EBUSY) {
			return err
		}
	}
	return err
}

// findV1 looks for a cgroup v1 hierarchy of the controller in which the
// grader may make a cgroup per run: under the grader's own cgroup there
// first (so that a limit set on the grader holds for its runs too), else at
// the hierarchy's root.
func findV1(controller string, works func(probe string) bool) string {
	for _, f := range mounts() {
		if f[2] != "cgroup" || !hasWords(strings.ReplaceAll(f[3], ",", " "), controller) {
			continue
		}
		for _, dir := range []string{filepath.Join(f[1], ownCgroup(controller)), f[1]} {
			probe := filepath.Join(dir, fmt.Sprintf("boardcheck-%d-probe", os.Getpid()))
			if os.Mkdir(probe, 0o755) != nil {
				continue
			}
			ok := works(probe)
			os.Remove(probe)
			if ok {
				return dir
			}
		}
	}
	return ""
}

// ownCgroup is the grader's cgroup path in the v1 hierarchy of controller.
func ownCgroup(controller string) string {
	data, _ := os.ReadFile("/proc/self/cgroup")
	for _, line := range strings.Split(string(data), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) == 3 && hasWords(strings.ReplaceAll(parts[1], ",", " "), controller) {
			return parts[2]
		}
	}
	return "/"
}

// mounts returns the fields of /proc/self/mounts, at least four a line.
func mounts() [][]string {
	data, _ := os.ReadFile("/proc/self/mounts")
	var out [][]string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 4 {
			out = append(out, f)
		}
	}
	return out
}

// removeStale removes the run cgroups of graders that died without cleaning
// up (killed, or the machine lost power mid-run). rmdir only succeeds on an
// empty cgroup, so a run under way is never disturbed; staleAge keeps it
// from taking one that is empty because its run has not joined it yet.
func removeStale(parent string) {
	removeStaleAt(parent, time.Now())
}

// staleAge is how long a run cgroup whose grader cannot be seen must have
// existed before it counts as left behind. A grader this one cannot see may
// be alive in another PID namespace that shares the cgroup tree (containers
// on one host, a grader under unshare --pid), and each of its run cgroups
// is empty for a moment, between being made and being joined: removing it
// then failed that grader's run ("joining the run's cgroup: ... no such
// file or directory"). No live grader's cgroup stays empty for minutes.
const staleAge = 10 * time.Minute

func removeStaleAt(parent string, now time.Time) {
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
		if _, err := os.Stat("/proc/" + pid); !errors.Is(err, os.ErrNotExist) {
			continue
		}
		if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) >= staleAge {
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

// cgroups are one run's cgroups: a v2 folder, or v1 memory, pids, cpu and
// cpuacct folders and a v2 one for its pressure stall, each "" when not
// had.
type cgroups struct {
	v2               string
	fd               int // the v2 folder, for CLONE_INTO_CGROUP; -1 if none
	memV1, pidsV1    string
	cpuV1, cpuacctV1 string
	psi              string
	weighed          bool // the run has its equal share of the processor (cpu.weight or cpu.shares)
}

// dirs are the run's cgroup folders, each once.
func (cg *cgroups) dirs() []string {
	var out []string
	for _, dir := range []string{cg.v2, cg.memV1, cg.pidsV1, cg.cpuV1, cg.cpuacctV1, cg.psi} {
		if dir != "" && !slices.Contains(out, dir) {
			out = append(out, dir)
		}
	}
	return out
}

var cgroupSeq atomic.Int64

// newCgroups makes the run's cgroups where the machine has them. One that
// cannot be made leaves the run to polling rather than failing it.
func newCgroups(d cgroupDirs, l Limits) *cgroups {
	cg := &cgroups{fd: -1}
	name := fmt.Sprintf("boardcheck-%d-%d", os.Getpid(), cgroupSeq.Add(1))
	tasks := strconv.Itoa(maxTasks(l))
	mem := strconv.FormatInt(l.Memory, 10)
	if d.v2 != "" {
		dir := filepath.Join(d.v2, name)
		// Without swap.max the limit would stretch into swap; without
		// oom.group the OOM killer would take one process and leave the
		// rest running.
		must := [][2]string{{"memory.max", mem}, {"pids.max", tasks}}
		if d.v2CPU {
			must = append(must, [2]string{"cpu.weight", strconv.Itoa(runCPUWeight * 100)})
		}
		if makeCgroup(dir, must, [][2]string{{"memory.swap.max", "0"}, {"memory.oom.group", "1"}}) {
			if fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0); err == nil {
				cg.v2, cg.fd, cg.weighed = dir, fd, d.v2CPU
			} else {
				os.Remove(dir)
			}
		}
		return cg
	}
	if d.memV1 != "" {
		dir := filepath.Join(d.memV1, name)
		must := [][2]string{{"memory.limit_in_bytes", mem}}
		if d.memV1HasMemsw {
			must = append(must, [2]string{"memory.memsw.limit_in_bytes", mem})
		}
		if makeCgroup(dir, must, [][2]string{{"memory.swappiness", "0"}}) {
			cg.memV1 = dir
		}
	}
	if d.pidsV1 != "" {
		dir := filepath.Join(d.pidsV1, name)
		if makeCgroup(dir, [][2]string{{"pids.max", tasks}}, nil) {
			cg.pidsV1 = dir
		}
	}
	if d.cpuV1 != "" {
		dir := filepath.Join(d.cpuV1, name)
		if makeCgroup(dir, [][2]string{{"cpu.shares", strconv.Itoa(runCPUWeight * 1024)}}, nil) {
			cg.cpuV1, cg.weighed = dir, true
		}
	}
	switch {
	case d.cpuacctV1 != "" && d.cpuacctV1 == d.cpuV1:
		// Mounted together: one folder is both.
		cg.cpuacctV1 = cg.cpuV1
	case d.cpuacctV1 != "":
		dir := filepath.Join(d.cpuacctV1, name)
		if makeCgroup(dir, nil, nil) {
			cg.cpuacctV1 = dir
		}
	}
	if d.psi != "" {
		dir := filepath.Join(d.psi, name)
		if makeCgroup(dir, nil, nil) {
			cg.psi = dir
		}
	}
	return cg
}

// makeCgroup makes dir and writes its settings: those in must, or nothing
// is left; those in try where the kernel has them.
func makeCgroup(dir string, must, try [][2]string) bool {
	if os.Mkdir(dir, 0o755) != nil {
		return false
	}
	for _, kv := range must {
		if os.WriteFile(filepath.Join(dir, kv[0]), []byte(kv[1]), 0) != nil {
			os.Remove(dir)
			return false
		}
	}
	for _, kv := range try {
		_ = os.WriteFile(filepath.Join(dir, kv[0]), []byte(kv[1]), 0)
	}
	return true
}

// join moves pid (the supervisor, before it starts anything, or the program
// itself) into the run's cgroups.
func (cg *cgroups) join(pid int) error {
	for _, dir := range cg.dirs() {
		if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
			return err
		}
	}
	return nil
}

// countsMemory says whether the kernel counts and bounds the run's memory.
func (cg *cgroups) countsMemory() bool { return cg.v2 != "" || cg.memV1 != "" }

// procs lists the processes in the run's cgroup, nil without one.
func (cg *cgroups) procs() []int {
	dirs := cg.dirs()
	if len(dirs) == 0 {
		return nil
	}
	// Every one holds every process of the run.
	return readPids(filepath.Join(dirs[0], "cgroup.procs"))
}

// readPids reads a cgroup.procs file: one pid a line.
func readPids(file string) []int {
	data, _ := os.ReadFile(file)
	var out []int
	for _, s := range strings.Fields(string(data)) {
		if pid, err := strconv.Atoi(s); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

func (cg *cgroups) hasProcs() bool { return len(cg.dirs()) > 0 }

func (cg *cgroups) memoryCurrent() int64 {
	if cg.v2 != "" {
		return readNumber(filepath.Join(cg.v2, "memory.current"))
	}
	return readNumber(filepath.Join(cg.memV1, "memory.usage_in_bytes"))
}

func (cg *cgroups) memoryPeak() int64 {
	if cg.v2 != "" {
		return readNumber(filepath.Join(cg.v2, "memory.peak"))
	}
	if cg.memV1 != "" {
		return readNumber(filepath.Join(cg.memV1, "memory.max_usage_in_bytes"))
	}
	return 0
}

// oomKilled says whether the kernel killed a process of the run for memory.
func (cg *cgroups) oomKilled() bool {
	switch {
	case cg.v2 != "":
		return readKey(filepath.Join(cg.v2, "memory.events"), "oom_kill") > 0
	case cg.memV1 != "":
		return readKey(filepath.Join(cg.memV1, "memory.oom_control"), "oom_kill") > 0
	}
	return false
}

// forkRefused says whether the kernel refused a fork at pids.max.
func (cg *cgroups) forkRefused() bool {
	switch {
	case cg.v2 != "":
		return readKey(filepath.Join(cg.v2, "pids.events"), "max") > 0
	case cg.pidsV1 != "":
		return readKey(filepath.Join(cg.pidsV1, "pids.events"), "max") > 0
	}
	return false
}

// tasks is how many threads and processes the run has, as pids.max counts
// them (pids.current); -1 without a pids controller.
func (cg *cgroups) tasks() int {
	dir := cg.v2
	if dir == "" {
		dir = cg.pidsV1
	}
	if dir == "" {
		return -1
	}
	return int(readNumber(filepath.Join(dir, "pids.current")))
}

// countsCPU says whether the kernel counts the processor time of every
// process of the run, those already gone too.
func (cg *cgroups) countsCPU() bool { return cg.v2 != "" || cg.psi != "" || cg.cpuacctV1 != "" }

// cpu is the processor time the run's processes used so far, where a
// cgroup counts it; 0 otherwise.
func (cg *cgroups) cpu() time.Duration {
	switch {
	case cg.v2 != "":
		return time.Duration(readKey(filepath.Join(cg.v2, "cpu.stat"), "usage_usec")) * time.Microsecond
	case cg.psi != "":
		return time.Duration(readKey(filepath.Join(cg.psi, "cpu.stat"), "usage_usec")) * time.Microsecond
	case cg.cpuacctV1 != "":
		return time.Duration(readNumber(filepath.Join(cg.cpuacctV1, "cpuacct.usage")))
	}
	return 0
}

// cpuPressure reads the run cgroup's pressure stall for the processor:
// some, the time during which at least one of its tasks waited for one,
// and full, the time during which, on a processor, it had tasks ready to
// run and none running (cputime_linux.go says why the wait is full's),
// which kernels before 5.13 do not show (hasFull false). ok is false
// without a cgroup that has one.
func (cg *cgroups) cpuPressure() (some, full time.Duration, hasFull, ok bool) {
	dir := cg.v2
	if dir == "" {
		dir = cg.psi
	}
	if dir == "" {
		return 0, 0, false, false
	}
	some, full, hasFull = readPressure(filepath.Join(dir, "cpu.pressure"))
	return some, full, hasFull, true
}

// readPressure reads the totals of the "some" and "full" lines of a
// pressure stall file, "some avg10=0.00 avg60=0.00 avg300=0.00
// total=999369", in microseconds; hasFull says it has a full line.
func readPressure(file string) (some, full time.Duration, hasFull bool) {
	data, _ := os.ReadFile(file)
	for _, line := range strings.Split(string(data), "\n") {
		kind, rest, _ := strings.Cut(line, " ")
		if kind != "some" && kind != "full" {
			continue
		}
		for _, f := range strings.Fields(rest) {
			if v, ok := strings.CutPrefix(f, "total="); ok {
				n, _ := strconv.ParseInt(v, 10, 64)
				if kind == "some" {
					some = time.Duration(n) * time.Microsecond
				} else {
					full, hasFull = time.Duration(n)*time.Microsecond, true
				}
			}
		}
	}
	return some, full, hasFull
}

func (cg *cgroups) kill() {
	if cg.v2 != "" && os.WriteFile(filepath.Join(cg.v2, "cgroup.kill"), []byte("1"), 0) == nil {
		return
	}
	for _, pid := range cg.procs() {
		syscall.Kill(pid, syscall.SIGKILL)
	}
}

// remove kills what is left, waits for each cgroup to empty and removes it.
func (cg *cgroups) remove() {
	if cg.fd >= 0 {
		syscall.Close(cg.fd)
		cg.fd = -1
	}
	for _, dir := range cg.dirs() {
		for i := 0; i < 1000; i++ {
			err := os.Remove(dir)
			if err == nil || errors.Is(err, os.ErrNotExist) {
				break
			}
			// EBUSY: processes are still dying, usually for well under a
			// millisecond.
			cg.kill()
			time.Sleep(time.Millisecond)
		}
	}
}

// readKey reads one counter from a "key value" file.
func readKey(file, key string) int64 {
	data, _ := os.ReadFile(file)
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok && k == key {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return 0
}

func readNumber(file string) int64 {
	data, _ := os.ReadFile(file)
	n, _ := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	return n
}
