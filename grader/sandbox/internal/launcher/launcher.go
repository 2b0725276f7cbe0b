//go:build linux

// Package launcher starts the supervisor of each run on Linux. The launcher
// is a copy of the grader's own binary, started once per grader under the
// name Arg0, that waits on a socket for the grader's requests: a run's
// Program and its files. For each, it forks a supervisor into the run's new
// namespaces, as a child of the grader's (CLONE_PARENT), and answers with
// its pid. The supervisor does not exec anything of its own: it carries out
// the Program with system calls alone (supervisor.go), forks the
// submission's process, waits for it and reports how it ended.
//
// Why a launcher, rather than the grader forking each supervisor itself:
// what a sandboxed run cost was the fork. A user namespace rules out vfork,
// so each supervisor was a full fork of the grader, after which every page
// of the grader's heap it wrote again was a copy-on-write fault; and the
// supervisor then exec'd the grader's binary, whose Go runtime started
// anew, run after run. The launcher is small and quiet between requests,
// so its forks cost little and leave little to fault in, and a supervisor
// that needs no runtime starts at once. On the 2-core VM the figures come
// from, a run of /bin/true under the full sandbox took 20 ms that way; it
// takes 10 to 13 ms this way, against bubblewrap's 17 to 20 ms for the same
// isolation (bench/README.md).
//
// The package has few imports: the launcher starts from its init, and
// every package it waits for is start-up paid before the first run.
package launcher

import (
	"errors"
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// Arg0 is the argv[0] under which a binary that links this package acts as
// the launcher. Any binary that links package sandbox can be it, test
// binaries included, so the grader needs no helper program installed beside
// it.
const Arg0 = "boardcheck-launcher"

// The launcher starts with its end of the socket the grader sends requests
// on at SocketFD, and at ExeFD the grader's binary, which it was started
// from and closes.
const (
	SocketFD = 3
	ExeFD    = 4
)

func init() {
	if len(os.Args) == 1 && os.Args[0] == Arg0 {
		os.Exit(serve())
	}
}

// DumpableVar, set to 1 in the launcher's environment, leaves it dumpable:
// the grader sets it only where the escape suite turns that layer off.
const DumpableVar = "BOARDCHECK_LAUNCHER_DUMPABLE"

// The launcher's answers: 'P' and the supervisor's pid, 4 bytes; 'E' and
// the errno of a fork that failed, 4 bytes; 'T' and the text of a request
// it could not read (the grader's bug).
const (
	ReplyPid   = 'P'
	ReplyErrno = 'E'
	ReplyText  = 'T'
)

// serve answers requests until the grader closes its end.
//
// Every supervisor shares the launcher's memory, copy-on-write, until it
// ends, so each page the launcher writes after a fork is a fault that
// copies it: its buffers and its decoded program are kept from one request
// to the next, so that a request writes as few pages as it can.
func serve() int {
	// The fork blocks signals on the thread it runs on, and nothing of
	// the runtime's may run there meanwhile.
	runtime.LockOSThread()
	syscall.Close(ExeFD)
	name := []byte("boardcheck-laun\x00") // comm holds 15 bytes
	sys(syscall.SYS_PRCTL, syscall.PR_SET_NAME, uintptr(unsafe.Pointer(&name[0])), 0, 0, 0)
	// No process may open this one's /proc files (mem, environ) or trace
	// it: its memory holds the runs' programs. Its supervisors inherit
	// it.
	if os.Getenv(DumpableVar) != "1" {
		sys(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0, 0, 0)
	}
	req := make([]byte, 0, 64<<10)
	buf := make([]byte, MaxMessage+1)
	oob := make([]byte, syscall.CmsgSpace(maxFilesAMessage*4))
	p := &prepared{ops: make([]op, 0, 256)}
	for {
		var fds []int
		var err error
		req, fds, err = receive(SocketFD, req[:0], buf, oob)
		if errors.Is(err, errClosed) {
			return 0 // the grader is done
		}
		if err != nil {
			// Say why, and end: what is left of the request on the
			// socket would be read as the next one. The grader starts
			// another launcher.
			syscall.Sendmsg(SocketFD, append([]byte{ReplyText}, err.Error()...), nil, nil, syscall.MSG_NOSIGNAL)
			return 1
		}
		reply := handle(p, req, fds)
		for _, fd := range fds {
			syscall.Close(fd)
		}
		// No later supervisor, another student's in grader batch, keeps
		// a copy of this run's program.
		clear(req)
		for {
			if err := syscall.Sendmsg(SocketFD, reply, nil, nil, syscall.MSG_NOSIGNAL); err != syscall.EINTR {
				break
			}
		}
	}
}

// handle decodes a request into p and forks its supervisor.
func handle(p *prepared, req []byte, fds []int) []byte {
	if err := decode(p, req, fds); err != nil {
		return append([]byte{ReplyText}, err.Error()...)
	}
	pid, e := forkSupervisor(p)
	runtime.KeepAlive(req)
	if e != 0 {
		return appendLE([]byte{ReplyErrno}, uint64(e), 4)
	}
	return appendLE([]byte{ReplyPid}, uint64(pid), 4)
}

// forkSupervisor forks the supervisor of p into its namespaces, as a child
// of the launcher's parent, the grader, which waits for it and gets its
// rusage. Every signal is blocked across the fork, so that no handler of
// the runtime's runs in the child before supervise resets them.
//
//go:nosplit
//go:norace
//go:nocheckptr
func forkSupervisor(p *prepared) (uintptr, syscall.Errno) {
	all, old := ^uint64(0), uint64(0)
	sys(syscall.SYS_RT_SIGPROCMASK, sigSetmask, uintptr(unsafe.Pointer(&all)), uintptr(unsafe.Pointer(&old)), 8, 0)
	pid, e := fork(p.cloneFlags | cloneParent | uintptr(syscall.SIGCHLD))
	if e == 0 && pid == 0 {
		supervise(p)
	}
	sys(syscall.SYS_RT_SIGPROCMASK, sigSetmask, uintptr(unsafe.Pointer(&old)), 0, 8, 0)
	return pid, e
}

// A request may come in several messages: each starts with one byte, 'm'
// when more follow, 'e' for the last; any may carry files.
const (
	MoreFollows      = 'm'
	LastMessage      = 'e'
	MaxMessage       = 32 << 10
	maxFilesAMessage = 250 // SCM_MAX_FD is 253
)

// errClosed is the grader's end of the socket closing: the launcher's end.
var errClosed = errors.New("the grader closed the socket")

// receive reads one request into req, and the files that came with it,
// received close-on-exec. A request it could not read whole is an error,
// with no files; errClosed ends the launcher.
func receive(fd int, req, buf, oob []byte) ([]byte, []int, error) {
	var files []int
	for {
		n, oobn, flags, _, err := syscall.Recvmsg(fd, buf, oob, syscall.MSG_CMSG_CLOEXEC)
		if err == syscall.EINTR {
			continue
		}
		if err == nil && n == 0 {
			err = errClosed
		}
		if err == nil && oobn > 0 {
			var got []int
			got, err = parseRights(oob[:oobn])
			files = append(files, got...)
		}
		if err == nil && flags&(syscall.MSG_TRUNC|syscall.MSG_CTRUNC) != 0 {
			err = errors.New("a message cut short")
		}
		if err != nil {
			for _, f := range files {
				syscall.Close(f)
			}
			clear(buf)
			return req, nil, err
		}
		req = appendCleared(req, buf[1:n])
		kind := buf[0]
		clear(buf[:n]) // no later supervisor keeps a copy of it either
		if kind == LastMessage {
			return req, files, nil
		}
	}
}

// appendCleared appends data to req as append does, but clears the array
// it leaves behind when req grows, as serve clears the one it keeps.
func appendCleared(req, data []byte) []byte {
	if len(req)+len(data) <= cap(req) {
		return append(req, data...)
	}
	grown := append(make([]byte, 0, 2*cap(req)+len(data)), req...)
	clear(req)
	return append(grown, data...)
}

func parseRights(oob []byte) ([]int, error) {
	msgs, err := syscall.ParseSocketControlMessage(oob)
	if err != nil {
		return nil, err
	}
	var fds []int
	for i := range msgs {
		got, err := syscall.ParseUnixRights(&msgs[i])
		if err != nil {
			return nil, err
		}
		fds = append(fds, got...)
	}
	return fds, nil
}

// Send sends a request on the grader's end of the socket: the program in
// messages of at most MaxMessage bytes, and the files, at most 250 a
// message.
func Send(sock int, program []byte, files []int) error {
	for first := true; first || len(program) > 0 || len(files) > 0; first = false {
		n := min(len(program), MaxMessage)
		k := min(len(files), maxFilesAMessage)
		kind := byte(MoreFollows)
		if n == len(program) && k == len(files) {
			kind = LastMessage
		}
		msg := append([]byte{kind}, program[:n]...)
		program = program[n:]
		var oob []byte
		if k > 0 {
			oob = syscall.UnixRights(files[:k]...)
			files = files[k:]
		}
		if err := syscall.Sendmsg(sock, msg, oob, nil, syscall.MSG_NOSIGNAL); err != nil {
			return err
		}
	}
	return nil
}

// unsafeBytes is the n bytes at s.
func unsafeBytes(s *byte, n int) []byte { return unsafe.Slice(s, n) }
