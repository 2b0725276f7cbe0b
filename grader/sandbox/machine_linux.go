//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"

	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox/internal/launcher"
)

// The layers, named as LayerOff and the escape suite name them.
const (
	LayerUserNS     = "userns"     // a user namespace per run (and, as root, a uid of its own)
	LayerNamespaces = "namespaces" // every namespace: off is a container that refuses them all
	LayerPIDNS      = "pidns"
	LayerNetNS      = "netns"
	LayerRoot       = "root" // the mount namespace and the root built for the run
	LayerProc       = "proc" // a fresh /proc (off: the root has none)
	LayerSeccomp    = "seccomp"
	LayerLandlock   = "landlock"
	LayerCaps       = "caps"       // capabilities, bounding set, securebits
	LayerNoDumpable = "nodumpable" // the supervisor and the launcher undumpable, and the grader where runs are its own user
	LayerCloseFDs   = "closefds"
	LayerSetsid     = "setsid"
	LayerCgroup     = "cgroup"
	LayerRlimits    = "rlimits"
	LayerSockets    = "sockets" // where no cgroup counts memory, a run's sockets counted in it (sockets_linux.go)
	// LayerEpoll: where no cgroup counts memory, RLIMIT_NOFILE also keeps
	// a run's epoll watches within its memory limit (sockets_linux.go,
	// nofileLimit; off: sockets alone size it).
	LayerEpoll = "epoll"
	// LayerPageTables: where no cgroup counts memory, a run's page tables
	// counted in it, beside its resident memory (run_linux.go, pageTables).
	LayerPageTables = "pagetables"
	LayerDisk       = "disk"    // Limits.Disk, what a run may write into the caller's Writable folders
	LayerRunUID     = "runuid"  // as root: the run's own uid (off: root's own, 0)
	LayerHide       = "hide"    // the grader's binary hidden from a run
	LayerDevices    = "devices" // the nodes of a run's /dev bound read-only (off: a run may set their times on the machine)
	// LayerShebangPath: a #! line's interpreter outside the system's
	// folders is bound into the run only where the run's PATH finds it
	// under its name (off: any program the line names, env's options read
	// loosely, so that -u FILE bound FILE's folder).
	LayerShebangPath = "shebangpath"
	// LayerToolReach: as root, a tool under a folder the run's own uid may
	// not enter (/root) is passed over, not bound into its root.
	LayerToolReach = "toolreach"
	// LayerCPUShare: a cpu cgroup per run, of the same weight for every
	// run (off: a run stays in the grader's own cpu cgroup, where each
	// session it starts is an autogroup the scheduler weighs as much as
	// the whole run beside it).
	LayerCPUShare = "cpushare"
	// LayerWaitBound: a run's wait for a processor is what the machine's
	// other work took from it, not its own tasks' queueing behind each
	// other (off: every task's run delay summed, or a cgroup's some
	// pressure stall; cputime_linux.go).
	LayerWaitBound = "waitbound"
)

// machine is what this machine lets a run have, found out once by probing:
// each candidate, from the strongest down, is tried as a real run's setup
// would be, and the first that works is kept.
type machine struct {
	exe        string   // the grader's binary, which is the launcher
	exeFile    *os.File // exe, opened once: the launcher starts from it
	supervised bool     // runs have a supervisor (package launcher); else they are started directly
	userns     bool     // a user namespace per run
	nsFlags    uintptr  // the other namespaces, CLONE_NEW* flags
	root       bool     // a root of its own
	proc       bool     // with a fresh /proc
	switchUID  bool     // root without a user namespace: the run switches to its own uid
	subreaper  bool     // no PID namespace: the supervisor is the run's child subreaper
	seccomp    bool
	landlock   int  // the Landlock ABI in force, 0 for none
	bare       bool // the supervisor could not lock itself down at all
	asRoot     bool
	cg         cgroupDirs
	// missing says, for each layer this machine does not allow, why and
	// how to get it: sandbox.missing.* messages.
	missing []report.Message
}

const allNamespaces = syscall.CLONE_NEWPID | syscall.CLONE_NEWNET | syscall.CLONE_NEWNS |
	syscall.CLONE_NEWIPC | syscall.CLONE_NEWUTS | syscall.CLONE_NEWCGROUP

var (
	machineOnce sync.Once
	theMachine  machine
)

func thisMachine() machine {
	if m := machineOverride.Load(); m != nil {
		return *m
	}
	machineOnce.Do(func() {
		theMachine = probeMachine()
		guardGrader(theMachine)
	})
	return theMachine
}

// guardGrader makes the grader itself undumpable where its runs are its
// own user (no user namespace, no root): no process of theirs may then
// open its /proc files (its environment, the pipes it reads each run's
// report and output from, its memory) or trace it. Its supervisors and its
// launcher are undumpable everywhere. A debugger attached as the same user
// is refused too, in that setup alone.
func guardGrader(m machine) {
	if m.supervised && !m.userns && !m.asRoot && !LayerOff(LayerNoDumpable) {
		syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0)
	}
}

func probeMachine() machine {
	m := machine{asRoot: os.Geteuid() == 0}
	// Finding the cgroups (about 5 ms: a v1 memory cgroup is slow to make
	// and remove) is done while the supervisor is tried: a probe's run
	// needs none.
	cgroups := sync.OnceValue(func() cgroupDirs {
		if LayerOff(LayerCgroup) {
			return cgroupDirs{unavailableWhy: offForTest()}
		}
		return findCgroups()
	})
	go cgroups()
	exe, err := os.Executable()
	if err != nil {
		m.missing = append(m.missing, say("sandbox.missing.supervisor_exe", code("error", err.Error())))
		m.cg = cgroups()
		return m
	}
	const oPath = 0x200000
	f, err := os.OpenFile(exe, oPath|syscall.O_CLOEXEC, 0)
	if err != nil {
		m.missing = append(m.missing, say("sandbox.missing.supervisor_open", code("error", err.Error())))
		m.cg = cgroups()
		return m
	}
	m.exe, m.exeFile = exe, f
	_, filterErr := seccompFilter(false)
	lock := lockdownLayers(filterErr)
	var why []report.Message // each setup tried, and the error that stopped it
	for _, c := range candidates(m.asRoot) {
		c.exe, c.exeFile, c.asRoot = exe, f, m.asRoot
		c.seccomp, c.landlock = lock.seccomp, lock.landlock
		err := probe(c)
		if err == nil {
			c.cg = cgroups()
			c.missing = append(missingLayers(c, why), lock.missing...)
			return c
		}
		why = append(why, say("sandbox.tried_setup", part("setup", c.describe()), code("error", err.Error())))
	}
	// Not even the supervisor starts with the lockdown: try it bare.
	bare := machine{exe: exe, exeFile: f, asRoot: m.asRoot, supervised: true, subreaper: true, bare: true}
	if err := probe(bare); err == nil {
		bare.cg = cgroups()
		bare.missing = append(missingLayers(bare, why), say("sandbox.missing.lockdown", code("seccomp", "seccomp"), code("landlock", "Landlock")))
		return bare
	} else {
		why = append(why, say("sandbox.tried_setup", part("setup", say("sandbox.setup.alone")), code("error", err.Error())))
	}
	m.missing = append(m.missing, say("sandbox.missing.supervisor", part("tried", joined("sandbox.list.then", why))))
	m.cg = cgroups()
	return m
}

type lockdownCaps struct {
	seccomp  bool
	landlock int
	missing  []report.Message
}

func lockdownLayers(filterErr error) lockdownCaps {
	var l lockdownCaps
	switch {
	case LayerOff(LayerSeccomp):
		l.missing = append(l.missing, say("sandbox.missing.off", code("layer", "seccomp")))
	case errors.Is(filterErr, errNoSeccompArch):
		l.missing = append(l.missing, say("sandbox.missing.seccomp_arch", code("seccomp", "seccomp"), code("x86", "x86-64"), code("arm", "ARM64")))
	case filterErr != nil:
		l.missing = append(l.missing, say("sandbox.missing.seccomp", code("seccomp", "seccomp"), code("error", filterErr.Error())))
	default:
		l.seccomp = true
	}
	switch abi := landlockABI(); {
	case LayerOff(LayerLandlock):
		l.missing = append(l.missing, say("sandbox.missing.off", code("layer", "Landlock")))
	case abi == 0:
		l.missing = append(l.missing, say("sandbox.missing.landlock", code("landlock", "Landlock"), code("linux", "Linux 5.13"), code("lsm", "lsm=landlock")))
	default:
		l.landlock = abi
	}
	return l
}

// candidates are the setups to try, strongest first.
func candidates(asRoot bool) []machine {
	var cs []machine
	userns := !LayerOff(LayerUserNS) && !LayerOff(LayerNamespaces)
	ns := !LayerOff(LayerNamespaces)
	flags := uintptr(allNamespaces)
	if LayerOff(LayerPIDNS) {
		flags &^= syscall.CLONE_NEWPID
	}
	if LayerOff(LayerNetNS) {
		flags &^= syscall.CLONE_NEWNET
	}
	root := !LayerOff(LayerRoot)
	proc := !LayerOff(LayerProc)
	subreaper := flags&syscall.CLONE_NEWPID == 0
	if userns {
		if root {
			if proc {
				cs = append(cs, machine{supervised: true, userns: true, nsFlags: flags, root: true, proc: flags&syscall.CLONE_NEWPID != 0, subreaper: subreaper})
			}
			cs = append(cs, machine{supervised: true, userns: true, nsFlags: flags, root: true, subreaper: subreaper})
		}
		cs = append(cs, machine{supervised: true, userns: true, nsFlags: flags &^ syscall.CLONE_NEWNS, subreaper: subreaper})
	}
	if asRoot && ns {
		if root {
			cs = append(cs, machine{supervised: true, nsFlags: flags, root: true, proc: proc && flags&syscall.CLONE_NEWPID != 0, switchUID: true, subreaper: subreaper})
		}
		cs = append(cs, machine{supervised: true, nsFlags: flags &^ syscall.CLONE_NEWNS, switchUID: true, subreaper: subreaper})
	}
	if asRoot {
		cs = append(cs, machine{supervised: true, switchUID: true, subreaper: true})
	}
	return append(cs, machine{supervised: true, subreaper: true})
}

// describe says what the setup m gives a run, for the setups tried
// ("a user namespace with namespaces with a root of its own with /proc").
func (m machine) describe() report.Message {
	var parts []report.Message
	if m.userns {
		parts = append(parts, say("sandbox.setup.userns"))
	}
	if m.nsFlags != 0 {
		parts = append(parts, say("sandbox.setup.namespaces"))
	}
	if m.root {
		parts = append(parts, say("sandbox.setup.root"))
	}
	if m.proc {
		parts = append(parts, say("sandbox.code", code("code", "/proc")))
	}
	if len(parts) == 0 {
		return say("sandbox.setup.bare")
	}
	return joined("sandbox.list.with", parts)
}

// probe has a supervisor set up everything m would give a run, check what
// it promises, lock itself down, and report, without starting anything.
func probe(m machine) error {
	dir := "/boardcheck-probe" // on the run's tmpfs
	if !m.root {
		// The host's: a folder of its own, which it may be handed (never
		// the temporary folder itself: see callersFolder).
		var err error
		if dir, err = os.MkdirTemp("", "boardcheck-probe-"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	}
	r, err := newRun(Spec{Argv: []string{m.exe}, Dir: dir, Env: []string{"HOME=" + dir}}, m, true)
	if err != nil {
		return err
	}
	defer r.close()
	if err := r.start(); err != nil {
		return err
	}
	st, err := r.proc.Wait()
	r.markReaped()
	status := <-r.statusc
	_, _, exited := launcher.Exited(status)
	switch {
	case err != nil:
		return err
	case len(status) > 0 && status[0] == launcher.StatusFailed:
		return errors.New(r.prog.FailureText(status))
	case exited:
		return nil
	}
	return fmt.Errorf("the supervisor ended with %v", st)
}

// missingLayers says what the chosen setup lacks, and how to get it; why
// are the stronger setups tried, and what stopped each.
func missingLayers(m machine, why []report.Message) []report.Message {
	var out []report.Message
	tried := nothing()
	if len(why) > 0 {
		tried = say("sandbox.missing.tried", part("setups", joined("sandbox.list.then", why)))
	}
	switch {
	case !m.userns && m.switchUID:
		out = append(out, say("sandbox.missing.userns", part("tried", tried)))
	case !m.userns:
		signals := say("sandbox.missing.own_user_signals")
		if m.landlock >= landlockScopes {
			signals = say("sandbox.missing.own_user_landlock", code("landlock", "Landlock"))
		}
		out = append(out, say("sandbox.missing.own_user", part("signals", signals), part("tried", tried),
			code("sysctl", "sysctl"), code("debian", "kernel.unprivileged_userns_clone=1"),
			code("ubuntu", "kernel.apparmor_restrict_unprivileged_userns=0"), code("max", "user.max_user_namespaces > 0")))
	}
	if m.nsFlags&syscall.CLONE_NEWPID == 0 {
		out = append(out, say("sandbox.missing.pidns", part("reach", subreaperReach(m))))
	}
	if m.nsFlags&syscall.CLONE_NEWNET == 0 {
		if m.landlockRefusesTCP() {
			out = append(out, say("sandbox.missing.netns_tcp", code("udp", "UDP"), code("unix", "Unix"), code("landlock", "Landlock"), code("tcp", "TCP")))
		} else {
			out = append(out, say("sandbox.missing.netns"))
		}
	}
	if !m.root {
		out = append(out, say("sandbox.missing.root", part("tried", tried), code("docker", "--security-opt seccomp=unconfined"), code("privileged", "--privileged")))
	} else if !m.proc && m.nsFlags&syscall.CLONE_NEWPID == 0 {
		out = append(out, say("sandbox.missing.proc_no_pidns", code("proc", "/proc")))
	} else if !m.proc {
		out = append(out, say("sandbox.missing.proc_refused", code("proc", "/proc")))
	}
	if !m.cg.memV1Or2() {
		sockets := say("sandbox.missing.memory_nofile", code("nofile", "RLIMIT_NOFILE"))
		if m.countsSockets() {
			sockets = say("sandbox.missing.memory_sockets", code("nofile", "RLIMIT_NOFILE"))
		}
		out = append(out, say("sandbox.missing.memory", part("why", m.cg.unavailableWhy), part("sockets", sockets),
			part("calls", codes("memfd_create", "shmget", "msgget")), code("buffers", "SO_SNDBUF, SO_RCVBUF")))
	}
	if !m.cg.sharesCPU() {
		out = append(out, say("sandbox.missing.cpu_share", part("why", m.cg.noCPUShareWhy()), code("cpu", "CPU")))
	}
	if !m.cg.countsCPU() {
		out = append(out, say("sandbox.missing.cpu_time", code("cgroup", "cgroup"), code("proc", "/proc")))
	}
	if !m.cg.measuresWait() && !canMeasureWait() {
		out = append(out, say("sandbox.missing.wait", code("cgroup", "cgroup")))
	}
	return out
}

// sharesCPU says whether runs get a cpu cgroup each, of equal weight.
func (d cgroupDirs) sharesCPU() bool { return (d.v2 != "" && d.v2CPU) || d.cpuV1 != "" }

// countsCPU says whether the kernel counts each run's CPU time in a cgroup.
func (d cgroupDirs) countsCPU() bool { return d.v2 != "" || d.psi != "" || d.cpuacctV1 != "" }

// kernelShowsFullCPU says whether this kernel shows a cgroup's full
// pressure stall for the processor (from 5.13), as /proc/pressure/cpu's
// full line, which the machine as a whole always has at zero.
func kernelShowsFullCPU() bool {
	data, _ := os.ReadFile("/proc/pressure/cpu")
	return strings.HasPrefix(string(data), "full ") || strings.Contains(string(data), "\nfull ")
}

// measuresWait says whether a run's cgroup has a pressure stall.
func (d cgroupDirs) measuresWait() bool { return d.v2 != "" || d.psi != "" }

// noCPUShareWhy says why runs get no cpu cgroup each.
func (d cgroupDirs) noCPUShareWhy() report.Message {
	switch {
	case d.unavailableWhy.ID == offForTest().ID || d.cpuShareOff:
		return offForTest()
	case d.v2 != "":
		return say("sandbox.missing.no_cpu_v2", code("v2", "cgroup v2"), code("folder", d.v2), code("cpu", "cpu"))
	case os.Geteuid() != 0:
		return say("sandbox.missing.no_cpu_cgroup_user", code("cgroup", "cgroup"), code("cpu", "cpu"), code("v2", "cgroup v2"))
	}
	return say("sandbox.missing.no_cpu_cgroup", code("cgroup", "cgroup"), code("cpu", "cpu"))
}

// offForTest is why a layer is not in force where a test turned it off
// (LayerOff).
func offForTest() report.Message { return say("sandbox.missing.off_for_test") }

func (d cgroupDirs) memV1Or2() bool { return d.v2 != "" || d.memV1 != "" }

func (d cgroupDirs) pidsV1Or2() bool { return d.v2 != "" || d.pidsV1 != "" }

// Isolated reports whether runs on this machine are isolated as the
// README's Security section promises: no privilege over anything outside
// the run, its own PID and network namespaces and root, and the syscall
// filter. missing says what is not, and how to get it (sandbox.missing.*
// messages: the CLI says them in English, to the operator).
func Isolated() (ok bool, missing []report.Message) {
	m := thisMachine()
	ok = (m.userns || m.switchUID) && m.nsFlags&syscall.CLONE_NEWPID != 0 &&
		m.nsFlags&syscall.CLONE_NEWNET != 0 && m.root && m.seccomp
	return ok, m.missing
}

// subreaperReach says which of a run's processes die with it where there is
// no PID namespace: as root, all of the run's own uid, which is its alone;
// otherwise those the grader finds.
func subreaperReach(m machine) report.Message {
	if m.switchUID && m.asRoot && !LayerOff(LayerRunUID) {
		return say("sandbox.missing.reach.uid", code("setsid", "setsid"))
	}
	return say("sandbox.missing.reach.found", code("setsid", "setsid"))
}

// hasSupplementaryGroups says whether the grader's user belongs to groups
// beyond its own, which its runs keep without root.
func hasSupplementaryGroups() bool {
	gs, _ := os.Getgroups()
	for _, g := range gs {
		if g != os.Getgid() {
			return true
		}
	}
	return false
}

// Protections lists the isolation in force on this machine, for
// `grader check -v` and every report: each layer, then what is missing,
// as messages (sandbox.*) a report says in the student's language.
func Protections(l Limits) []report.Message {
	l = l.WithDefaults()
	m := thisMachine()
	memory := say("sandbox.memory_by.polled")
	if m.countsSockets() {
		memory = say("sandbox.memory_by.polled_sockets", code("size", FormatSize(socketCost())))
	}
	kernelCounts := func(counter string) report.Message {
		return say("sandbox.memory_by.cgroup", code("counter", counter), code("memfd", "memfd"), code("tmpfs", "tmpfs"))
	}
	switch {
	case m.cg.v2 != "":
		memory = kernelCounts("cgroup v2 memory.max")
	case m.cg.memV1 != "":
		memory = kernelCounts("cgroup v1 memory.limit_in_bytes")
	}
	// The kernel's bounds count threads too (a JVM starts dozens), so they
	// sit above the limit, which only polling counts in processes.
	var bounds []report.Message
	bound := func(n int, by string) report.Message {
		return say("sandbox.procs_bound", report.Int("limit", n), code("by", by))
	}
	switch {
	case m.cg.v2 != "":
		bounds = append(bounds, bound(maxTasks(l), "cgroup v2 pids.max"))
	case m.cg.pidsV1 != "":
		bounds = append(bounds, bound(maxTasks(l), "cgroup v1 pids.max"))
	}
	if m.supervised && !LayerOff(LayerRlimits) {
		bounds = append(bounds, bound(nprocLimit(l, m.cg.pidsV1Or2()), "RLIMIT_NPROC"))
	}
	procs := say("sandbox.procs", report.Int("limit", l.Procs))
	if len(bounds) > 0 {
		procs = say("sandbox.procs_bounded", report.Int("limit", l.Procs), part("bounds", joined("sandbox.list.or", bounds)))
	}
	cpu := say("sandbox.cpu.polled", code("proc", "/proc"))
	switch {
	case m.cg.v2 != "":
		cpu = say("sandbox.code", code("code", "cgroup v2 cpu.stat"))
	case m.cg.psi != "":
		cpu = say("sandbox.cpu.psi", code("counter", "cgroup v2 cpu.stat"), code("cgroup2", "cgroup2"))
	case m.cg.cpuacctV1 != "":
		cpu = say("sandbox.code", code("code", "cgroup v1 cpuacct.usage"))
	}
	// What its own tasks waited for each other is not counted
	// (cputime_linux.go).
	wait := say("sandbox.wait.estimate", part("delays", say("sandbox.wait.schedstat", code("file", "/proc/PID/task/TID/schedstat"))), code("file", "/proc/stat"))
	switch {
	case m.cg.measuresWait() && kernelShowsFullCPU():
		wait = say("sandbox.wait.full", code("cgroup", "cgroup"), code("file", "cpu.pressure"))
	case m.cg.measuresWait():
		wait = say("sandbox.wait.bounded", part("delays", say("sandbox.wait.pressure", code("cgroup", "cgroup"), code("file", "cpu.pressure"))), code("file", "/proc/stat"))
	}
	ps := []report.Message{
		say("sandbox.time", code("time", l.Time.String()), part("counter", cpu)),
		say("sandbox.wall", code("wall", l.Wall().String()), part("wait", wait), code("cap", (wallCap*l.Wall()).String())),
		say("sandbox.memory", code("size", FormatSize(l.Memory)), part("how", memory)),
		procs,
		say("sandbox.output", code("size", FormatSize(l.Output))),
	}
	switch {
	case m.userns && m.asRoot:
		ps = append(ps, say("sandbox.userns.root", report.Int("uid", firstRunUID)))
	case m.userns && hasSupplementaryGroups():
		ps = append(ps, say("sandbox.userns.groups"))
	case m.userns:
		ps = append(ps, say("sandbox.userns.user"))
	case m.switchUID:
		ps = append(ps, say("sandbox.own_uid", report.Int("uid", firstRunUID)))
	}
	share := func(cgroup, setting string, weight int) report.Message {
		return say("sandbox.cpu_share", code("cgroup", cgroup), code("setting", setting), report.Int("weight", weight), report.Int("times", runCPUWeight))
	}
	switch {
	case m.cg.v2 != "" && m.cg.v2CPU:
		ps = append(ps, share("cgroup v2", "cpu.weight", runCPUWeight*100))
	case m.cg.cpuV1 != "":
		ps = append(ps, share("cgroup v1", "cpu.shares", runCPUWeight*1024))
	}
	if m.nsFlags&syscall.CLONE_NEWPID != 0 {
		ps = append(ps, say("sandbox.pidns"))
	} else if m.subreaper {
		ps = append(ps, subreaperSaid(m))
	}
	if m.nsFlags&syscall.CLONE_NEWNET != 0 {
		ps = append(ps, say("sandbox.netns"))
	}
	if m.nsFlags&(syscall.CLONE_NEWIPC|syscall.CLONE_NEWUTS) != 0 {
		ps = append(ps, say("sandbox.ipc_uts", code("cgroup", "cgroup")))
	}
	if m.root {
		proc := say("sandbox.root_proc.fresh", code("proc", "/proc"))
		if !m.proc {
			proc = say("sandbox.root_proc.none", code("proc", "/proc"))
		}
		ps = append(ps, say("sandbox.root", code("pivot_root", "pivot_root"), code("home", "HOME"), code("tmpdir", "TMPDIR"),
			code("tmpfs", "tmpfs"), code("size", FormatSize(l.Memory)), part("proc", proc),
			code("dev", "/dev"), part("devices", codes("null", "zero", "full", "random", "urandom"))))
	}
	if m.supervised && !m.bare {
		ps = append(ps, say("sandbox.no_caps", code("securebits", "securebits"), code("no_new_privs", "no_new_privs")))
	}
	if m.seccomp {
		ps = append(ps, seccompSaid())
	}
	if m.landlock > 0 {
		rules := []report.Message{say("sandbox.landlock_rule.writes")}
		if m.landlockRefusesTCP() {
			rules = append(rules, say("sandbox.landlock_rule.tcp", code("tcp", "TCP")))
		}
		if m.landlock >= landlockScopes {
			rules = append(rules, say("sandbox.landlock_rule.scopes"))
		}
		ps = append(ps, say("sandbox.landlock", code("landlock", "Landlock"), report.Int("abi", m.landlock), part("rules", joined("sandbox.list.then", rules))))
	}
	if m.supervised {
		ps = append(ps, say("sandbox.session"), rlimitsSaid(m, l))
	}
	ps = append(ps,
		say("sandbox.env", code("vars", "PATH, HOME, LANG, LC_ALL, TMPDIR")),
		say("sandbox.stdin"),
	)
	for _, why := range m.missing {
		ps = append(ps, say("sandbox.not_in_force", part("why", why)))
	}
	return ps
}

// subreaperSaid is Protections' line for a run whose supervisor is its
// child subreaper, where there is no PID namespace: which of its
// processes die with it (subreaperReach, as a message).
func subreaperSaid(m machine) report.Message {
	if m.switchUID && m.asRoot && !LayerOff(LayerRunUID) {
		return say("sandbox.subreaper.uid", code("setsid", "setsid"))
	}
	return say("sandbox.subreaper.found", code("setsid", "setsid"))
}

// seccompSaid is Protections' line for the syscall filter (seccomp_linux.go).
func seccompSaid() report.Message {
	var refused []report.Message
	for _, c := range []any{"mount", "unshare", "setns", say("sandbox.seccomp_refuses.clone_ns", code("clone", "clone")),
		"ptrace", "process_vm_*", say("sandbox.seccomp_refuses.rlimits", code("rlimits", "rlimits")),
		"bpf", "perf_event_open", "keyctl", "io_uring", "userfaultfd", say("sandbox.seccomp_refuses.modules"), "kexec",
		say("sandbox.seccomp_refuses.realtime"), "TIOCSTI", say("sandbox.seccomp_refuses.watch", code("calls", "inotify, fanotify, fcntl F_NOTIFY"))} {
		switch c := c.(type) {
		case string:
			refused = append(refused, say("sandbox.code", code("code", c)))
		case report.Message:
			refused = append(refused, c)
		}
	}
	return say("sandbox.seccomp", code("seccomp", "seccomp"), part("refused", joined("sandbox.list.and", refused)), code("eperm", "EPERM"),
		part("locks", codes("flock", "fcntl")), part("families", codes("Unix", "IPv4", "IPv6")), code("others", "AF_VSOCK, AF_NETLINK"))
}

// rlimitsSaid is Protections' line for the rlimits the supervisor sets,
// with, where that bounds what the kernel holds for a run's sockets, how
// many files a process of the run may hold.
func rlimitsSaid(m machine, l Limits) report.Message {
	args := []report.Arg{code("rlimits", "rlimits"), code("size", FormatSize(l.Memory)), code("cpu", cpuLimit(l))}
	if m.cg.memV1Or2() || LayerOff(LayerRlimits) {
		return say("sandbox.rlimits", args...)
	}
	return say("sandbox.rlimits_nofile", append(args, report.Int64("files", int64(nofileLimit(l))), code("nofile", "RLIMIT_NOFILE"), code("cgroup", "cgroup"))...)
}

// LookPath finds the program name on the grader's PATH, which its runs
// have, as a run would: a program the run's user could not reach (as
// root, one under /root) is passed over for the next. The error is a
// *NotOnPathError.
func LookPath(name string) (string, error) {
	p, err := resolveArgv0(Spec{Argv: []string{name}, Env: []string{"PATH=" + os.Getenv("PATH")}}, thisMachine().closedToRuns)
	var closed *closedError
	switch {
	case errors.As(err, &closed):
		return "", &NotOnPathError{Name: name, Closed: closed.Error(), ClosedWhy: closed.message()}
	case err != nil:
		return "", &NotOnPathError{Name: name}
	}
	return p, nil
}

// OwnRoot reports whether each run has a root of its own, built from the
// folders its Spec names and the system's: the grader's own folders are
// then out of its sight, and whatever changes in them while it runs was
// changed by something else. Only there can a run see a folder writable
// with its changes thrown away (Spec.Overlay).
func OwnRoot() bool { return thisMachine().root }

// The Landlock ABIs that brought what planLandlock uses beyond files.
const (
	landlockTCP    = 4 // handled_access_net: binding and connecting TCP ports
	landlockScopes = 6 // scoped: signals and abstract Unix sockets
)

// landlockRefusesTCP reports whether Landlock is what keeps a run off TCP:
// it can only where the kernel has ABI 4, and it needs to only where the
// run shares the machine's network.
func (m machine) landlockRefusesTCP() bool {
	return m.landlock >= landlockTCP && m.nsFlags&syscall.CLONE_NEWNET == 0
}

// landlockABI reports the kernel's Landlock ABI version, 0 for none.
func landlockABI() int {
	const sysLandlockCreateRuleset, versionFlag = 444, 1
	v, _, e := syscall.RawSyscall(sysLandlockCreateRuleset, 0, 0, versionFlag)
	if e != 0 {
		return 0
	}
	return int(v)
}
