package grader

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
)

// RunSpec says what to run and how.
type RunSpec struct {
	Argv   []string
	Dir    string   // working folder
	Env    []string // exactly the environment the process sees (build it with SubmissionEnv)
	Stdin  []byte   // nil means empty input, never the grader's own stdin
	Limits Limits   // zero fields mean the defaults
}

// RunResult is how one run went.
type RunResult struct {
	Stdout, Stderr                 []byte // at most Limits.Output each
	StdoutOverflow, StderrOverflow bool
	ExitCode                       int    // -1 if killed
	Signal                         string // "SIGSEGV" if killed by a signal we did not send
	TimedOut, OutOfMemory          bool
	TooManyProcs                   bool
	Duration                       time.Duration
	// CPU is the processor time (user and system) the run's processes
	// used, as measured: a run that timed out with little of it was
	// waiting, or starved by a busy machine, rather than computing.
	CPU        time.Duration
	PeakMemory int64 // bytes, as measured
}

// Death says how the run ended when it did not exit by itself, in words a
// student reads: "timed out after 10s", "killed by SIGSEGV", "used more than
// 512 MiB of memory", "printed more than 16 MiB on standard output", "printed
// more than 16 MiB on standard error", "started more than 64 processes".
// It is "" for a normal exit, whatever the exit status. l should be the limits
// the run had (zero fields mean the defaults, as for Execute).
func (r *RunResult) Death(l Limits) string {
	l = l.withDefaults()
	switch {
	case r.TimedOut:
		msg := "timed out after " + l.Time.String()
		if r.CPU < l.Time/2 {
			// Wall-clock time is what bounds the grader, but a program
			// that used well under that in CPU may be correct and only
			// slowed down by others: say so rather than let the student
			// hunt for a bug in a correct program.
			used := "less than 1s"
			if r.CPU >= time.Second {
				used = r.CPU.Round(100 * time.Millisecond).String()
			}
			msg += " (it used " + used + " of CPU: the machine may be busy; try again, or raise --timeout)"
		}
		return msg
	case r.OutOfMemory:
		return "used more than " + FormatSize(l.Memory) + " of memory"
	case r.TooManyProcs:
		return fmt.Sprintf("started more than %d processes", l.Procs)
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

// SubmissionEnv builds the environment a submission sees: the grader's PATH
// (so interpreters are found), HOME set to dir, a UTF-8 locale, TMPDIR set to
// dir/.tmp (created here), plus extra ("K=V", later entries win). Nothing
// else of the grader's environment gets through: CI tokens and the like stay
// out of reach of the code being graded.
func SubmissionEnv(dir string, extra ...string) []string {
	tmp := filepath.Join(dir, ".tmp")
	// An error here shows up when the submission uses TMPDIR; the run itself
	// must not fail because of it.
	_ = os.MkdirAll(tmp, 0o755)
	path := os.Getenv("PATH")
	if path == "" {
		path = "/usr/local/bin:/usr/bin:/bin"
	}
	env := []string{
		"PATH=" + path,
		"HOME=" + dir,
		"LANG=C.UTF-8",
		"LC_ALL=C.UTF-8",
		"TMPDIR=" + tmp,
	}
	for _, kv := range extra {
		k, _, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			continue
		}
		env = setEnv(env, k, kv)
	}
	return env
}

// setEnv replaces the entry for key in env with kv, or appends it.
func setEnv(env []string, key, kv string) []string {
	for i, e := range env {
		if k, _, _ := strings.Cut(e, "="); k == key {
			env[i] = kv
			return env
		}
	}
	return append(env, kv)
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
// the run's folder, as the process itself would.
func resolveArgv0(spec RunSpec) (string, error) {
	if len(spec.Argv) == 0 || spec.Argv[0] == "" {
		return "", errors.New("grader: running a submission: no command given")
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
	for _, d := range filepath.SplitList(envValue(spec.Env, "PATH")) {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(spec.Dir, p)
		}
		if check(p) == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("grader: running %s: command not found on PATH", name)
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

// feedStdin returns the file the run reads as standard input: /dev/null for
// no input, else the read end of a pipe that a goroutine fills with data.
// stop closes what is still open; call it once the run is over, so a process
// that never reads its input cannot keep the goroutine blocked.
func feedStdin(data []byte) (child *os.File, stop func(), err error) {
	if len(data) == 0 {
		f, err := os.Open(os.DevNull)
		if err != nil {
			return nil, nil, fmt.Errorf("grader: opening %s for standard input: %w", os.DevNull, err)
		}
		return f, func() {}, nil
	}
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
	return fmt.Sprintf("signal %d", int(s))
}

// killReason records why the grader killed a run; the first reason wins, so
// a run killed for its output is not also reported as timed out.
type killReason int

const (
	notKilled killReason = iota
	killedTime
	killedMemory
	killedProcs
	killedOutput
	killedDone   // the main process exited; the rest of the tree goes with it
	killedCancel // the caller's context ended
)

// outcome collects what the watchers decided, under one lock.
type outcome struct {
	mu     sync.Mutex
	reason killReason
	peak   int64
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
func (o *outcome) fill(res *RunResult) {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch o.reason {
	case killedTime:
		res.TimedOut = true
	case killedMemory:
		res.OutOfMemory = true
	case killedProcs:
		res.TooManyProcs = true
	}
	res.PeakMemory = max(res.PeakMemory, o.peak)
}
