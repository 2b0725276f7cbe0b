//go:build linux

package sandbox

import (
	"context"
	"sync"
	"syscall"
	"testing"
	"time"
)

// A run leaves a spare supervisor for the next, which the next run takes
// rather than starting one; a spare killed while it waited is replaced by
// a supervisor of the run's own, and the run does not fail for it.
func TestSpares(t *testing.T) {
	if !thisMachine().shim {
		t.Skip("no supervisor for runs on this machine")
	}
	dir := t.TempDir()
	spec := Spec{Argv: []string{"/bin/sh", "-c", "echo ran"}, Dir: dir, Env: []string{"PATH=/usr/bin:/bin", "HOME=" + dir}}
	run := func(what string) {
		t.Helper()
		res, err := Run(context.Background(), spec)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if res.ExitCode != 0 || string(res.Stdout) != "ran\n" {
			t.Fatalf("%s: exit %d, output %q, errors %q; want 0 and \"ran\"", what, res.ExitCode, res.Stdout, res.Stderr)
		}
	}
	run("the first run")
	first := waitForSpare(t)
	before := launches.Load()
	run("a run with a spare")
	second := waitForSpare(t)
	if second == first {
		t.Fatal("the run left the spare where it was")
	}
	if n := launches.Load() - before; n != 1 {
		t.Errorf("a run with a spare started %d supervisors; want 1, the next run's", n)
	}

	second.proc.Kill()
	waitForDeath(t, second.proc.Pid)
	before = launches.Load()
	run("a run whose spare was killed")
	waitForSpare(t)
	if n := launches.Load() - before; n != 2 {
		t.Errorf("a run whose spare was killed started %d supervisors; want 2, its own and the next run's", n)
	}
}

// A caller that says how many runs are to come gets no spare after the
// last of them, one that no run would take: not when its runs come one
// after another, nor when its last two come at once; and runs made under
// no expectation count none of its runs off.
func TestExpectRuns(t *testing.T) {
	if m := thisMachine(); !m.shim || keyFor(m).nsFlags&syscall.CLONE_NEWPID == 0 {
		t.Skip("no spare supervisors on this machine")
	}
	t.Cleanup(func() { counting.Store(false); expected.Store(0) })
	dir := t.TempDir()
	spec := Spec{Argv: []string{"/bin/true"}, Dir: dir, Env: []string{"PATH=/usr/bin:/bin", "HOME=" + dir}}
	run := func(ctx context.Context, what string) {
		t.Helper()
		if res, err := Run(ctx, spec); err != nil || res.ExitCode != 0 {
			t.Errorf("%s: %v, exit %v", what, err, res)
		}
	}
	noSpare := func(what string) {
		t.Helper()
		spares.Lock()
		s, making := spares.spare, spares.making != nil
		spares.Unlock()
		if s != nil || making {
			t.Errorf("%s started a spare supervisor that no run will take", what)
		}
	}
	run(context.Background(), "a run before any count")
	waitForSpare(t)

	ctx, done := ExpectRuns(context.Background(), 2)
	before := launches.Load()
	run(ctx, "the first of two")
	waitForSpare(t)
	run(context.Background(), "a run of no one's count between them")
	waitForSpare(t)
	run(ctx, "the last of two")
	noSpare("the last expected run")
	if n := launches.Load() - before; n != 2 {
		t.Errorf("three runs, two of them expected, started %d supervisors; want 2, for the second and third", n)
	}
	done()

	ctx, done = ExpectRuns(context.Background(), 3)
	defer done()
	run(ctx, "the first of three")
	waitForSpare(t)
	var wg sync.WaitGroup
	for _, what := range []string{"the second of three", "the third of three, at the same time"} {
		wg.Add(1)
		go func() { defer wg.Done(); run(ctx, what) }()
	}
	wg.Wait()
	noSpare("the last two expected runs, at once,")
}

// waitForSpare waits for the spare supervisor that the last run started.
func waitForSpare(t *testing.T) *supervisor {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		spares.Lock()
		s, making := spares.spare, spares.making != nil
		spares.Unlock()
		if s != nil && !making {
			return s
		}
	}
	t.Fatal("no spare supervisor 10 s after a run")
	return nil
}

// waitForDeath waits until every thread of pid has died, and leaves it
// for Wait to reap: until then its files, the plan's socket among them,
// are still open.
func waitForDeath(t *testing.T, pid int) {
	t.Helper()
	if _, err := waitExited(pid, 0); err != nil {
		t.Fatalf("waiting for the killed spare %d: %v", pid, err)
	}
}
