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
// of this architecture: EPERM, ENOSYS, "allow", or "0" (answered 0, done,
// without the call).
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
	case 0x00050000:
		return "0"
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
		{false, "fcntl", []uint64{3, high | fSetLease, 1}, "EPERM"},
		{false, "fcntl", []uint64{3, 1025}, "allow"},     // F_GETLEASE: the caller's own
		{false, "fcntl", []uint64{3, 6, 0}, "0"},         // F_SETLK
		{false, "fcntl", []uint64{3, high | 7, 0}, "0"},  // F_SETLKW
		{false, "fcntl", []uint64{3, high | 37, 0}, "0"}, // F_OFD_SETLK
		{false, "fcntl", []uint64{3, 38, 0}, "0"},        // F_OFD_SETLKW
		{false, "fcntl", []uint64{3, 5, 0}, "allow"},     // F_GETLK
		{false, "fcntl", []uint64{3, 36, 0}, "allow"},    // F_OFD_GETLK
		{false, "flock", []uint64{3, 2}, "0"},            // LOCK_EX
		{true, "flock", []uint64{3, high | 1}, "0"},      // LOCK_SH
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
	res := filterProbe(t, probe)
	want := "inotify_init1 1\nfanotify_init 1\nF_NOTIFY 1\nF_GETFD made\n"
	if got := string(res.Stdout); got != want {
		t.Errorf("the run's watches:\n%s%s\nwant (1 is EPERM):\n%s", got, res.Stderr, want)
	}
}

// TestNoLocks: a lock a run takes on a file, the machine's or its own, by
// flock, lockf or fcntl (process-owned or open-file-description), is
// granted and held by no one, so that no other run can see it
// (hidden-system-flock.py in the escape suite): in the run a second
// process, which the kernel would keep out of each lock, takes or finds
// none. F_GETLK still answers, a lease is refused as inotify is, and the
// 32-bit fcntl64's lock commands are no lock command here.
func TestNoLocks(t *testing.T) {
	const probe = `
import fcntl, os, struct, sys
own = open("own", "w+b")
held = [open("/etc/hosts", "rb"), open("/etc/passwd", "rb"), open("/etc/group", "rb"), own]
fcntl.flock(held[0], fcntl.LOCK_EX)
fcntl.lockf(held[1], fcntl.LOCK_SH)
rd = struct.pack("hhqqi4x", fcntl.F_RDLCK, 0, 0, 0, 0)
fcntl.fcntl(held[2], fcntl.F_OFD_SETLKW, rd)
fcntl.lockf(own, fcntl.LOCK_EX)
print("parent locked")
sys.stdout.flush()
if os.fork() == 0:
    def kernel_lock(name, f, cmd):
        wr = struct.pack("hhqqi4x", fcntl.F_WRLCK, 0, 0, 0, 0)
        print(name, "held by another" if struct.unpack("hhqqi4x", fcntl.fcntl(f, cmd, wr))[0] != fcntl.F_UNLCK else "free")
    try:
        fcntl.flock(open("/etc/hosts", "rb"), fcntl.LOCK_EX | fcntl.LOCK_NB)
        print("flock /etc/hosts taken")
    except OSError as e:
        print("flock /etc/hosts", e.errno)
    kernel_lock("F_GETLK /etc/passwd", open("/etc/passwd", "rb"), fcntl.F_GETLK)
    kernel_lock("F_OFD_GETLK /etc/group", open("/etc/group", "rb"), fcntl.F_OFD_GETLK)
    kernel_lock("F_GETLK own", open("own", "r+b"), fcntl.F_GETLK)
    try:
        fcntl.lockf(open("own", "r+b"), fcntl.LOCK_EX | fcntl.LOCK_NB)
        print("lockf own taken")
    except OSError as e:
        print("lockf own", e.errno)
    for name, cmd, arg in (("F_SETLEASE", fcntl.F_SETLEASE, fcntl.F_RDLCK), ("F_SETLK64", 13, 0)):
        try:
            fcntl.fcntl(open("own", "rb"), cmd, arg)
            print(name, "made")
        except OSError as e:
            print(name, e.errno)
    sys.stdout.flush()
    os._exit(0)
os.wait()
`
	res := filterProbe(t, probe)
	want := `parent locked
flock /etc/hosts taken
F_GETLK /etc/passwd free
F_OFD_GETLK /etc/group free
F_GETLK own free
lockf own taken
F_SETLEASE 1
F_SETLK64 22
`
	if got := string(res.Stdout); got != want {
		t.Errorf("the run's locks, taken by one process, seen by another:\n%s%s\nwant (1 is EPERM, 22 EINVAL):\n%s", got, res.Stderr, want)
	}
}

// filterProbe runs a Python probe of the syscall filter in a sandboxed run
// and returns how it ended; it skips the test where this machine has no
// filter, or no Python to probe it with.
func filterProbe(t *testing.T, probe string) *Result {
	t.Helper()
	if !thisMachine().seccomp {
		t.Skip("no syscall filter on this machine")
	}
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("no /usr/bin/python3")
	}
	dir := t.TempDir()
	res, err := Run(context.Background(), Spec{
		Argv: []string{"/usr/bin/python3", "-c", probe},
		Dir:  dir,
		Env:  []string{"PATH=/usr/bin:/bin", "HOME=" + dir},
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}
