//go:build linux

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/boardcheck/boardcheck/internal/exhaustive"
	"github.com/boardcheck/boardcheck/internal/survivors"
)

// The escape suite (issue 14): every attack that got out of a run on the
// old grader, each a small submission under testdata/escape/attacks,
// graded through a real grader binary as root and again as an unprivileged
// user, each asserting that the attempt failed, that grader returned within
// the run's wall-clock limit plus a second, and that nothing of the run is left. Then each
// layer is shown to be needed: with the layers that stop an attack turned
// off (a grader built with -tags boardcheck_testhooks), it gets through.
//
//	go test ./cmd/grader -run 'TestEscape' -v
//
// It needs root, to switch to the unprivileged user and to show the root
// half; .ci/run runs it as root.

const (
	escapeLimit = 3 * time.Second // the escape exercise's time limit
	nobody      = 65534
	// bystanderWant is the text of another grading's want.txt, one the
	// attacks can reach but no attack may touch (see prepare).
	bystanderWant = "another grading's expected line\n"
)

// attack is one escape attempt and the layers that stop it.
type attack struct {
	file     string // under testdata/escape/attacks
	exercise string // "" for testdata/escape/exercise; else a builtin ID
	// off lists, for root and for the unprivileged user, the sets of
	// layers whose turning off lets the attack through: each set is one
	// proof. The layers in one set each stop the attack alone.
	offRoot, offUser [][]string
	// escaped says whether the attack got through, from grader's report
	// and the machine; by default, whether the report shows "ESCAPED".
	escaped func(e *escapeEnv, r graderRun) bool
	tty     bool // grader is started with a terminal of its own
	// flags are more flags for grader check.
	flags []string
	// path are folders put first on the grader's PATH.
	path func(e *escapeEnv) []string
	// needs says why the machine cannot show the attack, "" where it can.
	needs func(e *escapeEnv) string
	// limit is the run's time limit, if not escapeLimit: the proof of an
	// attack that does real work once out (memfd.py writes 1 GiB) needs
	// time for it on a loaded machine, where 3 s timed it out unescaped.
	limit time.Duration
	// folder, when set, is the exercise under testdata/escape it is
	// graded against (hidden, for an attack on a hidden check's input).
	folder string
	// hangs says the attack gets out by holding the grader up for ever:
	// a grader that has not returned hangDeadline after its start is
	// killed, and the attack got out.
	hangs bool
	// goCache gives the grader the tests' own Go build cache, warm (a
	// cold one rebuilds the standard library, a minute on a busy
	// machine), for an attack built as a Go program.
	goCache bool
	// waits is how much longer than its wall-clock limit a run of the
	// attack may take on a busy machine: the time it waits for a
	// processor that others hold, which the limit does not count.
	waits time.Duration
	// batch, when set, grades the attack's submission as a class folder
	// with grader batch, and names the student whose report is the
	// attack's: it stands in for the grader's standard output, and the
	// batch's exit status is 0.
	batch string
}

// hangDeadline is how long an attack that hangs the grader is given to,
// before the grader is killed: far past what a grading here takes (under
// two seconds, of a program that says hello), even on a loaded machine.
const hangDeadline = 20 * time.Second

// timeLimit is the time limit of a's runs.
func (a attack) timeLimit() time.Duration {
	if a.limit > 0 {
		return a.limit
	}
	return escapeLimit
}

func attacks() []attack {
	fullMarks := func(e *escapeEnv, r graderRun) bool {
		m := regexp.MustCompile(`(?m)^\S+: (\d+)/(\d+), `).FindStringSubmatch(r.stdout)
		return m != nil && m[1] == m[2]
	}
	passed := func(title string) func(*escapeEnv, graderRun) bool {
		return func(e *escapeEnv, r graderRun) bool {
			return regexp.MustCompile(`(?m)^✓ ` + title + `\b`).MatchString(r.stdout)
		}
	}
	checkPassed := func(title string) func(*escapeEnv, graderRun) bool {
		return func(e *escapeEnv, r graderRun) bool {
			return strings.Contains(r.stdout+r.stderr, "ESCAPED") || regexp.MustCompile(`(?m)^✓ `+title+`\b`).MatchString(r.stdout)
		}
	}
	hostFile := func(e *escapeEnv, r graderRun) bool {
		data, _ := os.ReadFile(e.marker)
		return strings.Contains(r.stdout, "ESCAPED") || string(data) != "host\n"
	}
	written := func(e *escapeEnv, r graderRun) bool {
		_, err := os.Stat(e.written)
		return err == nil || strings.Contains(r.stdout, "ESCAPED")
	}
	inherited := func(e *escapeEnv, r graderRun) bool {
		data, _ := os.ReadFile(e.fd9)
		return len(data) > 0 || strings.Contains(r.stdout, "ESCAPED")
	}
	connected := func(e *escapeEnv, r graderRun) bool {
		return e.accepted.Load() > 0 || strings.Contains(r.stdout, "ESCAPED")
	}
	connectedAbstract := func(e *escapeEnv, r graderRun) bool {
		return e.abstractAccepted.Load() > 0 || strings.Contains(r.stdout, "ESCAPED")
	}
	hung := func(e *escapeEnv, r graderRun) bool { return r.killed }
	secret := func(e *escapeEnv, r graderRun) bool { return strings.Contains(r.stdout+r.stderr, secretText) }
	broken := func(e *escapeEnv, r graderRun) bool {
		return r.exit == 3 || strings.Contains(r.stdout, "the exercise or the grader is broken")
	}
	// starved says the grader took the run's time-out for the machine's:
	// too busy to judge it.
	starved := func(e *escapeEnv, r graderRun) bool {
		return r.exit == 3 || strings.Contains(r.stdout, "the machine was too busy to judge")
	}
	// reportPassed says whether the batch's report of the attack's
	// student passes the check name.
	reportPassed := func(name string) func(*escapeEnv, graderRun) bool {
		return func(e *escapeEnv, r graderRun) bool {
			var rep struct {
				Checks []struct{ Name, Status string }
			}
			json.Unmarshal([]byte(r.stdout), &rep)
			return slices.ContainsFunc(rep.Checks, func(c struct{ Name, Status string }) bool { return c.Name == name && c.Status == "pass" })
		}
	}
	// Where the kernel's Landlock has them, its TCP rights (without a
	// network namespace) and its scopes stop attacks alone too.
	landlockTCP, landlockScopes := []string{}, []string{}
	if abi := landlockABI(); abi >= 4 {
		landlockTCP = []string{"landlock"}
		if abi >= 6 {
			landlockScopes = landlockTCP
		}
	}
	with := func(layers []string, more []string) []string { return append(slices.Clone(layers), more...) }
	return []attack{
		{file: "host-files.sh", escaped: hostFile,
			offRoot: [][]string{{"root"}}, offUser: [][]string{{"root"}, {"userns"}}},
		{file: "write-host.sh", escaped: written,
			offRoot: [][]string{{"root", "landlock"}}, offUser: [][]string{{"root", "landlock"}}},
		{file: "remount.sh",
			offRoot: [][]string{{"seccomp", "caps", "landlock"}}, offUser: [][]string{{"seccomp", "caps", "landlock"}}},
		{file: "nested-userns.sh",
			offRoot: [][]string{{"seccomp"}}, offUser: [][]string{{"seccomp"}}},
		{file: "setns.sh"},
		{file: "environ.sh",
			offRoot: [][]string{{"namespaces", "runuid", "caps"}}, offUser: [][]string{{"userns", "landlock", "nodumpable"}}},
		{file: "grader-output.sh",
			// Escaped when the line is in the grader's output, as GitHub
			// would read it: at the start of a line. The run's own
			// "ESCAPED" is not taken on its word.
			escaped: func(e *escapeEnv, r graderRun) bool {
				return strings.HasPrefix(r.stdout, "::error ::pwned") || strings.Contains(r.stdout, "\n::error ::pwned")
			},
			offRoot: [][]string{{"namespaces", "runuid", "caps", "landlock"}}, offUser: [][]string{{"userns", "landlock", "nodumpable"}}},
		// The supervisor is a fork of the launcher, whose memory is the
		// host user namespace's: a run with every capability of its own
		// namespace still may not read an undumpable one; nor may a run
		// without capabilities read a supervisor that has them (the
		// root of the run's user namespace, or root).
		{file: "forge-status.sh", escaped: checkPassed("Says hello"),
			offRoot: [][]string{{"nodumpable", "landlock", "caps"}}, offUser: [][]string{{"nodumpable", "landlock", "caps"}}},
		// The grader's own pipes, its run's status among them: where runs
		// are the grader's own user, it is undumpable too.
		{file: "forge-grader.sh", escaped: checkPassed("Says hello"),
			offRoot: [][]string{{"namespaces", "runuid", "caps", "landlock"}}, offUser: [][]string{{"userns", "landlock", "nodumpable"}}},
		{file: "cgroup.sh", offRoot: [][]string{{"root", "runuid", "landlock"}}},
		{file: "tty.sh", tty: true,
			offRoot: [][]string{{"setsid", "root", "landlock"}}, offUser: [][]string{{"setsid", "root", "landlock"}}},
		{file: "tiocsti.py", tty: true},
		// The filter reads ioctl's command on 32 bits, as the kernel
		// does: with its high bits set, TIOCSTI is TIOCSTI.
		{file: "ioctl-highbits.py", tty: true,
			offRoot: [][]string{{"seccomp"}}, offUser: [][]string{{"seccomp"}}},
		// The reference programs beside the run's own sh, whose folder
		// the run sees (the grader installed where the tool is, as in
		// /usr/local/bin): hidden.
		{file: "reference.sh", exercise: "nqueens", escaped: fullMarks,
			path:    func(e *escapeEnv) []string { return []string{filepath.Join(e.beside, "bin")} },
			offRoot: [][]string{{"hide"}}, offUser: [][]string{{"hide"}}},
		// Only the check that compares: in the other, run at the same
		// time, the same attack would rewrite the file under the first.
		// With the layers off, want.sh searches the machine's /tmp, which
		// on a machine that has run much (a developer's) takes more than
		// 3 s: its proof timed out unescaped in one full run.
		{file: "want.sh", escaped: passed("Prints the expected line"), flags: []string{"--run", "want"}, limit: 20 * time.Second,
			offRoot: [][]string{{"root", "landlock", "filecheck", "runuid"}}, offUser: [][]string{{"root", "landlock", "filecheck"}}},
		{file: "memfd.py", limit: 20 * time.Second,
			offRoot: [][]string{{"cgroup", "seccomp", "rlimits"}}, offUser: [][]string{{"seccomp", "rlimits"}}},
		// As memfd.py, with SysV shared memory: only a cgroup counts it,
		// and where none does, the filter refuses shmget.
		{file: "sysvshm.py", limit: 20 * time.Second,
			offRoot: [][]string{{"cgroup", "seccomp"}}, offUser: [][]string{{"seccomp"}}},
		// The buffers of Unix socket pairs, which the kernel holds and no
		// process's resident memory shows: a memory cgroup counts them;
		// where there is none, the run's sockets are counted in its
		// memory (poll), and RLIMIT_NOFILE bounds how many a process
		// makes between two polls. As root, the cgroup is turned off
		// with them, or they would not apply.
		{file: "socketpairs.py", limit: 30 * time.Second,
			offRoot: [][]string{{"cgroup", "rlimits", "sockets"}}, offUser: [][]string{{"rlimits", "sockets"}}},
		// As socketpairs.py, each socket's buffer raised to 4 MiB through
		// setsockopt at level SOL_SOCKET with its high bits set, which the
		// kernel does not read: the count of sockets assumes the default
		// buffer, and only the filter keeps a socket to it. As root the
		// cgroup counts the buffers, whatever their size.
		{file: "setsockopt-highbits.py", limit: 30 * time.Second,
			offRoot: [][]string{{"cgroup", "seccomp", "epoll"}}, offUser: [][]string{{"seccomp", "epoll"}}},
		// Page tables, which no process's resident memory shows either:
		// a memory cgroup charges them, and where there is none the
		// poll counts them.
		{file: "pagetables.py", limit: 30 * time.Second,
			offRoot: [][]string{{"cgroup", "pagetables"}}, offUser: [][]string{{"pagetables"}}},
		// Epoll watches, the kernel's memory and the user's whole
		// allowance: RLIMIT_NOFILE keeps them within the memory limit
		// where no cgroup counts them. As root a run's uid is its own,
		// and its memory cgroup counts them.
		{file: "epoll-watches.py", offRoot: [][]string{{"cgroup", "epoll"}}, offUser: [][]string{{"epoll"}}},
		{file: "prlimit.py", offRoot: [][]string{{"seccomp"}}, offUser: [][]string{{"seccomp"}}},
		{file: "immutable.sh"},
		// The machine's own device nodes, bound into the run's /dev:
		// bound read-only, their times cannot be set.
		{file: "dev-times.py", offRoot: [][]string{{"devices"}}, offUser: [][]string{{"devices"}}},
		{file: "realtime.sh"},
		{file: "sysctl.sh", offRoot: [][]string{{"runuid", "landlock"}}},
		{file: "inherited-fd.sh", escaped: inherited,
			offRoot: [][]string{{"closefds"}}, offUser: [][]string{{"closefds"}}},
		{file: "network.sh", escaped: connected,
			offRoot: [][]string{with([]string{"netns"}, landlockTCP)}, offUser: [][]string{with([]string{"netns"}, landlockTCP)}},
		// Abstract Unix sockets have no file: a network namespace has
		// its own, and Landlock's scope keeps a run to those made inside
		// it.
		{file: "abstract-socket.py", escaped: connectedAbstract,
			offRoot: [][]string{with([]string{"netns"}, landlockScopes)}, offUser: [][]string{with([]string{"netns"}, landlockScopes)}},
		// Signals to the grader and its launcher: the PID namespace hides
		// them, the run's own uid may not signal them, and Landlock's
		// scope refuses any signal out of the run, which alone stops it
		// where the run is the grader's own user without namespaces.
		// A tool under a folder closed to the run's user: passed over
		// for the next on PATH, never bound into the run's root.
		// Without root the grader cannot reach it either.
		{file: "closed-tools.sh", path: func(e *escapeEnv) []string { return []string{filepath.Join(e.closed, "tool", "bin")} },
			offRoot: [][]string{{"toolreach"}}},
		// AF_VSOCK's ports are the host's: no namespace divides them, and
		// only the filter's allow-list of socket families refuses it.
		{file: "vsock.py", needs: needsVsock,
			offRoot: [][]string{{"seccomp"}}, offUser: [][]string{{"seccomp"}}},
		{file: "signal.sh",
			offRoot: [][]string{with([]string{"namespaces", "runuid"}, landlockScopes)}, offUser: [][]string{with([]string{"userns"}, landlockScopes)}},
		// The launcher, which holds every run's program while it forks
		// its supervisor: hidden by the PID namespace, out of reach of a
		// uid of its own and of a run without capabilities, undumpable,
		// so that even the grader's own user cannot read it, and out of
		// the run's Landlock domain (TestEscapeLauncherWithoutPIDNS). As
		// root, as for environ.sh, Landlock does not keep a run with
		// every capability from reading another process's files.
		{file: "launcher.sh", flags: []string{"--run", "hello"},
			offRoot: [][]string{{"namespaces", "runuid", "caps"}}, offUser: [][]string{{"userns", "nodumpable", "landlock"}}},
		// What the grader itself reads of a submission (grader/handin):
		// regular files inside the submission's own folder alone, never
		// blocking, never without end.
		{file: "zero-link.txtar", escaped: hung, hangs: true,
			offRoot: [][]string{{"handin"}}, offUser: [][]string{{"handin"}}},
		{file: "zero-notes.txtar", escaped: hung, hangs: true,
			offRoot: [][]string{{"handin"}}, offUser: [][]string{{"handin"}}},
		{file: "fifo.txtar", escaped: hung, hangs: true,
			offRoot: [][]string{{"handin"}}, offUser: [][]string{{"handin"}}},
		{file: "classmate-source.txtar", escaped: passed("Says hello"),
			offRoot: [][]string{{"handin"}}, offUser: [][]string{{"handin"}}},
		// As the unprivileged user the machine's permissions keep the
		// secret, and alice's folder, rule or none.
		{file: "secret-source.txtar", escaped: secret, offRoot: [][]string{{"handin"}}},
		{file: "classmate-go.txtar", escaped: passed("Says hello"), path: goDir, goCache: true, offRoot: [][]string{{"handin"}}},
		// The student's own entry, or folder, a link (issue 29): the
		// handin rule keeps lookups beneath it, and so the entry itself
		// is refused. As the unprivileged user alice's closed folder
		// stays closed, rule or none.
		{file: "class-link.txtar", batch: "mallory", escaped: reportPassed("hello"), offRoot: [][]string{{"handin"}}},
		{file: "class-folder-link.txtar", batch: "mallory", escaped: reportPassed("hello"), offRoot: [][]string{{"handin"}}},
		{file: "folder-link.txtar", escaped: passed("Says hello"), offRoot: [][]string{{"handin"}}},
		// A link above the student's folder, in their own tree: as root
		// the grader follows a link on the path it is given only where
		// root owns it.
		{file: "link-above.txtar", escaped: passed("Says hello"), offRoot: [][]string{{"handin"}}},
		// The file given a link to a classmate's beside it, in a
		// drop-box every student writes in: the file itself is refused.
		{file: "dropbox-link.txtar", escaped: passed("Says hello"), offRoot: [][]string{{"handin"}}},
		// A hard link has no target to refuse: as root, a file of two
		// names that not every user may read is.
		{file: "hardlink-secret.txtar", escaped: secret, offRoot: [][]string{{"handin"}}},
		// Checks apart: a hidden check's input, learned in its runs and
		// printed by a visible check's run beside it, which watches its
		// file (the filter refuses inotify, too).
		{file: "hidden-inotify.py", folder: "hidden", limit: 20 * time.Second,
			offRoot: [][]string{{"workname", "hiddenlast", "hiddengate", "runcopies", "seccomp"}}, offUser: [][]string{{"workname", "hiddenlast", "hiddengate", "runcopies", "seccomp"}}},
		// The same through a file of the machine's, which every run sees:
		// the filter refuses every way to watch a file.
		{file: "hidden-system-inotify.py", folder: "hidden", limit: 20 * time.Second,
			offRoot: [][]string{{"seccomp", "hiddenlast", "hiddengate"}}, offUser: [][]string{{"seccomp", "hiddenlast", "hiddengate"}}},
		// The same through locks on the machine's files, held by the
		// hidden check's run and tested by the visible one's: the filter
		// grants a run's locks without taking them.
		{file: "hidden-system-flock.py", folder: "hidden", limit: 20 * time.Second,
			offRoot: [][]string{{"seccomp", "hiddenlast", "hiddengate"}}, offUser: [][]string{{"seccomp", "hiddenlast", "hiddengate"}}},
		// The same between two students of one batch, graded side by
		// side (two at a time, on two cores), where running hidden checks
		// last does not keep mallory's hidden run from eve's visible one:
		// the filter stops it, and the gate every grading of the process
		// shares, which runs no hidden check's run beside another kind's.
		{file: "hidden-classmate-flock.txtar", batch: "eve", folder: "hidden", limit: 20 * time.Second,
			offRoot: [][]string{{"seccomp", "hiddengate"}}, offUser: [][]string{{"seccomp", "hiddengate"}}},
		// The same through the machine's count of threads, which no
		// namespace divides and no filter can keep from a run: only the
		// gate every grading of the process passes its runs through,
		// which lets no hidden check's run beside another kind's, stops
		// it. Out when eve's report has the N decoded right.
		{file: "hidden-classmate-loadavg.txtar", batch: "eve", folder: "hidden", limit: 20 * time.Second,
			escaped: func(e *escapeEnv, r graderRun) bool { return strings.Contains(r.stdout, "hidden check's N is 9") },
			offRoot: [][]string{{"hiddengate"}}, offUser: [][]string{{"hiddengate"}}},
		// The student's code run inside javac, at compile time: an
		// annotation processor found in the folder.
		{file: "javac-processor.txtar", needs: needsJavac,
			offRoot: [][]string{{"javacproc"}}, offUser: [][]string{{"javacproc"}}},
		// The student's code run inside cc, at compile time: a source
		// named as an option (-B: where cc finds its assembler).
		{file: "cc-option.txtar", needs: needsCC,
			offRoot: [][]string{{"operand"}}, offUser: [][]string{{"operand"}}},
		// What a compile writes to the machine's disk, in all.
		{file: "c-objects.txtar", needs: needsCC, limit: 20 * time.Second,
			// Out when the compile ran to its end: built, or its program
			// found too large to give a run, after it wrote it all.
			escaped: func(e *escapeEnv, r graderRun) bool {
				return strings.Contains(r.stdout, "built main.c second.c with") || strings.Contains(r.stdout, "; a run may be given at most ")
			},
			offRoot: [][]string{{"disk"}}, offUser: [][]string{{"disk"}}},
		// Not an escape: the grader must say whose the fault is.
		{file: "shebang-self.sh", escaped: broken},
		// The same, of classes javac wrote deeper than a run's copy of
		// them may go: the build fails, and a run's copy refused is the
		// student's failure too.
		{file: "java-deep.txtar", needs: needsJavac, escaped: broken, limit: 20 * time.Second,
			offRoot: [][]string{{"builtbounds", "copyrefused"}}, offUser: [][]string{{"builtbounds", "copyrefused"}}},
		// A thread storm's own queueing is not the machine's: its
		// time-out is the student's, not a grader error (issue 29, F5).
		// As root the run cgroup's full pressure stall measures the wait,
		// which has no such queueing in it (and its some line, with the
		// layer off, is too little here to show it). One check: each try
		// of a starved run takes three times its wall-clock limit, and
		// there are four.
		{file: "thread-storm.c", escaped: starved, needs: needsCC, limit: time.Second, waits: 2 * time.Second,
			flags: []string{"--run", "hello"}, offUser: [][]string{{"waitbound"}}},
		// The same, with a #! line naming a program beside the
		// submission: the sandbox bound that folder over the
		// submission's own files, and could not bind them.
		{file: "shebang-own.txtar", escaped: broken},
		// A #! line that names, as env's -u FILE, a classmate's program:
		// its folder was bound into the run.
		{file: "shebang-env-unset.txtar",
			offRoot: [][]string{{"shebangpath"}}, offUser: [][]string{{"shebangpath"}}},
	}
}

// needsJavac says why an attack on javac cannot be shown here: no javac on
// the tests' PATH, which the graders' is.
func needsJavac(*escapeEnv) string {
	if _, err := exec.LookPath("javac"); err != nil {
		return "no javac on PATH"
	}
	return ""
}

// needsCC says why an attack on the C compiler cannot be shown here.
func needsCC(*escapeEnv) string {
	if _, err := exec.LookPath("cc"); err != nil {
		return "no cc on PATH"
	}
	return ""
}

// goDir is the folder of the go command the tests run with, for an attack
// built as a Go program: the graders' PATH holds only the system's folders.
func goDir(*escapeEnv) []string {
	if p, err := exec.LookPath("go"); err == nil {
		return []string{filepath.Dir(p)}
	}
	return nil
}

// secretText is the first line of the machine's file only root may read,
// which secret-source.txtar links to.
const secretText = "THE_SECRET of the machine, only root's to read"

// escapeEnv holds the graders and the folders every attack shares: all
// under one folder that the unprivileged user may enter.
type escapeEnv struct {
	root           string // the repository
	dir            string // 0755: binaries, exercise, submissions
	grader, hooked string
	fd9            string // the file the grader inherits as descriptor 40
	bystander      string // another grading's want.txt, under /tmp
	// marker is the machine's file that host-files.sh reads and
	// write-host.sh looks for, and written the one write-host.sh makes
	// beside it: under dir, so that another suite run at the same time
	// has markers of its own.
	marker, written string
	// bystanderOut is the standard output of another grader check on the
	// machine (see watchBystander).
	bystanderOut string
	port         int
	accepted     atomic.Int64
	// abstract is the name of the abstract Unix socket the test listens
	// on, without its leading NUL; abstractAccepted counts connections.
	abstract         string
	abstractAccepted atomic.Int64
	// beside is a tool's folder (beside/bin/sh) that holds the grader's
	// binary and nqueens too (hard links): reference.sh.
	beside string
	// closed is a folder of mode 0700 that holds a tool (tool/bin/sh)
	// and a file beside it (tool/secret.txt): closed-tools.sh.
	closed string
	// vsockPort is the AF_VSOCK port the test holds on the host, 0 where
	// the machine has no vsock.
	vsockPort          uint32
	slack              map[int]time.Duration // by uid
	exercise, nqueens0 string
	// folders are the other exercises under testdata/escape, by name,
	// copied readable by the unprivileged user.
	folders map[string]string
	// secret is a file of the machine only root may read (secretText).
	secret string
}

func newEscapeEnv(t *testing.T) *escapeEnv {
	exhaustive.Skip(t, "the escape suite builds two graders and runs about a hundred attacks")
	if raceDetector {
		t.Skip("measured without -race: go test ./cmd/grader -run '^TestEscape'")
	}
	if os.Geteuid() != 0 {
		t.Skip("the escape suite needs root: it grades as root and as an unprivileged user")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("/tmp", "boardcheck-escape-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	// The grader's binaries under tools/, which its runs' PATH names (as
	// a go install puts grader and nqueens on PATH), apart from the
	// folders of its runs.
	e := &escapeEnv{root: root, dir: dir, grader: filepath.Join(dir, "tools", "bin", "grader"), hooked: filepath.Join(dir, "hooked", "grader"),
		slack: map[int]time.Duration{}}
	os.MkdirAll(filepath.Dir(e.hooked), 0o755)
	os.MkdirAll(filepath.Dir(e.grader), 0o755)
	build(t, root, e.grader, "./cmd/grader")
	build(t, root, filepath.Join(filepath.Dir(e.grader), "nqueens"), "./cmd/nqueens")
	build(t, root, e.hooked, "./cmd/grader", "-tags", "boardcheck_testhooks")
	// The exercise, readable by the unprivileged user.
	e.exercise = filepath.Join(dir, "exercise")
	if out, err := exec.Command("cp", "-r", filepath.Join(root, "testdata/escape/exercise"), e.exercise).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	exec.Command("chmod", "-R", "a+rX", e.exercise).Run()
	e.folders = map[string]string{}
	for _, name := range []string{"hidden"} {
		e.folders[name] = filepath.Join(dir, "exercise-"+name)
		if out, err := exec.Command("cp", "-r", filepath.Join(root, "testdata/escape", name), e.folders[name]).CombinedOutput(); err != nil {
			t.Fatalf("cp: %v\n%s", err, out)
		}
		exec.Command("chmod", "-R", "a+rX", e.folders[name]).Run()
	}
	e.secret = filepath.Join(dir, "secret")
	if err := os.WriteFile(e.secret, []byte(secretText+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	e.bystander = filepath.Join(dir, "bystander", "work", "want", "script-want", "want.txt")
	// Sticky and world-writable, as /tmp is: with the layers off, any
	// run's user may write there.
	host := filepath.Join(dir, "host")
	os.Mkdir(host, 0o755)
	os.Chmod(host, 0o1777)
	e.marker, e.written = filepath.Join(host, "marker"), filepath.Join(host, "written")
	e.beside = filepath.Join(dir, "beside")
	os.MkdirAll(filepath.Join(e.beside, "bin"), 0o755)
	os.WriteFile(filepath.Join(e.beside, "bin", "sh"), []byte("#!/bin/sh\nexec /bin/sh \"$@\"\n"), 0o755)
	for _, name := range []string{"grader", "nqueens"} {
		if err := os.Link(filepath.Join(filepath.Dir(e.grader), name), filepath.Join(e.beside, "bin", name)); err != nil {
			t.Fatal(err)
		}
	}
	e.closed = filepath.Join(dir, "closed")
	os.MkdirAll(filepath.Join(e.closed, "tool", "bin"), 0o755)
	os.WriteFile(filepath.Join(e.closed, "tool", "bin", "sh"), []byte("#!/bin/sh\nexec /bin/sh \"$@\"\n"), 0o755)
	os.WriteFile(filepath.Join(e.closed, "tool", "secret.txt"), []byte("only root may read this\n"), 0o644)
	os.Chmod(e.closed, 0o700)
	e.fd9 = filepath.Join(dir, "fd9.log")
	os.WriteFile(e.fd9, nil, 0o666)
	os.Chmod(e.fd9, 0o666)
	e.listen(t)
	e.holdVsock(t)
	e.watchBystander(t)
	return e
}

// watchBystander starts a bystander: a process named as another grader
// check on the machine is (another suite's, an engineer's), its standard
// output a file of its own. With layers off an attack sees it, and
// grader-output.sh, which writes into a grader check's output, must write
// only into its own grader's. It runs as the unprivileged user, whose runs
// could reach it too.
func (e *escapeEnv) watchBystander(t *testing.T) {
	e.bystanderOut = filepath.Join(e.dir, "bystander-grader.out")
	out, err := os.Create(e.bystanderOut)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	out.Chown(nobody, nobody)
	cmd := exec.Command("sleep", "3600")
	cmd.Args[0] = "grader check (a bystander's)"
	cmd.Env, cmd.Stdout = []string{}, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
}

// build builds pkg of the repository at root into out.
func build(t *testing.T, root, out, pkg string, flags ...string) {
	cmd := exec.Command("go", append(append([]string{"build", "-o", out}, flags...), pkg)...)
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, msg)
	}
}

// listen accepts every connection on the grader's loopback and on an
// abstract Unix socket of the grader's network namespace, counting them.
func (e *escapeEnv) listen(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("cannot listen on loopback: %v", err)
	}
	e.port = ln.Addr().(*net.TCPAddr).Port
	e.abstract = filepath.Base(e.dir)
	un, err := net.Listen("unix", "@"+e.abstract)
	if err != nil {
		t.Fatalf("cannot listen on the abstract socket @%s: %v", e.abstract, err)
	}
	for _, l := range []struct {
		ln      net.Listener
		counter *atomic.Int64
	}{{ln, &e.accepted}, {un, &e.abstractAccepted}} {
		t.Cleanup(func() { l.ln.Close() })
		go func() {
			for {
				c, err := l.ln.Accept()
				if err != nil {
					return
				}
				l.counter.Add(1)
				c.Close()
			}
		}()
	}
}

// prepare resets the machine's side of the attacks and writes the
// submission into a folder of its own.
//
// The machine's side includes a bystander: a want.txt under /tmp, outside
// the grader's TMPDIR, as another grader's is (another test's, another
// suite's run at the same time, a class graded on the same machine). With
// layers off an attack really gets out, and what it does there must stay
// within its own grader's folder: a want.txt rewritten under another
// grader fails a good submission there ("the submission changed the
// scenario's own file want.txt").
func (e *escapeEnv) prepare(t *testing.T, a attack, tmp string) (subDir, sub string) {
	os.MkdirAll(filepath.Dir(e.bystander), 0o755)
	if err := os.WriteFile(e.bystander, []byte(bystanderWant), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(e.marker, []byte("host\n"), 0o666)
	os.Chmod(e.marker, 0o666)
	t.Cleanup(func() { os.Remove(e.marker); os.Remove(e.written) })
	os.Remove(e.written)
	os.Truncate(e.fd9, 0)
	e.accepted.Store(0)
	e.abstractAccepted.Store(0)
	data, err := os.ReadFile(filepath.Join(e.root, "testdata/escape/attacks", a.file))
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.ReplaceAll(data, []byte("port=PORT"), []byte("port="+strconv.Itoa(e.port)))
	data = bytes.ReplaceAll(data, []byte(`name = "ABSTRACT"`), []byte(`name = "`+e.abstract+`"`))
	data = bytes.ReplaceAll(data, []byte("vport = VPORT"), []byte("vport = "+strconv.FormatUint(uint64(e.vsockPort), 10)))
	data = bytes.ReplaceAll(data, []byte("closed=CLOSED"), []byte("closed="+e.closed))
	data = bytes.ReplaceAll(data, []byte("reach=REACH"), []byte("reach="+tmp))
	data = bytes.ReplaceAll(data, []byte("marker=MARKER"), []byte("marker="+e.marker))
	data = bytes.ReplaceAll(data, []byte("written=WRITTEN"), []byte("written="+e.written))
	subDir, err = os.MkdirTemp(e.dir, "sub-")
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(subDir, 0o755)
	if filepath.Ext(a.file) == ".txtar" {
		data = bytes.ReplaceAll(data, []byte("SECRET"), []byte(e.secret))
		data = bytes.ReplaceAll(data, []byte("HERE/"), []byte(subDir+"/"))
		return subDir, folderAttack(t, subDir, data)
	}
	sub = filepath.Join(subDir, filepath.Base(a.file))
	if err := os.WriteFile(sub, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return subDir, sub
}

// folderAttack makes, in dir, the submission an attack's archive describes:
// its files, and the links and named pipes its comment's "# link: NAME ->
// TARGET" and "# fifo: NAME" lines ask for (git carries the one, a tarball
// both), "# base64: NAME" a file written in base64 in the archive, decoded;
// "# mode: NAME 0700" then closes a folder to every user but its
// owner, root (a classmate's), "# owner: NAME UID" gives a file, folder
// or link (itself, not what it leads to) to another user (a student's
// own link), and "# hardlink: NAME -> TARGET" makes a hard link, once no
// mode is to be set: it is its target's inode. It returns what to grade:
// "# submission: PATH", else dir.
func folderAttack(t *testing.T, dir string, data []byte) string {
	t.Helper()
	ar := txtar.Parse(data)
	for _, f := range ar.Files {
		p := filepath.Join(dir, f.Name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sub := dir
	for line := range strings.Lines(string(ar.Comment)) {
		line = strings.TrimSpace(strings.TrimPrefix(line, "#"))
		key, value, _ := strings.Cut(line, ": ")
		var err error
		switch key {
		case "submission":
			sub = filepath.Join(dir, value)
		case "link":
			name, target, _ := strings.Cut(value, " -> ")
			os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
			err = os.Symlink(target, filepath.Join(dir, name))
		case "fifo":
			err = syscall.Mkfifo(filepath.Join(dir, value), 0o644)
		case "base64":
			// A binary file (a compiled class), which txtar cannot
			// hold as it is.
			var raw, bin []byte
			if raw, err = os.ReadFile(filepath.Join(dir, value)); err == nil {
				if bin, err = base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(raw)), "")); err == nil {
					err = os.WriteFile(filepath.Join(dir, value), bin, 0o644)
				}
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	exec.Command("chmod", "-R", "a+rX", dir).Run()
	for line := range strings.Lines(string(ar.Comment)) {
		line = strings.TrimSpace(strings.TrimPrefix(line, "#"))
		if value, ok := strings.CutPrefix(line, "mode: "); ok {
			name, mode, _ := strings.Cut(value, " ")
			m, err := strconv.ParseUint(mode, 8, 32)
			if err != nil {
				t.Fatalf("mode: %v", err)
			}
			if err := os.Chmod(filepath.Join(dir, name), os.FileMode(m)); err != nil {
				t.Fatal(err)
			}
		}
		if value, ok := strings.CutPrefix(line, "owner: "); ok {
			name, owner, _ := strings.Cut(value, " ")
			uid, err := strconv.Atoi(owner)
			if err != nil {
				t.Fatalf("owner: %v", err)
			}
			if err := os.Lchown(filepath.Join(dir, name), uid, uid); err != nil {
				t.Fatal(err)
			}
		}
		if value, ok := strings.CutPrefix(line, "hardlink: "); ok {
			name, target, _ := strings.Cut(value, " -> ")
			if err := os.Link(target, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return sub
}

// grade runs grader check on the attack as uid (0 or nobody), with the
// hooked grader and layers off when off is not empty.
func (e *escapeEnv) grade(t *testing.T, a attack, uid int, off []string) graderRun {
	t.Helper()
	return e.gradeArgs(t, a, uid, off)
}

// gradeArgs is grade with more flags for grader check.
func (e *escapeEnv) gradeArgs(t *testing.T, a attack, uid int, off []string, flags ...string) graderRun {
	t.Helper()
	tmp, err := os.MkdirTemp(e.dir, "tmp-")
	if err != nil {
		t.Fatal(err)
	}
	os.Chown(tmp, uid, uid)
	subDir, sub := e.prepare(t, a, tmp)
	owners := ownersOf(tmp, subDir)
	ex := e.exercise
	if a.exercise != "" {
		ex = a.exercise
	}
	if a.folder != "" {
		ex = e.folders[a.folder]
	}
	bin := e.grader
	if len(off) > 0 {
		bin = e.hooked
	}
	args := append([]string{"check", "-v", "--color=never", "--timeout", a.timeLimit().String()}, a.flags...)
	args = append(args, flags...)
	var grades string // grader batch's --out, for a.batch
	if a.batch != "" {
		made, err := os.MkdirTemp(e.dir, "out-")
		if err != nil {
			t.Fatal(err)
		}
		os.Chown(made, uid, uid)
		grades = filepath.Join(made, "grades")
		args = append([]string{"batch", "--timeout", a.timeLimit().String(), "--out", grades}, a.flags...)
		if len(off) > 0 {
			// A sandbox layer off is isolation missing, which grader
			// batch refuses unless told (grader check only says so).
			args = append(args, "--require-isolation=false")
		}
	}
	cmd := exec.Command(bin, append(args, ex, sub)...)
	cmd.Dir = subDir
	// The grader's own folder on PATH: a run that could see it would
	// find grader and run its reference programs.
	path := filepath.Dir(e.grader) + ":/usr/local/bin:/usr/bin:/bin"
	if a.path != nil {
		path = strings.Join(a.path(e), ":") + ":" + path
	}
	cmd.Env = []string{"PATH=" + path, "TMPDIR=" + tmp, "HOME=" + tmp,
		"BOARDCHECK_CANARY=the-graders-own-secret", "NO_COLOR=1", "BOARDCHECK_LAYERS_OFF=" + strings.Join(off, ",")}
	if a.goCache {
		if c, err := exec.Command("go", "env", "GOCACHE").Output(); err == nil {
			cmd.Env = append(cmd.Env, "GOCACHE="+strings.TrimSpace(string(c)))
		}
	}
	// Standard output is a file of the grader's own user, appended to as
	// a CI runner's log is: a run that reached the grader's descriptors
	// could write there, and what it wrote stays (written at the grader's
	// own offset, the report would overwrite it).
	made, err := os.CreateTemp(e.dir, "stdout-")
	if err != nil {
		t.Fatal(err)
	}
	made.Close()
	defer os.Remove(made.Name())
	out, err := os.OpenFile(made.Name(), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	out.Chown(uid, uid)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = out, &stderr
	fd9, err := os.OpenFile(e.fd9, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer fd9.Close()
	// Descriptor 40: above those the grader hands its runs' supervisor.
	cmd.ExtraFiles = append(make([]*os.File, 37), fd9)
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	if uid != 0 {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid)}
	}
	if a.tty {
		pty, tty := openPTY(t)
		defer pty.Close()
		defer tty.Close()
		go io.Copy(io.Discard, pty)
		cmd.Stdin = tty
		cmd.SysProcAttr.Setsid, cmd.SysProcAttr.Setctty, cmd.SysProcAttr.Ctty = true, true, 0
	}
	start := time.Now()
	var killed atomic.Bool
	if a.hangs {
		// Held up for ever (a read without end, or an open that blocks),
		// the grader is killed: the attack got out.
		cmd.WaitDelay = 5 * time.Second
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		timer := time.AfterFunc(hangDeadline, func() { killed.Store(true); cmd.Process.Kill() })
		err = cmd.Wait()
		timer.Stop()
	} else {
		err = cmd.Run()
	}
	took := time.Since(start)
	stdout, _ := os.ReadFile(made.Name())
	if a.batch != "" {
		// The attacker's report is what the attack got.
		stdout, _ = os.ReadFile(filepath.Join(grades, "reports", a.batch+".json"))
	}
	r := graderRun{stdout: string(stdout), stderr: stderr.String(), took: took, exit: cmd.ProcessState.ExitCode(), killed: killed.Load()}
	if err != nil && r.exit < 0 && !r.killed {
		t.Fatalf("grader: %v", err)
	}
	if r.killed {
		// What the killed grader left is no finding of the suite's.
		ents, _ := os.ReadDir(tmp)
		for _, e := range ents {
			os.RemoveAll(filepath.Join(tmp, e.Name()))
		}
	}
	if left := survivorsUnder(tmp); len(left) > 0 {
		t.Errorf("processes left after grader returned: %v", left)
	}
	if now, _ := os.ReadFile(e.bystander); string(now) != bystanderWant {
		t.Errorf("%s rewrote another grading's %s (now %q): an attack may write only inside its own grader's TMPDIR", a.file, e.bystander, now)
	}
	if now, _ := os.ReadFile(e.bystanderOut); len(now) > 0 {
		t.Errorf("%s wrote into another grader check's output %s (%q): an attack may write only into its own grader's", a.file, e.bystanderOut, now)
		os.Truncate(e.bystanderOut, 0)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) > 0 {
		t.Errorf("grader left %d entries in its TMPDIR %s", len(ents), tmp)
	}
	if now := ownersOf(tmp, subDir); !slices.Equal(now, owners) {
		// Given to a run's uid, a folder would belong to every later run
		// of that uid: another student's, in grader batch.
		t.Errorf("grader changed the owners of its TMPDIR and the submission's folder from %v to %v", owners, now)
	}
	return r
}

// ownersOf lists the owner of each path, -1 for one that cannot be read.
func ownersOf(paths ...string) []int {
	var out []int
	for _, p := range paths {
		uid := -1
		if fi, err := os.Lstat(p); err == nil {
			uid = int(fi.Sys().(*syscall.Stat_t).Uid)
		}
		out = append(out, uid)
	}
	return out
}

func (e *escapeEnv) escaped(a attack, r graderRun) bool {
	if a.escaped != nil {
		return a.escaped(e, r)
	}
	return strings.Contains(r.stdout+r.stderr, "ESCAPED")
}

// TestEscape grades every attack with every layer on, as root and as an
// unprivileged user: none gets through.
func TestEscape(t *testing.T) {
	e := newEscapeEnv(t)
	for _, uid := range []int{0, nobody} {
		who := map[int]string{0: "root", nobody: "nobody"}[uid]
		t.Run(who, func(t *testing.T) {
			slack := e.slackFor(t, uid)
			protections := ""
			for _, a := range attacks() {
				t.Run(strings.TrimSuffix(a.file, filepath.Ext(a.file)), func(t *testing.T) {
					e.skipUnshowable(t, a, uid)
					r := e.grade(t, a, uid, nil)
					t.Logf("%s as %s: exit %d in %v; the run said: %s", a.file, who, r.exit, r.took.Round(time.Millisecond), runSaid(r.stdout))
					if protections == "" {
						protections = r.stdout
					}
					if e.escaped(a, r) {
						t.Errorf("%s got out:\n%s\n%s", a.file, r.stdout, r.stderr)
					}
					if want := map[bool]int{false: 1, true: 0}[a.batch != ""]; r.exit != want {
						t.Errorf("exit status %d; want %d (a check failed; a class graded)\nstdout: %s\nstderr: %s", r.exit, want, r.stdout, r.stderr)
					}
					// The wall-clock limit, twice the CPU time and a second
					// (sandbox.Limits.Wall), ends an attack that waits.
					if lim := 2*a.timeLimit() + 2*time.Second + a.waits + slack; r.took > lim {
						t.Errorf("grader returned after %v; want within %v", r.took, lim)
					}
				})
			}
			// Without root, no cgroup is the grader's to make: memory and
			// CPU time are read from /proc (and memfd_create refused), and
			// runs have no cpu cgroup of their own, as grader -v says.
			cgroupOnly := func(line string) bool {
				return strings.Contains(line, "kernel-counted memory") || strings.Contains(line, "kernel-counted CPU time") ||
					strings.Contains(line, "an equal share of the processor")
			}
			for _, line := range strings.Split(protections, "\n") {
				if strings.Contains(line, "not in force") && !(uid != 0 && cgroupOnly(line)) {
					t.Errorf("as %s, a layer was not in force: %s", who, strings.TrimSpace(line))
				}
			}
		})
	}
}

// TestEscapeLayers turns off, for each attack, the layers that stop it,
// and shows that it then gets through: each layer is needed.
func TestEscapeLayers(t *testing.T) {
	e := newEscapeEnv(t)
	for _, uid := range []int{0, nobody} {
		who := map[int]string{0: "root", nobody: "nobody"}[uid]
		t.Run(who, func(t *testing.T) {
			for _, a := range attacks() {
				proofs := a.offRoot
				if uid != 0 {
					proofs = a.offUser
				}
				for _, off := range proofs {
					name := strings.TrimSuffix(a.file, filepath.Ext(a.file)) + "/without_" + strings.Join(off, "_")
					t.Run(name, func(t *testing.T) {
						e.skipUnshowable(t, a, uid)
						r := e.grade(t, a, uid, off)
						t.Logf("%s as %s without %v: the run said: %s", a.file, who, off, runSaid(r.stdout))
						if !e.escaped(a, r) {
							t.Errorf("with %v off, %s did not get out: it does not show that these layers stop it\n%s\n%s", off, a.file, r.stdout, r.stderr)
						}
						for _, layer := range off {
							// Each of them alone, on, stops it.
							rest := slices.DeleteFunc(slices.Clone(off), func(l string) bool { return l == layer })
							if len(rest) == 0 {
								continue
							}
							if r := e.grade(t, a, uid, rest); e.escaped(a, r) {
								t.Errorf("with %v off but %s on, %s got out: %s alone does not stop it\n%s", rest, layer, a.file, layer, r.stdout)
							}
						}
					})
				}
			}
		})
	}
}

// slackFor is how long grader takes to grade a submission that passes at
// once, as uid: paid before any run, whatever the submission does.
func (e *escapeEnv) slackFor(t *testing.T, uid int) time.Duration {
	hello := attack{file: "../../hostile/hello.sh"}
	r := e.grade(t, hello, uid, nil)
	t.Logf("slack: %v (grader check of a program that exits at once)", r.took.Round(time.Millisecond))
	return r.took
}

// runSaid is what the runs printed that says how the attack went.
func runSaid(stdout string) string {
	var out []string
	for _, m := range regexp.MustCompile(`(?m)(ESCAPED|blocked)[^\n]*`).FindAllString(stdout, -1) {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return "(nothing)"
	}
	return strings.Join(out, "; ")
}

// skipUnshowable skips a's grading where this machine cannot show it.
func (e *escapeEnv) skipUnshowable(t *testing.T, a attack, uid int) {
	t.Helper()
	if filepath.Ext(a.file) == ".py" && !hasPython(uid) {
		t.Skip("no python3 the unprivileged user can run")
	}
	if a.needs != nil {
		if why := a.needs(e); why != "" {
			t.Skip(why)
		}
	}
}

func needsVsock(e *escapeEnv) string {
	if e.vsockPort == 0 {
		return "this machine has no AF_VSOCK sockets"
	}
	return ""
}

// holdVsock binds an AF_VSOCK port on the host, any CID, for vsock.py to
// find taken; where the machine has no vsock, vsockPort stays 0.
func (e *escapeEnv) holdVsock(t *testing.T) {
	const afVsock, anyCID, anyPort = 40, ^uint32(0), ^uint32(0)
	fd, err := syscall.Socket(afVsock, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return
	}
	t.Cleanup(func() { syscall.Close(fd) })
	// struct sockaddr_vm: family, reserved, port, cid, flags, zero.
	var sa [16]byte
	binary.LittleEndian.PutUint16(sa[0:], afVsock)
	binary.LittleEndian.PutUint32(sa[4:], anyPort)
	binary.LittleEndian.PutUint32(sa[8:], anyCID)
	if _, _, errno := syscall.Syscall(syscall.SYS_BIND, uintptr(fd), uintptr(unsafe.Pointer(&sa[0])), uintptr(len(sa))); errno != 0 {
		return
	}
	n := uint32(len(sa))
	if _, _, errno := syscall.Syscall(syscall.SYS_GETSOCKNAME, uintptr(fd), uintptr(unsafe.Pointer(&sa[0])), uintptr(unsafe.Pointer(&n))); errno != 0 {
		return
	}
	e.vsockPort = binary.LittleEndian.Uint32(sa[4:])
}

func hasPython(uid int) bool {
	if uid == 0 {
		return true
	}
	_, err := os.Stat("/usr/bin/python3")
	return err == nil
}

// survivorsUnder lists live processes whose environment names a folder
// under tmp: the runs of a grader whose TMPDIR it was.
func survivorsUnder(tmp string) []string {
	return survivors.List(func(p survivors.Process) bool { return p.EnvHas(tmp + "/") })
}

// openPTY opens a pseudo-terminal: its master, and the terminal itself.
func openPTY(t *testing.T) (pty, tty *os.File) {
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, pty.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatalf("unlockpt: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, pty.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatalf("ptsname: %v", e)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("opening the terminal: %v", err)
	}
	os.Chmod(tty.Name(), 0o666)
	return pty, tty
}

// TestEscapeWithoutNamespaces is a container that refuses namespaces
// (Docker's default seccomp profile does): the facility made to fail on
// purpose. grader says what is missing, --require-isolation refuses to run
// the submission, and every layer that can still apply does: as root a
// uid of its own, no capabilities, the syscall filter, Landlock, rlimits.
func TestEscapeWithoutNamespaces(t *testing.T) {
	e := newEscapeEnv(t)
	for _, uid := range []int{0, nobody} {
		who := map[int]string{0: "root", nobody: "nobody"}[uid]
		off := []string{"namespaces"}
		if uid != 0 {
			off = []string{"userns"} // without root, no namespace comes without a user namespace
		}
		t.Run(who, func(t *testing.T) {
			r := e.grade(t, attack{file: "nested-userns.sh"}, uid, off)
			inForce := []string{"no capabilities: ", "seccomp filter: ", "Landlock (ABI", "rlimits: ", "child subreaper per run"}
			missing := []string{"not in force: a PID namespace", "not in force: a network namespace", "not in force: a root of its own"}
			if abi := landlockABI(); abi >= 6 {
				inForce = append(inForce, "no TCP port bound or connected; no signal to a process outside the run")
			} else if abi >= 4 {
				inForce = append(inForce, "no TCP port bound or connected")
			}
			if uid == 0 {
				inForce = append(inForce, "a user of its own per run (uid 2000000000 and up)")
				missing = append(missing, "not in force: a user namespace per run")
			} else {
				missing = append(missing, "not in force: a user of its own")
			}
			for _, want := range append(inForce, missing...) {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("grader -v does not say %q:\n%s", want, r.stdout)
				}
			}
			if e.escaped(attack{}, r) {
				t.Errorf("without namespaces, the syscall filter must still stop a nested user namespace:\n%s", r.stdout)
			}
			// The rest of the lockdown still stops what it stops alone.
			for _, a := range []string{"remount.sh", "memfd.py"} {
				if r := e.grade(t, attack{file: a}, uid, off); e.escaped(attack{}, r) {
					t.Errorf("without namespaces, %s got out:\n%s", a, r.stdout)
				}
			}
			if uid == 0 {
				if r := e.grade(t, attack{file: "sysctl.sh"}, uid, off); e.escaped(attack{}, r) {
					t.Errorf("without namespaces, the run's own uid must still keep it from the machine's sysctls:\n%s", r.stdout)
				}
			}
			// --require-isolation refuses, naming what is missing.
			r = e.gradeArgs(t, attack{file: "nested-userns.sh"}, uid, off, "--require-isolation")
			if r.exit != 3 || !strings.Contains(r.stderr, "--require-isolation: this machine does not let the sandbox isolate a run") ||
				!strings.Contains(r.stderr, "a PID namespace") {
				t.Errorf("--require-isolation: exit %d, stderr %q; want exit 3 and what is missing", r.exit, r.stderr)
			}
			if strings.Contains(r.stdout, "blocked") || strings.Contains(r.stdout, "ESCAPED") {
				t.Errorf("--require-isolation ran the submission all the same:\n%s", r.stdout)
			}
			// How to get them: as root the container refused them; as
			// another user, the kernel's settings did.
			advice := map[int]string{0: "--security-opt seccomp=unconfined", nobody: "sysctl kernel.unprivileged_userns_clone=1"}[uid]
			if !strings.Contains(r.stderr, advice) {
				t.Errorf("--require-isolation as %s does not advise %q:\n%s", who, advice, r.stderr)
			}
		})
	}
}

// TestEscapeBatch grades a class in which one student tries to rewrite
// the others' submissions and reports: they keep full marks, and their
// files and reports are as they were.
//
// Without namespaces and Landlock the attack does get out, onto the
// machine's /tmp, where another class may be being graded at the same time
// (another suite's, its files as world-writable as this one's). What it
// rewrites there stays within reach: the folder of this batch's class, its
// reports and its TMPDIR, which the test writes into the attack in place of
// REACH. A bystander class outside reach, as another batch's would be,
// must keep every file as it was.
func TestEscapeBatch(t *testing.T) {
	e := newEscapeEnv(t)
	reach := filepath.Join(e.dir, "batch")
	class := filepath.Join(reach, "class")
	hello, err := os.ReadFile(filepath.Join(e.root, "testdata/hostile/hello.sh"))
	if err != nil {
		t.Fatal(err)
	}
	attack, err := os.ReadFile(filepath.Join(e.root, "testdata/escape/attacks/classmate.sh"))
	if err != nil {
		t.Fatal(err)
	}
	attack = bytes.ReplaceAll(attack, []byte("reach=REACH"), []byte("reach="+reach))
	students := map[string][]byte{"ada": hello, "bob": hello, "cy": hello, "mallory": attack, "zed": hello}
	writeClass := func() {
		for name, data := range students {
			file := "hello.sh"
			if name == "mallory" {
				file = "classmate.sh"
			}
			writeWorldWritable(t, filepath.Join(class, name, file), data)
		}
	}
	writeClass()
	// Another class, as a batch run beside this one leaves it: a
	// submission and a report, both world-writable.
	bystander := []string{
		filepath.Join(e.dir, "bystander-class", "class", "ada", "hello.sh"),
		filepath.Join(e.dir, "bystander-class", "grades", "reports", "ada.json"),
	}
	batch := func(bin, out string, off ...string) {
		for _, f := range bystander {
			writeWorldWritable(t, f, hello)
		}
		cmd := exec.Command(bin, "batch", "--require-isolation="+strconv.FormatBool(len(off) == 0), "--jobs", "2",
			"--timeout", escapeLimit.String(), "--out", out, e.exercise, class)
		cmd.Env = []string{"PATH=" + filepath.Dir(e.grader) + ":/usr/bin:/bin", "TMPDIR=" + reach, "HOME=" + reach, "NO_COLOR=1",
			"BOARDCHECK_LAYERS_OFF=" + strings.Join(off, ",")}
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("grader batch: %v\n%s", err, msg)
		}
		for _, f := range bystander {
			if now, _ := os.ReadFile(f); !bytes.Equal(now, hello) {
				t.Errorf("with %v off, classmate.sh rewrote another class's %s (now %q): an attack may write only within its own batch's reach %s", off, f, now, reach)
			}
		}
	}
	// Without namespaces and Landlock, mallory does reach the others.
	batch(e.hooked, filepath.Join(reach, "grades-unisolated"), "namespaces", "landlock")
	if now, _ := os.ReadFile(filepath.Join(class, "zed", "hello.sh")); bytes.Equal(now, hello) {
		rep, _ := os.ReadFile(filepath.Join(reach, "grades-unisolated", "reports", "mallory.json"))
		t.Errorf("without namespaces and Landlock, mallory did not reach zed's file: the attack proves nothing\n%s", rep)
	}
	writeClass()
	out := filepath.Join(reach, "grades")
	batch(e.grader, out)
	for name, data := range students {
		rep, err := os.ReadFile(filepath.Join(out, "reports", name+".json"))
		if err != nil {
			t.Errorf("%s has no report: %v", name, err)
			continue
		}
		if name == "mallory" {
			if bytes.Contains(rep, []byte("ESCAPED")) {
				t.Errorf("mallory got out:\n%s", rep)
			}
			continue
		}
		if !bytes.Contains(rep, []byte(`"score": 1`)) || bytes.Contains(rep, []byte("pwned")) {
			t.Errorf("%s's report does not give the one point of the hello check:\n%s", name, rep)
		}
		if now, _ := os.ReadFile(filepath.Join(class, name, "hello.sh")); !bytes.Equal(now, data) {
			t.Errorf("%s's submission was rewritten: %q", name, now)
		}
	}
}

// writeWorldWritable writes file with data, it and its folder writable by
// anyone, as a careless class folder can be: only the sandbox keeps one
// student from another.
func writeWorldWritable(t *testing.T, file string, data []byte) {
	t.Helper()
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.Chmod(filepath.Dir(file), 0o777)
	if err := os.WriteFile(file, data, 0o666); err != nil {
		t.Fatal(err)
	}
	os.Chmod(file, 0o666)
}

// TestEscapeSuitesApart is two escape suites run at once, as on a shared
// machine: what one's attacks and clean-up do to the machine leaves
// alone what the other's proofs read. Each suite's markers are its own:
// one's host-files.sh and write-host.sh, getting out, neither rewrite the
// other's marker nor leave a file the other would take for its own
// escape, and one's clean-up after a grading does not remove the other's
// marker from under a grading of the other's.
func TestEscapeSuitesApart(t *testing.T) {
	one, other := newEscapeEnv(t), newEscapeEnv(t)
	for _, a := range attacks() {
		if a.file != "host-files.sh" && a.file != "write-host.sh" {
			continue
		}
		off := a.offRoot[0] // the layers whose turning off lets it out
		other.prepare(t, a, t.TempDir())
		t.Run(strings.TrimSuffix(a.file, ".sh"), func(t *testing.T) {
			if r := one.grade(t, a, 0, off); !one.escaped(a, r) {
				t.Fatalf("with %v off, %s did not get out: it proves nothing here\n%s", off, a.file, r.stdout)
			}
			if other.escaped(a, graderRun{}) {
				data, _ := os.ReadFile(other.marker)
				t.Errorf("%s, getting out of one suite's grading, counts as the other suite's escape (its marker %s: %q)", a.file, other.marker, data)
			}
		})
		if data, err := os.ReadFile(other.marker); string(data) != "host\n" {
			t.Errorf("after one suite's grading of %s, the other's marker %s is %q (%v); want it as the other left it", a.file, other.marker, data, err)
		}
	}
}

// TestEscapeLauncherWithoutPIDNS grades launcher.sh where no run has a
// PID namespace (as root without namespaces, as an unprivileged user
// without user namespaces): the run sees the machine's processes, the
// grader's launcher among them, and as the unprivileged user it is the
// launcher's own user. Its memory, which holds the programs of the runs it
// forks, stays out of reach all the same: the launcher is undumpable.
func TestEscapeLauncherWithoutPIDNS(t *testing.T) {
	e := newEscapeEnv(t)
	a := attack{file: "launcher.sh", flags: []string{"--run", "hello"}}
	for uid, off := range map[int][]string{0: {"namespaces"}, nobody: {"userns"}} {
		r := e.grade(t, a, uid, off)
		t.Logf("as uid %d without %v: the run said: %s", uid, off, runSaid(r.stdout))
		if e.escaped(a, r) {
			t.Errorf("as uid %d without %v, the run read the launcher:\n%s", uid, off, r.stdout)
		}
		if !strings.Contains(r.stdout, "saw the launcher") {
			t.Errorf("as uid %d without %v, the run did not find the launcher, and proves nothing:\n%s", uid, off, r.stdout)
		}
	}
}

// TestEscapePrairieLearn grades the reference attack through PrairieLearn's
// run.sh (docs/prairielearn) in a container that refuses namespaces, as
// PrairieLearn's default one does: the run has a uid of its own but sees the
// container's files, the grader binary beside run.sh among them. run.sh
// closes the course's files to other users, so the attack finds no
// reference to run and scores nothing; without that line it scores full
// marks. A right submission still scores full marks through the same
// script, against a built-in exercise and against one in the course's own
// folder (which the run cannot enter either, and need not).
func TestEscapePrairieLearn(t *testing.T) {
	e := newEscapeEnv(t)
	script, err := os.ReadFile(filepath.Join(e.root, "docs/prairielearn/serverFilesCourse/boardcheck/run.sh"))
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(e.root, name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	attack, right := read("testdata/escape/attacks/reference.sh"), read("exercises/nqueens/good/reverse.py")
	closing := regexp.MustCompile(`(?m)^chmod 700 "\$root/serverFilesCourse".*\n.*\n`)
	if !closing.Match(script) {
		t.Fatalf("run.sh no longer closes serverFilesCourse to other users:\n%s", script)
	}
	for _, tt := range []struct {
		name       string
		script     []byte
		submission string // its file name in /grade/student
		code       []byte
		exercise   string // "" for the course's copy of exercises/nqueens
		score      string
	}{
		{"the attack, as shipped", script, "nqueens.sh", attack, "nqueens", "0"},
		{"the attack, without closing the course's files", closing.ReplaceAll(script, nil), "nqueens.sh", attack, "nqueens", "1"},
		{"a right submission", script, "nqueens.py", right, "nqueens", "1"},
		{"a right submission, the course's exercise", script, "nqueens.py", right, "", "1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if strings.HasSuffix(tt.submission, ".py") {
				if _, err := exec.LookPath("python3"); err != nil {
					t.Skip("no python3")
				}
			}
			grade := filepath.Join(t.TempDir(), "grade")
			here := filepath.Join(grade, "serverFilesCourse", "boardcheck")
			os.MkdirAll(here, 0o755)
			os.MkdirAll(filepath.Join(grade, "student"), 0o755)
			os.Chmod(filepath.Dir(grade), 0o755)
			copyFile(t, e.hooked, filepath.Join(here, "grader"), 0o755)
			os.WriteFile(filepath.Join(here, "run.sh"), tt.script, 0o755)
			os.WriteFile(filepath.Join(grade, "student", tt.submission), tt.code, 0o644)
			exercise := tt.exercise
			if exercise == "" {
				exercise = filepath.Join(grade, "serverFilesCourse", "nqueens")
				if out, err := exec.Command("cp", "-r", filepath.Join(e.root, "exercises/nqueens"), exercise).CombinedOutput(); err != nil {
					t.Fatalf("cp: %v\n%s", err, out)
				}
			}
			cmd := exec.Command("sh", filepath.Join(here, "run.sh"))
			// The grader's folder on PATH, as a course could put it.
			cmd.Env = []string{"PATH=" + here + ":/usr/bin:/bin", "GRADE_ROOT=" + grade, "BOARDCHECK_EXERCISE=" + exercise,
				"HOME=" + grade, "BOARDCHECK_LAYERS_OFF=namespaces"}
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("run.sh: %v\n%s", err, out)
			}
			results, err := os.ReadFile(filepath.Join(grade, "results", "results.json"))
			if err != nil {
				t.Fatal(err)
			}
			m := regexp.MustCompile(`"score":\s*([0-9.]+)`).FindSubmatch(results)
			if m == nil || string(m[1]) != tt.score {
				t.Errorf("score %q; want %s:\n%s", m, tt.score, results)
			}
		})
	}
}

// copyFile copies src to dst with mode perm.
func copyFile(t *testing.T, src, dst string, perm os.FileMode) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, perm); err != nil {
		t.Fatal(err)
	}
}

// landlockABI is the kernel's Landlock ABI version, 0 for none: the
// attacks that Landlock stops depend on it. It is the twin of the
// sandbox's own, on purpose: what the test expects of the grader comes from
// the kernel, not from the code under test (and TestLayout keeps
// cmd/grader from importing grader/sandbox).
func landlockABI() int {
	const sysLandlockCreateRuleset, versionFlag = 444, 1
	v, _, e := syscall.RawSyscall(sysLandlockCreateRuleset, 0, 0, versionFlag)
	if e != 0 {
		return 0
	}
	return int(v)
}

// TestEscapeShebangFolders grades, through the real grader as root and as
// the unprivileged user, the two sides of a script's #! line naming a
// program outside the system's folders (issue 29): an interpreter in a
// folder every user may enter is bound into the run, and the script runs;
// #!/proc/self/exe, from a submission in a folder below the grader's own
// binary (the folder the sandbox would bind for it, over the submission's
// files), is the student's to fix, "The program starts" failing with the
// line named, exit status 1, not a grader error.
func TestEscapeShebangFolders(t *testing.T) {
	e := newEscapeEnv(t)
	cases := []struct {
		name, dir, first string
		exit             int
		want             string
	}{
		{"tool outside the system's folders", e.dir, "#!" + filepath.Join(e.beside, "bin", "sh"), 0, "✓ Says hello"},
		// The same folder's program named by a #! line, where PATH does
		// not find it under its name: not bound (G4).
		{"a program off PATH", e.dir, "#!" + filepath.Join(e.beside, "bin", "nqueens"), 1, "#!" + filepath.Join(e.beside, "bin", "nqueens")},
		{"the grader's own binary, from below its folder", filepath.Dir(e.grader), "#!/proc/self/exe", 1, "#!/proc/self/exe"},
	}
	for _, uid := range []int{0, nobody} {
		who := map[int]string{0: "root", nobody: "nobody"}[uid]
		for _, c := range cases {
			t.Run(who+"/"+c.name, func(t *testing.T) {
				dir, err := os.MkdirTemp(c.dir, "sub-")
				if err != nil {
					t.Fatal(err)
				}
				defer os.RemoveAll(dir)
				os.Chmod(dir, 0o755)
				// No extension: the grader runs a .sh with sh, whatever its #! line.
				sub := filepath.Join(dir, "prog")
				if err := os.WriteFile(sub, []byte(c.first+"\necho hello\n"), 0o755); err != nil {
					t.Fatal(err)
				}
				os.Chmod(sub, 0o755)
				tmp, err := os.MkdirTemp(e.dir, "tmp-")
				if err != nil {
					t.Fatal(err)
				}
				defer os.RemoveAll(tmp)
				os.Chown(tmp, uid, uid)
				cmd := exec.Command(e.grader, "check", "--color=never", "--run", "hello", e.exercise, sub)
				// beside/bin on PATH, after the grader's own folder: its sh is
				// the one PATH finds, its nqueens not (the grader's is first).
				cmd.Env = []string{"PATH=" + filepath.Dir(e.grader) + ":" + filepath.Join(e.beside, "bin") + ":/usr/local/bin:/usr/bin:/bin", "TMPDIR=" + tmp, "HOME=" + tmp, "NO_COLOR=1"}
				cmd.SysProcAttr = &syscall.SysProcAttr{}
				if uid != 0 {
					cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid)}
				}
				out, _ := cmd.CombinedOutput()
				if got := cmd.ProcessState.ExitCode(); got != c.exit || !strings.Contains(string(out), c.want) {
					t.Errorf("grader check %s (%q) as %s: exit %d, want %d, and %q in:\n%s", sub, c.first, who, got, c.exit, c.want, out)
				}
				if c.exit == 1 && !regexp.MustCompile(`(?m)^✗ The program starts`).Match(out) {
					t.Errorf("as %s: the check \"The program starts\" did not fail:\n%s", who, out)
				}
			})
		}
	}
}
