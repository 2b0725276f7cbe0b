//go:build linux

package launcher

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// The grader writes a program with Program's methods; the launcher must
// read back every op as it was written, each field a C string where it
// lies, the trees as the files that came with it.
func TestProgramRoundTrip(t *testing.T) {
	p := &Program{CloneFlags: syscall.CLONE_NEWNS}
	p.Mount("mounting", "tmpfs", "/r", "tmpfs", syscall.MS_NOSUID, "size=1m", Strict)
	p.MoveMount("binding /usr", 1, "/r/usr")
	p.Mkdir("making", "/r/x", 0o755, Exists)
	p.Seccomp("filtering", []byte{1, 0, 2, 0, 0, 0, 0, 0}) // a NUL inside
	p.Spawn("spawning")
	p.Exec("", "/bin/sh", []string{"sh", "", "-c"}, []string{"A=b"})
	p.Wait("waiting", true, -1)
	fds := []int{10, 11, 12, 13, 14, 20, 21}
	d := &prepared{}
	if err := decode(d, p.Bytes(), fds); err != nil {
		t.Fatal(err)
	}
	if d.cloneFlags != syscall.CLONE_NEWNS || len(d.ops) != p.Len() {
		t.Fatalf("decode: flags %#x and %d ops; want %#x and %d", d.cloneFlags, len(d.ops), syscall.CLONE_NEWNS, p.Len())
	}
	field := func(o op, i int) string { return string(unsafe.Slice(o.s[i], o.n[i])) }
	m := d.ops[0]
	if m.code != opMount || m.a != syscall.MS_NOSUID || field(m, 0) != "tmpfs" || field(m, 1) != "/r" || field(m, 3) != "size=1m" {
		t.Errorf("the mount reads back as %+v", m)
	}
	if *(*byte)(unsafe.Add(unsafe.Pointer(m.s[1]), m.n[1])) != 0 {
		t.Error("a field is not NUL-terminated where it lies")
	}
	if mm := d.ops[1]; mm.a != 21 {
		t.Errorf("the second tree is descriptor %d; want 21, the seventh file sent", mm.a)
	}
	if o := d.ops[2]; o.t != Exists || o.a != 0o755 {
		t.Errorf("the mkdir reads back as %+v", o)
	}
	if o := d.ops[3]; field(o, 0) != "\x01\x00\x02\x00\x00\x00\x00\x00" {
		t.Errorf("the filter reads back as %q", field(o, 0))
	}
	if d.ops[4].next != 6 {
		t.Errorf("Spawn goes on at op %d; want 6, the Wait after the Exec", d.ops[4].next)
	}
	var argv, envv []string
	for _, list := range []struct {
		from []*byte
		to   *[]string
	}{{d.argv, &argv}, {d.envv, &envv}} {
		if list.from[len(list.from)-1] != nil {
			t.Fatalf("a list not ended by nil: %v", list.from)
		}
		for _, s := range list.from[:len(list.from)-1] {
			n := 0
			for *(*byte)(unsafe.Add(unsafe.Pointer(s), n)) != 0 {
				n++
			}
			*list.to = append(*list.to, string(unsafe.Slice(s, n)))
		}
	}
	if !slices.Equal(argv, []string{"sh", "", "-c"}) || !slices.Equal(envv, []string{"A=b"}) {
		t.Errorf("argv %q, envp %q; want [sh  -c] and [A=b]", argv, envv)
	}
	if got := p.What(2); got != "making" {
		t.Errorf("What(2) = %q", got)
	}
}

// A program the launcher cannot carry out is refused before any fork,
// with what is wrong with it.
func TestDecodeRefuses(t *testing.T) {
	whole := func() *Program {
		p := &Program{}
		p.Spawn("spawning")
		p.Exec("", "/bin/true", []string{"true"}, nil)
		p.Wait("waiting", false, -1)
		return p
	}
	five := []int{3, 4, 5, 6, 7}
	for _, tt := range []struct {
		name string
		req  []byte
		fds  []int
		want string
	}{
		{"cut short", whole().Bytes()[:20], five, "cut short"},
		{"an unknown op", func() []byte { b := whole().Bytes(); b[8] = 99; return b }(), five, "unknown op"},
		{"without the run's files", whole().Bytes(), five[:4], "standard files"},
		{"a tree not sent", func() []byte { p := &Program{}; p.MoveMount("", 0, "/x"); p.Report(""); return p.Bytes() }(), five, "did not send"},
		{"a Spawn without an Exec", func() []byte { p := &Program{}; p.Spawn(""); p.Report(""); return p.Bytes() }(), five, "without an Exec"},
		{"two Spawns", func() []byte { p := whole(); p.Spawn(""); return p.Bytes() }(), five, "two Spawns"},
		{"an end without a report", func() []byte { p := &Program{}; p.Chdir("", "/"); return p.Bytes() }(), five, "without reporting"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := decode(&prepared{}, tt.req, tt.fds)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("decode: %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

// The supervisor carries out a program as it is written: what each op's
// Tolerate lets through, what it reports when an op fails before or after
// the Spawn or at the Exec, and how the submission ended. These programs
// ask for no namespace, so that any user can run them; the sandbox's tests
// and cmd/grader's escape suite run the real ones.
func TestSupervisor(t *testing.T) {
	l := startLauncher(t)
	dir := t.TempDir()
	exists := filepath.Join(dir, "exists")
	os.Mkdir(exists, 0o755)
	run := func(p *Program) (status []byte, stdout, stderr string) {
		t.Helper()
		return l.run(t, p)
	}
	execute := func(p *Program, argv ...string) *Program {
		p.Spawn("spawning")
		p.Exec("", argv[0], argv, []string{"PATH=/usr/bin:/bin"})
		p.Wait("waiting", false, -1)
		return p
	}

	t.Run("a submission's exit and output", func(t *testing.T) {
		status, out, errs := run(execute(&Program{}, "/bin/sh", "-c", "echo out; echo err >&2; exit 3"))
		if len(status) != ExitedLen || status[0] != StatusExited {
			t.Fatalf("status %q; want X and 12 bytes", status)
		}
		if ws := syscall.WaitStatus(binary.LittleEndian.Uint32(status[1:5])); !ws.Exited() || ws.ExitStatus() != 3 {
			t.Errorf("wait status %v; want exit 3", ws)
		}
		if out != "out\n" || errs != "err\n" {
			t.Errorf("output %q and %q; want out and err", out, errs)
		}
	})
	t.Run("tolerated failures", func(t *testing.T) {
		p := &Program{}
		p.Mkdir("making what is there", exists, 0o755, Exists)
		p.Mkdir("making under what is not", filepath.Join(dir, "no", "x"), 0o755, Missing)
		// A Fallback that fails lets the op after it run, one that
		// succeeds skips it: both of these must be skipped or succeed.
		p.Mkdir("first try", filepath.Join(dir, "fresh"), 0o755, Fallback)
		p.Mkdir("not needed", filepath.Join(dir, "no", "y"), 0o755, Strict)
		p.Mkdir("first try again", exists, 0o755, Fallback)
		p.Mkdir("the fallback", filepath.Join(dir, "fallback"), 0o755, Strict)
		p.Create("must fail", filepath.Join(dir, "no", "z"), 0o644, Fails)
		status, _, _ := run(execute(p, "/bin/true"))
		if len(status) != ExitedLen || status[0] != StatusExited {
			t.Fatalf("status %q (%s); want the run to end normally", status, p.FailureText(status))
		}
		if _, err := os.Stat(filepath.Join(dir, "fallback")); err != nil {
			t.Errorf("a Fallback that failed did not run the op after it: %v", err)
		}
	})
	for _, tt := range []struct {
		name string
		p    func() *Program
		op   int
		want string
	}{
		{"an op of the supervisor's", func() *Program {
			p := &Program{}
			p.Chdir("entering "+dir, dir)
			p.Mkdir("making "+dir+"/no/x", dir+"/no/x", 0o755, Strict)
			return execute(p, "/bin/true")
		}, 1, "making " + dir + "/no/x: no such file or directory"},
		{"an op that had to fail", func() *Program {
			p := &Program{}
			p.Mkdir("the probe's root is writable", filepath.Join(dir, "made"), 0o755, Fails)
			return execute(p, "/bin/true")
		}, 0, "the probe's root is writable: it succeeded where it must fail"},
		{"an op of the submission's, before its exec", func() *Program {
			p := &Program{}
			p.Spawn("spawning")
			p.Chdir("entering the working folder /no/such", "/no/such")
			p.Exec("", "/bin/true", []string{"true"}, nil)
			p.Wait("waiting", false, -1)
			return p
		}, 1, "entering the working folder /no/such: no such file or directory"},
		{"the exec", func() *Program { return execute(&Program{}, "/no/such/program") }, 1, "no such file or directory"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.p()
			status, _, _ := run(p)
			op, err := p.Failure(status)
			if err == nil || op != tt.op || p.FailureText(status) != tt.want {
				t.Errorf("status %q: op %d, %q; want op %d, %q", status, op, p.FailureText(status), tt.op, tt.want)
			}
		})
	}
	t.Run("what the submission inherits", func(t *testing.T) {
		p := &Program{}
		p.CloseFrom("closing inherited file descriptors", 4)
		// The shell tries each descriptor itself: a listing of /proc
		// would show the folder it reads, or a pipeline's pipe.
		status, out, _ := run(execute(p, "/bin/sh", "-c", `for fd in 0 1 2 3 4 5 6 7 8 9; do { true >&$fd; } 2>/dev/null && printf '%s ' $fd; done; echo`))
		if want := "0 1 2 \n"; len(status) != ExitedLen || out != want {
			t.Errorf("status %q, output %q; want the run's three standard files alone: %q", status, out, want)
		}
	})
	t.Run("the signals the submission starts with", func(t *testing.T) {
		// The supervisor keeps every signal blocked; the submission must
		// start with none blocked and none ignored. The program exec'd
		// reads its own status: a shell's would show, at times, every
		// signal blocked while it waits for a child (dash blocks them
		// all between its wait and its sigsuspend, as glibc's sigfillset
		// makes them: fffffffe7ffbfeff), which is the shell's doing, not
		// what it was started with.
		grep, err := exec.LookPath("grep")
		if err != nil {
			t.Skip("no grep")
		}
		status, out, _ := run(execute(&Program{}, grep, "-E", "^Sig(Blk|Ign)", "/proc/self/status"))
		if want := "SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n"; len(status) != ExitedLen || out != want {
			t.Errorf("status %q, output %q; want no signal blocked or ignored: %q", status, out, want)
		}
	})
	t.Run("orphans reaped without a PID namespace", func(t *testing.T) {
		const prSetChildSubreaper = 36
		p := &Program{}
		p.Prctl("becoming the child subreaper", prSetChildSubreaper, 1)
		p.Spawn("spawning")
		p.Setpgid("a process group")
		p.Exec("", "/bin/sh", []string{"sh", "-c", "(sleep 4343.5 &); echo left"}, nil)
		p.Wait("waiting", true, -1)
		start := time.Now()
		status, out, _ := run(p)
		if len(status) != ExitedLen || out != "left\n" {
			t.Errorf("status %q, output %q; want the run to end and say left", status, out)
		}
		// run returns once the supervisor ended, and it ends once it has
		// no child left: it killed the orphan's group and reaped it.
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("the supervisor ended after %v: it waited for the orphan", d)
		}
	})
	t.Run("a probe", func(t *testing.T) {
		p := &Program{}
		p.Chdir("entering "+dir, dir)
		p.Report("reporting")
		status, _, _ := run(p)
		if want := append([]byte{StatusExited}, make([]byte, 12)...); string(status) != string(want) {
			t.Errorf("status %q; want X and zeros", status)
		}
	})
}

// raceSupported says whether this platform has the race detector (and a C
// toolchain for it: go test -race needs cgo).
func raceSupported() bool {
	if _, err := exec.LookPath("cc"); err != nil {
		return false
	}
	return runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64"
}

type testLauncher struct {
	sock int
	proc *os.Process
}

// startLauncher starts the test binary as the launcher, as package sandbox
// starts the grader's.
func startLauncher(t *testing.T) *testLauncher {
	t.Helper()
	pair, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	child := os.NewFile(uintptr(pair[1]), "launcher socket")
	defer child.Close()
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	proc, err := os.StartProcess(exe, []string{Arg0}, &os.ProcAttr{Files: []*os.File{null, null, null, child, null}})
	if err != nil {
		t.Fatal(err)
	}
	l := &testLauncher{sock: pair[0], proc: proc}
	t.Cleanup(func() {
		syscall.Close(l.sock)
		l.proc.Wait() // it ends at the end of its socket
	})
	return l
}

// run has the launcher fork p's supervisor, sends its go, and returns its
// status report and the submission's output.
func (l *testLauncher) run(t *testing.T, p *Program) (status []byte, stdout, stderr string) {
	t.Helper()
	pipe := func() (*os.File, *os.File) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		return r, w
	}
	stdinR, stdinW := pipe()
	stdinW.Close()
	outR, outW := pipe()
	errR, errW := pipe()
	statR, statW := pipe()
	goR, goW := pipe()
	files := []*os.File{stdinR, outW, errW, statW, goR}
	fds := make([]int, len(files))
	for i, f := range files {
		fds[i] = int(f.Fd())
	}
	if err := Send(l.sock, p.Bytes(), fds); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		f.Close()
	}
	reply := make([]byte, 512)
	n, _, err := syscall.Recvfrom(l.sock, reply, 0)
	if err != nil || n != 5 || reply[0] != ReplyPid {
		t.Fatalf("the launcher answered %q (%v)", reply[:max(n, 0)], err)
	}
	sup, err := os.FindProcess(int(binary.LittleEndian.Uint32(reply[1:5])))
	if err != nil {
		t.Fatal(err)
	}
	goW.Write([]byte{'g'})
	goW.Close()
	outc, errc := make(chan string), make(chan string)
	for _, c := range []struct {
		r *os.File
		c chan string
	}{{outR, outc}, {errR, errc}} {
		go func() {
			b, _ := io.ReadAll(c.r)
			c.r.Close()
			c.c <- string(b)
		}()
	}
	status, _ = io.ReadAll(statR)
	statR.Close()
	// The grader's child, not the launcher's: CLONE_PARENT.
	if _, err := sup.Wait(); err != nil {
		t.Errorf("waiting for the supervisor, which should be the test's own child: %v", err)
	}
	return status, <-outc, <-errc
}

// After the fork nothing may call into the Go runtime (see the rules at the
// top of supervisor.go): every function the supervisor and the submission's
// process run is //go:nosplit, //go:norace and //go:nocheckptr, and calls
// only such functions, the raw system call, and the bounds checks' panics
// (which no index here can reach). A call to anything else, added by a
// later edit, links without complaint; this is what catches it.
func TestSupervisorCallsNoRuntime(t *testing.T) {
	ours := map[string]bool{"forkSupervisor": true}
	fset := token.NewFileSet()
	for _, file := range []string{"supervisor.go", "ops.go"} {
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok {
				ours[fn.Name.Name] = true
			}
		}
	}
	f, err := parser.ParseFile(fset, "launcher.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string]*ast.FuncDecl{}
	for _, file := range []string{"supervisor.go", "ops.go", "launcher.go"} {
		if file != "launcher.go" {
			if f, err = parser.ParseFile(fset, file, nil, parser.ParseComments); err != nil {
				t.Fatal(err)
			}
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && ours[fn.Name.Name] {
				funcs[fn.Name.Name] = fn
			}
		}
	}
	for name, fn := range funcs {
		doc := ""
		if fn.Doc != nil {
			doc = fn.Doc.Text() + strings.Join(func() (ds []string) {
				for _, c := range fn.Doc.List {
					ds = append(ds, c.Text)
				}
				return
			}(), "\n")
		}
		for _, dir := range []string{"//go:nosplit", "//go:norace"} {
			if !strings.Contains(doc, dir) {
				t.Errorf("%s has no %s: it runs after the fork", name, dir)
			}
		}
	}

	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command for objdump")
	}
	// The nosplit chain must fit in every build the supervisor is linked
	// into, the instrumented ones too, whose frames are larger: -race, and
	// the coverage counters go test -fuzz compiles into the module.
	for _, build := range [][]string{{"-race"}, {"-gcflags=-d=libfuzzer"}} {
		if build[0] == "-race" && !raceSupported() {
			continue
		}
		args := append([]string{"test", "-c", "-o", filepath.Join(t.TempDir(), "instrumented.test")}, append(build, ".")...)
		if out, err := exec.Command(goTool, args...).CombinedOutput(); err != nil {
			t.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	// go test links its binaries without a symbol table; -c keeps it.
	exe := filepath.Join(t.TempDir(), "launcher.test")
	if out, err := exec.Command(goTool, "test", "-c", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	var names []string
	for name := range ours {
		names = append(names, name)
	}
	out, err := exec.Command(goTool, "tool", "objdump", "-s", `launcher\.(`+strings.Join(names, "|")+`)$`, exe).Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go tool objdump: %v: %s", err, stderr)
	}
	text := regexp.MustCompile(`^TEXT \S*launcher\.(\w+)\(SB\)`)
	call := regexp.MustCompile(`\sCALL\s+(\S+)`)
	allowed := regexp.MustCompile(`^(syscall\.RawSyscall6|internal/runtime/syscall/linux\.Syscall6|runtime\.panicBounds\w*)\(SB\)$`)
	seen, current := map[string]bool{}, ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if m := text.FindStringSubmatch(sc.Text()); m != nil {
			current = m[1]
			seen[current] = true
			continue
		}
		m := call.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		target := m[1]
		if i := strings.LastIndex(target, "launcher."); i >= 0 && ours[strings.TrimSuffix(target[i+len("launcher."):], "(SB)")] {
			continue
		}
		if !allowed.MatchString(target) {
			t.Errorf("%s calls %s, which the supervisor may not: it runs after the fork", current, target)
		}
	}
	for _, name := range []string{"forkSupervisor", "supervise", "run", "do"} {
		if !seen[name] {
			t.Errorf("objdump showed no %s: the test read nothing", name)
		}
	}
}
