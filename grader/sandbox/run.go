// Package sandbox runs one untrusted command under limits and isolation,
// and says how it ended: its exit status or the signal or limit that ended
// it, its output, its time and memory. It knows nothing of exercises or
// checks; what it says of the limits and layers in force (Protections) it
// says as report.Messages, plain data a report's renderer words in the
// student's language.
//
// On Linux a run is held by layers after the judge sandboxes contest
// systems trust (IOI's isolate, nsjail, bubblewrap), each of which stops
// attacks the others might miss; run_linux.go says which, and
// Protections lists those in force on this machine.
package sandbox

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/boardcheck/boardcheck/grader/report"
)

// Spec says what to run and how.
type Spec struct {
	Argv []string
	// Dir is the working folder. Isolated, it is a fresh, empty folder of
	// the run's own tmpfs at that path, and so are the folders HOME and
	// TMPDIR name, unless ReadOnly or Writable list them; otherwise they
	// are the host's folders, which must exist.
	Dir    string
	Env    []string // exactly the environment the process sees
	Stdin  []byte   // nil means empty input, never the grader's own stdin
	Limits Limits   // zero fields mean the defaults
	// ReadOnly are host files and folders the run may read, beyond the
	// system's folders and the folder of the tool it starts. Each is
	// seen at its own path.
	ReadOnly []string
	// Binds are files and folders the run reads at a path of the caller's
	// choosing, read-only: the submission's, which the run sees where the
	// student's are while it reads the grader's copy of them (package
	// handin), a copy of its own (From) that no other run shares. Without
	// a root of its own a run sees the host's files, and so reads At.
	Binds []Bind
	// Writable are host folders the run may write and whose changes the
	// caller keeps: a compiler's output folder.
	Writable []string
	// Overlay are host folders the run sees as writable but whose changes
	// are thrown away with the run: a build cache it may use, not poison.
	Overlay []string
	// Hide are paths the run must not see although a folder it sees holds
	// them: programs that would do its work for it. The grader's own
	// binary is always hidden, unless ReadOnly lists it (a run of the
	// grader's own reference program).
	Hide []string
}

// A Bind shows the host file or folder From at At, in the run's root.
// From must be the caller's own, holding regular files and folders alone.
type Bind struct {
	At, From string
	// Seen is the folder At was in, every link resolved, when the caller
	// took what From holds ("" for none): a student's folder. Where At's
	// folder resolves elsewhere at a run, the student made it a link
	// since (a folder swapped for a link to /usr/bin, while it was
	// graded), and the run is a *MovedError, theirs to fix, not a mount
	// into a read-only system folder that fails as the grader's.
	Seen string
}

// MovedError is a run whose Bind's folder no longer resolves where it did
// when the submission was taken: it was replaced by a link since, or is
// being replaced (Now says what it resolves to, or why it would not).
type MovedError struct {
	At, Now string
}

func (e *MovedError) Error() string {
	return "grader: " + e.At + " is no longer where it was: its folder now leads to " + e.Now
}

// ExecError is a run whose program never started: the kernel refused to
// execute it where the run is (its root, its Landlock rules, its user), as
// execve said. For a submission that is its own program (an executable, a
// script with a #! line) that is the submission's doing, not the grader's.
type ExecError struct {
	Program string // as the run's argv names it
	Err     error  // execve's errno
}

func (e *ExecError) Error() string {
	return "grader: running " + e.Program + ": " + e.Err.Error()
}

func (e *ExecError) Unwrap() error { return e.Err }

// Result is how one run went.
type Result struct {
	Stdout, Stderr                 []byte // at most Limits.Output each
	StdoutOverflow, StderrOverflow bool
	ExitCode                       int    // -1 if killed
	Signal                         string // "SIGSEGV" if killed by a signal we did not send
	// TimedOut: the run used its CPU time (Limits.Time), or, with
	// WallTimedOut, its wall-clock time (Limits.Wall) while it waited.
	TimedOut, WallTimedOut bool
	OutOfMemory            bool
	TooManyProcs           bool
	// TooManyThreads says the kernel refused the run a thread at its
	// bound on threads and processes together (maxTasks), when most of
	// what it had started were threads: "started more than 64
	// processes" would send a student looking for a fork that is not
	// there.
	TooManyThreads bool
	// WroteTooMuch: the run's files in its Writable folders came to more
	// than Limits.Disk.
	WroteTooMuch bool
	Duration     time.Duration // wall-clock time
	// CPU is the processor time (user and system) the run's processes
	// used, as measured: what Limits.Time bounds.
	CPU time.Duration
	// CPUWait is how long the run's processes were ready to run but
	// waited for a processor that the machine's other work held, not for
	// one another: the run cgroup's full pressure stall (the time during
	// which, on a processor, it had tasks ready and none running), else
	// an estimate from its tasks' run delays, bounded by what others used
	// of the processors meanwhile (cputime_linux.go).
	CPUWait    time.Duration
	PeakMemory int64 // bytes, as measured
}

// Starved reports whether a run the wall-clock limit stopped spent more
// of that time waiting for a processor than waiting of its own accord
// (asleep, blocked): the machine was too busy to give it the CPU time it
// could have used, and the time-out says nothing of the program. A run
// that slept or blocked through it is not starved: the wait was its own.
func (r *Result) Starved() bool {
	if !r.WallTimedOut {
		return false
	}
	ownWait := r.Duration - r.CPU - r.CPUWait
	return r.CPUWait > ownWait
}

// Death says how the run ended when it did not exit by itself, in words a
// student reads: "timed out: it used all of its 10s of CPU time", "killed by SIGSEGV", "used more than
// 512 MiB of memory", "printed more than 16 MiB on standard output", "printed
// more than 16 MiB on standard error", "started more than 64 processes",
// "started too many threads (a run may have 160 threads and processes in all)".
// It is "" for a normal exit, whatever the exit status. l should be the limits
// the run had (zero fields mean the defaults, as for Run).
func (r *Result) Death(l Limits) string {
	l = l.WithDefaults()
	switch {
	case r.TimedOut && r.Starved():
		// Not the program's doing: the caller runs it again, or says the
		// machine was too busy to judge it.
		return fmt.Sprintf("stopped after %s of wall-clock time, having waited %s of it for a processor the machine was too busy to give",
			l.Wall(), roundTenth(r.CPUWait))
	case r.TimedOut && r.WallTimedOut:
		return fmt.Sprintf("timed out after %s of wall-clock time, having used %s of its %s of CPU time: it was waiting, not computing",
			l.Wall(), roundTenth(r.CPU), l.Time)
	case r.TimedOut:
		return "timed out: it used all of its " + l.Time.String() + " of CPU time"
	case r.OutOfMemory:
		return "used more than " + FormatSize(l.Memory) + " of memory"
	case r.TooManyProcs:
		return fmt.Sprintf("started more than %d processes", l.Procs)
	case r.TooManyThreads:
		return fmt.Sprintf("started too many threads (a run may have %d threads and processes in all)", maxTasks(l))
	case r.WroteTooMuch:
		return "wrote more than " + FormatSize(l.Disk) + " of files"
	case r.StdoutOverflow:
		return "printed more than " + FormatSize(l.Output) + " on standard output"
	case r.StderrOverflow:
		return "printed more than " + FormatSize(l.Output) + " on standard error"
	case r.Signal != "":
		return "killed by " + r.Signal
	case r.ExitCode < 0:
		// Killed, but not by a limit and not by a signal of its own: the
		// grader was cancelled or lost the process.
		return "killed"
	}
	return ""
}

// roundTenth writes a duration to the tenth of a second, as messages do,
// "less than 0.1s" below it.
func roundTenth(d time.Duration) string {
	if d < 100*time.Millisecond {
		return "less than 0.1s"
	}
	return d.Round(100 * time.Millisecond).String()
}

// envValue returns the value of key in env, the way the process will see it.
func envValue(env []string, key string) string {
	v := ""
	for _, e := range env {
		if k, val, ok := strings.Cut(e, "="); ok && k == key {
			v = val
		}
	}
	return v
}

// resolveArgv0 finds the program to start: a name without a slash is looked
// up in the run's own PATH (not the grader's), a relative path is taken from
// the run's folder, as the process itself would. usable, when not nil, says
// why a program the run's user could not reach is none of its own: a
// lookup passes it over for the next on PATH, and names it if none is left.
func resolveArgv0(spec Spec, usable func(string) error) (string, error) {
	if len(spec.Argv) == 0 || spec.Argv[0] == "" {
		return "", errors.New("sandbox: no command given")
	}
	name := spec.Argv[0]
	check := func(p string) error {
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		if fi.IsDir() {
			return fmt.Errorf("%s is a directory", p)
		}
		if fi.Mode().Perm()&0o111 == 0 {
			return fmt.Errorf("%s: %w", p, fs.ErrPermission)
		}
		if usable != nil {
			return usable(p)
		}
		return nil
	}
	if strings.Contains(name, "/") {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(spec.Dir, p)
		}
		if err := check(p); err != nil {
			return "", fmt.Errorf("grader: running %s: %w", name, err)
		}
		return p, nil
	}
	var passed error // the first program found that the run could not use
	for _, d := range filepath.SplitList(envValue(spec.Env, "PATH")) {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(spec.Dir, p)
		}
		err := check(p)
		if err == nil {
			return p, nil
		}
		var closed *closedError
		if passed == nil && errors.As(err, &closed) {
			passed = err
		}
	}
	if passed != nil {
		return "", fmt.Errorf("grader: running %s: not found on PATH where the run may reach it (%w)", name, passed)
	}
	return "", fmt.Errorf("grader: running %s: command not found on PATH", name)
}

// A NotOnPathError is a program LookPath did not find on PATH, or found
// only where runs may not reach it.
type NotOnPathError struct {
	Name string
	// Closed, when not "", says why the program found is none of a
	// run's (as root, runs may not enter /root, which holds it), in
	// English; ClosedWhy says it as a message (sandbox.closed.*), for a
	// report to say in the student's language.
	Closed    string
	ClosedWhy report.Message
}

func (e *NotOnPathError) Error() string {
	if e.Closed != "" {
		return e.Name + " is on PATH only where runs may not reach it (" + e.Closed + ")"
	}
	return e.Name + " not found on PATH"
}

// Unreachable says whether err is a Run refused before it started because
// its program lies where the run's user could not reach it on the host (a
// folder on the way closed to others): for a program a submission names
// itself (its #! line), the submission's doing.
func Unreachable(err error) bool {
	var c *closedError
	return errors.As(err, &c)
}

// closedError is a program the run's user could not reach on the host: a
// folder on the way to it, or the program itself, is closed to it.
type closedError struct {
	program, closed string
	mode            fs.FileMode
}

// Error is e in English, as its message (sandbox.closed.*) says it in the
// English catalog (grader's TestMissingSaid holds them equal): this package
// renders no language.
func (e *closedError) Error() string {
	const advice = "install it where every user can (/usr/local, /opt), or open the folders above it to others (chmod o+x)"
	if e.closed == e.program {
		return fmt.Sprintf("runs are a user of their own, who may not run %s (mode %v): %s", e.program, e.mode, advice)
	}
	return fmt.Sprintf("runs are a user of their own, who may not enter %s, which holds %s: %s", e.closed, e.program, advice)
}

// message says e, and what its operator does about it, as a message.
func (e *closedError) message() report.Message {
	advice := []report.Arg{code("dirs", "/usr/local, /opt"), code("chmod", "chmod o+x")}
	if e.closed == e.program {
		return say("sandbox.closed.program", append([]report.Arg{code("program", e.program), code("mode", e.mode.String())}, advice...)...)
	}
	return say("sandbox.closed.folder", append([]report.Arg{code("folder", e.closed), code("program", e.program)}, advice...)...)
}

// capture keeps the first limit bytes of a stream and throws the rest away,
// so that a process printing without end costs the grader at most limit bytes
// and never blocks on a full pipe.
type capture struct {
	limit      int64
	onOverflow func() // called once, from the reading goroutine

	mu       sync.Mutex
	buf      []byte
	overflow bool
}

// readFrom reads r until EOF or error (the read end being closed under it).
func (c *capture) readFrom(r io.Reader) {
	scratch := make([]byte, 32*1024)
	for {
		n, err := r.Read(scratch)
		if n > 0 {
			c.add(scratch[:n])
		}
		if err != nil {
			return
		}
	}
}

func (c *capture) add(p []byte) {
	c.mu.Lock()
	room := c.limit - int64(len(c.buf))
	over := false
	if int64(len(p)) > room {
		p = p[:room]
		over = !c.overflow
		c.overflow = true
	}
	if len(p) > 0 {
		if need := len(c.buf) + len(p); need > cap(c.buf) {
			// Grow by doubling, but never past the limit, so a 16 MiB cap
			// costs 16 MiB and not the next power of two.
			n := max(2*cap(c.buf), need, 64*1024)
			n = int(min(int64(n), c.limit))
			nb := make([]byte, len(c.buf), n)
			copy(nb, c.buf)
			c.buf = nb
		}
		c.buf = append(c.buf, p...)
	}
	c.mu.Unlock()
	if over && c.onOverflow != nil {
		c.onOverflow()
	}
}

func (c *capture) result() ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf, c.overflow
}

// feedStdin returns the file the run reads as standard input: the read end
// of a pipe that a goroutine fills with data, at end of file at once for no
// input. A pipe even then, not the host's /dev/null: reopened as /dev/stdin
// inside the run's root, a file of the host's would be outside everything
// Landlock lets the run open.
// stop closes what is still open; call it once the run is over, so a process
// that never reads its input cannot keep the goroutine blocked.
func feedStdin(data []byte) (child *os.File, stop func(), err error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, fmt.Errorf("grader: making a pipe for standard input: %w", err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		// EPIPE when the process exits without reading everything is fine.
		_, _ = w.Write(data)
		w.Close()
	}()
	stop = func() {
		// Closing the write end makes a blocked Write return.
		w.Close()
		<-done
	}
	return r, stop, nil
}

// signalNames maps the signals a crashing program dies of to the names
// students search for.
var signalNames = map[syscall.Signal]string{
	syscall.SIGABRT: "SIGABRT",
	syscall.SIGALRM: "SIGALRM",
	syscall.SIGBUS:  "SIGBUS",
	syscall.SIGFPE:  "SIGFPE",
	syscall.SIGHUP:  "SIGHUP",
	syscall.SIGILL:  "SIGILL",
	syscall.SIGINT:  "SIGINT",
	syscall.SIGKILL: "SIGKILL",
	syscall.SIGPIPE: "SIGPIPE",
	syscall.SIGQUIT: "SIGQUIT",
	syscall.SIGSEGV: "SIGSEGV",
	syscall.SIGTERM: "SIGTERM",
	syscall.SIGTRAP: "SIGTRAP",
}

func signalName(s syscall.Signal) string {
	if n, ok := signalNames[s]; ok {
		return n
	}
	if n, ok := unixSignalNames[s]; ok {
		return n
	}
	return fmt.Sprintf("signal %d", int(s))
}

// maxTasks is the kernel's hard bound on the tasks of a run, where a pids
// cgroup or RLIMIT_NPROC holds it: both count threads, and a JVM or
// Node.js starts dozens, so the bound is well above Procs; Procs itself is
// enforced by counting processes while polling.
func maxTasks(l Limits) int { return 2*l.Procs + 32 }

// killReason records why the grader killed a run; the first reason wins, so
// a run killed for its output is not also reported as timed out.
type killReason int

const (
	notKilled  killReason = iota
	killedTime            // its CPU time
	killedWall            // its wall-clock time
	killedMemory
	killedProcs
	killedThreads // a thread refused at maxTasks, most of the run's tasks threads
	killedDisk    // its files in the caller's Writable folders, past Limits.Disk
	killedOutput
	killedDone   // the main process exited; the rest of the tree goes with it
	killedCancel // the caller's context ended
)

// outcome collects what the watchers decided, under one lock.
type outcome struct {
	mu     sync.Mutex
	reason killReason
	peak   int64
	// procs and tasks are the run's processes and its threads and
	// processes together at the poll that saw the most tasks.
	procs, tasks int
}

// noteTasks keeps a poll's count of processes and tasks if it saw the
// most tasks yet (tasks < 0: not counted).
func (o *outcome) noteTasks(procs, tasks int) {
	o.mu.Lock()
	if tasks > o.tasks {
		o.procs, o.tasks = procs, tasks
	}
	o.mu.Unlock()
}

// refusedFork is the reason to give a run whose fork or thread the kernel
// refused at maxTasks, which counts threads and processes alike: threads,
// if at the most the polls saw, the run's tasks were more threads than
// processes; else processes. A fork bomb over between two polls leaves no
// count, and is told it started too many processes, which it did.
func (o *outcome) refusedFork() killReason {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.tasks-o.procs > o.procs {
		return killedThreads
	}
	return killedProcs
}

// claim records r as the reason for killing, unless there is one already.
// It reports whether r is the first reason.
func (o *outcome) claim(r killReason) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.reason != notKilled {
		return false
	}
	o.reason = r
	return true
}

// claimAfterExit records r even over killedDone: a kill the kernel made
// (the OOM killer's, which in cgroup v1 takes one process and leaves the
// supervisor to report its death) is the reason the run ended, and so is a
// fork the kernel refused at pids.max.
func (o *outcome) claimAfterExit(r killReason) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.reason == notKilled || o.reason == killedDone {
		o.reason = r
	}
}

// claimCPUTime records that the run used more than its CPU time, over
// any other reason but a limit of another kind: over the wall-clock limit
// too, which may fire first where the CPU time is read late (between two
// polls, or on an emulated machine whose clock outruns its processors). A
// run past its CPU time computed all along, and "it was waiting, not
// computing" would be false.
func (o *outcome) claimCPUTime() {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch o.reason {
	case notKilled, killedDone, killedWall:
		o.reason = killedTime
	}
}

func (o *outcome) get() killReason {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.reason
}

func (o *outcome) notePeak(n int64) {
	o.mu.Lock()
	o.peak = max(o.peak, n)
	o.mu.Unlock()
}

// fill sets the limit flags of res from the kill reason.
func (o *outcome) fill(res *Result) {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch o.reason {
	case killedTime:
		res.TimedOut = true
	case killedWall:
		res.TimedOut, res.WallTimedOut = true, true
	case killedMemory:
		res.OutOfMemory = true
	case killedProcs:
		res.TooManyProcs = true
	case killedThreads:
		res.TooManyThreads = true
	case killedDisk:
		res.WroteTooMuch = true
	}
	res.PeakMemory = max(res.PeakMemory, o.peak)
}
