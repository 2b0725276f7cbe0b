//go:build linux

// Package proctree reads the process table from /proc: each process's
// parent, group, start time, memory and CPU time, and the tree below a
// process. The grader uses it to watch a run's processes where no cgroup
// lists them, and to kill them where no PID namespace ends them with the
// run's supervisor.
package proctree

import (
	"os"
	"syscall"
	"time"
)

// Proc is one line of /proc/PID/stat, the fields the grader needs.
type Proc struct {
	PPID, PGID int
	Start      uint64        // start time, to tell a pid from a later reuse of it
	RSS        int64         // bytes
	CPU        time.Duration // user and system time, its own and its waited-for children's
	Threads    int           // its threads, the first one too
}

// Table maps pids to their processes.
type Table map[int]Proc

var pageSize = int64(os.Getpagesize())

// Scan reads /proc/*/stat. A process that ends during the scan is
// simply missing from the table.
func Scan() Table {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	t := make(Table, len(names))
	var buf [1024]byte
	for _, name := range names {
		pid, ok := parseUint([]byte(name))
		if !ok {
			continue
		}
		if p, ok := ReadStat(int(pid), buf[:]); ok {
			t[int(pid)] = p
		}
	}
	return t
}

// ReadStat reads one process's line into buf (1 KiB is enough) and parses
// it; ok is false once the process is gone.
func ReadStat(pid int, buf []byte) (p Proc, ok bool) {
	var path [32]byte
	name := append(appendUint(append(path[:0], "/proc/"...), uint64(pid)), "/stat"...)
	fd, err := syscall.Open(string(name), syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return Proc{}, false
	}
	n, err := syscall.Read(fd, buf)
	syscall.Close(fd)
	if err != nil || n <= 0 {
		return Proc{}, false
	}
	return parseStat(buf[:n])
}

// parseStat parses the text of /proc/PID/stat.
func parseStat(line []byte) (p Proc, ok bool) {
	// The command name is in parentheses and may hold spaces or ")".
	i := len(line) - 1
	for i >= 0 && line[i] != ')' {
		i--
	}
	if i < 0 || i+2 > len(line) {
		return Proc{}, false
	}
	// f[0] is field 3 (state): ppid is field 4, pgrp 5, utime, stime,
	// cutime and cstime 14 to 17, num_threads 20, starttime 22, rss 24.
	var f [22][]byte
	nf := 0
	for rest := line[i+2:]; nf < len(f); nf++ {
		for len(rest) > 0 && rest[0] == ' ' {
			rest = rest[1:]
		}
		j := 0
		for j < len(rest) && rest[j] != ' ' && rest[j] != '\n' {
			j++
		}
		if j == 0 {
			break
		}
		f[nf], rest = rest[:j], rest[j:]
	}
	if nf < len(f) {
		return Proc{}, false
	}
	ppid, _ := parseUint(f[1])
	pgid, _ := parseUint(f[2])
	var ticks uint64
	for _, s := range f[11:15] {
		n, _ := parseUint(s)
		ticks += n
	}
	threads, _ := parseUint(f[17])
	start, _ := parseUint(f[19])
	rss, _ := parseUint(f[21])
	return Proc{PPID: int(ppid), PGID: int(pgid), Start: start, RSS: int64(rss) * pageSize,
		CPU: time.Duration(ticks) * time.Second / clockTicks, Threads: int(threads)}, true
}

// parseUint reads a field of /proc/PID/stat as it lies, without a string
// of its own for each (a poll reads every process of a run, fifty times a
// second): every field read here is a decimal number without a sign.
// appendUint writes one, likewise.
func parseUint(b []byte) (v uint64, ok bool) {
	if len(b) == 0 || len(b) > 19 {
		return 0, false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	return v, true
}

func appendUint(b []byte, v uint64) []byte {
	var d [20]byte
	i := len(d)
	for {
		i--
		d[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			break
		}
	}
	return append(b, d[i:]...)
}

// clockTicks is USER_HZ, the unit of the times in /proc/PID/stat: 100 on
// every Linux architecture Go supports.
const clockTicks = 100

// Descendants lists the processes below root (not root itself).
func (t Table) Descendants(root int) []int {
	kids := make(map[int][]int)
	for pid, p := range t {
		kids[p.PPID] = append(kids[p.PPID], pid)
	}
	var out []int
	queue := []int{root}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		for _, k := range kids[pid] {
			out = append(out, k)
			queue = append(queue, k)
		}
	}
	return out
}

// PageTables reads the memory one process's page tables take (VmPTE in
// /proc/PID/status), into buf (4 KiB is enough): memory the kernel holds
// for the process that its resident set does not show, and that a process
// can make large at no cost of its own (touching one byte in every 2 MiB
// of a huge mapping of nothing costs a 4 KiB table each, 2 GiB for 1 TiB).
// 0 once the process is gone, or for a kernel thread.
func PageTables(pid int, buf []byte) int64 {
	var path [32]byte
	name := append(appendUint(append(path[:0], "/proc/"...), uint64(pid)), "/status"...)
	fd, err := syscall.Open(string(name), syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0
	}
	n, err := syscall.Read(fd, buf)
	syscall.Close(fd)
	if err != nil || n <= 0 {
		return 0
	}
	return parsePageTables(buf[:n])
}

// parsePageTables finds the line "VmPTE:  1234 kB" in the text of a
// /proc/PID/status file and returns its bytes.
func parsePageTables(status []byte) int64 {
	const key = "VmPTE:"
	for i := 0; i+len(key) <= len(status); {
		line := status[i:]
		end := 0
		for end < len(line) && line[end] != '\n' {
			end++
		}
		if end >= len(key) && string(line[:len(key)]) == key {
			v := line[len(key):end]
			for len(v) > 0 && (v[0] == ' ' || v[0] == '\t') {
				v = v[1:]
			}
			j := 0
			for j < len(v) && v[j] >= '0' && v[j] <= '9' {
				j++
			}
			kb, ok := parseUint(v[:j])
			if !ok {
				return 0
			}
			return int64(kb) << 10
		}
		i += end + 1
	}
	return 0
}
