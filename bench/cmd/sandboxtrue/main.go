//go:build linux

// Sandboxtrue runs /bin/true N times under boardcheck's sandbox, or under
// bubblewrap with the equivalent isolation, one run after another, and
// prints how long each took on average: bench/run's "sandbox start" figure.
//
//	sandboxtrue -n 20 ours
//	sandboxtrue -n 20 bwrap
//	sandboxtrue bwrap-args FILE
//
// bwrap-args writes the seccomp filter to FILE and prints, one per line,
// the bwrap arguments that give a command this isolation (all but its
// working folder, the filter's descriptor and the command): bench/run's
// script baseline runs each of its commands under them.
//
// The bwrap baseline gets what a run of ours gets: new user, PID, network,
// mount, IPC, UTS and cgroup namespaces, the system's folders bound
// read-only, a fresh /proc, a minimal /dev, a tmpfs working folder, a new
// session, no capabilities, and the very seccomp filter ours loads.
// Ours also makes a cgroup per run (as root) and picks the run's own uid,
// which bwrap does not.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/boardcheck/boardcheck/grader/sandbox"
)

func main() {
	n := flag.Int("n", 20, "runs")
	flag.Parse()
	if flag.NArg() == 2 && flag.Arg(0) == "bwrap-args" {
		if err := writeFilter(flag.Arg(1)); err != nil {
			fail(err)
		}
		for _, a := range bwrapArgs() {
			fmt.Println(a)
		}
		return
	}
	if flag.NArg() != 1 || (flag.Arg(0) != "ours" && flag.Arg(0) != "bwrap") {
		fmt.Fprintln(os.Stderr, "usage: sandboxtrue [-n N] ours|bwrap, or sandboxtrue bwrap-args FILE")
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "sandboxtrue-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	run := ours(dir)
	if flag.Arg(0) == "bwrap" {
		run = bwrap(dir)
	}
	run() // the first run of ours probes the machine: not timed
	start := time.Now()
	for i := 0; i < *n; i++ {
		run()
	}
	fmt.Printf("%.2f ms a run\n", float64(time.Since(start).Microseconds())/1000/float64(*n))
}

func ours(dir string) func() {
	spec := sandbox.Spec{Argv: []string{"/bin/true"}, Dir: dir, Env: []string{"PATH=/usr/bin:/bin", "HOME=" + dir}}
	return func() {
		res, err := sandbox.Run(context.Background(), spec)
		if err != nil {
			fail(err)
		}
		if res.ExitCode != 0 {
			fail(fmt.Errorf("/bin/true exited %d: %s", res.ExitCode, res.Stderr))
		}
	}
}

func bwrap(dir string) func() {
	bpf := dir + ".bpf"
	if err := writeFilter(bpf); err != nil {
		fail(err)
	}
	args := append(bwrapArgs(), "--tmpfs", dir, "--chdir", dir, "--seccomp", "3", "/bin/true")
	return func() {
		f, err := os.Open(bpf)
		if err != nil {
			fail(err)
		}
		cmd := exec.Command("bwrap", args...)
		cmd.ExtraFiles = []*os.File{f}
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir}
		if out, err := cmd.CombinedOutput(); err != nil {
			fail(fmt.Errorf("bwrap: %v: %s", err, out))
		}
		f.Close()
	}
}

// writeFilter writes the seccomp filter a run of ours loads, in the form
// bwrap's --seccomp reads.
func writeFilter(path string) error {
	filter, err := sandbox.SeccompFilter()
	if err != nil {
		return err
	}
	return os.WriteFile(path, filter, 0o600)
}

// bwrapArgs are bwrap's arguments for the isolation of a run of ours but
// its working folder: new namespaces, a new session, no capabilities, the
// system's folders read-only, a fresh /proc and a minimal /dev.
func bwrapArgs() []string {
	args := []string{"--unshare-all", "--unshare-user", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
		"--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"}
	for _, d := range []string{"/bin", "/sbin", "/lib", "/lib64"} {
		if target, err := os.Readlink(d); err == nil {
			args = append(args, "--symlink", target, d)
		} else if _, err := os.Stat(d); err == nil {
			args = append(args, "--ro-bind", d, d)
		}
	}
	return append(args, "--proc", "/proc", "--dev", "/dev")
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "sandboxtrue:", err)
	os.Exit(1)
}
