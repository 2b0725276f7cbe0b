//go:build linux

package sandbox

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"unsafe"

	"github.com/boardcheck/boardcheck/grader/sandbox/internal/shim"
)

// systemDirs are the host folders every run sees, read-only: where the
// system's programs and libraries live. A top-level link (/bin -> usr/bin
// on a merged /usr) is made a link in the run's root too.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix"}

// plan writes what the shim is to do for this run (see package shim for
// the records). As root it also makes, with open_tree, a detached copy of
// each host tree to bind, handed to the shim as a file (see bindSource):
// the shim attaches them, and so needs no right to the folders above them
// (a run's user may not enter /root, where pyenv keeps Python).
func (r *run) plan() error {
	m, s, l := r.m, r.spec, r.limits
	rec := func(tag byte, v string) { r.planBytes = shim.AppendRecord(r.planBytes, tag, v) }
	mode := shim.Reaper
	switch {
	case r.probe:
		mode = shim.Probe
	case m.nsFlags&syscall.CLONE_NEWPID != 0:
		mode = shim.NS
	}
	rec(shim.TagMode, mode)
	writable := r.writableFolders()
	if m.root {
		if !r.ownStage {
			rec(shim.TagStage, r.stage)
		}
		rec(shim.TagRoot, filepath.Join(r.stage, "root"))
		rec(shim.TagScratch, filepath.Join(r.stage, "scratch"))
		rec(shim.TagScratchSize, fmt.Sprintf("size=%d", l.Memory))
		if err := r.planRoot(rec, writable); err != nil {
			return err
		}
	}
	rec(shim.TagDir, s.Dir)
	if m.nsFlags&syscall.CLONE_NEWUTS != 0 {
		rec(shim.TagHostname, "boardcheck")
	}
	if m.landlock > 0 {
		rec(shim.TagLandlock, "")
		for _, w := range writable {
			rec(shim.TagLandlock, w)
		}
	}
	if m.seccomp {
		// The run's cgroups may still be being made (see newRun): the
		// machine's say whether they will count memory, and a run whose
		// cgroup then does not is not started (cgroupsAsPlanned).
		refuseMemfd := !m.cg.memV1Or2()
		if r.probe {
			refuseMemfd = !r.cg.countsMemory()
		}
		filter, err := seccompFilter(refuseMemfd)
		if err != nil {
			return fmt.Errorf("grader: the syscall filter: %w", err)
		}
		rec(shim.TagSeccomp, string(filter))
	}
	for _, layer := range []struct {
		name string
		tag  byte
	}{{LayerCaps, shim.TagDropCaps}, {LayerNoDumpable, shim.TagNoDumpable}, {LayerCloseFDs, shim.TagCloseFDs}, {LayerSetsid, shim.TagSetsid}} {
		if !LayerOff(layer.name) && !(m.bare && layer.tag == shim.TagDropCaps) {
			rec(layer.tag, "")
		}
	}
	if m.switchUID && r.slot != nil {
		var ids [8]byte
		binary.LittleEndian.PutUint32(ids[:4], uint32(r.slot.uid))
		binary.LittleEndian.PutUint32(ids[4:], uint32(r.slot.uid))
		rec(shim.TagUID, string(ids[:]))
	}
	if !LayerOff(LayerRlimits) {
		for _, rl := range rlimits(l, m.cg.pidsV1Or2()) {
			var v [9]byte
			v[0] = byte(rl.resource)
			binary.LittleEndian.PutUint64(v[1:], rl.value)
			rec(shim.TagRlimit, string(v[:]))
		}
	}
	rec(shim.TagPath, r.path)
	for _, a := range s.Argv {
		rec(shim.TagArg, a)
	}
	for _, e := range s.Env {
		rec(shim.TagEnv, e)
	}
	return nil
}

type rlimitValue struct {
	resource int
	value    uint64
}

// cpuLimit is RLIMIT_CPU, a backstop to the wall-clock limit (which is what
// kills a run): a process that uses every core for the whole time limit
// and more.
func cpuLimit(l Limits) string {
	return fmt.Sprintf("%ds", cpuSeconds(l))
}

func cpuSeconds(l Limits) uint64 {
	return uint64(l.Time.Seconds())*uint64(runtime.NumCPU()) + 2
}

func rlimits(l Limits, pidsCgroup bool) []rlimitValue {
	const (
		rlimitCPU    = 0
		rlimitFsize  = 1
		rlimitCore   = 4
		rlimitNproc  = 6
		rlimitNice   = 13
		rlimitRtprio = 14
	)
	return []rlimitValue{
		{rlimitCore, 0},
		{rlimitFsize, uint64(l.Memory)},
		{rlimitCPU, cpuSeconds(l)},
		// Counted per user in the run's own user namespace (Linux 5.14),
		// or for the run's own uid: the run's processes and no one else's.
		{rlimitNproc, uint64(nprocLimit(l, pidsCgroup))},
		{rlimitRtprio, 0},
		{rlimitNice, 0},
	}
}

// nprocLimit is a run's RLIMIT_NPROC: maxTasks, or above it where the run
// has a pids cgroup (whose pids.max is maxTasks). The kernel checks
// RLIMIT_NPROC before pids.max, and a fork it refuses leaves no trace,
// while one pids.max refuses is counted in pids.events: so the cgroup must
// refuse first for "started more than N processes" to be told for certain.
// A fork bomb whose forks fail collapses in milliseconds, between two of
// the polls that count its processes, and exits 0 (TestForkBombBetweenPolls
// in grader/submission). The limit stays, a backstop should the run's
// cgroup not be made.
func nprocLimit(l Limits, pidsCgroup bool) int {
	if pidsCgroup {
		return maxTasks(l) + 32
	}
	return maxTasks(l)
}

// writableFolders are the run's folders in the run's view: its working
// folder, the folders HOME and TMPDIR name, and the caller's Writable and
// Overlay folders.
func (r *run) writableFolders() []string {
	var out []string
	add := func(d string) {
		if d != "" && filepath.IsAbs(d) && !slices.Contains(out, filepath.Clean(d)) {
			out = append(out, filepath.Clean(d))
		}
	}
	add(r.spec.Dir)
	add(envValue(r.spec.Env, "HOME"))
	add(envValue(r.spec.Env, "TMPDIR"))
	for _, d := range r.spec.Writable {
		add(d)
	}
	for _, d := range r.spec.Overlay {
		add(d)
	}
	return out
}

type mountEntry struct {
	path string
	tag  byte
}

// planRoot lists the mounts of the run's root, parents before children.
func (r *run) planRoot(rec func(byte, string), writable []string) error {
	s := r.spec
	sys := systemRoot()
	for _, l := range sys.links {
		rec(shim.TagSymlink, l)
	}
	es := slices.Clone(sys.dirs)
	readOnly := map[string]bool{}
	for _, p := range s.ReadOnly {
		c, err := canonical(p)
		if err != nil {
			return fmt.Errorf("grader: running %s: %w", s.Argv[0], err)
		}
		readOnly[c] = true
		es = append(es, mountEntry{c, shim.TagBindRO})
	}
	if !readOnly[r.path] {
		// The interpreter or tool the run starts, and its PATH: what
		// they need beside them (a pyenv Python's lib/, a Node.js's).
		// Not a folder that holds the grader's temporary folders or the
		// run's own (PATH=/tmp, or a home folder on PATH): that would
		// show other runs' folders, if only to read.
		tmp, _ := canonical(os.TempDir())
		for _, d := range cachedToolDirs(r.path, envValue(s.Env, "PATH")) {
			holdsRun := slices.ContainsFunc(writable, func(w string) bool { return under(w, d) })
			if !holdsRun && (tmp == "" || !under(tmp, d)) {
				es = append(es, mountEntry{d, shim.TagBindRO})
			}
		}
	}
	for _, d := range s.Writable {
		c, err := canonical(d)
		if err != nil {
			return fmt.Errorf("grader: running %s: %w", s.Argv[0], err)
		}
		es = append(es, mountEntry{c, shim.TagBindRW})
	}
	for _, d := range s.Overlay {
		c, err := canonical(d)
		if err != nil {
			return fmt.Errorf("grader: running %s: %w", s.Argv[0], err)
		}
		es = append(es, mountEntry{c, shim.TagOverlay})
	}
	for _, d := range writable {
		// A folder inside one the caller binds writable is that one's.
		inBound := slices.ContainsFunc(es, func(e mountEntry) bool {
			return e.path == d || ((e.tag == shim.TagBindRW || e.tag == shim.TagOverlay) && under(d, e.path))
		})
		if !inBound {
			es = append(es, mountEntry{d, shim.TagFresh})
		}
	}
	es = dropCovered(es)
	for _, e := range es {
		if e.tag == shim.TagFresh {
			rec(e.tag, e.path)
			continue
		}
		src, err := r.bindSource(e)
		if err != nil {
			return err
		}
		rec(e.tag, src+"\x00"+e.path)
	}
	for _, h := range r.hidden(es, readOnly) {
		rec(shim.TagHide, h)
	}
	if r.m.proc {
		rec(shim.TagProc, "/proc")
	}
	rec(shim.TagDev, "/dev")
	return nil
}

// dropCovered sorts the mounts, parents first, and drops a read-only bind
// that a read-only bind above it already shows.
func dropCovered(es []mountEntry) []mountEntry {
	slices.SortStableFunc(es, func(a, b mountEntry) int { return strings.Compare(a.path, b.path) })
	var out []mountEntry
	for _, e := range es {
		covered := slices.ContainsFunc(out, func(o mountEntry) bool {
			return o.tag == shim.TagBindRO && e.tag == shim.TagBindRO && under(e.path, o.path)
		})
		dup := len(out) > 0 && out[len(out)-1].path == e.path
		if !covered && !dup {
			out = append(out, e)
		}
	}
	return out
}

// bindSource says where the shim finds a host path to bind: as root, a
// detached copy of its tree, made here with open_tree and handed to the
// shim as a file ("fd:N"), since the run's own user, which the shim already
// is, may not look up what is under /root; otherwise the path itself. As
// root, a submission's file that the run's own user could not read (a
// file of mode 600 in a class folder) is bound from a readable copy.
func (r *run) bindSource(e mountEntry) (string, error) {
	if !r.m.asRoot {
		return e.path, nil
	}
	src := e.path
	if e.tag == shim.TagBindRO && r.ownUID() {
		if fi, err := os.Stat(src); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o004 == 0 {
			cp, err := r.readableCopy(src, fi.Mode())
			if err != nil {
				return "", err
			}
			src = cp
		}
	}
	fd, err := openTree(src)
	if err != nil {
		return "", fmt.Errorf("grader: running %s: opening %s for the run: %w", r.spec.Argv[0], src, err)
	}
	r.bindFiles = append(r.bindFiles, os.NewFile(uintptr(fd), src))
	return fmt.Sprintf("fd:%d", len(r.bindFiles)-1), nil
}

// openTree makes a detached copy of the mount tree at path (Linux 5.2).
func openTree(path string) (int, error) {
	const (
		sysOpenTree    = 428
		atFdcwd        = -100
		openTreeClone  = 1
		atRecursive    = 0x8000
		openTreeCloexc = syscall.O_CLOEXEC
	)
	p, err := syscall.BytePtrFromString(path)
	if err != nil {
		return -1, err
	}
	cwd := atFdcwd
	fd, _, e := syscall.Syscall(sysOpenTree, uintptr(cwd), uintptr(unsafe.Pointer(p)), openTreeClone|atRecursive|openTreeCloexc)
	if e != 0 {
		return -1, e
	}
	return int(fd), nil
}

// ownUID says whether the run has a uid of its own (as root), which may
// not read what only the grader may.
func (r *run) ownUID() bool { return r.slot != nil && !LayerOff(LayerRunUID) }

func (r *run) readableCopy(src string, mode os.FileMode) (string, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", fmt.Errorf("grader: running %s: %w", r.spec.Argv[0], err)
	}
	defer in.Close()
	if r.copies == "" {
		dir, err := os.MkdirTemp(stageBase(r.m.asRoot), "boardcheck-copies-")
		if err != nil {
			return "", fmt.Errorf("grader: running %s: %w", r.spec.Argv[0], err)
		}
		r.copies = dir
		if err := os.Chmod(dir, 0o711); err != nil {
			return "", err
		}
	}
	out, err := os.CreateTemp(r.copies, "copy-")
	if err != nil {
		return "", err
	}
	defer out.Close()
	if _, err := io.Copy(out, in); err != nil {
		return "", fmt.Errorf("grader: copying %s for the run: %w", src, err)
	}
	return out.Name(), out.Chmod(mode.Perm() | 0o444)
}

// hidden are the paths the run's root must not show although a bind above
// them would: the grader's own binary (the reference programs are inside
// it, and it is the supervisor), unless the run is the grader's own
// reference; and the caller's Hide paths.
func (r *run) hidden(es []mountEntry, readOnly map[string]bool) []string {
	if LayerOff(LayerHide) {
		return nil
	}
	visible := func(p string) bool {
		return slices.ContainsFunc(es, func(e mountEntry) bool { return e.tag != shim.TagFresh && under(p, e.path) })
	}
	var out []string
	if exe, err := canonical(r.m.exe); err == nil && !readOnly[exe] && visible(exe) {
		out = append(out, exe)
	}
	for _, h := range r.spec.Hide {
		if c, err := canonical(h); err == nil && !readOnly[c] && visible(c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// systemRoot is what of systemDirs this machine has, found once: the
// folders to bind and the links to make ("PATH\x00TARGET").
var systemRoot = sync.OnceValue(func() (sys struct {
	dirs  []mountEntry
	links []string
}) {
	for _, d := range systemDirs {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if target, err := os.Readlink(d); err == nil {
				sys.links = append(sys.links, d+"\x00"+target)
			}
		case fi.IsDir():
			sys.dirs = append(sys.dirs, mountEntry{d, shim.TagBindRO})
		}
	}
	return sys
})

// toolDirsCache holds toolDirs by program and PATH: every run of a
// submission asks the same, and the answer takes a few dozen lstat calls.
var toolDirsCache sync.Map

func cachedToolDirs(program, path string) []string {
	key := program + "\x00" + path
	if v, ok := toolDirsCache.Load(key); ok {
		return v.([]string)
	}
	dirs := toolDirs(program, path)
	toolDirsCache.Store(key, dirs)
	return dirs
}

// toolDirs are the folders a program outside the system's folders needs:
// for /opt/py/bin/python3, /opt/py (its lib/ is beside bin/), and likewise
// each folder of PATH that the system's folders do not hold.
func toolDirs(program, path string) []string {
	home, _ := os.UserHomeDir()
	var out []string
	add := func(d string) {
		c, err := canonical(d)
		if err != nil || c == "/" || slices.ContainsFunc(systemDirs, func(s string) bool { return under(c, s) }) {
			return
		}
		switch filepath.Base(c) {
		case "bin", "sbin", "shims":
			if p := filepath.Dir(c); p != "/" && p != home && p != filepath.Dir(home) {
				c = p
			}
		}
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	add(filepath.Dir(program))
	for _, d := range filepath.SplitList(path) {
		if filepath.IsAbs(d) {
			add(d)
		}
	}
	return out
}

// canonical is p absolute, with every link resolved.
func canonical(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// under says whether p is dir or inside it.
func under(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}
