//go:build linux

package sandbox

import (
	"encoding/binary"
	"errors"
	"runtime"
	"slices"
	"sync"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
)

// The syscall filter: a deny list, as Docker's and nsjail's are, so that any
// language runtime starts, refusing with EPERM (not a kill: a runtime that
// probes a call and falls back must still start) what a graded program has
// no use for and an attacker would: changing mounts or namespaces (mount,
// unshare, setns, clone with a CLONE_NEW* flag), reaching other processes
// (ptrace, process_vm_*, pidfd_getfd, kcmp, prlimit64 of a pid but the
// caller's own, 0), the kernel's larger attack
// surfaces (bpf, perf_event_open, keyctl, io_uring, userfaultfd, module
// loading, kexec, open_by_handle_at), real-time scheduling, and typing into
// a terminal (ioctl TIOCSTI, TIOCLINUX), watching files (inotify, fanotify,
// dnotify, leases: watchers). clone3 answers ENOSYS, which makes libc and Go
// fall back to clone, whose flags the filter can read. File locks are
// granted and held by no one (lockRules). Arguments are compared on their
// low 32 bits, as the kernel reads them (argCond).
//
// Sockets alone are by allow-list (socketFamilies): a family that no
// namespace holds is a door out of the run, as AF_VSOCK's ports are the
// host's, and a family the kernel adds tomorrow is refused until it is
// listed here.

var denied = []string{
	"mount", "umount2", "pivot_root", "chroot", "setns", "unshare",
	"fsopen", "fsconfig", "fsmount", "fspick", "move_mount", "open_tree", "mount_setattr",
	"ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp", "process_madvise",
	"bpf", "perf_event_open", "keyctl", "add_key", "request_key", "userfaultfd",
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	"init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load",
	"open_by_handle_at", "name_to_handle_at", "lookup_dcookie", "fanotify_init",
	"swapon", "swapoff", "reboot", "syslog", "acct", "quotactl", "vhangup", "uselib",
	"settimeofday", "clock_settime", "adjtimex", "clock_adjtime",
	"sethostname", "setdomainname", "iopl", "ioperm",
	"sched_setattr",
}

const (
	// Every CLONE_NEW* flag: NEWTIME, NEWNS, NEWCGROUP, NEWUTS, NEWIPC,
	// NEWUSER, NEWPID, NEWNET.
	cloneNewFlags = 0x80 | 0x20000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000
	tiocsti       = 0x5412
	tioclinux     = 0x541C
	// sched_setscheduler's real-time policies, alone and with
	// SCHED_RESET_ON_FORK.
	schedFIFO, schedRR, schedDeadline, schedResetOnFork = 1, 2, 6, 0x40000000
	errnoENOSYS                                         = 38
	errnoEPERM                                          = 1
	fNotify                                             = 1026 // fcntl's F_NOTIFY
	fSetLease                                           = 1024 // fcntl's F_SETLEASE
)

// watchers are the calls that watch a file for another's use of it
// (inotify; fanotify is in denied, and fcntl's F_NOTIFY and F_SETLEASE,
// whose lease is broken by another's open, in argRules). A run sees the
// machine's system folders, the same inodes as every other run's: a watch
// on one counts another run's opens of it, a classmate's or a hidden
// check's beside a visible one, which is a way for one run to tell another
// what it learned (hidden-system-inotify.py in the escape suite). A graded
// program has no use for them.
var watchers = []string{"inotify_init", "inotify_init1"}

// socketFamilies are the socket families a run may make (socket and
// socketpair's first argument), each inside the run's network namespace,
// which holds only a loopback: AF_UNIX, AF_INET, AF_INET6. Every other,
// AF_VSOCK, AF_NETLINK, AF_PACKET, AF_ALG among them, is refused with EPERM
// (glibc's getaddrinfo, refused its netlink socket, assumes both IPv4 and
// IPv6).
var socketFamilies = []uint32{1, 2, 10}

var (
	filterOnce                      sync.Once
	filterBytes, filterBytesNoMemfd []byte
	filterErr                       error
)

// uncountedMemory are the calls that make memory no process's resident
// memory shows: where no cgroup counts a run's memory, polling would see
// none of it (a memfd's pages, a detached SysV shared memory segment's, a
// message queue's), and the filter refuses them. There it also refuses a
// socket buffer larger than the default (setsockopt's SO_SNDBUF and
// SO_RCVBUF, and their FORCE forms), on which the count of a run's
// sockets relies (sockets_linux.go).
var uncountedMemory = []string{"memfd_create", "shmget", "msgget"}

const (
	solSocket                                        = 1
	soSndbuf, soRcvbuf, soSndbufForce, soRcvbufForce = 7, 8, 32, 33
)

// seccompFilter returns the assembled filter, 8 bytes an instruction, as the
// supervisor loads it. noMemfd adds uncountedMemory to the list, and the
// socket buffers.
func seccompFilter(noMemfd bool) ([]byte, error) {
	filterOnce.Do(func() {
		if auditArch[runtime.GOARCH] == 0 {
			filterErr = errNoSeccompArch
			return
		}
		filterBytes, filterErr = assembleFilter(false)
		if filterErr == nil {
			filterBytesNoMemfd, filterErr = assembleFilter(true)
		}
	})
	if noMemfd {
		return filterBytesNoMemfd, filterErr
	}
	return filterBytes, filterErr
}

var errNoSeccompArch = errors.New("the syscall filter is built for x86-64 and ARM64 only")

// auditArch is seccomp_data.arch for the architectures the filter is
// built for (AUDIT_ARCH_X86_64, AUDIT_ARCH_AARCH64).
var auditArch = map[string]uint32{"amd64": 0xC000003E, "arm64": 0xC00000B7}

// argRule refuses a call when each of its conditions holds.
type argRule struct {
	name  string
	conds []argCond
}

// argCond is a condition on the low 32 bits of one argument: every
// argument the filter reads is an int of the kernel's (a socket's family,
// setsockopt's level and name, ioctl's command, a pid, a policy, legacy
// clone's flags, which the kernel takes lower_32_bits of), which the
// kernel truncates to 32 bits. A comparison of all 64 bits is passed by the
// same value with a high bit set: setsockopt at level 0x100000001 is
// SOL_SOCKET to the kernel, ioctl 0x100005412 is TIOCSTI.
type argCond struct {
	arg  uint32 // 0 to 5
	test bpf.JumpTest
	val  uint32
}

func eq(arg, v uint32) argCond      { return argCond{arg, bpf.JumpEqual, v} }
func ne(arg, v uint32) argCond      { return argCond{arg, bpf.JumpNotEqual, v} }
func bitsSet(arg, v uint32) argCond { return argCond{arg, bpf.JumpBitsSet, v} }

// argRules are the calls refused for their arguments; uncounted, for a run
// whose memory no cgroup counts, adds the socket buffers.
func argRules(uncounted bool) []argRule {
	rules := []argRule{
		{"clone", []argCond{bitsSet(0, cloneNewFlags)}},
		{"ioctl", []argCond{eq(1, tiocsti)}},
		{"ioctl", []argCond{eq(1, tioclinux)}},
		// Another process's limits: the run shares its supervisor's
		// user, which is all prlimit asks.
		{"prlimit64", []argCond{ne(0, 0)}},
		// A watch on a file by its directory (dnotify), as inotify's,
		// and a lease, which tells its holder of another's open (see
		// watchers).
		{"fcntl", []argCond{eq(1, fNotify)}},
		{"fcntl", []argCond{eq(1, fSetLease)}},
	}
	for _, call := range []string{"socket", "socketpair"} {
		var c []argCond
		for _, f := range socketFamilies {
			c = append(c, ne(0, f))
		}
		rules = append(rules, argRule{call, c})
	}
	for _, p := range []uint32{schedFIFO, schedRR, schedDeadline} {
		rules = append(rules,
			argRule{"sched_setscheduler", []argCond{eq(1, p)}},
			argRule{"sched_setscheduler", []argCond{eq(1, p|schedResetOnFork)}})
	}
	if uncounted {
		for _, opt := range []uint32{soSndbuf, soRcvbuf, soSndbufForce, soRcvbufForce} {
			rules = append(rules, argRule{"setsockopt", []argCond{eq(1, solSocket), eq(2, opt)}})
		}
	}
	return rules
}

// lockRules are the calls that take or drop a file lock: flock, and fcntl's
// F_SETLK, F_SETLKW (lockf's), F_OFD_SETLK and F_OFD_SETLKW. The filter
// answers each 0, done, without the kernel taking the lock: a lock in a run
// is granted at once and held by no one. A run sees the machine's system
// folders, the same inodes as every other run's (and every file is
// lockable through a descriptor opened to read), so a lock one run held on
// /etc/hosts, tested by another with LOCK_NB, told a visible check's run a
// hidden check's N beside it (hidden-system-flock.py in the escape suite);
// a lock no one holds tells nothing. With no run holding a lock, fcntl's
// F_GETLK and F_OFD_GETLK, left to the kernel, see none of a run's either,
// and /proc/locks shows none.
//
// Refused instead, with EOPNOTSUPP or ENOLCK, locks would fail the go
// command, which builds Go submissions in the sandbox: it read-locks its
// go.mod and locks its build cache's trim.txt, and gives up on any error
// ("go: RLock .../go.mod: operation not supported"). The cost: a program
// that relies on a lock to keep its own processes apart is not kept apart,
// which no exercise here asks of a program (README says so).
//
// On 64-bit machines fcntl has no other lock command: F_GETLK64 and its
// kin (12 to 14) are the 32-bit fcntl64's, EINVAL here, and 32-bit calls
// are refused.
func lockRules() []argRule {
	const fSetlk, fSetlkw, fOFDSetlk, fOFDSetlkw = 6, 7, 37, 38
	rules := []argRule{{"flock", nil}}
	for _, cmd := range []uint32{fSetlk, fSetlkw, fOFDSetlk, fOFDSetlkw} {
		rules = append(rules, argRule{"fcntl", []argCond{eq(1, cmd)}})
	}
	return rules
}

// seccomp_data's offsets: the call's number, and its arguments, 8 bytes
// each, whose low 32 bits are the first 4 on the little-endian machines the
// filter is built for.
const dataNr, dataArgs = 0, 16

// assembleArgRules assembles rules, each in turn: the call's number, each
// condition, the answer ret; a rule that does not hold goes on to the next,
// and the last to what follows. Calls this architecture does not have are
// left out.
func assembleArgRules(rules []argRule, nums map[string]int, ret uint32) []bpf.Instruction {
	var prog []bpf.Instruction
	for _, r := range rules {
		nr, ok := nums[r.name]
		if !ok {
			continue
		}
		n := len(r.conds)
		prog = append(prog,
			bpf.LoadAbsolute{Off: dataNr, Size: 4},
			bpf.JumpIf{Cond: bpf.JumpEqual, Val: uint32(nr), SkipFalse: uint8(2*n + 1)})
		for i, c := range r.conds {
			prog = append(prog,
				bpf.LoadAbsolute{Off: dataArgs + 8*c.arg, Size: 4},
				bpf.JumpIf{Cond: c.test, Val: c.val, SkipFalse: uint8(2*(n-1-i) + 1)})
		}
		prog = append(prog, bpf.RetConstant{Val: ret})
	}
	return prog
}

// assembleFilter assembles the filter; uncounted, for a run whose memory
// no cgroup counts, adds uncountedMemory and the socket buffers.
func assembleFilter(uncounted bool) ([]byte, error) {
	info, err := arch.GetInfo("")
	if err != nil {
		return nil, err
	}
	names := slices.Concat(denied, watchers)
	if uncounted {
		names = append(names, uncountedMemory...)
	}
	// A call this architecture does not have (arm64 has no inotify_init,
	// no iopl) needs no refusing.
	names = slices.DeleteFunc(names, func(n string) bool { _, ok := info.SyscallNames[n]; return !ok })
	policy := seccomp.Policy{
		DefaultAction: seccomp.ActionAllow,
		Syscalls: []seccomp.SyscallGroup{
			{Action: seccomp.ActionErrno, Names: names},
			{Action: seccomp.ActionErrno | errnoENOSYS, Names: []string{"clone3"}},
		},
	}
	prog, err := policy.Assemble()
	if err != nil {
		return nil, err
	}
	// The library lets a call of another architecture (int 0x80 from an
	// x86-64 process is i386's table) fall through to the default action,
	// which here is allow: refuse them first. Then the calls refused for
	// their arguments, on 32 bits (argCond), which the library compares
	// on 64; then the locks, answered 0 without the call (SECCOMP_RET_ERRNO
	// with errno 0, which the library would make EPERM); then the
	// library's, which loads the architecture again, refuses x32's calls
	// and the names.
	guard := []bpf.Instruction{
		bpf.LoadAbsolute{Off: 4, Size: 4}, // seccomp_data.arch
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: auditArch[runtime.GOARCH], SkipTrue: 1},
		bpf.RetConstant{Val: uint32(seccomp.ActionErrno) | errnoEPERM},
	}
	all := slices.Concat(guard,
		assembleArgRules(argRules(uncounted), info.SyscallNames, uint32(seccomp.ActionErrno)|errnoEPERM),
		assembleArgRules(lockRules(), info.SyscallNames, uint32(seccomp.ActionErrno)),
		prog)
	raw, err := bpf.Assemble(all)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, 8*len(raw))
	for _, in := range raw {
		out = binary.LittleEndian.AppendUint16(out, in.Op)
		out = append(out, in.Jt, in.Jf)
		out = binary.LittleEndian.AppendUint32(out, in.K)
	}
	return out, nil
}

// SeccompFilter returns the syscall filter every run gets, assembled: 8
// bytes an instruction, as bwrap --seccomp reads one too (bench/run times
// bwrap with the same filter).
func SeccompFilter() ([]byte, error) { return seccompFilter(false) }
