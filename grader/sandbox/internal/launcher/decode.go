//go:build linux

package launcher

import (
	"errors"
)

// op is one decoded op, laid out for the supervisor: numbers, and fields as
// pointers to C strings inside the request's buffer.
type op struct {
	code byte
	t    Tolerate
	a, b uintptr
	s    [4]*byte // each field's first byte, NUL-terminated
	n    [4]int   // each field's length (a filter holds NULs)
	next int      // for Spawn: the op after Exec, where the supervisor goes on
}

// prepared is a decoded request: everything the supervisor reads, made
// before the fork, since the supervisor may allocate nothing.
type prepared struct {
	cloneFlags uintptr
	ops        []op
	argv, envv []*byte // NUL-terminated lists, for the one Exec
	// The files the request came with: the run's standard input, output
	// and error, the status pipe, the go pipe, then the trees.
	fds []int
}

// The files a request comes with, in order, before its trees.
const (
	fdStdin = iota
	fdStdout
	fdStderr
	fdStatus
	fdGo
	fdTrees
)

// decode reads a request (Program.Bytes) and its files into p, whose
// slices it reuses. Every field points into req, which must outlive the
// fork.
func decode(p *prepared, req []byte, fds []int) error {
	*p = prepared{ops: p.ops[:0], argv: p.argv[:0], envv: p.envv[:0], fds: fds}
	if len(fds) < fdTrees {
		return errors.New("a request without the run's standard files, status and go pipes")
	}
	if len(req) < 8 {
		return errors.New("a request without its clone flags")
	}
	p.cloneFlags = uintptr(getLE(req[:8]))
	data := req[8:]
	for off := 0; off < len(data); {
		o, n, err := decodeOp(data[off:])
		if err != nil {
			return errors.New("op " + itoa(len(p.ops)) + ": " + err.Error())
		}
		off += n
		switch o.code {
		case opMoveMount, opCloseTree:
			if o.a >= uintptr(len(fds)-fdTrees) {
				return errors.New("op " + itoa(len(p.ops)) + " names a tree the request did not send")
			}
			o.a = uintptr(fds[fdTrees+int(o.a)])
		case opExec:
			p.argv = appendNUL(p.argv, o.s[1], o.n[1])
			p.envv = appendNUL(p.envv, o.s[2], o.n[2])
		}
		p.ops = append(p.ops, o)
	}
	return p.check()
}

// decodeOp reads one op from the front of data and says how many bytes it
// took.
func decodeOp(data []byte) (op, int, error) {
	if len(data) < opHeader {
		return op{}, 0, errors.New("cut short")
	}
	o := op{code: data[0], t: Tolerate(data[1]), a: uintptr(getLE(data[2:10])), b: uintptr(getLE(data[10:18]))}
	if o.code == 0 || o.code >= opLast {
		return op{}, 0, errors.New("an unknown op " + itoa(int(o.code)))
	}
	off := opHeader
	for i := range o.s {
		if len(data)-off < 4 {
			return op{}, 0, errors.New("cut short")
		}
		n := int(getLE(data[off : off+4]))
		off += 4
		if n < 0 || n+1 > len(data)-off || data[off+n] != 0 {
			return op{}, 0, errors.New("a field cut short")
		}
		o.s[i], o.n[i] = &data[off], n
		off += n + 1
	}
	return o, off, nil
}

// appendNUL appends to out a pointer to each NUL-terminated string of the
// n bytes at s, and ends the list with nil, as execve reads it.
func appendNUL(out []*byte, s *byte, n int) []*byte {
	b := unsafeBytes(s, n)
	start := 0
	for i, c := range b {
		if c == 0 {
			out = append(out, &b[start])
			start = i + 1
		}
	}
	return append(out, nil)
}

// check holds the program to its shape: at most one Spawn, followed by an
// Exec, the supervisor's part ending in Wait; or, with no Spawn, ending in
// Report.
func (p *prepared) check() error {
	spawn, exec := -1, -1
	for i, o := range p.ops {
		switch o.code {
		case opSpawn:
			if spawn >= 0 {
				return errors.New("two Spawns")
			}
			spawn = i
		case opExec:
			if spawn < 0 || exec >= 0 {
				return errors.New("an Exec without its Spawn")
			}
			exec = i
			p.ops[spawn].next = i + 1
		case opWait:
			if exec < 0 {
				return errors.New("a Wait before the Exec")
			}
		}
	}
	if spawn >= 0 && exec < 0 {
		return errors.New("a Spawn without an Exec")
	}
	if len(p.ops) == 0 {
		return errors.New("no ops")
	}
	last := p.ops[len(p.ops)-1].code
	if (spawn >= 0 && last != opWait) || (spawn < 0 && last != opReport) {
		return errors.New("a program that ends without reporting")
	}
	return nil
}
