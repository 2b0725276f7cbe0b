//go:build linux

package shim

import (
	"errors"
	"syscall"
)

// Modes: NS is pid 1 of a new PID namespace; Reaper is a child subreaper
// (no PID namespace); Probe sets everything up and exits, to learn whether
// this machine allows a plan.
const (
	NS     = "ns"
	Reaper = "reaper"
	Probe  = "probe"
)

// A plan is a list of records, each a tag byte, a 4-byte little-endian
// length and that many bytes. The grader writes it with AppendRecord; the
// order of the mount records is the order the shim mounts them in.
const (
	TagMode        = 'M' // NS, Reaper or Probe
	TagStage       = 'G' // a host folder to mount a small tmpfs over first, holding the Root and Scratch folders
	TagRoot        = 'R' // an empty host folder on which to build the run's root
	TagScratch     = 'S' // an empty host folder for the run's writable tmpfs
	TagScratchSize = 'Z' // the writable tmpfs's size option, "size=N"
	TagBindRO      = 'b' // "SOURCE\x00PATH": a host path (or "fd:N", a tree from open_tree) bound read-only at PATH
	TagBindRW      = 'B' // "SOURCE\x00PATH": a host folder bound writable
	TagFresh       = 'f' // a path made an empty writable folder of the tmpfs
	TagOverlay     = 'o' // "SOURCE\x00PATH": a host folder seen writable, its changes kept on the tmpfs
	TagHide        = 'x' // a path in the root replaced by an empty, unreadable file
	TagSymlink     = 's' // "PATH\x00TARGET": a symbolic link in the root
	TagProc        = 'P' // a fresh /proc of the run's PID namespace
	TagDev         = 'V' // a minimal /dev: null, zero, full, random, urandom
	TagDir         = 'D' // the working folder
	TagHostname    = 'H'
	TagLandlock    = 'l' // a path the run may write under Landlock ("" turns Landlock on)
	TagSeccomp     = 'C' // the assembled filter: 8-byte sock_filter records
	TagDropCaps    = 'c' // every capability dropped, the bounding set cleared, securebits locked
	TagNoDumpable  = 'n'
	TagCloseFDs    = 'F'
	TagSetsid      = 'T'
	TagUID         = 'U' // 4-byte uid and 4-byte gid the run switches to (without a user namespace)
	TagRlimit      = 'r' // 1-byte resource, 8-byte value (soft and hard)
	TagPath        = 'p' // the program
	TagArg         = 'a' // argv, in order
	TagEnv         = 'e' // the environment, in order
)

// AppendRecord appends one record of a plan to b.
func AppendRecord(b []byte, tag byte, data string) []byte {
	var n [4]byte
	putLE(n[:], uint64(len(data)))
	b = append(b, tag)
	b = append(b, n[:]...)
	return append(b, data...)
}

type mountStep struct {
	tag    byte
	path   string
	source string // of a bind or an overlay: a host path, or "fd:N" for a detached tree
	target string // of a symbolic link
}

type rlimit struct {
	resource int
	value    uint64
}

// plan is what the shim does for one run, decoded.
type plan struct {
	mode                          string
	stageDir, rootDir, scratchDir string
	scratchSize                   string
	mounts                        []mountStep
	dir, hostname                 string

	landlock   bool
	landlockRW []string
	seccomp    []byte
	dropCaps   bool
	noDumpable bool
	closeFDs   bool
	setsid     bool
	uid, gid   int // -1: keep
	rlimits    []rlimit

	path      string
	argv, env []string
	stdio     [3]int // the run's standard input, output and error, as received
}

// takeStdio puts the run's standard input, output and error at 0, 1 and 2,
// which were /dev/null until the plan came.
func (p *plan) takeStdio() error {
	for i, fd := range p.stdio {
		if err := syscall.Dup3(fd, i, 0); err != nil {
			return failed("taking the run's standard files", err)
		}
		syscall.Close(fd)
	}
	return nil
}

// readPlan reads the plan from the socket at fd, to its end, and the files
// that come with it: the run's standard input, output and error (see
// takeStdio), then the host trees the plan binds as "fd:N", the Nth of
// them. The grader sends it once the
// shim is in the run's cgroups, so reading it is also the signal to go on:
// a spare supervisor waits here until a run needs it.
func readPlan(fd int) (*plan, error) {
	data, files, err := receive(fd)
	syscall.Close(fd)
	if err != nil {
		return nil, failed("reading the run's plan", err)
	}
	if len(files) < 3 {
		return nil, errors.New("reading the run's plan: it came without the run's standard input, output and error")
	}
	trees := files[3:]
	p := &plan{uid: -1, gid: -1, stdio: [3]int(files[:3])}
	for len(data) > 0 {
		if len(data) < 5 {
			return nil, errors.New("reading the run's plan: a record cut short")
		}
		tag, n := data[0], int(getLE(data[1:5]))
		if n > len(data)-5 {
			return nil, errors.New("reading the run's plan: a record cut short")
		}
		v := string(data[5 : 5+n])
		data = data[5+n:]
		if err := p.set(tag, v); err != nil {
			return nil, err
		}
	}
	if p.mode == "" {
		return nil, errors.New("reading the run's plan: no mode")
	}
	for i, m := range p.mounts {
		n, ok := fdOf(m.source)
		if !ok {
			continue
		}
		if n >= len(trees) {
			return nil, errors.New("reading the run's plan: it binds a tree it did not send")
		}
		p.mounts[i].source = "fd:" + itoa(trees[n])
	}
	return p, nil
}

func (p *plan) set(tag byte, v string) error {
	switch tag {
	case TagMode:
		p.mode = v
	case TagStage:
		p.stageDir = v
	case TagRoot:
		p.rootDir = v
	case TagScratch:
		p.scratchDir = v
	case TagScratchSize:
		p.scratchSize = v
	case TagFresh, TagHide, TagProc, TagDev:
		p.mounts = append(p.mounts, mountStep{tag: tag, path: v})
	case TagBindRO, TagBindRW, TagOverlay:
		source, path, ok := cut(v, 0)
		if !ok {
			return errors.New("reading the run's plan: a bind without a source")
		}
		p.mounts = append(p.mounts, mountStep{tag: tag, path: path, source: source})
	case TagSymlink:
		path, target, ok := cut(v, 0)
		if !ok {
			return errors.New("reading the run's plan: a symbolic link without a target")
		}
		p.mounts = append(p.mounts, mountStep{tag: tag, path: path, target: target})
	case TagDir:
		p.dir = v
	case TagHostname:
		p.hostname = v
	case TagLandlock:
		p.landlock = true
		if v != "" {
			p.landlockRW = append(p.landlockRW, v)
		}
	case TagSeccomp:
		p.seccomp = []byte(v)
	case TagDropCaps:
		p.dropCaps = true
	case TagNoDumpable:
		p.noDumpable = true
	case TagCloseFDs:
		p.closeFDs = true
	case TagSetsid:
		p.setsid = true
	case TagUID:
		if len(v) != 8 {
			return errors.New("reading the run's plan: a uid record of the wrong size")
		}
		p.uid, p.gid = int(getLE([]byte(v[:4]))), int(getLE([]byte(v[4:])))
	case TagRlimit:
		if len(v) != 9 {
			return errors.New("reading the run's plan: an rlimit record of the wrong size")
		}
		p.rlimits = append(p.rlimits, rlimit{resource: int(v[0]), value: getLE([]byte(v[1:]))})
	case TagPath:
		p.path = v
	case TagArg:
		p.argv = append(p.argv, v)
	case TagEnv:
		p.env = append(p.env, v)
	default:
		return errors.New("reading the run's plan: unknown record " + string(rune(tag)))
	}
	return nil
}

// receive reads the messages of the plan's socket until its end: each
// starts with one byte that is not the plan's (so that none is empty), and
// any may carry files, received close-on-exec.
func receive(fd int) (data []byte, files []int, err error) {
	buf := make([]byte, 64<<10)
	oob := make([]byte, syscall.CmsgSpace(253*4))
	for {
		n, oobn, flags, _, err := syscall.Recvmsg(fd, buf, oob, syscall.MSG_CMSG_CLOEXEC)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		if n == 0 {
			return data, files, nil
		}
		if flags&(syscall.MSG_TRUNC|syscall.MSG_CTRUNC) != 0 {
			return nil, nil, errors.New("a message cut short")
		}
		data = append(data, buf[1:n]...)
		if oobn > 0 {
			msgs, err := syscall.ParseSocketControlMessage(oob[:oobn])
			if err != nil {
				return nil, nil, err
			}
			for i := range msgs {
				fds, err := syscall.ParseUnixRights(&msgs[i])
				if err != nil {
					return nil, nil, err
				}
				files = append(files, fds...)
			}
		}
	}
}

// cut splits s at the first byte sep, as strings.Cut would (see the
// package comment for why not strings).
func cut(s string, sep byte) (before, after string, ok bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}
