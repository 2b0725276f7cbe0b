//go:build linux

package sandbox

import (
	"context"
	"encoding/binary"
	"os"
	"runtime"
	"testing"

	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
)

// filterVerdict runs the assembled filter, in x/net/bpf's machine, on a call
// of this architecture: EPERM, ENOSYS or "allow".
func filterVerdict(t *testing.T, filter []byte, name string, args ...uint64) string {
	t.Helper()
	info, err := arch.GetInfo("")
	if err != nil {
		t.Fatal(err)
	}
	nr, ok := info.SyscallNames[name]
	if !ok {
		t.Fatalf("no call %s on %s", name, runtime.GOARCH)
	}
	var raw []bpf.RawInstruction
	for i := 0; i+8 <= len(filter); i += 8 {
		raw = append(raw, bpf.RawInstruction{
			Op: binary.LittleEndian.Uint16(filter[i:]), Jt: filter[i+2], Jf: filter[i+3],
			K: binary.LittleEndian.Uint32(filter[i+4:])})
	}
	prog, ok := bpf.Disassemble(raw)
	if !ok {
		t.Fatal("the filter does not disassemble")
	}
	vm, err := bpf.NewVM(prog)
	if err != nil {
		t.Fatal(err)
	}
	// seccomp_data as the kernel lays it out on a little-endian machine:
	// nr, arch, instruction pointer, six arguments of 8 bytes, low half
	// first. x/net/bpf loads words big-endian, as a packet's, so each
	// 32-bit word is written so, where the kernel has it.
	data := make([]byte, 64)
	binary.BigEndian.PutUint32(data[0:], uint32(nr))
	binary.BigEndian.PutUint32(data[4:], auditArch[runtime.GOARCH])
	for i, a := range args {
		binary.BigEndian.PutUint32(data[16+8*i:], uint32(a))
		binary.BigEndian.PutUint32(data[20+8*i:], uint32(a>>32))
	}
	ret, err := vm.Run(data)
	if err != nil {
		t.Fatal(err)
	}
	switch uint32(ret) {
	case 0x7fff0000: // SECCOMP_RET_ALLOW
		return "allow"
	case 0x00050000 | errnoEPERM:
		return "EPERM"
	case 0x00050000 | errnoENOSYS:
		return "ENOSYS"
	}
	t.Fatalf("%s: the filter returns %#x", name, ret)
	return ""
}

// TestSeccompFilterReadsIntsOn32Bits: the kernel reads an int argument's
// low 32 bits alone, so the filter refuses a call whose int has high bits
// set as it refuses the same call without them (setsockopt-highbits.py and
// ioctl-highbits.py in the escape suite are the attacks), and lets through
// what it lets through without them.
func TestSeccompFilterReadsIntsOn32Bits(t *testing.T) {
	filter, err := seccompFilter(false)
	if err != nil {
		t.Skipf("no filter here: %v", err)
	}
	uncounted, _ := seccompFilter(true)
	const high = 0xdead_0001 << 32
	for _, c := range []struct {
		uncounted bool
		name      string
		args      []uint64
		want      string
	}{
		{true, "setsockopt", []uint64{3, solSocket, soSndbuf}, "EPERM"},
		{true, "setsockopt", []uint64{3, high | solSocket, soSndbuf}, "EPERM"},
		{true, "setsockopt", []uint64{3, solSocket, high | soRcvbufForce}, "EPERM"},
		{true, "setsockopt", []uint64{3, solSocket, 2}, "allow"}, // SO_REUSEADDR
		{true, "setsockopt", []uint64{3, 6, soSndbuf}, "allow"},  // IPPROTO_TCP's option 7, not SOL_SOCKET's
		{false, "setsockopt", []uint64{3, solSocket, soSndbuf}, "allow"},
		{false, "ioctl", []uint64{0, tiocsti}, "EPERM"},
		{false, "ioctl", []uint64{0, high | tiocsti}, "EPERM"},
		{false, "ioctl", []uint64{0, 1<<32 | tioclinux}, "EPERM"},
		{false, "ioctl", []uint64{0, 0x5401}, "allow"}, // TCGETS
		{false, "socket", []uint64{40, 1, 0}, "EPERM"}, // AF_VSOCK
		{false, "socket", []uint64{high | 40, 1, 0}, "EPERM"},
		{false, "socket", []uint64{high | 1, 1, 0}, "allow"}, // AF_UNIX to the kernel
		{false, "socketpair", []uint64{high | 16, 1, 0, 0}, "EPERM"},
		{false, "prlimit64", []uint64{1, 7}, "EPERM"},
		{false, "prlimit64", []uint64{1 << 32, 7}, "allow"}, // pid 0, its own
		{false, "sched_setscheduler", []uint64{0, high | schedFIFO}, "EPERM"},
		{false, "sched_setscheduler", []uint64{0, 0}, "allow"},
		{false, "clone", []uint64{high | 0x10000000}, "EPERM"}, // CLONE_NEWUSER
		{false, "clone", []uint64{0x1200011}, "allow"},         // fork's
		{false, "fcntl", []uint64{3, fNotify, 4}, "EPERM"},
		{false, "fcntl", []uint64{3, high | fNotify, 4}, "EPERM"},
		{false, "fcntl", []uint64{3, 1}, "allow"}, // F_GETFD
		{false, "inotify_init1", []uint64{0}, "EPERM"},
		{false, "fanotify_init", []uint64{0, 0}, "EPERM"},
		{false, "clone3", []uint64{0, 88}, "ENOSYS"},
		{false, "mount", nil, "EPERM"},
		{false, "read", []uint64{0, 0, 1}, "allow"},
	} {
		f := filter
		if c.uncounted {
			f = uncounted
		}
		if got := filterVerdict(t, f, c.name, c.args...); got != c.want {
			t.Errorf("%s(%#x), uncounted %v: %s; want %s", c.name, c.args, c.uncounted, got, c.want)
		}
	}
}

// TestNoWatches: a run may not watch a file for another's use of it
// (inotify, fanotify, fcntl's F_NOTIFY): the machine's files are the same
// inodes in every run (hidden-system-inotify.py in the escape suite), while
// the ordinary fcntl calls still work.
func TestNoWatches(t *testing.T) {
	if !thisMachine().seccomp {
		t.Skip("no syscall filter on this machine")
	}
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("no /usr/bin/python3")
	}
	const probe = `
import ctypes, fcntl, os
libc = ctypes.CDLL(None, use_errno=True)
def call(name, r):
    print(name, "made" if r >= 0 else ctypes.get_errno())
call("inotify_init1", libc.inotify_init1(0))
call("fanotify_init", libc.fanotify_init(0, 0))
fd = os.open("/etc", os.O_RDONLY)
for name, cmd, arg in (("F_NOTIFY", fcntl.F_NOTIFY, fcntl.DN_ACCESS), ("F_GETFD", fcntl.F_GETFD, 0)):
    try:
        fcntl.fcntl(fd, cmd, arg)
        print(name, "made")
    except OSError as e:
        print(name, e.errno)
`
	dir := t.TempDir()
	res, err := Run(context.Background(), Spec{
		Argv: []string{"/usr/bin/python3", "-c", probe},
		Dir:  dir,
		Env:  []string{"PATH=/usr/bin:/bin", "HOME=" + dir},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "inotify_init1 1\nfanotify_init 1\nF_NOTIFY 1\nF_GETFD made\n"
	if got := string(res.Stdout); got != want {
		t.Errorf("the run's watches:\n%s%s\nwant (1 is EPERM):\n%s", got, res.Stderr, want)
	}
}
