//go:build linux

package sandbox

import (
	"context"
	"strings"
	"testing"
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
