package submission

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/internal/survivors"
)

// The canary: a variable of the test process that no submission may see.
const canary = "GRADER_SECRET"

// setCanary puts the canary into the test process's environment, where
// every run would inherit it if the environment were not scrubbed.
var setCanary = sync.OnceFunc(func() { os.Setenv(canary, "x") })

// prog prepares testdata/progs/name (compiling it into a folder of the
// test's), skipping the test when the language's toolchain is missing.
func prog(t *testing.T, name string) *Submission {
	t.Helper()
	setCanary()
	tools := map[string]string{".py": "python3", ".c": "cc", ".cpp": "c++", ".go": "go", ".js": "node", ".sh": "sh", ".rb": "ruby", ".java": "java"}
	if tool := tools[filepath.Ext(name)]; tool != "" {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	preparedMu.Lock()
	sub := prepared[name]
	preparedMu.Unlock()
	if sub != nil {
		return sub
	}
	build := t.TempDir()
	if !strings.HasSuffix(name, ".c") && !strings.HasSuffix(name, ".cpp") && !strings.HasSuffix(name, ".go") {
		// An interpreted program keeps only its copy in the build folder,
		// which lives as long as the tests, so that it can be reused:
		// finding the interpreter behind a version manager's shim takes
		// seconds.
		build = sharedBuild
	}
	sub, err := Prepare(context.Background(), filepath.Join("testdata", "progs", name), build)
	if err != nil {
		t.Fatalf("Prepare(%s): %v", name, err)
	}
	if !sub.Compiled {
		preparedMu.Lock()
		prepared[name] = sub
		preparedMu.Unlock()
	}
	return sub
}

var (
	preparedMu sync.Mutex
	prepared   = map[string]*Submission{}
	// sharedBuild is the build folder of the prepared programs kept for
	// every test (TestMain).
	sharedBuild string
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "submission-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sharedBuild = dir
	code := m.Run()
	RemoveAll(dir)
	os.Exit(code)
}

var runSeq atomic.Int64

// run executes a test program in a fresh folder and checks the two promises
// every run keeps: sandbox.Run returns within the wall-clock limit, and
// the time it waited for a processor (up to three times that limit), plus
// one second, and no process of the run is left afterwards.
func run(t *testing.T, name string, l sandbox.Limits, stdin []byte, args ...string) *sandbox.Result {
	t.Helper()
	res := runSub(t, prog(t, name), name, l, stdin, args...)
	if res == nil {
		t.FailNow()
	}
	return res
}

// runSub is run for a prepared submission. It reports failures with
// t.Errorf only, so it may be called from any goroutine; it returns nil when
// sandbox.Run failed.
func runSub(t *testing.T, sub *Submission, name string, l sandbox.Limits, stdin []byte, args ...string) *sandbox.Result {
	t.Helper()
	dir := t.TempDir()
	// The mark lets the test find every process of this run in /proc, even
	// one that left the run's process group and session.
	mark := fmt.Sprintf("BOARDCHECK_TEST_RUN=%d-%d", os.Getpid(), runSeq.Add(1))
	spec := sandbox.Spec{
		Argv:     append(append([]string{}, sub.Command...), args...),
		Dir:      dir,
		Env:      Env(dir, mark),
		Stdin:    stdin,
		Limits:   l,
		ReadOnly: sub.Files,
		Binds:    sub.Copies,
	}
	start := time.Now()
	res, err := sandbox.Run(context.Background(), spec)
	took := time.Since(start)
	if err != nil {
		t.Errorf("Execute(%s): %v", name, err)
		return nil
	}
	t.Logf("%s: returned in %v (run %v, death %q, exit %d, peak memory %s)",
		name, took.Round(time.Millisecond), res.Duration.Round(time.Millisecond), res.Death(l), res.ExitCode, sandbox.FormatSize(res.PeakMemory))
	// Its limit and its wait, and then a generous margin for ending the
	// run: on a machine at load 53, killing and reaping sleep.sh took
	// 1.4 s past its 7 s. What this catches is a run that holds Execute
	// up (a child holding the pipes), for as long as that child lives.
	if lim := min(l.Wall()+res.CPUWait, 3*l.Wall()) + 5*time.Second; took > lim {
		t.Errorf("%s: Execute returned after %v; want within %v", name, took, lim)
	}
	// A survivor is a live process whose environment holds mark or whose
	// working folder is dir.
	left := survivors.List(func(p survivors.Process) bool { return p.EnvHas(mark+"\x00") || p.Cwd == dir })
	if len(left) > 0 {
		t.Errorf("%s: processes left after Execute returned: %v", name, left)
	}
	return res
}

// hostile are the limits the hostile programs run under: small, so the
// tests are quick. roomy is the same with the default time limit, for the
// programs that should end by themselves: on a loaded machine, Python alone
// can take a second to start.
var (
	hostile = sandbox.Limits{Time: 3 * time.Second, Memory: 64 * sandbox.MiB, Output: 1 * sandbox.MiB, Procs: 32}
	roomy   = sandbox.Limits{Time: 10 * time.Second, Memory: 64 * sandbox.MiB, Output: 1 * sandbox.MiB, Procs: 32}
)

// idleTimeout is how a run that waits out the hostile wall-clock limit
// (twice its CPU time and a second) without computing dies; cpuTimeout how
// one that computes until its CPU time is used dies, however busy the
// machine.
const (
	idleTimeout = "timed out after 7s of wall-clock time, having used less than 0.1s of its 3s of CPU time: it was waiting, not computing"
	cpuTimeout  = "timed out: it used all of its 3s of CPU time"
)

// busyDeath is res.Death(l) made comparable with want, the CPU a waiting
// run used left out of the comparison: an interpreter's start costs more
// CPU under -race's slower grader only in the grader, but a loaded machine
// may cost its page faults more. TestExecuteCPU tests the figures.
func busyDeath(res *sandbox.Result, l sandbox.Limits, want string) string {
	d := res.Death(l)
	if w, _, ok := strings.Cut(want, ", having used "); ok && strings.HasPrefix(d, w+", having used ") && strings.HasSuffix(d, ": it was waiting, not computing") {
		return want
	}
	return d
}

// TestForkBombBetweenPolls: a fork bomb that is over before its processes
// are counted (forkfast.c forks until the kernel refuses, then lets its
// children go and exits 0, in milliseconds) is still told it started too
// many. Where runs have a pids cgroup, its pids.max refuses the forks
// before RLIMIT_NPROC does and counts the refusal; were RLIMIT_NPROC first,
// the refusal would leave no trace and the bomb would pass as a normal
// exit.
func TestForkBombBetweenPolls(t *testing.T) {
	if !strings.Contains(protections(roomy), "pids.max") {
		t.Skip("runs have no pids cgroup on this machine: only the polls count processes")
	}
	for i := 0; i < 5; i++ {
		res := run(t, "forkfast.c", roomy, nil)
		if d := res.Death(roomy); d != "started more than 32 processes" {
			t.Fatalf("run %d: death %q, exit %d, stdout %q; want started more than 32 processes", i+1, d, res.ExitCode, res.Stdout)
		}
	}
}

// TestThreadsNotProcesses: a run of one process whose threads reach the
// kernel's bound on threads and processes is told it started too many
// threads; "started more than 32 processes" sent a student looking for a
// fork that was not there.
func TestThreadsNotProcesses(t *testing.T) {
	if !strings.Contains(protections(roomy), "pids.max") {
		t.Skip("runs have no pids cgroup on this machine: RLIMIT_NPROC refuses the thread and leaves no trace")
	}
	res := run(t, "threads.c", roomy, nil)
	if d, want := res.Death(roomy), "started too many threads (a run may have 96 threads and processes in all)"; d != want {
		t.Errorf("death %q, exit %d, stdout %q; want %q", d, res.ExitCode, res.Stdout, want)
	}
}

// anyExit in TestExecuteHostile's table leaves the exit status unchecked:
// a fork bomb is killed when a poll counts too many of its processes (-1),
// or exits by itself once the kernel refuses its forks at pids.max, with
// its own status; either way its death is the process limit.
const anyExit = -1000

func TestExecuteHostile(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("process tree tracking and memory limits are Linux only")
	}
	tests := []struct {
		prog      string
		limits    sandbox.Limits
		stdin     []byte
		death     string
		exit      int
		stdout    string // a prefix standard output must have
		stdoutLen int    // when not 0, the exact length of standard output
		idle      bool   // uses no CPU, so it can run beside the others
	}{
		{prog: "sleep.sh", limits: hostile, death: idleTimeout, exit: -1, idle: true},
		{prog: "sleep.py", limits: hostile, death: idleTimeout, exit: -1, idle: true},
		{prog: "busy.c", limits: hostile, death: cpuTimeout, exit: -1},
		{prog: "busy.go", limits: hostile, death: cpuTimeout, exit: -1},
		{prog: "child_holds_stdout.sh", limits: roomy, exit: 0, stdout: "started\n"},
		{prog: "setsid_child.py", limits: roomy, exit: 0, stdout: "parent exits\n"},
		{prog: "print_forever.py", limits: roomy, death: "printed more than 1 MiB on standard output", exit: -1, stdoutLen: 1 * sandbox.MiB},
		{prog: "print_forever.c", limits: roomy, death: "printed more than 1 MiB on standard output", exit: -1, stdoutLen: 1 * sandbox.MiB},
		{prog: "stderr_forever.py", limits: roomy, death: "printed more than 1 MiB on standard error", exit: -1},
		{prog: "bigline.py", limits: sandbox.DefaultLimits(), death: "printed more than 16 MiB on standard output", exit: -1, stdout: "yyyy", stdoutLen: 16 * sandbox.MiB},
		{prog: "alloc.py", limits: roomy, death: "used more than 64 MiB of memory", exit: -1},
		{prog: "alloc.c", limits: roomy, death: "used more than 64 MiB of memory", exit: -1},
		{prog: "alloc.go", limits: roomy, death: "used more than 64 MiB of memory", exit: -1},
		{prog: "read_stdin.py", limits: roomy, exit: 0, stdout: "read 0\n"},
		{prog: "read_stdin.py", limits: roomy, stdin: []byte("4 queens\n"), exit: 0, stdout: "read 9\n"},
		{prog: "stdin_forever.py", limits: hostile, death: cpuTimeout, exit: -1}, // reads at end of file at once: a busy loop
		{prog: "segv.c", limits: roomy, death: "killed by SIGSEGV", exit: -1},
		{prog: "segv.py", limits: roomy, death: "killed by SIGSEGV", exit: -1},
		{prog: "abort.c", limits: roomy, death: "killed by SIGABRT", exit: -1},
		{prog: "exit255.sh", limits: roomy, exit: 255},
		{prog: "forkbomb.sh", limits: roomy, death: "started more than 32 processes", exit: anyExit},
		{prog: "forkbomb.c", limits: roomy, death: "started more than 32 processes", exit: anyExit},
		{prog: "close_stdout.py", limits: hostile, death: idleTimeout, exit: -1, stdout: "closing\n", idle: true},
		{prog: "signal_parent.py", limits: roomy, exit: 0, stdout: "still here\n"},
		{prog: "stop_parent.py", limits: roomy, exit: 0, stdout: "still here\n"},
		{prog: "binary_output.py", limits: roomy, exit: 0, stdout: "a\x00b\xff\xfe\x1b[2J\n"},
	}
	for _, tt := range tests {
		name := tt.prog
		if tt.stdin != nil {
			name += "/stdin"
		}
		// One at a time, but for the idle ones: busy loops and fork bombs
		// running side by side would starve each other and blur the return
		// times measured.
		t.Run(name, func(t *testing.T) {
			if tt.idle {
				t.Parallel()
			}
			res := run(t, tt.prog, tt.limits, tt.stdin)
			if got := busyDeath(res, tt.limits, tt.death); got != tt.death {
				t.Errorf("Death() = %q; want %q (stderr %q)", got, tt.death, trim(res.Stderr))
			}
			if res.ExitCode != tt.exit && tt.exit != anyExit {
				t.Errorf("ExitCode = %d; want %d", res.ExitCode, tt.exit)
			}
			if !bytes.HasPrefix(res.Stdout, []byte(tt.stdout)) {
				t.Errorf("stdout = %q; want it to start with %q", trim(res.Stdout), tt.stdout)
			}
			if tt.stdoutLen != 0 && len(res.Stdout) != tt.stdoutLen {
				t.Errorf("len(stdout) = %d; want %d", len(res.Stdout), tt.stdoutLen)
			}
			if int64(len(res.Stdout)) > tt.limits.WithDefaults().Output || int64(len(res.Stderr)) > tt.limits.WithDefaults().Output {
				t.Errorf("kept %d bytes of stdout, %d of stderr; want at most %d each", len(res.Stdout), len(res.Stderr), tt.limits.Output)
			}
		})
	}
}

// TestExecuteFallbacks runs the hardest cases with less isolation than the
// machine offers: what a grader without root, or without namespaces, gets.
func TestExecuteFallbacks(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the fallbacks are Linux's")
	}
	tests := []struct {
		prog  string
		death string
		exit  int
	}{
		{"sleep.sh", idleTimeout, -1},
		{"child_holds_stdout.sh", "", 0},
		{"setsid_child.py", "", 0},
		{"alloc.py", "used more than 64 MiB of memory", -1},
		{"forkbomb.sh", "started more than 32 processes", anyExit},
		{"segv.c", "killed by SIGSEGV", -1},
		{"abort.c", "killed by SIGABRT", -1},
	}
	for _, mode := range []string{"reaper", "reaper-polling", "direct"} {
		t.Run(mode, func(t *testing.T) {
			restore, ok := sandbox.SetIsolationForTest(mode)
			if !ok {
				t.Skipf("%s isolation is not available on this machine", mode)
			}
			defer restore()
			for _, tt := range tests {
				if tt.prog == "forkbomb.sh" && mode != "reaper" {
					// Without a cgroup nothing but the poller bounds a fork
					// bomb, and the bomb starves it: whether the process
					// count or the time limit kills it first is a race.
					continue
				}
				if tt.prog == "setsid_child.py" && mode == "direct" {
					// Without a supervisor, a grandchild that leaves the
					// process group after its parent exits is out of
					// reach: the documented limit of that fallback.
					continue
				}
				l := roomy
				if strings.HasPrefix(tt.death, "timed out") {
					l = hostile
				}
				res := run(t, tt.prog, l, nil)
				if got := busyDeath(res, l, tt.death); got != tt.death || (res.ExitCode != tt.exit && tt.exit != anyExit) {
					t.Errorf("%s: death %q, exit %d; want %q, %d", tt.prog, got, res.ExitCode, tt.death, tt.exit)
				}
			}
		})
	}
}

// TestExecuteNetwork checks that a run cannot reach even the grader's own
// loopback when it has a network namespace of its own.
func TestExecuteNetwork(t *testing.T) {
	if !strings.Contains(protections(sandbox.Limits{}), "new network namespace") {
		t.Skip("no network namespace on this machine")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("cannot listen on loopback: %v", err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	res := run(t, "net.py", roomy, nil, port)
	if got := string(res.Stdout); !strings.HasPrefix(got, "denied:") {
		t.Errorf("stdout = %q; want the connection denied", got)
	}
}

// TestExecuteReadOnlyFilesystem checks that a run can write to its own
// folders and nowhere else, where the machine gives it a root of its own.
func TestExecuteReadOnlyFilesystem(t *testing.T) {
	if !strings.Contains(protections(sandbox.Limits{}), "a root of its own") {
		t.Skip("no read-only filesystem for runs on this machine")
	}
	outside := t.TempDir()
	res := run(t, "write_outside.py", roomy, nil, outside)
	got := strings.Split(strings.TrimSpace(string(res.Stdout)), "\n")
	// Outside its folders the run's root holds the system's folders,
	// read-only, and nothing of the grader's: the test's folder is not
	// there at all.
	if len(got) != 3 || got[0] != "wrote ." || !strings.HasPrefix(got[1], "wrote /") ||
		got[2] != "denied outside No such file or directory" {
		t.Errorf("stdout:\n%s\nwant writes to . and $TMPDIR, and the one outside denied (stderr %q)", res.Stdout, res.Stderr)
	}
	if _, err := os.Stat(filepath.Join(outside, "written.txt")); err == nil {
		t.Errorf("the run wrote outside its folders")
	}
}

// TestExecuteSideBySide runs hostile programs and well-behaved ones at the
// same time, as batch grading does: each run gets its own verdict.
func TestExecuteSideBySide(t *testing.T) {
	tests := []struct {
		prog, death string
		exit        int
	}{
		{"sleep.sh", idleTimeout, -1},
		{"print_forever.c", "printed more than 1 MiB on standard output", -1},
		{"alloc.c", "used more than 64 MiB of memory", -1},
		{"segv.c", "killed by SIGSEGV", -1},
		{"exit255.sh", "", 255},
		{"env.sh", "", 0},
		{"env.sh", "", 0},
		{"cat.sh", "", 0},
	}
	subs := make([]*Submission, len(tests))
	for i, tt := range tests {
		subs[i] = prog(t, tt.prog) // compile before the clock starts
	}
	var wg sync.WaitGroup
	for i, tt := range tests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := hostile
			res := runSub(t, subs[i], tt.prog, l, []byte("some input\n"))
			if res == nil {
				return
			}
			if got := res.Death(l); got != tt.death || res.ExitCode != tt.exit {
				t.Errorf("run %d, %s: death %q, exit %d; want %q, %d", i, tt.prog, got, res.ExitCode, tt.death, tt.exit)
			}
			if tt.prog == "cat.sh" && string(res.Stdout) != "some input\n" {
				t.Errorf("run %d, cat.sh: stdout %q; want its own input", i, res.Stdout)
			}
		}()
	}
	wg.Wait()
}

// TestExecuteStoppedSupervisor: without a PID namespace, and without a
// Landlock that keeps the run's signals in (before Linux 6.12), the run's
// supervisor can be stopped or killed by the submission it watches; the
// wall-clock limit still ends the run, and nothing is left behind.
func TestExecuteStoppedSupervisor(t *testing.T) {
	restore, ok := sandbox.SetIsolationForTest("reaper-unscoped")
	if !ok {
		t.Skip("reaper isolation is not available on this machine")
	}
	defer restore()
	res := run(t, "stop_parent.py", hostile, nil)
	if got, want := busyDeath(res, hostile, idleTimeout), idleTimeout; got != want {
		t.Errorf("stop_parent.py: death %q; want %q", got, want)
	}
	// Killing the supervisor outright ends the run at once.
	res = run(t, "signal_parent.py", hostile, nil)
	if got, want := res.Death(hostile), "killed by SIGKILL"; got != want {
		t.Errorf("signal_parent.py: death %q; want %q", got, want)
	}
}

func trim(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}

// TestExecuteUnderMemoryLimit shows that the memory limit does not get in
// the way of ordinary programs in languages that reserve much more address
// space than they use (Go, Node.js).
func TestExecuteUnderMemoryLimit(t *testing.T) {
	l := sandbox.Limits{Time: 20 * time.Second, Memory: 512 * sandbox.MiB}
	for _, p := range []string{"mem_ok.py", "mem_ok.c", "mem_ok.go", "mem_ok.js"} {
		t.Run(p, func(t *testing.T) {
			res := run(t, p, l, nil)
			if d := res.Death(l); d != "" || res.ExitCode != 0 {
				t.Fatalf("death %q, exit %d; want a normal exit 0 (stderr %q)", d, res.ExitCode, trim(res.Stderr))
			}
			if got := string(res.Stdout); !strings.HasPrefix(got, "ok 100") {
				t.Errorf("stdout = %q; want ok 100", got)
			}
			if runtime.GOOS == "linux" && res.PeakMemory < 90*sandbox.MiB {
				t.Errorf("PeakMemory = %s; want at least the 100 MiB it used", sandbox.FormatSize(res.PeakMemory))
			}
		})
	}
}

// TestExecuteEnvironment checks that a run sees exactly the scrubbed
// environment: none of the test process's own variables.
func TestExecuteEnvironment(t *testing.T) {
	for _, p := range []string{"env.py", "env.sh"} {
		t.Run(p, func(t *testing.T) {
			res := run(t, p, hostile, nil)
			if res.ExitCode != 0 {
				t.Fatalf("exit %d; want 0 (stderr %q)", res.ExitCode, res.Stderr)
			}
			allowed := map[string]bool{"PATH": true, "HOME": true, "LANG": true, "LC_ALL": true, "TMPDIR": true, "BOARDCHECK_TEST_RUN": true,
				// Set by the shell or the interpreter itself, not passed in.
				"PWD": true, "SHLVL": true, "_": true, "LC_CTYPE": true, "OLDPWD": true}
			for _, line := range strings.Split(strings.TrimSpace(string(res.Stdout)), "\n") {
				k, _, _ := strings.Cut(line, "=")
				if k == canary {
					t.Errorf("the run sees the grader's %s", canary)
				}
				if !allowed[k] {
					t.Errorf("the run sees %s; want only PATH, HOME, LANG, LC_ALL, TMPDIR and what the caller adds", k)
				}
			}
		})
	}
}

// TestGraderMemoryWhileCapping measures the grader's own peak memory while
// it caps a program printing without end under the default 16 MiB limit.
//
// The measure is taken in a fresh copy of the test binary, so that what
// other tests kept in memory does not count.
func TestGraderMemoryWhileCapping(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/status")
	}
	if raceDetector {
		// The race detector's shadow memory multiplies the heap; the bound
		// is a promise about the grader users run.
		t.Skip("measured without -race: go test ./grader/submission -run TestGraderMemoryWhileCapping")
	}
	if os.Getenv("GRADER_MEASURE_CHILD") == "1" {
		before := vmHWM(t)
		out := run(t, "print_forever.py", sandbox.DefaultLimits(), nil)
		errs := run(t, "stderr_forever.py", sandbox.DefaultLimits(), nil)
		fmt.Printf("VmHWM %d %d %d %d\n", before, vmHWM(t), len(out.Stdout), len(errs.Stderr))
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGraderMemoryWhileCapping$", "-test.count=1")
	cmd.Env = append(os.Environ(), "GRADER_MEASURE_CHILD=1")
	outb, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("measuring in a fresh process: %v\n%s", err, outb)
	}
	var before, after, nout, nerr int64
	i := bytes.Index(outb, []byte("VmHWM "))
	if i < 0 {
		t.Fatalf("no measure in the output:\n%s", outb)
	}
	fmt.Sscan(string(outb[i+len("VmHWM "):]), &before, &after, &nout, &nerr)
	t.Logf("grader peak memory (VmHWM): %s at start, %s after capping stdout (%s kept) and stderr (%s kept) of programs printing without end",
		sandbox.FormatSize(before), sandbox.FormatSize(after), sandbox.FormatSize(nout), sandbox.FormatSize(nerr))
	if nout != 16*sandbox.MiB || nerr != 16*sandbox.MiB {
		t.Errorf("kept %d bytes of stdout and %d of stderr; want exactly 16 MiB each", nout, nerr)
	}
	if after > 100*sandbox.MiB {
		t.Errorf("grader peak memory %s; want under 100 MiB", sandbox.FormatSize(after))
	}
}

func vmHWM(t *testing.T) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n * sandbox.KiB
		}
	}
	t.Fatal("no VmHWM in /proc/self/status")
	return 0
}

func TestExecuteStdin(t *testing.T) {
	res := run(t, "cat.sh", hostile, []byte("queens\x00and rooks\n"))
	if got, want := string(res.Stdout), "queens\x00and rooks\n"; got != want {
		t.Errorf("stdout = %q; want %q", got, want)
	}
	// Bigger than a pipe's buffer, so it cannot be written before the
	// program starts reading.
	big := bytes.Repeat([]byte("0123456789abcdef"), 1<<16)
	res = run(t, "cat.sh", hostile, big)
	if !bytes.Equal(res.Stdout, big) {
		t.Errorf("stdout has %d bytes; want the %d given on standard input", len(res.Stdout), len(big))
	}
	// A program that never reads a big input must not hang the grader.
	res = run(t, "exit255.sh", hostile, big)
	if res.ExitCode != 255 {
		t.Errorf("exit %d; want 255", res.ExitCode)
	}
}

func TestExecuteCancel(t *testing.T) {
	sub := prog(t, "sleep.sh")
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := sandbox.Run(ctx, sandbox.Spec{Argv: sub.Command, Dir: dir, Env: Env(dir), Limits: hostile, ReadOnly: sub.Files, Binds: sub.Copies})
	if err == nil || !strings.Contains(err.Error(), "context deadline exceeded") {
		t.Errorf("err = %v; want the context's deadline", err)
	}
	if took := time.Since(start); took > 1300*time.Millisecond {
		t.Errorf("returned after %v; want soon after the 300ms deadline", took)
	}
}

func TestExecuteStartErrors(t *testing.T) {
	dir := t.TempDir()
	noexec := filepath.Join(dir, "noexec")
	os.WriteFile(noexec, []byte("#!/bin/sh\n"), 0o644)
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"no-such-command-xyz"}, "grader: running no-such-command-xyz: command not found on PATH"},
		{[]string{noexec}, "permission denied"},
		{[]string{dir}, "is a directory"},
		{nil, "no command given"},
	}
	for _, tt := range tests {
		_, err := sandbox.Run(context.Background(), sandbox.Spec{Argv: tt.argv, Dir: dir, Env: Env(dir)})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Execute(%q) error = %v; want it to contain %q", tt.argv, err, tt.want)
		}
	}
}

func TestDeath(t *testing.T) {
	l := sandbox.DefaultLimits()
	tests := []struct {
		res  sandbox.Result
		want string
	}{
		{sandbox.Result{ExitCode: 0}, ""},
		{sandbox.Result{ExitCode: 3}, ""},
		{sandbox.Result{ExitCode: -1, TimedOut: true, CPU: 10 * time.Second}, "timed out: it used all of its 10s of CPU time"},
		{sandbox.Result{ExitCode: -1, TimedOut: true, CPU: 10 * time.Second, CPUWait: 20 * time.Second, Duration: 30 * time.Second},
			"timed out: it used all of its 10s of CPU time"},
		{sandbox.Result{ExitCode: -1, TimedOut: true, WallTimedOut: true, Duration: 21 * time.Second},
			"timed out after 21s of wall-clock time, having used less than 0.1s of its 10s of CPU time: it was waiting, not computing"},
		{sandbox.Result{ExitCode: -1, TimedOut: true, WallTimedOut: true, CPU: 1712 * time.Millisecond, CPUWait: 3 * time.Second, Duration: 24 * time.Second},
			"timed out after 21s of wall-clock time, having used 1.7s of its 10s of CPU time: it was waiting, not computing"},
		{sandbox.Result{ExitCode: -1, TimedOut: true, WallTimedOut: true, CPU: 2 * time.Second, CPUWait: 50 * time.Second, Duration: 63 * time.Second},
			"stopped after 21s of wall-clock time, having waited 50s of it for a processor the machine was too busy to give"},
		{sandbox.Result{ExitCode: -1, Signal: "SIGSEGV"}, "killed by SIGSEGV"},
		{sandbox.Result{ExitCode: -1, OutOfMemory: true}, "used more than 512 MiB of memory"},
		{sandbox.Result{ExitCode: -1, StdoutOverflow: true}, "printed more than 16 MiB on standard output"},
		{sandbox.Result{ExitCode: -1, StderrOverflow: true}, "printed more than 16 MiB on standard error"},
		{sandbox.Result{ExitCode: -1, TooManyProcs: true}, "started more than 64 processes"},
		{sandbox.Result{ExitCode: 0, StdoutOverflow: true}, "printed more than 16 MiB on standard output"},
	}
	for _, tt := range tests {
		if got := tt.res.Death(l); got != tt.want {
			t.Errorf("%+v.Death() = %q; want %q", tt.res, got, tt.want)
		}
	}
	if got, want := (&sandbox.Result{TimedOut: true, CPU: 1600 * time.Millisecond}).Death(sandbox.Limits{Time: 1500 * time.Millisecond}), "timed out: it used all of its 1.5s of CPU time"; got != want {
		t.Errorf("Death with a 1.5s limit = %q; want %q", got, want)
	}
}

func TestSubmissionEnv(t *testing.T) {
	dir := t.TempDir()
	env := Env(dir, "FOO=bar", "LANG=fr_FR.UTF-8", "not-a-pair")
	want := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "LANG=fr_FR.UTF-8", "LC_ALL=C.UTF-8", "TMPDIR=" + filepath.Join(dir, ".tmp"), "FOO=bar"}
	if strings.Join(env, "\n") != strings.Join(want, "\n") {
		t.Errorf("SubmissionEnv = %q; want %q", env, want)
	}
	if fi, err := os.Stat(filepath.Join(dir, ".tmp")); err != nil || !fi.IsDir() {
		t.Errorf("TMPDIR folder not made: %v", err)
	}
}

// protections is what sandbox.Protections says of l, in English, a line
// each.
func protections(l sandbox.Limits) string {
	var lines []string
	for _, p := range sandbox.Protections(l) {
		lines = append(lines, English(p))
	}
	return strings.Join(lines, "\n")
}

func TestProtections(t *testing.T) {
	all := protections(sandbox.Limits{Time: 3 * time.Second, Memory: 100 * sandbox.MiB})
	t.Log(all)
	for _, want := range []string{"time limit 3s of CPU time", "wall-clock limit 7s", "memory", "100 MiB", "output limit 16 MiB", "environment"} {
		if !strings.Contains(all, want) {
			t.Errorf("Protections() lacks %q:\n%s", want, all)
		}
	}
}

// TestExecuteCPU checks the CPU time measured and what the limits make of
// it: near zero for a program that sleeps out its wall-clock limit, which
// stops it, not starved; its CPU time, and a little more, for one that
// computes until it is killed, whose CPU time stops it however long the
// machine's load made that take; counted through the supervisor for a run
// that exits by itself.
func TestExecuteCPU(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the busy programs and the supervisor are Linux's")
	}
	sleep := run(t, "sleep.sh", hostile, nil)
	if !sleep.TimedOut || !sleep.WallTimedOut || sleep.Starved() || sleep.CPU > 300*time.Millisecond || sleep.Duration < hostile.Wall() {
		t.Errorf("sleep.sh: timed out %v, by the wall clock %v, starved %v, CPU %v in %v; want a wall-clock time-out after %v, not starved, under 300ms of CPU",
			sleep.TimedOut, sleep.WallTimedOut, sleep.Starved(), sleep.CPU, sleep.Duration, hostile.Wall())
	}
	if got := busyDeath(sleep, hostile, idleTimeout); got != idleTimeout {
		t.Errorf("sleep.sh: Death() = %q; want %q", got, idleTimeout)
	}
	busy := run(t, "busy.c", hostile, nil)
	if !busy.TimedOut || busy.WallTimedOut || busy.CPU < hostile.Time || busy.CPU > hostile.Time+time.Second {
		t.Errorf("busy.c: timed out %v, by the wall clock %v, CPU %v in %v (%v waiting for a processor); want a CPU time-out at %v, give or take a second",
			busy.TimedOut, busy.WallTimedOut, busy.CPU, busy.Duration, busy.CPUWait, hostile.Time)
	}
	loop := runSub(t, &Submission{Command: []string{"sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"}}, "loop", roomy, nil)
	if loop == nil {
		t.FailNow()
	}
	if loop.ExitCode != 0 || loop.CPU < 50*time.Millisecond || loop.CPU > loop.Duration+time.Second {
		t.Errorf("busy shell loop: exit %d, CPU %v in %v; want 0, at least 50ms and about its duration", loop.ExitCode, loop.CPU, loop.Duration)
	}
}
