//go:build linux

package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The sandbox's own tests are of its parts; the attacks it stops are
// cmd/grader's escape suite, through a real grader binary.

func TestSeccompFilterAssembles(t *testing.T) {
	filter, err := SeccompFilter()
	if err != nil {
		t.Skipf("no filter here: %v", err)
	}
	if len(filter) == 0 || len(filter)%8 != 0 || len(filter)/8 > 4096 {
		t.Fatalf("filter of %d bytes; want whole 8-byte instructions, at most 4096", len(filter))
	}
	// The guard first: load the arch, and refuse any but x86-64's.
	if op := uint16(filter[0]) | uint16(filter[1])<<8; op != 0x20 { // BPF_LD|BPF_W|BPF_ABS
		t.Errorf("first instruction op %#x; want a load of seccomp_data.arch", op)
	}
	noMemfd, _ := seccompFilter(true)
	if len(noMemfd) <= len(filter) {
		t.Errorf("the filter that refuses memfd_create is no longer than the one that allows it")
	}
}

func TestDropCovered(t *testing.T) {
	got := dropCovered([]mountEntry{
		{"/usr", bindRO, ""},
		{"/tmp/run1", fresh, ""},
		{"/usr/local/go", bindRO, ""}, // shown by /usr already
		{"/etc", bindRO, ""},
		{"/tmp/run1/sol.py", bindRO, ""},                  // inside a fresh folder: needed
		{"/usr", bindRO, ""},                              // twice
		{"/usr/class/sol.py", bindRO, "/tmp/copy/sol.py"}, // another file in its place: needed
	})
	want := []mountEntry{{"/etc", bindRO, ""}, {"/tmp/run1", fresh, ""}, {"/tmp/run1/sol.py", bindRO, ""}, {"/usr", bindRO, ""}, {"/usr/class/sol.py", bindRO, "/tmp/copy/sol.py"}}
	if !slices.Equal(got, want) {
		t.Errorf("dropCovered = %v; want %v", got, want)
	}
}

// TestToolDirs: a run sees the folder of the tool it starts, where that is
// outside the system's: the folder above its bin/ (or shims/), that of the
// program it links to, and for a script that of its interpreter; never
// another folder of PATH, and never one closed to the run's user.
func TestToolDirs(t *testing.T) {
	opt := t.TempDir()
	py := filepath.Join(opt, "py", "bin")
	venv := filepath.Join(opt, "venv", "bin")
	shims := filepath.Join(opt, "pyenv", "shims")
	scripts := filepath.Join(opt, "scripts")
	for _, d := range []string{py, venv, shims, scripts, filepath.Join(opt, "tools")} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(filepath.Join(py, "python3"), []byte("\x7fELF"), 0o755)
	os.Symlink(filepath.Join(py, "python3"), filepath.Join(venv, "python3"))
	os.WriteFile(filepath.Join(shims, "python3"), []byte("#!/usr/bin/env bash\nexec pyenv exec python3 \"$@\"\n"), 0o755)
	os.WriteFile(filepath.Join(scripts, "direct"), []byte("#!"+filepath.Join(py, "python3")+" -u\nprint(1)\n"), 0o755)
	os.WriteFile(filepath.Join(scripts, "by-env"), []byte("#!/usr/bin/env -S python3 -u\nprint(1)\n"), 0o755)
	// A #! line naming, through env's -u or directly, a program PATH
	// does not find under its name (issue 29, G4: a classmate's
	// program, whose folder was bound into the run).
	os.MkdirAll(filepath.Join(opt, "alice"), 0o755)
	os.WriteFile(filepath.Join(opt, "alice", "prog"), []byte("\x7fELF"), 0o755)
	os.WriteFile(filepath.Join(scripts, "env-unset"), []byte("#!/usr/bin/env -S -u "+filepath.Join(opt, "alice", "prog")+" python3\nprint(1)\n"), 0o755)
	os.WriteFile(filepath.Join(scripts, "off-path"), []byte("#!"+filepath.Join(opt, "alice", "prog")+"\nprint(1)\n"), 0o755)
	os.WriteFile(filepath.Join(opt, "alice", "python3"), []byte("\x7fELF"), 0o755)
	// A classmate's venv, whose python3 links to the one PATH finds:
	// named by a #! line, the folder above its bin was bound (G4c).
	os.MkdirAll(filepath.Join(opt, "alice", "venv", "bin"), 0o755)
	os.Symlink(filepath.Join(py, "python3"), filepath.Join(opt, "alice", "venv", "bin", "python3"))
	os.WriteFile(filepath.Join(scripts, "their-venv"), []byte("#!"+filepath.Join(opt, "alice", "venv", "bin", "python3")+"\nprint(1)\n"), 0o755)
	os.WriteFile(filepath.Join(scripts, "same-name"), []byte("#!"+filepath.Join(opt, "alice", "python3")+"\nprint(1)\n"), 0o755)
	syscall.Mkfifo(filepath.Join(scripts, "fifo"), 0o755)
	os.Symlink("/dev/zero", filepath.Join(scripts, "zero"))
	path := strings.Join([]string{venv, shims, "/usr/bin", filepath.Join(opt, "tools"), "relative/bin"}, ":")
	open := func(string) error { return nil }
	for _, tt := range []struct {
		program string
		closed  func(string) error
		want    []string
	}{
		{filepath.Join(py, "python3"), open, []string{filepath.Join(opt, "py")}},
		{filepath.Join(venv, "python3"), open, []string{filepath.Join(opt, "venv"), filepath.Join(opt, "py")}},
		{filepath.Join(shims, "python3"), open, []string{filepath.Join(opt, "pyenv")}},
		{filepath.Join(scripts, "direct"), open, []string{scripts, filepath.Join(opt, "py")}},
		{filepath.Join(scripts, "by-env"), open, []string{scripts, filepath.Join(opt, "venv"), filepath.Join(opt, "py")}},
		{filepath.Join(scripts, "env-unset"), open, []string{scripts}},
		{filepath.Join(scripts, "off-path"), open, []string{scripts}},
		{filepath.Join(scripts, "same-name"), open, []string{scripts}},  // PATH's python3 is another file
		{filepath.Join(scripts, "their-venv"), open, []string{scripts}}, // a link to PATH's, in no folder of PATH
		{"/usr/bin/true", open, nil},
		// Not programs, never read: a FIFO, a device (a link's target).
		{filepath.Join(scripts, "fifo"), open, nil},
		{filepath.Join(scripts, "zero"), open, nil},
		{filepath.Join(venv, "python3"), func(p string) error {
			if under(p, filepath.Join(opt, "py")) {
				return &closedError{program: p, closed: p}
			}
			return nil
		}, []string{filepath.Join(opt, "venv")}},
	} {
		if got := toolDirs(tt.program, tt.program, path, tt.closed, tt.closed); !slices.Equal(got, tt.want) {
			t.Errorf("toolDirs(%s) = %q; want %q", tt.program, got, tt.want)
		}
	}
	// A student's script as the run starts it: its #! line read from the
	// run's own copy, in the grader's temporary folder, which is closed
	// to the run's user; the interpreter it names is not.
	copies := filepath.Join(opt, "grader-copies")
	os.MkdirAll(copies, 0o700)
	copied := filepath.Join(copies, "prog")
	os.WriteFile(copied, []byte("#!"+filepath.Join(py, "python3")+"\nprint(1)\n"), 0o755)
	closedCopies := func(p string) error {
		if under(p, copies) {
			return &closedError{program: p, closed: copies}
		}
		return nil
	}
	student := filepath.Join(opt, "student", "prog")
	if got, want := toolDirs(student, copied, path, closedCopies, nil), []string{filepath.Join(opt, "py")}; !slices.Equal(got, want) {
		t.Errorf("toolDirs of a script read from the run's own copy = %q; want %q", got, want)
	}
}

// TestShebangInterpreter: the program a #! line has the kernel run, read
// as the kernel passes it (one argument after the name) and env reads it.
func TestShebangInterpreter(t *testing.T) {
	for line, want := range map[string]string{
		"/usr/bin/python3":                            "/usr/bin/python3",
		"/opt/py/bin/python3 -u":                      "/opt/py/bin/python3",
		"/usr/bin/env python3":                        "python3",
		"/usr/bin/env  python3 ":                      "python3",
		"/usr/bin/env -S python3 -u":                  "python3",
		"/usr/bin/env -S -u /home/alice/prog python3": "",
		"/usr/bin/env -u /home/alice/prog python3":    "",
		"/usr/bin/env -S PYTHONPATH=/x python3":       "",
		"/usr/bin/env python3 -u":                     "", // env looks for "python3 -u"
		"/usr/bin/env":                                "",
		"python3":                                     "",
		"":                                            "",
	} {
		if got := shebangInterpreter(line); got != want {
			t.Errorf("shebangInterpreter(%q) = %q; want %q", line, got, want)
		}
	}
}

// TestRunOwnRoot runs a shell in the sandbox and looks around: where the
// machine gives a run a root of its own, it holds the system's folders and
// the run's, and nothing of the test's.
func TestRunOwnRoot(t *testing.T) {
	if !thisMachine().root {
		t.Skip("no root of its own for runs on this machine")
	}
	secret := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(secret, []byte("the grader's"), 0o644)
	// A submission of mode 600, as root: the run's own user reads a copy.
	sub := filepath.Join(t.TempDir(), "sub.sh")
	os.WriteFile(sub, []byte("echo sub ran\n"), 0o600)
	dir := filepath.Join(t.TempDir(), "work")
	os.Mkdir(dir, 0o755)
	res, err := Run(context.Background(), Spec{
		Argv:     []string{"/bin/sh", "-c", `ls /; id -u; sh "$1"; cat "$2" || echo no secret; echo x > /x || echo read-only; echo y > y && echo wrote here`, "sh", sub, secret},
		Dir:      dir,
		Env:      []string{"PATH=/usr/bin:/bin", "HOME=" + dir},
		ReadOnly: []string{sub},
	})
	if err != nil {
		t.Fatal(err)
	}
	out := string(res.Stdout)
	for _, want := range []string{"usr\n", "proc\n", "dev\n", "\n0\n", "sub ran\n", "no secret\n", "read-only\n", "wrote here\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the run's output lacks %q:\n%s\n%s", want, out, res.Stderr)
		}
	}
	if strings.Contains(out, "the grader's") {
		t.Errorf("the run read a file of the test's")
	}
	if _, err := os.Stat(filepath.Join(dir, "y")); err == nil {
		t.Errorf("the run's write reached the host folder behind its working folder")
	}
}

// TestBinds shows a copy in the place of the file it copies: a run reads
// the copy where it knows the file to be (a student's link, even, whose
// copy is a regular file), and nothing of the folder around it.
func TestBinds(t *testing.T) {
	if !thisMachine().root {
		t.Skip("no root of its own for runs on this machine")
	}
	student := t.TempDir()
	os.WriteFile(filepath.Join(student, "notes.txt"), []byte("the student's other file\n"), 0o644)
	at := filepath.Join(student, "sub.sh")
	os.Symlink("/etc/hostname", at) // a link out of the folder, where the copy is shown
	from := filepath.Join(t.TempDir(), "copy.sh")
	os.WriteFile(from, []byte("echo the copy of the grader\n"), 0o644)
	dir := filepath.Join(t.TempDir(), "work")
	os.Mkdir(dir, 0o755)
	res, err := Run(context.Background(), Spec{
		Argv:  []string{"/bin/sh", "-c", `sh "$1"; test -L "$1" && echo a link; cat "$2" || echo no notes`, "sh", at, filepath.Join(student, "notes.txt")},
		Dir:   dir,
		Env:   []string{"PATH=/usr/bin:/bin", "HOME=" + dir},
		Binds: []Bind{{At: at, From: from}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if out := string(res.Stdout); out != "the copy of the grader\nno notes\n" {
		t.Errorf("the run said %q (%s); want the copy's words, at the file's place, and nothing else of its folder", out, res.Stderr)
	}
}

func TestIsolatedSaysWhatIsMissing(t *testing.T) {
	ok, missing := Isolated()
	if !ok && len(missing) == 0 {
		t.Errorf("Isolated() = false with nothing missing: a refusal must say why")
	}
	for _, m := range missing {
		if m.ID == "" {
			t.Errorf("an empty reason in %v", missing)
		}
	}
}

// TestTimeLimitShorterThanTheStart gives runs a time limit shorter than it
// takes them to start, and holds the grader back until each run's program
// has ended, as a busy machine may: every run still times out. A clock
// armed only once the watchers start, after the run was under way, never
// went off for a run that had already ended (the verify suite's "limits.time
// 1ns" case passed such runs under the full suite's load). And a run whose
// program ends past its limit before the clock's goroutine has run (the
// clock is stopped here, as if it were late) timed out too.
func TestTimeLimitShorterThanTheStart(t *testing.T) {
	for _, tt := range []struct {
		name  string
		argv  []string
		limit time.Duration
		late  bool // the clock has not gone off by the program's end
	}{
		{"the grader held back", []string{"/bin/true"}, time.Nanosecond, false},
		{"the clock late", []string{"/bin/sleep", "0.05"}, time.Millisecond, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !thisMachine().supervised {
				t.Skip("no supervisor on this machine: nothing reports the program's end")
			}
			held := 0
			testHookStarted = func(r *run) {
				if tt.late && !r.timer.Load().Stop() {
					return // it went off before the test could hold it
				}
				held++
				for !r.mainEnd.Load() && r.o.get() == notKilled {
					time.Sleep(time.Millisecond)
				}
			}
			defer func() { testHookStarted = nil }()
			dir := t.TempDir()
			for i := range 3 {
				res, err := Run(context.Background(), Spec{
					Argv:   tt.argv,
					Dir:    dir,
					Env:    []string{"PATH=/usr/bin:/bin", "HOME=" + dir},
					Limits: Limits{Time: tt.limit},
				})
				if err != nil {
					t.Fatal(err)
				}
				if !res.TimedOut {
					t.Fatalf("run %d of %s with a %v time limit: not timed out (exit %d after %v)", i+1, tt.argv, tt.limit, res.ExitCode, res.Duration)
				}
			}
			if held == 0 {
				t.Skip("the clock went off in every run before the test could hold it")
			}
		})
	}
}

// TestUnreachableProgram: as root, where a run is a uid of its own, a
// program under a folder only root may enter (an interpreter under /root)
// is none of the run's: named by its path, it does not start, and the
// error names that folder, not just "permission denied" or "no such file";
// named by a bare name, the lookup passes over it for the next on PATH the
// run may reach. So with a root of its own, which would otherwise show the
// tool's folder from the grader's side of the permissions, and without,
// where the run meets the host's folders itself.
func TestUnreachableProgram(t *testing.T) {
	m := thisMachine()
	if !m.supervised || !m.asRoot {
		t.Skip("needs root and the run supervisor")
	}
	closed := filepath.Join(t.TempDir(), "closed")
	open := filepath.Join(t.TempDir(), "open")
	for _, d := range []string{closed, open} {
		os.MkdirAll(filepath.Join(d, "bin"), 0o755)
		// The test's temporary folders are 0700 too: open them, so
		// that the one folder closed is closed.
		os.Chmod(filepath.Dir(d), 0o755)
		os.Chmod(filepath.Dir(filepath.Dir(d)), 0o755)
		os.WriteFile(filepath.Join(d, "bin", "tool"), []byte("#!/bin/sh\necho "+filepath.Base(d)+"\n"), 0o755)
	}
	os.Chmod(closed, 0o700)
	prog := filepath.Join(closed, "bin", "tool")
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	noNamespaces := m
	noNamespaces.userns, noNamespaces.nsFlags, noNamespaces.root, noNamespaces.proc, noNamespaces.subreaper, noNamespaces.switchUID = false, 0, false, false, true, true
	for name, machine := range map[string]machine{"this machine": m, "without namespaces": noNamespaces} {
		t.Run(name, func(t *testing.T) {
			machineOverride.Store(&machine)
			defer machineOverride.Store(nil)
			_, err := Run(context.Background(), Spec{Argv: []string{prog}, Dir: dir, Env: []string{"PATH=/usr/bin:/bin", "HOME=" + dir}})
			if want := "who may not enter " + closed + ", which holds " + prog + ":"; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Run of a program under a folder closed to the run's user: %v; want an error saying %q", err, want)
			}
			if machine.root {
				// Bound by the caller (the grader's own binary, run as
				// a reference program), it is the run's all the same.
				res, err := Run(context.Background(), Spec{Argv: []string{prog}, Dir: dir, Env: []string{"PATH=/usr/bin:/bin", "HOME=" + dir}, ReadOnly: []string{prog}})
				if err != nil || string(res.Stdout) != "closed\n" {
					t.Errorf("Run of a program under a closed folder that ReadOnly lists: %v, output %q; want it to run", err, res.Stdout)
				}
				// Or bound in its place (the run's copy of a program
				// compiled in the grader's temporary folder, 0700).
				res, err = Run(context.Background(), Spec{Argv: []string{prog}, Dir: dir, Env: []string{"PATH=/usr/bin:/bin", "HOME=" + dir}, Binds: []Bind{{At: prog, From: prog}}})
				if err != nil {
					t.Errorf("Run of a program under a closed folder that Binds shows: %v; want it to run", err)
				} else if string(res.Stdout) != "closed\n" {
					t.Errorf("Run of a program under a closed folder that Binds shows: output %q; want closed", res.Stdout)
				}
			}
			path := strings.Join([]string{filepath.Join(closed, "bin"), filepath.Join(open, "bin"), "/usr/bin:/bin"}, ":")
			res, err := Run(context.Background(), Spec{Argv: []string{"tool"}, Dir: dir, Env: []string{"PATH=" + path, "HOME=" + dir}})
			if err != nil || string(res.Stdout) != "open\n" {
				t.Errorf("Run of a name found first in a folder closed to the run: %v, output %q; want the next on PATH, which says open", err, res.Stdout)
			}
			path = strings.Join([]string{filepath.Join(closed, "bin"), "/usr/bin:/bin"}, ":")
			_, err = Run(context.Background(), Spec{Argv: []string{"tool"}, Dir: dir, Env: []string{"PATH=" + path, "HOME=" + dir}})
			if want := "not found on PATH where the run may reach it (runs are a user of their own, who may not enter " + closed; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Run of a name found only in a folder closed to the run: %v; want an error saying %q", err, want)
			}
			// LookPath, which says a submission's tool is out of its
			// runs' reach, says why as a message too (grader's
			// TestMissingSaid says sandbox.closed.* in every language).
			t.Setenv("PATH", path)
			_, err = LookPath("tool")
			var np *NotOnPathError
			if !errors.As(err, &np) || np.ClosedWhy.ID != "sandbox.closed.folder" || !strings.Contains(np.Closed, "who may not enter "+closed) {
				t.Fatalf("LookPath of a name found only in a folder closed to the run: %v; want a *NotOnPathError that says why, as sandbox.closed.folder", err)
			}
			if folder, _ := np.ClosedWhy.Arg("folder"); folder.Text != closed {
				t.Errorf("ClosedWhy names the folder %q; want %q", folder.Text, closed)
			}
		})
	}
}

// TestSocketFamilies: the filter lets a run make Unix, IPv4 and IPv6
// sockets and socket pairs, and refuses every other family with EPERM
// (vsock.py in the escape suite is the attack it stops).
func TestSocketFamilies(t *testing.T) {
	const probe = `
import socket
def try_(name, f):
    try:
        f().close()
        print(name, "made")
    except OSError as e:
        print(name, e.errno)
for fam in ("AF_UNIX", "AF_INET", "AF_INET6", "AF_VSOCK", "AF_NETLINK", "AF_PACKET", "AF_ALG"):
    try_(fam, lambda: socket.socket(getattr(socket, fam), socket.SOCK_DGRAM if fam != "AF_ALG" else socket.SOCK_SEQPACKET))
def pair(fam):
    a, b = socket.socketpair(fam, socket.SOCK_STREAM)
    b.close()
    return a
try_("pair AF_UNIX", lambda: pair(socket.AF_UNIX))
try_("pair AF_VSOCK", lambda: pair(socket.AF_VSOCK))
try_("raw 44", lambda: socket.socket(44, socket.SOCK_DGRAM))
`
	res := filterProbe(t, probe)
	want := "AF_UNIX made\nAF_INET made\nAF_INET6 made\nAF_VSOCK 1\nAF_NETLINK 1\nAF_PACKET 1\nAF_ALG 1\npair AF_UNIX made\npair AF_VSOCK 1\nraw 44 1\n"
	if got := string(res.Stdout); got != want {
		t.Errorf("the run's sockets:\n%s%s\nwant (1 is EPERM):\n%s", got, res.Stderr, want)
	}
}

// TestSocketsWithoutCgroup: where no cgroup counts a run's memory, the
// kernel's memory for its sockets is bounded all the same: each socket of
// its network namespace is counted in its memory at socketCost (some 312
// KiB a socket), a process may hold nofileLimit files,
// and no socket's buffers may grow past the default (socketpairs.py in the
// escape suite is the attack).
func TestSocketsWithoutCgroup(t *testing.T) {
	m := thisMachine()
	if !m.supervised || m.nsFlags&syscall.CLONE_NEWNET == 0 || !m.seccomp {
		t.Skip("no network namespace or no syscall filter for runs on this machine")
	}
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("no /usr/bin/python3")
	}
	m.cg = cgroupDirs{unavailableWhy: offForTest()}
	machineOverride.Store(&m)
	defer machineOverride.Store(nil)
	l := Limits{Memory: 64 * MiB, Time: 20 * time.Second}
	run := func(code string) *Result {
		dir := t.TempDir()
		res, err := Run(context.Background(), Spec{Argv: []string{"/usr/bin/python3", "-c", code}, Dir: dir, Env: []string{"PATH=/usr/bin:/bin", "HOME=" + dir}, Limits: l})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	const limits = `
import resource, socket
print(resource.getrlimit(resource.RLIMIT_NOFILE)[0])
s = socket.socket(socket.AF_UNIX)
for opt in (socket.SO_SNDBUF, socket.SO_RCVBUF):
    try:
        s.setsockopt(socket.SOL_SOCKET, opt, 4 << 20)
        print("set")
    except OSError as e:
        print(e.errno)
`
	if res, want := run(limits), fmt.Sprintf("%d\n1\n1\n", nofileLimit(l)); string(res.Stdout) != want {
		t.Errorf("the run's open files and buffers: %q %q; want %q (1 is EPERM)", res.Stdout, res.Stderr, want)
	}
	// Enough idle pairs to pass 64 MiB, spread over as many processes as
	// the file limit needs: it is 64 to 4096 with the machine's epoll
	// allowance, lower where the machine has less memory (in CI's 3 GiB
	// VM, 60 pairs a process were refused with EMFILE, never counted).
	perProc := (int64(nofileLimit(l)) - 16) / 2
	pairs := l.Memory/socketCost()/2 + 10
	procs := (pairs + perProc - 1) / perProc
	attack := fmt.Sprintf(`import os, socket, time
for _ in range(%d):
    if os.fork() == 0:
        break
pairs = [socket.socketpair() for _ in range(%d)]
print('made')
time.sleep(15)
`, procs-1, perProc)
	res := run(attack)
	if !res.OutOfMemory {
		t.Errorf("a run of %d processes of %d idle socket pairs under 64 MiB: death %q, output %q, errors %q; want it out of memory", procs, perProc, res.Death(l), res.Stdout, res.Stderr)
	}
}

// TestPastItsCPUTimeIsNotWaiting: a run whose CPU time, read after its
// death, is past its limit ran out of CPU time, even where the wall-clock
// limit fired first (on an emulated machine, bigline.py was stopped at 21 s
// having used 11.1 s of its 10 s and told "it was waiting, not
// computing"). A limit of another kind still names its own death.
func TestPastItsCPUTimeIsNotWaiting(t *testing.T) {
	l := Limits{Time: 10 * time.Second}
	for _, tt := range []struct {
		before killReason
		want   string
	}{
		{killedWall, "timed out: it used all of its 10s of CPU time"},
		{notKilled, "timed out: it used all of its 10s of CPU time"},
		{killedDone, "timed out: it used all of its 10s of CPU time"},
		{killedMemory, "used more than"},
	} {
		o := &outcome{reason: tt.before}
		o.claimCPUTime()
		res := &Result{ExitCode: -1, Duration: 21 * time.Second, CPU: 11100 * time.Millisecond}
		o.fill(res)
		if got := res.Death(l); !strings.HasPrefix(got, tt.want) {
			t.Errorf("killed for reason %d, then found past its CPU time: %q; want %q", tt.before, got, tt.want)
		}
	}
}

// TestDiskLimit: a run that writes more than Limits.Disk into the caller's
// Writable folders, in many files each under RLIMIT_FSIZE, is killed and
// told so; one that writes less is not (c-objects.txtar in the escape
// suite is the attack, through a compiler).
func TestDiskLimit(t *testing.T) {
	for _, c := range []struct {
		files int
		want  string
	}{{2, ""}, {64, "wrote more than 16 MiB of files"}} {
		out := t.TempDir()
		res, err := Run(context.Background(), Spec{
			// A file every 20 ms at most: the disk poll (every 100 ms)
			// has some twenty chances before the last file, however fast
			// the disk, and time is not what the test measures.
			Argv:     []string{"/bin/sh", "-c", fmt.Sprintf("i=0; while [ $i -lt %d ]; do head -c 4194304 /dev/zero > %s/f$i || exit 1; i=$((i+1)); sleep 0.02; done; sleep 0.3", c.files, out)},
			Dir:      out,
			Env:      []string{"PATH=/usr/bin:/bin"},
			Limits:   Limits{Time: 10 * time.Second, Disk: 16 * MiB},
			Writable: []string{out},
		})
		if err != nil {
			t.Fatal(err)
		}
		if d := res.Death(Limits{Time: 10 * time.Second, Disk: 16 * MiB}); d != c.want {
			t.Errorf("%d files of 4 MiB: death %q, exit %d, stderr %q; want %q", c.files, d, res.ExitCode, res.Stderr, c.want)
		}
		if c.want != "" && res.WroteTooMuch {
			ents, _ := os.ReadDir(out)
			// Killed by a poll while it wrote, not found over only at its
			// end, after 256 MiB. (Under -race on a loaded machine a poll
			// came after 41 files of a run that wrote without a pause.)
			if len(ents) >= c.files {
				t.Errorf("killed after all %d files of 4 MiB; want it killed while it wrote, by a poll", len(ents))
			}
		}
	}
}

// TestNofileBoundsEpollWatches: where no cgroup counts a run's memory, its
// processes, each with as many epoll watches as its descriptors allow
// ((n/2)²), hold no more of the kernel's memory than the run's limit
// (epoll-watches.py in the escape suite is the attack), and runsSharing
// such runs at once no more than the grading user's allowance.
func TestNofileBoundsEpollWatches(t *testing.T) {
	for _, l := range []Limits{{Memory: 64 * MiB}, {Memory: 256 * MiB}, {Memory: 1 << 30}, {Memory: 256 * MiB, Procs: 8}} {
		l = l.WithDefaults()
		n := int64(nofileLimit(l))
		if held := int64(l.Procs) * (n / 2) * (n / 2) * epollWatchCost; n > 64 && held > l.Memory {
			t.Errorf("memory %s, %d processes: %d files each hold %s of epoll watches in all", FormatSize(l.Memory), l.Procs, n, FormatSize(held))
		}
		if watches := runsSharing * int64(l.Procs) * (n / 2) * (n / 2); n > 64 && maxUserWatches() > 0 && watches > maxUserWatches() {
			t.Errorf("memory %s, %d processes: %d runs of %d files a process hold %d epoll watches, past the user's %d", FormatSize(l.Memory), l.Procs, runsSharing, n, watches, maxUserWatches())
		}
	}
}

// TestBindMoved: a student's folder swapped for a link to /usr/bin after
// the grader took the submission (attack report 2, G8): the run's copy was
// bound where the link now leads, into the read-only system folder, and
// the mount's failure said the grader was broken. The run is a
// *MovedError instead, which is the student's to hear.
func TestBindMoved(t *testing.T) {
	if !thisMachine().root {
		t.Skip("no root of its own for runs on this machine")
	}
	home := t.TempDir()
	folder := filepath.Join(home, "mallory")
	os.Mkdir(folder, 0o755)
	copy := filepath.Join(t.TempDir(), "prog.sh")
	os.WriteFile(copy, []byte("echo hello\n"), 0o644)
	seen, err := filepath.EvalSymlinks(folder)
	if err != nil {
		t.Fatal(err)
	}
	spec := Spec{Argv: []string{"/bin/sh", filepath.Join(folder, "prog.sh")}, Dir: t.TempDir(),
		Binds: []Bind{{At: filepath.Join(folder, "prog.sh"), From: copy, Seen: seen}}}
	if res, err := Run(context.Background(), spec); err != nil || string(res.Stdout) != "hello\n" {
		t.Fatalf("before the swap: %v, %+v", err, res)
	}
	os.Rename(folder, folder+".old")
	if err := os.Symlink("/usr/bin", folder); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), spec)
	var moved *MovedError
	if !errors.As(err, &moved) || moved.Now != "/usr/bin" {
		t.Errorf("after the folder became a link to /usr/bin: %v; want a *MovedError, now /usr/bin", err)
	}
}
