//go:build linux

package sandbox

// The run's root: what of the host's filesystem a run sees, and the ops of
// its program that build it (see plan).

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unsafe"

	"github.com/boardcheck/boardcheck/grader/sandbox/internal/launcher"
)

// systemDirs are the host folders every run sees, read-only: where the
// system's programs and libraries live. A top-level link (/bin -> usr/bin
// on a merged /usr) is made a link in the run's root too.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix"}

// A mountEntry is one host path the run's root shows, or one of its own
// folders.
type mountEntry struct {
	path string
	kind mountKind
	from string // for a Spec.Binds entry: the host path shown at path
}

type mountKind int

const (
	bindRO  mountKind = iota // a host path, read-only
	bindRW                   // a host folder, writable
	fresh                    // an empty writable folder of the run's tmpfs
	overlay                  // a host folder seen writable, its changes kept on the tmpfs
)

// planRoot writes the ops that build the run's root, as bubblewrap builds
// one: on the stage, a small tmpfs becomes the new root; the host paths are
// bound into it at their own paths (read-only, or writable for the folders
// the caller names); the run's own folders are fresh folders of a second,
// size-limited tmpfs; a fresh /proc and a minimal /dev are mounted; then
// pivot_root makes it the root and the host's filesystem is detached, so
// nothing else of it can be reached. Every mount is in the run's own mount
// namespace and goes with it.
func (r *run) planRoot(p *launcher.Program, writable []string) error {
	es, readOnly, err := r.rootEntries(writable)
	if err != nil {
		return err
	}
	root, scratch := filepath.Join(r.stage, "root"), filepath.Join(r.stage, "scratch")
	// Keep every change in this namespace.
	p.Mount("making mounts private", "", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, "", launcher.Strict)
	if !r.ownStage {
		// The two folders below, on a tmpfs of this namespace's own.
		p.Mount("mounting the stage "+r.stage, "tmpfs", r.stage, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "size=64k,mode=0755", launcher.Strict)
		p.Mkdir("making "+root, root, 0o755, launcher.Strict)
		p.Mkdir("making "+scratch, scratch, 0o755, launcher.Strict)
	}
	p.Mount("mounting the run's root", "tmpfs", root, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "size=1m,mode=0755", launcher.Strict)
	p.Mount("mounting the run's writable tmpfs", "tmpfs", scratch, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV,
		fmt.Sprintf("size=%d,mode=0755", r.limits.Memory), launcher.Strict)
	// What a hidden path is replaced by: a file no one may read or run.
	hidden := scratch + "/.hidden"
	p.Create("making the hidden placeholder", hidden, 0, launcher.Strict)
	for _, l := range systemRoot().links {
		what := "linking " + l.path
		p.MkdirAll(what, root, root+filepath.Dir(l.path))
		p.Symlink(what, l.target, root+l.path)
	}
	folders := 0 // the run's folders made on the scratch tmpfs so far
	for _, e := range es {
		dst := root + e.path
		switch e.kind {
		case bindRO, bindRW:
			if err := r.planBind(p, e, dst); err != nil {
				return err
			}
		case fresh:
			folders++
			src := scratch + "/" + strconv.Itoa(folders)
			what := "making the run's folder " + e.path
			p.Mkdir(what, src, 0o755, launcher.Strict)
			p.MkdirAll(what, root, dst)
			p.Mount(what, src, dst, "", syscall.MS_BIND, "", launcher.Strict)
		case overlay:
			folders++
			if err := r.planOverlay(p, e, dst, scratch+"/"+strconv.Itoa(folders), root); err != nil {
				return err
			}
		}
	}
	for _, h := range r.hidden(es, readOnly) {
		// A path the supervisor cannot reach, the run (the same user,
		// with no more rights) cannot reach either.
		p.Mount("hiding "+h, hidden, root+h, "", syscall.MS_BIND, "", launcher.Missing)
	}
	if r.m.proc {
		what := "mounting a fresh proc on /proc"
		p.MkdirAll(what, root, root+"/proc")
		p.Mount(what, "proc", root+"/proc", "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "", launcher.Strict)
	}
	planDev(p, root, root+"/dev")
	// pivot_root(".", ".") stacks the old root on the new, and a lazy
	// unmount of "." then takes the old one away, as runc does.
	p.Chdir("entering the run's root", root)
	p.PivotRoot("pivot_root into the run's root", ".", ".")
	p.Unmount("detaching the host's filesystem", ".", syscall.MNT_DETACH)
	p.Chdir("entering the run's root", "/")
	// The trees were bound from file descriptors the grader opened: past
	// pivot_root they are the only way back to the host's filesystem.
	for i := range r.bindFiles {
		p.CloseTree("closing a host tree", i)
	}
	// The root's own folders and links are done: nothing writes there.
	p.SetAttr("making / read-only", "/", mountAttrRdonly, false)
	return nil
}

const (
	mountAttrRdonly = 0x1
	mountAttrNosuid = 0x2
	mountAttrNodev  = 0x4
)

// rootEntries lists the mounts of the run's root, parents before children,
// and the canonical paths of the caller's ReadOnly files.
func (r *run) rootEntries(writable []string) ([]mountEntry, map[string]bool, error) {
	s := r.spec
	es := slices.Clone(systemRoot().dirs)
	readOnly := map[string]bool{}
	for _, p := range s.ReadOnly {
		c, err := canonical(p)
		if err != nil {
			return nil, nil, fmt.Errorf("grader: running %s: %w", s.Argv[0], err)
		}
		readOnly[c] = true
		es = append(es, mountEntry{c, bindRO, ""})
	}
	for _, b := range s.Binds {
		// The folder it is in, with every link resolved, as the other
		// binds are; the name itself as the caller gives it (a student's
		// link, whose copy is a regular file).
		dir, err := canonical(filepath.Dir(b.At))
		if err != nil && b.Seen != "" {
			// Changing as it was read (a folder swapped for a link
			// between a look and a readlink): moved all the same.
			return nil, nil, &MovedError{At: b.At, Now: err.Error()}
		}
		if err != nil {
			return nil, nil, fmt.Errorf("grader: running %s: %w", s.Argv[0], err)
		}
		if b.Seen != "" && dir != b.Seen {
			return nil, nil, &MovedError{At: b.At, Now: dir}
		}
		at := filepath.Join(dir, filepath.Base(b.At))
		readOnly[at], readOnly[filepath.Clean(b.At)] = true, true
		es = append(es, mountEntry{at, bindRO, b.From})
	}
	{
		// The interpreter or compiler the run starts: its own folder,
		// where it lives outside the system's (a pyenv Python's, with its
		// lib/ beside bin/); for the run's own script (a student's
		// executable), the folder of the interpreter its #! line names.
		// Not a folder that holds the grader's temporary folders or the
		// run's own (a tool in /tmp, or in a home folder that holds
		// them): that would show other runs' folders, if only to read;
		// nor one that holds the run's own files (holdsFiles, below).
		tmp, _ := canonical(os.TempDir())
		// A script's #! line is read from the run's own copy of it, the
		// grader's to read, in a folder closed to the run's user (as
		// closedToRuns would find it): else its interpreter's folder was
		// never bound, and a #! line naming one outside the system's
		// folders failed every check as "no such file or directory".
		script, scriptClosed := r.path, r.closedToRun
		for _, b := range s.Binds {
			if sameBind(r.path, b.At) {
				script, scriptClosed = b.From, nil
			}
		}
		for _, d := range toolDirs(r.path, script, envValue(s.Env, "PATH"), r.m.closedToRuns, scriptClosed) {
			holdsRun := slices.ContainsFunc(writable, func(w string) bool { return under(w, d) })
			// Nor a folder that holds the run's own files (a #! line
			// naming a program beside the submission, or above it, as
			// #!/proc/self/exe does from below the grader's folder):
			// they are bound one by one, and a folder bound over them
			// would show the rest of the student's, or the grader's,
			// folder, and leave no place to bind them.
			holdsFiles := false
			for f := range readOnly {
				holdsFiles = holdsFiles || under(f, d)
			}
			if !holdsRun && !holdsFiles && (tmp == "" || !under(tmp, d)) {
				es = append(es, mountEntry{d, bindRO, ""})
			}
		}
	}
	for _, d := range s.Writable {
		c, err := canonical(d)
		if err != nil {
			return nil, nil, fmt.Errorf("grader: running %s: %w", s.Argv[0], err)
		}
		es = append(es, mountEntry{c, bindRW, ""})
	}
	for _, d := range s.Overlay {
		c, err := canonical(d)
		if err != nil {
			return nil, nil, fmt.Errorf("grader: running %s: %w", s.Argv[0], err)
		}
		es = append(es, mountEntry{c, overlay, ""})
	}
	for _, d := range writable {
		// A folder inside one the caller binds writable is that one's.
		inBound := slices.ContainsFunc(es, func(e mountEntry) bool {
			return e.path == d || ((e.kind == bindRW || e.kind == overlay) && under(d, e.path))
		})
		if !inBound {
			es = append(es, mountEntry{d, fresh, ""})
		}
	}
	return dropCovered(es), readOnly, nil
}

// planBind binds the host path of e at dst, recursively, with no
// set-user-ID programs and no device files, and read-only unless e is
// writable. The source is a host path, or a detached copy of a host tree
// that the grader opened with open_tree (see bindSource), attached with
// move_mount: a plain bind of a file descriptor from the grader's mount
// namespace would be refused, the kernel binding only mounts of the
// caller's own namespace.
func (r *run) planBind(p *launcher.Program, e mountEntry, dst string) error {
	what := "binding read-only " + e.path
	attrs := uint64(mountAttrNosuid | mountAttrNodev | mountAttrRdonly)
	if e.kind == bindRW {
		what, attrs = "binding writable "+e.path, mountAttrNosuid|mountAttrNodev
	}
	src, tree, err := r.bindSource(e)
	if err != nil {
		return err
	}
	if err := r.planAttach(p, what, src, tree, dst); err != nil {
		return err
	}
	p.SetAttr(what, dst, attrs, true)
	return nil
}

// planAttach mounts src (or the tree-th tree, when tree >= 0) at dst,
// making the mount point first: a folder, or an empty file for a file.
func (r *run) planAttach(p *launcher.Program, what, src string, tree int, dst string) error {
	var fi os.FileInfo
	var err error
	if tree >= 0 {
		fi, err = r.bindFiles[tree].Stat()
	} else {
		fi, err = os.Stat(src)
	}
	if err != nil {
		return fmt.Errorf("grader: running %s: %s: %w", r.spec.Argv[0], what, err)
	}
	root := filepath.Join(r.stage, "root")
	if fi.IsDir() {
		p.MkdirAll(what, root, dst)
	} else {
		p.MkdirAll(what, root, filepath.Dir(dst))
		p.Create(what, dst, 0o644, launcher.Strict)
	}
	if tree >= 0 {
		p.MoveMount(what, tree, dst)
	} else {
		p.Mount(what, src, dst, "", syscall.MS_BIND|syscall.MS_REC, "", launcher.Strict)
	}
	return nil
}

// planOverlay shows the host folder of e at dst, writable, with every
// change kept in upper (a folder of the run's tmpfs) and so gone with the
// run: a shared cache the run may use but not poison. Where the kernel
// refuses an overlay in a user namespace, dst is an empty folder instead: a
// cold cache is slower, never wrong.
func (r *run) planOverlay(p *launcher.Program, e mountEntry, dst, upper, root string) error {
	what := "overlaying " + e.path
	for _, d := range []string{upper, upper + "/u", upper + "/w"} {
		p.Mkdir(what, d, 0o755, launcher.Strict)
	}
	p.MkdirAll(what, root, dst)
	lower, tree, err := r.bindSource(e)
	if err != nil {
		return err
	}
	if tree >= 0 {
		// The overlay takes its lower folder by path: attach it where
		// the supervisor can name it.
		p.Mkdir(what, upper+"/l", 0o755, launcher.Strict)
		p.MoveMount(what, tree, upper+"/l")
		lower = upper + "/l"
	}
	opts := "lowerdir=" + lower + ",upperdir=" + upper + "/u,workdir=" + upper + "/w,userxattr"
	p.Mount(what, "overlay", dst, "overlay", syscall.MS_NOSUID|syscall.MS_NODEV, opts, launcher.Fallback)
	p.Mount(what, upper+"/u", dst, "", syscall.MS_BIND, "", launcher.Strict)
	return nil
}

// devices are the nodes of the run's /dev, bound from the host's: a user
// namespace may not make device nodes, and these five are all a program
// needs. No tty: a run has no terminal to reach.
var devices = []string{"null", "zero", "full", "random", "urandom"}

// planDev makes the run's minimal /dev at dst, read-only once made: the
// folder and, unless the layer is off for a test, each node bound into it.
// A node is the host's own inode, which every user may write, so utime()
// would set its times on the machine, for every later run to read (a
// channel from a hidden check to the next grading's visible one). On a
// read-only mount a device is still read and written as a device; only
// its times, mode and owner cannot change (EROFS).
func planDev(p *launcher.Program, root, dst string) {
	what := "making a minimal dev at /dev"
	p.MkdirAll(what, root, dst)
	p.Mount(what, "tmpfs", dst, "tmpfs", syscall.MS_NOSUID|syscall.MS_NOEXEC, "size=64k,mode=0755", launcher.Strict)
	for _, d := range devices {
		p.Create(what, dst+"/"+d, 0o666, launcher.Strict)
		p.Mount(what, "/dev/"+d, dst+"/"+d, "", syscall.MS_BIND, "", launcher.Strict)
	}
	for _, l := range [][2]string{{"fd", "/proc/self/fd"}, {"stdin", "/proc/self/fd/0"}, {"stdout", "/proc/self/fd/1"}, {"stderr", "/proc/self/fd/2"}} {
		p.Symlink(what, l[1], dst+"/"+l[0])
	}
	p.SetAttr(what, dst, mountAttrRdonly, !LayerOff(LayerDevices))
}

// dropCovered sorts the mounts, parents first, and drops a read-only bind
// that a read-only bind above it already shows (a bind of another source
// is never covered: it shows something else).
func dropCovered(es []mountEntry) []mountEntry {
	slices.SortStableFunc(es, func(a, b mountEntry) int { return strings.Compare(a.path, b.path) })
	var out []mountEntry
	for _, e := range es {
		covered := e.from == "" && slices.ContainsFunc(out, func(o mountEntry) bool {
			return o.kind == bindRO && e.kind == bindRO && under(e.path, o.path)
		})
		dup := len(out) > 0 && out[len(out)-1].path == e.path
		if !covered && !dup {
			out = append(out, e)
		}
	}
	return out
}

// bindSource says where the supervisor finds a host path to bind: as
// root, a detached copy of its tree, made here with open_tree and handed to
// the supervisor with the program (tree is its index), since the run's own
// user, which the supervisor already is, may not look up what is under
// /root; otherwise the path itself (tree is -1). As root, a submission's
// file that the run's own user could not read (a file of mode 600 in a
// class folder) is bound from a readable copy.
func (r *run) bindSource(e mountEntry) (src string, tree int, err error) {
	src = e.path
	if e.from != "" {
		src = e.from
	}
	if !r.m.asRoot {
		return src, -1, nil
	}
	if e.kind == bindRO && e.from == "" && r.ownUID() {
		if fi, err := os.Stat(src); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o004 == 0 {
			cp, err := r.readableCopy(src, fi.Mode())
			if err != nil {
				return "", -1, err
			}
			src = cp
		}
	}
	fd, err := openTree(src)
	if err != nil {
		return "", -1, fmt.Errorf("grader: running %s: opening %s for the run: %w", r.spec.Argv[0], src, err)
	}
	r.bindFiles = append(r.bindFiles, os.NewFile(uintptr(fd), src))
	return src, len(r.bindFiles) - 1, nil
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
		return slices.ContainsFunc(es, func(e mountEntry) bool { return e.kind != fresh && under(p, e.path) })
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
// folders to bind and the links to make.
var systemRoot = sync.OnceValue(func() (sys struct {
	dirs  []mountEntry
	links []struct{ path, target string }
}) {
	for _, d := range systemDirs {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if target, err := os.Readlink(d); err == nil {
				sys.links = append(sys.links, struct{ path, target string }{d, target})
			}
		case fi.IsDir():
			sys.dirs = append(sys.dirs, mountEntry{d, bindRO, ""})
		}
	}
	return sys
})

// toolDirs are the host folders outside the system's that a run needs to
// start program: the folder it is installed in (/opt/py for
// /opt/py/bin/python3), that of the program it links to (a virtual
// environment's python is a link to its base), and for a script, those of
// the interpreter its #! line names (through env, the first on PATH that
// closed lets through). No folder of PATH but these: a run sees the one
// tool its language needs, not the grader's ~/go/pkg/mod or ~/.cargo. A
// folder closed says the run's user could not reach is left out, and the
// run then fails to start, saying so (resolveArgv0), rather than see what
// its user may not (as root, /root is closed to runs).
//
// script is the file program's #! line is read from (program itself, or
// the run's own copy of it), where scriptClosed (nil: none) lets it be.
func toolDirs(program, script, path string, closed, scriptClosed func(string) error) []string {
	home, _ := os.UserHomeDir()
	var out []string
	add := func(p string) {
		if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
			return // a program is a file: not a device a link names
		}
		c, err := canonical(filepath.Dir(p))
		if err != nil || c == "/" || slices.ContainsFunc(systemDirs, func(s string) bool { return under(c, s) }) {
			return
		}
		switch filepath.Base(c) {
		case "bin", "sbin", "shims":
			if p := filepath.Dir(c); p != "/" && p != home && p != filepath.Dir(home) {
				c = p
			}
		}
		if (closed == nil || closed(c) == nil) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	add(program)
	if target, err := canonical(program); err == nil && target != program {
		add(target)
	}
	if interp := scriptInterpreter(script, path, scriptClosed, closed); interp != "" {
		add(interp)
		if target, err := canonical(interp); err == nil && target != interp {
			add(target)
		}
	}
	return out
}

// scriptInterpreter is the program the #! line of script names, as the
// run's PATH finds it (as far as closed lets a run reach): directly, or
// through env; "" for anything else, and for a program that PATH does not
// find under its name. Only a script scriptClosed lets through is read,
// and only as a regular file: its first line, never blocking.
func scriptInterpreter(script, path string, scriptClosed, closed func(string) error) string {
	if scriptClosed != nil && scriptClosed(script) != nil {
		return ""
	}
	// Never opened unless it is a regular file, where the links lead:
	// opening a device may do something (a watchdog's starts its count).
	c, err := canonical(script)
	if err != nil {
		return ""
	}
	if fi, err := os.Lstat(c); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	f, err := os.OpenFile(c, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return ""
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	line, ok := strings.CutPrefix(string(head[:n]), "#!")
	if !ok {
		return ""
	}
	line, _, _ = strings.Cut(line, "\n")
	if LayerOff(LayerShebangPath) {
		return looseInterpreter(line, path, closed)
	}
	interp := shebangInterpreter(line)
	if interp == "" {
		return ""
	}
	// Bound only where the run's PATH finds that very program under its
	// name: a tool of the machine's, such as a pyenv Python, not any
	// file a student's #! line names (a classmate's program, or a file
	// of the grading user's home, whose folder would be bound into the
	// run with it). Any other is the student's to fix: the run cannot
	// start it, and "The program starts" says so, naming the line.
	found, ok := onPath(interp, path, closed)
	if !ok {
		return ""
	}
	return found
}

// onPath is interp as the run's PATH (path) finds it under its name, and
// whether it does: a name (env's) is looked up; a path must be that very
// program (interp itself is returned).
func onPath(interp, path string, closed func(string) error) (string, bool) {
	found, err := resolveArgv0(Spec{Argv: []string{filepath.Base(interp)}, Env: []string{"PATH=" + path}}, closed)
	if err != nil {
		return "", false
	}
	if !strings.Contains(interp, "/") {
		return found, true
	}
	// The very program, named in a folder of PATH, or as the file PATH's
	// leads to (a venv's python3 to the Python it was made from): not a
	// link elsewhere to it (a classmate's venv's python3 leads to the
	// machine's, and the folder above its bin would be bound), nor a
	// program of the same name in a folder PATH does not list.
	dir := filepath.Dir(interp)
	inPath := slices.ContainsFunc(filepath.SplitList(path), func(d string) bool {
		if d == dir {
			return true
		}
		c, err := canonical(d)
		return err == nil && c == dir
	})
	a, aerr := canonical(interp)
	b, berr := canonical(found)
	if aerr != nil || berr != nil || a != b || !inPath && a != interp {
		return "", false
	}
	return interp, true
}

// ShebangShown says whether a run could start the program a #! line
// (without "#!") names, as far as what the run is shown goes: one in the
// system's folders, which every run sees, or one the run's PATH (path)
// finds under its name, whose folder the run is shown (toolDirs). A line
// naming any other program (a classmate's, one of the grading user's
// files, one beside the submission) cannot run, and is the student's to
// fix. A line it cannot read as naming a program is left to the run to
// judge (true).
func ShebangShown(line, path string) bool {
	interp := shebangInterpreter(line)
	if interp == "" || !strings.Contains(interp, "/") || LayerOff(LayerShebangPath) {
		return true
	}
	dir, err := canonical(filepath.Dir(interp))
	if err != nil {
		return true // not there: the run says so
	}
	if slices.ContainsFunc(systemDirs, func(s string) bool { return under(dir, s) }) {
		return true
	}
	_, ok := onPath(interp, path, thisMachine().closedToRuns)
	return ok
}

// shebangInterpreter is the program a #! line (without "#!") has the
// kernel run, read as the kernel and env read it: the kernel passes
// everything after the interpreter's name as one argument, which env
// takes as the program to run, or, after -S, splits. A program named
// after options env would read (-u NAME, -C DIR, -i, VAR=value), or in
// any way but these, is "": no guess at which word env would run.
func shebangInterpreter(line string) string {
	line = strings.TrimSpace(line)
	name, arg, _ := strings.Cut(strings.ReplaceAll(line, "\t", " "), " ")
	arg = strings.TrimSpace(arg)
	if !filepath.IsAbs(name) {
		return ""
	}
	if filepath.Base(name) != "env" {
		return name
	}
	if rest, ok := strings.CutPrefix(arg, "-S"); ok {
		words := strings.Fields(rest)
		if len(words) == 0 {
			return ""
		}
		arg = words[0]
	}
	if arg == "" || strings.HasPrefix(arg, "-") || strings.ContainsAny(arg, "= \t") {
		return ""
	}
	return arg
}

// looseInterpreter is how the #! line was read before (issue 29, G4),
// kept for the escape suite's proof with LayerShebangPath off: the first
// word not an option nor a variable, resolved on path, whatever env
// would have done with the words before it.
func looseInterpreter(line, path string, closed func(string) error) string {
	fields := strings.Fields(line)
	if len(fields) == 0 || !filepath.IsAbs(fields[0]) {
		return ""
	}
	if filepath.Base(fields[0]) != "env" {
		return fields[0]
	}
	for _, name := range fields[1:] {
		if strings.HasPrefix(name, "-") || strings.Contains(name, "=") {
			continue // env -S, or a variable
		}
		p, err := resolveArgv0(Spec{Argv: []string{name}, Env: []string{"PATH=" + path}}, closed)
		if err != nil {
			return ""
		}
		return p
	}
	return ""
}

// closedToRuns says why the run's user could not reach the host path p,
// nil if it could. A run as the grader's own user reaches what the grader
// does, and the kernel judges that; so does one that is root. A run of a
// uid of its own (as root) has no claim on any host folder: it reaches p
// only where every folder on the way is open to others (o+x), and p itself
// if it is a file. /root (0700) is not: a tool under it is none of a run's,
// however the grader found it.
func (m machine) closedToRuns(p string) error {
	if !m.runsOwnUID() || LayerOff(LayerToolReach) {
		return nil
	}
	c, err := canonical(p)
	if err != nil {
		return err
	}
	fi, err := os.Stat(c)
	if err != nil {
		return err
	}
	if !fi.IsDir() && fi.Mode().Perm()&0o001 == 0 {
		return &closedError{program: p, closed: p, mode: fi.Mode().Perm()}
	}
	var dirs []string
	for d := filepath.Dir(c); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if d == "/" {
			break
		}
	}
	if fi.IsDir() {
		dirs = append([]string{c}, dirs...)
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		if fi, err := os.Stat(dirs[i]); err != nil || fi.Mode().Perm()&0o001 == 0 {
			return &closedError{program: p, closed: dirs[i]}
		}
	}
	return nil
}

// closedToRun is closedToRuns but for a program the caller binds into the
// run itself (Spec.ReadOnly), by its own path, not a link's: the grader's
// own binary run as a reference program, a program compiled in the
// grader's temporary folder, are shown to the run whatever the folders
// above them. A link to an interpreter under /root is not: the link would
// not be in the run's root, nor the interpreter's library beside it. A
// Spec.Binds entry is shown at its very name, a link's too (a student's
// executable, the run's copy of a compiled program): it is the run's.
func (r *run) closedToRun(p string) error {
	if slices.ContainsFunc(r.spec.Binds, func(b Bind) bool { return sameBind(p, b.At) }) {
		return nil
	}
	fi, err := os.Lstat(p)
	if err != nil || fi.Mode()&os.ModeSymlink != 0 {
		return r.m.closedToRuns(p)
	}
	if c, err := canonical(p); err == nil && slices.ContainsFunc(r.spec.ReadOnly, func(ro string) bool {
		cro, err := canonical(ro)
		return err == nil && under(c, cro)
	}) {
		return nil
	}
	return r.m.closedToRuns(p)
}

// sameBind says whether p names the file a bind shows at at: the same
// name in the same folder, its links resolved as rootEntries resolves them.
func sameBind(p, at string) bool {
	if filepath.Clean(p) == filepath.Clean(at) {
		return true
	}
	pd, err1 := canonical(filepath.Dir(p))
	ad, err2 := canonical(filepath.Dir(at))
	return err1 == nil && err2 == nil && filepath.Base(p) == filepath.Base(at) && pd == ad
}

// runsOwnUID says whether runs are a uid of their own: as root, with a
// user namespace or without.
func (m machine) runsOwnUID() bool {
	return m.asRoot && (m.userns || m.switchUID) && !LayerOff(LayerRunUID)
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
