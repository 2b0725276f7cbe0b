//go:build linux

package launcher

import (
	"errors"
	"syscall"
)

// A Program is what one run's supervisor does, in order: the grader (package
// sandbox) writes it, one op a step, each with the words that name it in an
// error; the launcher decodes it and forks the supervisor, which carries it
// out with nothing but system calls (supervisor.go). Everything a run needs
// that takes thought (which folders to bind, in what order, which of them a
// failure may skip) is decided here, by the grader; the supervisor only
// follows.
//
// The ops before Spawn are the supervisor's own: its root, its host name,
// its limits. Spawn forks the submission's process, which carries out the
// ops up to Exec (its lockdown) and then becomes the submission; the
// supervisor goes on after Exec (Wait). A probe has no Spawn: it locks the
// supervisor itself down and Reports.
type Program struct {
	CloneFlags uintptr // the namespaces the supervisor is forked into
	code       []byte
	what       []string
}

// Tolerate says which failures of an op the run survives.
type Tolerate uint8

const (
	Strict  Tolerate = 0
	Exists  Tolerate = 1 << 0 // EEXIST: the folder is there already
	Missing Tolerate = 1 << 1 // ENOENT or EACCES: a path the supervisor cannot reach, so neither can the run
	// Fails: the op must fail, and its success is the error (a probe
	// writing to a root that must be read-only).
	Fails Tolerate = 1 << 2
	// Fallback: on success the next op is skipped, on failure it is
	// carried out instead (an overlay, else a plain bind).
	Fallback Tolerate = 1 << 3
)

const (
	opMount            = iota + 1 // mount(s0, s1, s2, a, s3)
	opMoveMount                   // move_mount(tree a, "", AT_FDCWD, s0, MOVE_MOUNT_F_EMPTY_PATH)
	opSetAttr                     // mount_setattr(AT_FDCWD, s0, b, {set: a})
	opMkdir                       // mkdirat(AT_FDCWD, s0, a)
	opCreate                      // openat(AT_FDCWD, s0, O_CREAT|O_EXCL|O_WRONLY|O_CLOEXEC, a), closed
	opUnlink                      // unlinkat(AT_FDCWD, s0, 0)
	opSymlink                     // symlinkat(s0, AT_FDCWD, s1)
	opChdir                       // chdir(s0)
	opPivotRoot                   // pivot_root(s0, s1)
	opUnmount                     // umount2(s0, a)
	opCloseTree                   // close(tree a)
	opCloseFrom                   // close_range(a, ~0, 0)
	opSethostname                 // sethostname(s0)
	opPrctl                       // prctl(a, b)
	opRlimit                      // prlimit64(0, a, {b, b}, nil)
	opSetsid                      // setsid()
	opSetpgid                     // setpgid(0, 0)
	opSchedBatch                  // sched_setscheduler(0, SCHED_BATCH)
	opDropBoundingSet             // the bounding set, ambient set and securebits, where any capability is held
	opSwitchUser                  // setgroups(0) when b>>32 is 1, setresgid(b&0xffffffff), setresuid(a)
	opDropCapabilities            // capset: effective, permitted and inheritable empty
	opLandlockCreate              // landlock_create_ruleset({handled fs: a, handled net: b&0xffffffff, scoped: b>>32})
	opLandlockAllow               // landlock_add_rule(path beneath s0, access a)
	opLandlockRestrict            // landlock_restrict_self
	opSeccomp                     // seccomp(SET_MODE_FILTER, 0, the filter s0)
	opWriteFile                   // openat(AT_FDCWD, s0, O_WRONLY|O_CLOEXEC), write s1, close
	opDieWithGrader               // prctl(PR_SET_PDEATHSIG, SIGKILL), and end if the grader is gone
	opSpawn                       // fork the submission's process
	opExec                        // execve(s0, argv s1, envp s2)
	opWait                        // wait for the submission's main process and report; a=1: then reap its orphans
	opReport                      // report success (a probe)
	opLast
)

// Each op is encoded as its code, its Tolerate, the numbers a and b (8
// bytes each, little-endian), and four fields, each a 4-byte length, its
// bytes and a NUL (not counted), so that the supervisor can hand a field to
// a system call as a C string where it lies.
const opHeader = 1 + 1 + 8 + 8

func (p *Program) add(what string, code byte, t Tolerate, a, b uint64, fields ...string) int {
	p.code = append(p.code, code, byte(t))
	p.code = appendLE(p.code, a, 8)
	p.code = appendLE(p.code, b, 8)
	for i := 0; i < 4; i++ {
		f := ""
		if i < len(fields) {
			f = fields[i]
		}
		p.code = appendLE(p.code, uint64(len(f)), 4)
		p.code = append(p.code, f...)
		p.code = append(p.code, 0)
	}
	p.what = append(p.what, what)
	return len(p.what) - 1
}

// Bytes is the program as the launcher reads it: the clone flags, then the
// ops.
func (p *Program) Bytes() []byte {
	return append(appendLE(nil, uint64(p.CloneFlags), 8), p.code...)
}

// Len is the number of ops.
func (p *Program) Len() int { return len(p.what) }

// The ops, for the grader. what names the step in an error: "binding
// read-only /usr", "setting the host name".

func (p *Program) Mount(what, source, target, fstype string, flags uintptr, data string, t Tolerate) {
	p.add(what, opMount, t, uint64(flags), 0, source, target, fstype, data)
}

// MoveMount attaches the detached tree (the tree-th of the run's trees,
// made by open_tree) at target.
func (p *Program) MoveMount(what string, tree int, target string) {
	p.add(what, opMoveMount, Strict, uint64(tree), 0, target)
}

// SetAttr sets mount attributes (MOUNT_ATTR_*) on the mount at path, and
// with recursive on every mount below it.
func (p *Program) SetAttr(what, path string, set uint64, recursive bool) {
	const atRecursive = 0x8000
	flags := uint64(0)
	if recursive {
		flags = atRecursive
	}
	p.add(what, opSetAttr, Strict, set, flags, path)
}

func (p *Program) Mkdir(what, path string, mode uint32, t Tolerate) {
	p.add(what, opMkdir, t, uint64(mode), 0, path)
}

// MkdirAll makes path and its parents below base, which must exist.
func (p *Program) MkdirAll(what, base, path string) {
	for len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	for i := len(base) + 1; i <= len(path); i++ {
		if i == len(path) || path[i] == '/' {
			p.Mkdir(what, path[:i], 0o755, Exists)
		}
	}
}

func (p *Program) Create(what, path string, mode uint32, t Tolerate) {
	p.add(what, opCreate, t, uint64(mode), 0, path)
}

func (p *Program) Unlink(what, path string) { p.add(what, opUnlink, Strict, 0, 0, path) }

func (p *Program) Symlink(what, target, path string) {
	p.add(what, opSymlink, Strict, 0, 0, target, path)
}

func (p *Program) Chdir(what, path string) { p.add(what, opChdir, Strict, 0, 0, path) }

func (p *Program) PivotRoot(what, newRoot, putOld string) {
	p.add(what, opPivotRoot, Strict, 0, 0, newRoot, putOld)
}

func (p *Program) Unmount(what, path string, flags int) {
	p.add(what, opUnmount, Strict, uint64(flags), 0, path)
}

// CloseTree closes the tree-th tree: past pivot_root a detached host tree
// is the one way back to the host's filesystem.
func (p *Program) CloseTree(what string, tree int) { p.add(what, opCloseTree, Strict, uint64(tree), 0) }

// CloseFrom closes every file descriptor from fd up: whatever the grader
// inherited without close-on-exec.
func (p *Program) CloseFrom(what string, fd int) {
	p.add(what, opCloseFrom, Strict, uint64(fd), 0)
}

func (p *Program) Sethostname(what, name string) { p.add(what, opSethostname, Strict, 0, 0, name) }

func (p *Program) Prctl(what string, option, arg uint64) { p.add(what, opPrctl, Strict, option, arg) }

// Rlimit sets a limit, soft and hard: the process may lower it but never
// raise it again.
func (p *Program) Rlimit(what string, resource int, value uint64) {
	p.add(what, opRlimit, Strict, uint64(resource), value)
}

func (p *Program) Setsid(what string)     { p.add(what, opSetsid, Strict, 0, 0) }
func (p *Program) Setpgid(what string)    { p.add(what, opSetpgid, Strict, 0, 0) }
func (p *Program) SchedBatch(what string) { p.add(what, opSchedBatch, Strict, 0, 0) }

// DropBoundingSet empties the bounding set and the ambient set, and locks
// the securebits that make uid 0 nothing special to exec; a process that
// holds no capability (no user namespace, no root) has nothing to drop and
// may not touch them, and skips it.
func (p *Program) DropBoundingSet(what string) { p.add(what, opDropBoundingSet, Strict, 0, 0) }

// SwitchUser sets the process's group and user, and with dropGroups first
// empties its supplementary groups.
func (p *Program) SwitchUser(what string, uid, gid int, dropGroups bool) {
	b := uint64(uint32(gid))
	if dropGroups {
		b |= 1 << 32
	}
	p.add(what, opSwitchUser, Strict, uint64(uint32(uid)), b)
}

func (p *Program) DropCapabilities(what string) { p.add(what, opDropCapabilities, Strict, 0, 0) }

// LandlockCreate starts a ruleset handling the given access rights to
// files (fs) and TCP ports (net), and the scopes that keep the run from
// what lies outside its domain (scoped: signals, abstract sockets);
// LandlockAllow adds a rule to it, LandlockRestrict enforces it. Rights and
// scopes the kernel's ABI lacks must be left out, or it refuses the ruleset.
func (p *Program) LandlockCreate(what string, fs uint64, net, scoped uint32) {
	p.add(what, opLandlockCreate, Strict, fs, uint64(net)|uint64(scoped)<<32)
}

func (p *Program) LandlockAllow(what, path string, access uint64, t Tolerate) {
	p.add(what, opLandlockAllow, t, access, 0, path)
}

func (p *Program) LandlockRestrict(what string) { p.add(what, opLandlockRestrict, Strict, 0, 0) }

// Seccomp loads an assembled filter: 8-byte sock_filter records.
func (p *Program) Seccomp(what string, filter []byte) {
	p.add(what, opSeccomp, Strict, 0, 0, string(filter))
}

// DieWithGrader has the supervisor killed when the grader dies, and ends it
// if the grader has died already. The supervisor asks for it as it starts,
// but a change of its credentials (to the run's user) clears it: this op
// comes after the last.
func (p *Program) DieWithGrader(what string) { p.add(what, opDieWithGrader, Strict, 0, 0) }

// WriteFile writes data to the existing file at path (a /proc file).
func (p *Program) WriteFile(what, path, data string) {
	p.add(what, opWriteFile, Strict, 0, 0, path, data)
}

// Spawn forks the submission's process: the ops from here to Exec are its
// own.
func (p *Program) Spawn(what string) {
	p.add(what, opSpawn, Strict, 0, 0)
}

// Exec makes the spawned process the submission.
func (p *Program) Exec(what, path string, argv, env []string) {
	p.add(what, opExec, Strict, 0, 0, path, joinNUL(argv), joinNUL(env))
}

// Wait waits for the submission's main process and reports how it ended.
// With reapOrphans (no PID namespace) the supervisor, the run's child
// subreaper, then kills the main process's group and reaps every orphan
// until none is left; with a runUID as well (as root, the run's own uid,
// which no other process on the machine has), it first kills every
// process of that uid, wherever it went, as isolate does.
func (p *Program) Wait(what string, reapOrphans bool, runUID int) {
	a, b := uint64(0), uint64(0)
	if reapOrphans {
		a = 1
		if runUID > 0 {
			b = uint64(runUID)
		}
	}
	p.add(what, opWait, Strict, a, b)
}

// Report reports success: a probe's last op.
func (p *Program) Report(what string) { p.add(what, opReport, Strict, 0, 0) }

func joinNUL(ss []string) string {
	var b []byte
	for _, s := range ss {
		b = append(append(b, s...), 0)
	}
	return string(b)
}

// What names the i-th op, for the grader's error.
func (p *Program) What(i int) string {
	if i < 0 || i >= len(p.what) {
		return "op " + itoa(i)
	}
	return p.what[i]
}

// The supervisor reports on its status pipe: "X", the 4-byte wait status
// and the 8-byte peak memory of the submission's main process (or zeros,
// for a probe); or "E", the 4-byte index of the op that failed and the
// 4-byte errno. An errno of errSucceeded is an op that had to fail and did
// not.
const (
	StatusExited = 'X'
	StatusFailed = 'E'
	ExitedLen    = 13
	FailedLen    = 9
	errSucceeded = 0xffff
)

// Exited reads an exit report: the submission's wait status and peak
// memory in bytes.
func Exited(status []byte) (ws syscall.WaitStatus, peak int64, ok bool) {
	if len(status) < ExitedLen || status[0] != StatusExited {
		return 0, 0, false
	}
	return syscall.WaitStatus(getLE(status[1:5])), int64(getLE(status[5:13])), true
}

// Failure reads a failure report: the op that failed and why, in words.
func (p *Program) Failure(status []byte) (op int, err error) {
	if len(status) < FailedLen || status[0] != StatusFailed {
		return -1, errors.New("a failure report cut short")
	}
	op = int(getLE(status[1:5]))
	errno := syscall.Errno(getLE(status[5:9]))
	if errno == errSucceeded {
		return op, errors.New("it succeeded where it must fail")
	}
	return op, errno
}

// FailureText words a failure report as the grader's error: "binding
// read-only /usr: permission denied", or the errno alone for the exec of
// the submission, whose program the grader names itself.
func (p *Program) FailureText(status []byte) string {
	op, err := p.Failure(status)
	if what := p.What(op); op >= 0 && what != "" {
		return what + ": " + err.Error()
	}
	return err.Error()
}

// appendLE appends v, little-endian, in n bytes.
func appendLE(b []byte, v uint64, n int) []byte {
	for i := 0; i < n; i++ {
		b = append(b, byte(v>>(8*i)))
	}
	return b
}

// getLE reads b, little-endian.
func getLE(b []byte) uint64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

// itoa is strconv.Itoa for what this package words: it keeps strconv, which
// Go initialises late, out of the launcher's start (cmd/grader
// TestLauncherImports).
func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		if n /= 10; n == 0 {
			return string(b[i:])
		}
	}
}
