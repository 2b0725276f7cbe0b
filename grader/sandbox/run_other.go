//go:build !linux

package sandbox

// Outside Linux the grader has no portable way to find every process a run
// started or to measure their memory, so it keeps to what os/exec offers:
// the wall-clock limit and the output caps, enforced on the main process,
// and the CPU time limit judged from its rusage once it has ended. The
// limits it cannot enforce are listed by Protections, not pretended.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/boardcheck/boardcheck/grader/report"
)

// LookPath finds the program name on PATH; the error is a
// *NotOnPathError.
func LookPath(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", &NotOnPathError{Name: name}
	}
	return p, nil
}

// Run runs spec under the time and output limits. See the Linux version
// for the full contract; here, processes the program starts are not tracked
// and memory is not limited.
func Run(ctx context.Context, spec Spec) (*Result, error) {
	l := spec.Limits.WithDefaults()
	path, err := resolveArgv0(spec, nil)
	if err != nil {
		return nil, err
	}
	stdin, stopStdin, err := feedStdin(spec.Stdin)
	if err != nil {
		return nil, err
	}
	defer stopStdin()
	defer stdin.Close()

	var o outcome
	var cmd *exec.Cmd
	var killMu sync.Mutex
	started := false
	kill := func(r killReason) {
		if o.claim(r) {
			killMu.Lock()
			if started {
				cmd.Process.Kill()
			}
			killMu.Unlock()
		}
	}
	stdout := &capture{limit: l.Output, onOverflow: func() { kill(killedOutput) }}
	stderr := &capture{limit: l.Output, onOverflow: func() { kill(killedOutput) }}
	cmd = &exec.Cmd{
		Path:   path,
		Args:   spec.Argv,
		Dir:    spec.Dir,
		Env:    spec.Env,
		Stdin:  stdin,
		Stdout: writerFunc(stdout.add),
		Stderr: writerFunc(stderr.add),
		// A child that keeps the pipes open must not hang the grader.
		WaitDelay: 250 * time.Millisecond,
	}
	start := time.Now()
	killMu.Lock()
	err = cmd.Start()
	started = err == nil
	killMu.Unlock()
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, &ExecError{Program: spec.Argv[0], Err: pe.Err}
		}
		return nil, fmt.Errorf("grader: running %s: %w", spec.Argv[0], err)
	}
	timer := time.AfterFunc(l.Wall(), func() { kill(killedWall) })
	defer timer.Stop()
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			kill(killedCancel)
		case <-done:
		}
	}()
	waitErr := cmd.Wait()
	close(done)
	res := &Result{ExitCode: -1, Duration: time.Since(start)}
	res.Stdout, res.StdoutOverflow = stdout.result()
	res.Stderr, res.StderrOverflow = stderr.result()
	o.fill(res)
	reason := o.get()
	var ee *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &ee) && !errors.Is(waitErr, exec.ErrWaitDelay) {
		return nil, fmt.Errorf("grader: running %s: %w", spec.Argv[0], waitErr)
	}
	if st := cmd.ProcessState; st != nil {
		// Its own time and that of the children it waited for; what the
		// children left running used is not counted here.
		res.CPU = st.UserTime() + st.SystemTime()
		if res.CPU > l.Time && (reason == notKilled || reason == killedWall) {
			// Its CPU time ran out before the clock did, or as it ended.
			reason = killedTime
			res.TimedOut, res.WallTimedOut = true, false
		}
		if st.Exited() {
			res.ExitCode = st.ExitCode()
		} else if ws, ok := st.Sys().(syscall.WaitStatus); ok && reason == notKilled && ws.Signaled() {
			res.Signal = signalName(ws.Signal())
		}
	}
	if reason == killedCancel {
		return res, fmt.Errorf("grader: running %s: %w", spec.Argv[0], ctx.Err())
	}
	return res, nil
}

// SetIsolationForTest has no fallbacks to select on this platform.
func SetIsolationForTest(mode string) (restore func(), ok bool) { return func() {}, false }

// Isolated reports that runs here are not isolated, and why.
func Isolated() (bool, []report.Message) {
	return false, []report.Message{say("sandbox.missing.other", code("seccomp", "seccomp"), code("cgroups", "cgroups"), code("linux", "Linux"))}
}

// OwnRoot reports whether each run has a root of its own: not on this
// platform.
func OwnRoot() bool { return false }

// ShebangShown: without a root of its own, a run sees the machine's files,
// any program a #! line names among them.
func ShebangShown(line, path string) bool { return true }

type writerFunc func([]byte)

func (f writerFunc) Write(p []byte) (int, error) {
	f(p)
	return len(p), nil
}

// Protections lists the isolation in force on this machine, as messages
// (sandbox.*) a report says in the student's language.
func Protections(l Limits) []report.Message {
	l = l.WithDefaults()
	return []report.Message{
		say("sandbox.other.time", code("time", l.Time.String()), code("wall", l.Wall().String())),
		say("sandbox.output", code("size", FormatSize(l.Output))),
		say("sandbox.other.memory"),
		say("sandbox.other.procs"),
		say("sandbox.other.network"),
		say("sandbox.env", code("vars", "PATH, HOME, LANG, LC_ALL, TMPDIR")),
		say("sandbox.stdin"),
		say("sandbox.other.files"),
	}
}

// Warm does nothing here: there is nothing to find out or start ahead.
func Warm() {}
