//go:build linux

package sandbox

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// One launcher serves every run of a grader, and one that died is started
// again: the run that finds it dead does not fail for it.
func TestLauncher(t *testing.T) {
	if !thisMachine().supervised {
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
	before := launches.Load()
	for range 3 {
		run("a run after the first")
	}
	if n := launches.Load() - before; n != 0 {
		t.Errorf("three runs started %d launchers; want none, the first run's serving them", n)
	}

	theLauncher.Lock()
	theLauncher.proc.Kill()
	theLauncher.proc.Wait()
	theLauncher.Unlock()
	run("a run whose launcher was killed")
	if n := launches.Load() - before; n != 1 {
		t.Errorf("a run whose launcher was killed started %d launchers; want 1", n)
	}
}

// An argument or variable with a NUL inside is refused, as execve refuses
// one: written into the run's program as C strings, it would be cut in two.
func TestNULRefused(t *testing.T) {
	if !thisMachine().supervised {
		t.Skip("no supervisor for runs on this machine")
	}
	dir := t.TempDir()
	for _, spec := range []Spec{
		{Argv: []string{"/bin/echo", "a\x00b"}, Dir: dir, Env: []string{"HOME=" + dir}},
		{Argv: []string{"/bin/echo"}, Dir: dir, Env: []string{"HOME=" + dir, "X=a\x00b"}},
	} {
		res, err := Run(context.Background(), spec)
		if err == nil || !strings.Contains(err.Error(), "NUL") {
			t.Errorf("Run(%q, env %q) = %+v, %v; want an error naming the NUL", spec.Argv, spec.Env, res, err)
		}
	}
}

// A run dies with its grader, however the grader dies: the supervisor asks
// the kernel for SIGKILL when its parent dies, and asks again after it
// becomes the run's user (a change of credentials clears the request).
// The grader here is this test binary again, killed while a run sleeps.
func TestRunsDieWithTheGrader(t *testing.T) {
	if os.Getenv("BOARDCHECK_TEST_GRADER") == "sleep" {
		dir, _ := os.MkdirTemp("", "boardcheck-dies-")
		Run(context.Background(), Spec{Argv: []string{"/bin/sleep", "4242.5"}, Dir: dir, Env: []string{"HOME=" + dir}})
		return
	}
	if !thisMachine().supervised {
		t.Skip("no supervisor for runs on this machine")
	}
	grader := exec.Command(os.Args[0], "-test.run=^TestRunsDieWithTheGrader$")
	grader.Env = append(os.Environ(), "BOARDCHECK_TEST_GRADER=sleep")
	if err := grader.Start(); err != nil {
		t.Fatal(err)
	}
	sleeping := func() []int {
		var pids []int
		ms, _ := filepath.Glob("/proc/[0-9]*/cmdline")
		for _, m := range ms {
			if b, err := os.ReadFile(m); err == nil && string(b) == "/bin/sleep\x004242.5\x00" {
				pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(m)))
				pids = append(pids, pid)
			}
		}
		return pids
	}
	deadline := time.Now().Add(30 * time.Second)
	for len(sleeping()) == 0 {
		if time.Now().After(deadline) {
			grader.Process.Kill()
			grader.Wait()
			t.Fatal("the run never started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	grader.Process.Kill()
	grader.Wait()
	// The killed grader leaves its run's cgroups, empty once the run is
	// gone, for a later grader to remove ten minutes on (removeStale):
	// removed here, once the run is, so that the test leaves none. Not
	// removeStaleAt with its clock moved on: that would take any empty
	// run cgroup of a grader out of this one's sight, and only this
	// grader's are the test's.
	defer func() {
		cg := thisMachine().cg
		for _, dir := range []string{cg.v2, cg.memV1, cg.pidsV1} {
			if dir == "" {
				continue
			}
			left, _ := filepath.Glob(filepath.Join(dir, "boardcheck-"+strconv.Itoa(grader.Process.Pid)+"-*"))
			for _, d := range left {
				os.Remove(d)
			}
		}
	}()
	for deadline := time.Now().Add(5 * time.Second); len(sleeping()) > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			for _, pid := range sleeping() {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			t.Fatal("the run outlived its grader by 5 s")
		}
	}
}

// Two runs started at once share the launcher, one request at a time, and
// each gets its own supervisor and output.
func TestLauncherConcurrentRuns(t *testing.T) {
	if !thisMachine().supervised {
		t.Skip("no supervisor for runs on this machine")
	}
	dir := t.TempDir()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			want := strconv.Itoa(i)
			res, err := Run(context.Background(), Spec{Argv: []string{"/bin/echo", want}, Dir: dir, Env: []string{"HOME=" + dir}})
			if err != nil || res.ExitCode != 0 || string(res.Stdout) != want+"\n" {
				t.Errorf("run %d: %v, %+v; want it to print %s", i, err, res, want)
			}
		}()
	}
	wg.Wait()
}
