//go:build linux

package sandbox

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/boardcheck/boardcheck/grader/sandbox/internal/launcher"
)

// plan writes the run's program: what its supervisor does, step by step
// (see package launcher). As root it also makes, with open_tree, a detached
// copy of each host tree to bind, handed to the supervisor with the program
// (see bindSource): the supervisor attaches them, and so needs no right to
// the folders above them (a run's user may not enter the grader's
// temporary folders, where a compiled program is). What it binds of the
// host beyond the caller's files is only what the run's user could reach
// there (rootEntries, closedToRuns).
func (r *run) plan() error {
	m, s := r.m, r.spec
	p := &launcher.Program{CloneFlags: m.nsFlags}
	r.prog = p
	if m.userns {
		p.CloneFlags |= syscall.CLONE_NEWUSER
		if !m.asRoot {
			// Its one user and group: the grader's, as root inside.
			// Only the supervisor itself may write them (as root the
			// grader does, see mapUser), and only while it is dumpable:
			// forked from the launcher, it is not, and the /proc files
			// of an undumpable process are root's. It is made
			// undumpable again right after. An unprivileged user
			// namespace must deny setgroups before its gid_map is
			// written.
			what := "mapping the run's user"
			p.Prctl(what, syscall.PR_SET_DUMPABLE, 1)
			p.WriteFile(what, "/proc/self/setgroups", "deny")
			p.WriteFile(what, "/proc/self/gid_map", "0 "+strconv.Itoa(os.Getgid())+" 1\n")
			p.WriteFile(what, "/proc/self/uid_map", "0 "+strconv.Itoa(os.Getuid())+" 1\n")
		}
		// Root of its user namespace, which is the run's own user
		// outside: as root the supervisor may drop its groups, and does;
		// an unprivileged user namespace keeps the grader user's groups.
		p.SwitchUser("becoming root of the run's user namespace", 0, 0, r.slot != nil)
	}
	// The change of user cleared the parent-death signal the supervisor
	// asked for as it started: without it, a grader that died would leave
	// its runs going, with no time limit.
	p.DieWithGrader("dying with the grader")
	// No process of the run may open the supervisor's /proc files (mem,
	// fd, exe, environ) or trace it: the status pipe it writes to is the
	// grader's, and its memory is the launcher's. The launcher is
	// undumpable already, but a change of user resets it, so it is set
	// again here, after the user; turned off, the supervisor is dumpable,
	// as a process is by default.
	if LayerOff(LayerNoDumpable) {
		p.Prctl("making the supervisor dumpable (a layer turned off)", syscall.PR_SET_DUMPABLE, 1)
	} else {
		p.Prctl("making the supervisor undumpable", syscall.PR_SET_DUMPABLE, 0)
	}
	r.planSession(p)
	if m.subreaper {
		const prSetChildSubreaper = 36
		p.Prctl("becoming the run's child subreaper", prSetChildSubreaper, 1)
	}
	if m.nsFlags&syscall.CLONE_NEWUTS != 0 {
		p.Sethostname("setting the host name", "boardcheck")
	}
	writable := r.writableFolders()
	if m.root {
		if err := r.planRoot(p, writable); err != nil {
			return err
		}
	}
	if s.Dir != "" {
		p.Chdir("entering the working folder "+s.Dir, s.Dir)
	}
	if !LayerOff(LayerRlimits) {
		for _, rl := range rlimits(r.limits, m.cg.pidsV1Or2(), m.cg.memV1Or2()) {
			p.Rlimit("setting rlimit "+strconv.Itoa(rl.resource), rl.resource, rl.value)
		}
	}
	if !LayerOff(LayerCloseFDs) {
		// Whatever the grader inherited without close-on-exec (a CI
		// runner's pipes, a test harness's files), which the launcher
		// inherited from it, must not reach the run.
		p.CloseFrom("closing inherited file descriptors", 4)
	}
	if r.probe {
		r.planProbeChecks(p)
		if err := r.planLockdown(p, writable); err != nil {
			return err
		}
		p.Report("reporting")
		return nil
	}
	// The program hands execve its lists as C strings: a NUL inside one
	// would end it there and start another, as execve itself refuses.
	for _, a := range append(slices.Clone(s.Argv), s.Env...) {
		if strings.ContainsRune(a, 0) {
			return fmt.Errorf("grader: running %s: %q holds a NUL byte, which no argument or variable may", s.Argv[0], a)
		}
	}
	p.SchedBatch("lowering the run's scheduling class")
	p.Spawn("starting the submission's process")
	r.planSession(p)
	if err := r.planLockdown(p, writable); err != nil {
		return err
	}
	// No words of its own: the grader names the program that did not
	// start (see result).
	p.Exec("", r.path, s.Argv, s.Env)
	runUID := -1
	if m.switchUID && r.slot != nil {
		runUID = r.slot.uid
	}
	p.Wait("waiting for the submission", m.subreaper, runUID)
	return nil
}

// planSession gives the supervisor, and then the submission, a session of
// its own: no controlling terminal to open as /dev/tty, and kill(0, sig)
// reaches its own processes only. Turned off for a test, each gets only a
// process group of its own.
func (r *run) planSession(p *launcher.Program) {
	if LayerOff(LayerSetsid) {
		p.Setpgid("starting a process group")
		return
	}
	p.Setsid("starting a session")
}

// planLockdown takes from the process every privilege the run must not
// have, in the order the kernel requires: no_new_privs (which Landlock and
// an unprivileged seccomp filter need), the bounding set and securebits
// (while CAP_SETPCAP is still held), the run's own uid where there is no
// user namespace, every capability, Landlock, and last the seccomp filter,
// which may refuse what the steps before it use.
func (r *run) planLockdown(p *launcher.Program, writable []string) error {
	m := r.m
	const prSetNoNewPrivs = 38
	p.Prctl("setting no_new_privs", prSetNoNewPrivs, 1)
	dropCaps := !LayerOff(LayerCaps) && !m.bare
	if dropCaps {
		p.DropBoundingSet("dropping the bounding set and locking the securebits")
	}
	if m.switchUID && r.slot != nil {
		// Where there is no user namespace, this is what keeps the run
		// from being root.
		p.SwitchUser("switching to the run's user", r.slot.uid, r.slot.uid, true)
	}
	if dropCaps {
		p.DropCapabilities("dropping capabilities")
	}
	if m.landlock > 0 {
		planLandlock(p, m.landlock, writable, m.landlockRefusesTCP())
	}
	if m.seccomp {
		// The run's cgroups may still be being made (see newRun): the
		// machine's say whether they will count memory, and a run whose
		// cgroup then does not is not started (cgroupsAsPlanned).
		refuseMemfd := !m.cg.memV1Or2()
		if r.probe {
			refuseMemfd = !r.cg.countsMemory()
		}
		filter, err := seccompFilter(refuseMemfd)
		if err != nil {
			return fmt.Errorf("grader: the syscall filter: %w", err)
		}
		p.Seccomp("loading the seccomp filter", filter)
	}
	return nil
}

// planProbeChecks checks what a probe's root promises: the root is
// read-only, and each of the run's folders is writable.
func (r *run) planProbeChecks(p *launcher.Program) {
	if !r.m.root {
		return
	}
	p.Create("the probe's root is writable: writing /boardcheck-probe", "/boardcheck-probe", 0o644, launcher.Fails)
	for _, d := range r.writableFolders() {
		p.Create("writing in "+d, d+"/boardcheck-probe", 0o644, launcher.Strict)
		p.Unlink("writing in "+d, d+"/boardcheck-probe")
	}
}

type rlimitValue struct {
	resource int
	value    uint64
}

// cpuLimit is RLIMIT_CPU, a backstop to the poller that kills a run at
// its CPU time (all of its processes'), should the grader itself be
// starved of the processor: the kernel stops a process (SIGKILL, soft and
// hard limits being one) at twice the run's CPU time and a second. Not
// closer: the kernel checks RLIMIT_CPU against user and system time
// sampled at each tick, which on a busy machine ran 9% above the exact
// time the run's cgroup counts, and a python3 killed at 21 s of ticks for
// a 20 s limit had used 19.3 s (killed by SIGKILL, as if by no limit).
func cpuLimit(l Limits) string {
	return fmt.Sprintf("%ds", cpuSeconds(l))
}

func cpuSeconds(l Limits) uint64 {
	return 2*uint64(math.Ceil(l.Time.Seconds())) + 1
}

func rlimits(l Limits, pidsCgroup, memCgroup bool) []rlimitValue {
	const (
		rlimitCPU    = 0
		rlimitFsize  = 1
		rlimitCore   = 4
		rlimitNproc  = 6
		rlimitNofile = 7
		rlimitNice   = 13
		rlimitRtprio = 14
	)
	var nofile []rlimitValue
	if !memCgroup {
		// What the kernel holds for sockets, which no cgroup counts
		// here (sockets_linux.go).
		nofile = append(nofile, rlimitValue{rlimitNofile, nofileLimit(l)})
	}
	return append(nofile, []rlimitValue{
		{rlimitCore, 0},
		{rlimitFsize, uint64(l.Memory)},
		{rlimitCPU, cpuSeconds(l)},
		// Counted per user in the run's own user namespace (Linux 5.14),
		// or for the run's own uid: the run's processes and no one else's.
		{rlimitNproc, uint64(nprocLimit(l, pidsCgroup))},
		{rlimitRtprio, 0},
		{rlimitNice, 0},
	}...)
}

// nprocLimit is a run's RLIMIT_NPROC: maxTasks, or above it where the run
// has a pids cgroup (whose pids.max is maxTasks). The kernel checks
// RLIMIT_NPROC before pids.max, and a fork it refuses leaves no trace,
// while one pids.max refuses is counted in pids.events: so the cgroup must
// refuse first for "started more than N processes" to be told for certain.
// A fork bomb whose forks fail collapses in milliseconds, between two of
// the polls that count its processes, and exits 0 (TestForkBombBetweenPolls
// in grader/submission). The limit stays, a backstop should the run's
// cgroup not be made.
func nprocLimit(l Limits, pidsCgroup bool) int {
	if pidsCgroup {
		return maxTasks(l) + 32
	}
	return maxTasks(l)
}

// writableFolders are the run's folders in the run's view: its working
// folder, the folders HOME and TMPDIR name, and the caller's Writable and
// Overlay folders.
func (r *run) writableFolders() []string {
	var out []string
	add := func(d string) {
		if d != "" && filepath.IsAbs(d) && !slices.Contains(out, filepath.Clean(d)) {
			out = append(out, filepath.Clean(d))
		}
	}
	add(r.spec.Dir)
	add(envValue(r.spec.Env, "HOME"))
	add(envValue(r.spec.Env, "TMPDIR"))
	for _, d := range r.spec.Writable {
		add(d)
	}
	for _, d := range r.spec.Overlay {
		add(d)
	}
	return out
}

// planLandlock: the run may read and execute anything it can see, and
// write only under its own folders and to the few devices of its /dev.
// Another wall around the filesystem, for when the mount namespace is
// missing or mistaken. Where the kernel has them, scopes keep the
// run from signalling any process outside it (the grader, its launcher,
// another run of the same user where there is no PID namespace) and from
// connecting to abstract Unix sockets made outside it; and with refuseTCP
// (m.landlockRefusesTCP: the run shares the machine's network), it may
// neither bind nor connect a TCP port.
func planLandlock(p *launcher.Program, abi int, writable []string, refuseTCP bool) {
	const (
		llExecute  = 1 << 0
		llWrite    = 1 << 1
		llRead     = 1 << 2
		llReadDir  = 1 << 3
		llAllV1    = 1<<13 - 1
		llRefer    = 1 << 13 // ABI 2
		llTruncate = 1 << 14 // ABI 3
		llIoctlDev = 1 << 15 // ABI 5

		llBindTCP, llConnectTCP = 1 << 0, 1 << 1 // landlockTCP

		llScopeAbstractUnix, llScopeSignal = 1 << 0, 1 << 1 // landlockScopes
	)
	handled := uint64(llAllV1)
	if abi >= 2 {
		handled |= llRefer
	}
	if abi >= 3 {
		handled |= llTruncate
	}
	if abi >= 5 {
		handled |= llIoctlDev
	}
	var net, scoped uint32
	if refuseTCP {
		net = llBindTCP | llConnectTCP // and no rule allows any port
	}
	if abi >= landlockScopes {
		scoped = llScopeAbstractUnix | llScopeSignal
	}
	what := "Landlock"
	p.LandlockCreate(what, handled, net, scoped)
	p.LandlockAllow(what, "/", llExecute|llRead|llReadDir, launcher.Strict)
	for _, d := range devices {
		p.LandlockAllow(what, "/dev/"+d, (llRead|llWrite|llTruncate)&handled, launcher.Missing)
	}
	for _, d := range writable {
		p.LandlockAllow(what, d, handled, launcher.Strict)
	}
	p.LandlockRestrict(what)
}
