//go:build linux

package sandbox

// What the kernel holds for a run's sockets, where no cgroup counts it.
//
// A run's memory cgroup counts the buffers of its sockets with the rest of
// its memory. Without one (an ordinary user, unless a cgroup v2 is
// delegated to the grader) the grader polls the resident memory of the
// run's processes, which holds none of it: three processes of 5,000 Unix
// socket pairs each, every pair's buffer filled, took 3.3 GiB of the
// machine's memory with 1 MiB resident, under a 512 MiB limit. So there:
//
//   - each socket of the run's network namespace (its own: the kernel
//     counts them there, those in flight through SCM_RIGHTS included) is
//     counted in its memory at the most the kernel queues on it
//     (socketCost), from /proc/PID/net/sockstat, every poll;
//   - no process may hold more descriptors than the memory limit has room
//     for such sockets (RLIMIT_NOFILE, nofileLimit), which bounds what a
//     run can make between two polls, and the descriptors in flight
//     (unix_inflight is held to it too);
//   - the syscall filter refuses SO_SNDBUF and SO_RCVBUF (seccomp_linux.go),
//     so that no socket's buffers grow past the default the cost assumes
//     (net.core.wmem_max lets an ordinary process raise its own to 4 MiB
//     on many machines).
//
// A pipe's buffer (64 KiB, at most pipe-user-pages-soft for the user's
// pipes together) and the run's tmpfs (the size of the memory limit) are
// bounded by the kernel already.

import (
	"bytes"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// socketCost is the most the kernel queues on one socket at its default
// buffer size: what the sender may have in flight (net.core.wmem_default,
// 208 KiB on most machines) and one more message, up to half as much.
var socketCost = sync.OnceValue(func() int64 {
	wmem := int64(212992)
	if data, err := os.ReadFile("/proc/sys/net/core/wmem_default"); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil && n > 0 {
			wmem = n
		}
	}
	return wmem + wmem/2
})

// nofileLimit is RLIMIT_NOFILE for a run whose memory no cgroup counts: as
// many descriptors as the memory limit holds sockets, and no more than
// keep the run's epoll watches within it, at least 64 (a runtime's own: a
// JVM opens dozens of files) and at most 4096.
//
// A process of n descriptors can hold (n/2)² epoll watches (n/2 epoll
// instances, each watching n/2 descriptors), each some 160 bytes of the
// kernel's that no resident size shows, nor any poll of ours reads; and
// they are counted against the user's fs.epoll.max_user_watches, the
// machine's whole allowance for every process of the grading user. With
// 840 descriptors, 40 processes of one run as nobody took all of it: the
// user's other programs got ENOSPC from epoll_ctl (issue 29, G7). So a
// process may hold no more than the run's processes together keep under
// its memory limit.
func nofileLimit(l Limits) uint64 {
	n := l.Memory / socketCost()
	if !LayerOff(LayerEpoll) {
		n = min(n, epollFiles(l))
	}
	return uint64(min(max(n, 64), 4096))
}

// epollWatchCost is what the kernel holds for one epoll watch (struct
// epitem and its wait queue entry, rounded up).
const epollWatchCost = 160

// epollFiles is the most descriptors a process may hold for l.Procs such
// processes' epoll watches, (n/2)² each, to stay within l.Memory, and
// within a share of the grading user's allowance of watches (runsSharing
// runs of the user at once, each its share): four runs at once, each
// within its memory, still took every watch of the user's on this
// machine, and its other programs got ENOSPC (attack report 2, G7b).
func epollFiles(l Limits) int64 {
	l = l.WithDefaults()
	perProc := l.Memory / epollWatchCost
	if allowed := maxUserWatches(); allowed > 0 {
		perProc = min(perProc, allowed/runsSharing)
	}
	perProc /= int64(l.Procs)
	return 2 * int64(math.Sqrt(float64(perProc)))
}

// runsSharing is how many runs of one user at once the share of the
// user's epoll watches each gets allows for: grader batch's jobs, each
// with its checks' runs side by side, and another grader beside it.
const runsSharing = 16

// maxUserWatches is fs.epoll.max_user_watches, the watches every process
// of one user may hold together (4% of the machine's memory, in watches);
// 0 where it cannot be read.
var maxUserWatches = sync.OnceValue(func() int64 {
	data, err := os.ReadFile("/proc/sys/fs/epoll/max_user_watches")
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
})

// countsSockets says whether the grader counts a run's sockets in its
// memory: where no cgroup counts memory, and the run has a network
// namespace of its own, whose sockets are the run's alone.
func (m machine) countsSockets() bool {
	return m.supervised && m.nsFlags&syscall.CLONE_NEWNET != 0 && !m.cg.memV1Or2() && !LayerOff(LayerSockets)
}

// socketMemory is what the kernel may hold for the run's sockets: each
// socket of its network namespace at socketCost. 0 where they are not
// counted, or once the supervisor is gone.
func (r *run) socketMemory() int64 {
	if !r.m.countsSockets() || r.proc == nil {
		return 0
	}
	var path [40]byte
	name := strconv.AppendInt(append(path[:0], "/proc/"...), int64(r.proc.Pid), 10)
	name = append(name, "/net/sockstat"...)
	var buf [256]byte
	fd, err := syscall.Open(string(name), syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0
	}
	n, _ := syscall.Read(fd, buf[:])
	syscall.Close(fd)
	return int64(socketsUsed(buf[:max(n, 0)])) * socketCost()
}

// socketsUsed reads the count of "sockets: used N", the first line of a
// sockstat file.
func socketsUsed(sockstat []byte) int {
	line, _, _ := bytes.Cut(sockstat, []byte("\n"))
	v, ok := bytes.CutPrefix(line, []byte("sockets: used "))
	if !ok {
		return 0
	}
	n, _ := strconv.Atoi(string(bytes.TrimSpace(v)))
	return n
}
