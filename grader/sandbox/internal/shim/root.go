//go:build linux

package shim

import (
	"errors"
	"syscall"
	"unsafe"
)

// buildRoot makes the run's filesystem, as bubblewrap does: a small tmpfs
// becomes the new root; the plan's host paths are bound into it at their
// own paths (read-only, or writable for the folders the plan names); the
// run's own folders are fresh folders of a second, size-limited tmpfs; a
// fresh /proc and a minimal /dev are mounted; then pivot_root makes it the
// root and the host's filesystem is detached, so nothing else of it can be
// reached. Every mount is in the run's own mount namespace and goes with it.
func buildRoot(p *plan) error {
	root, scratch := p.rootDir, p.scratchDir
	// Keep every change in this namespace.
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return failed("making mounts private", err)
	}
	if p.stageDir != "" {
		// The two folders below, on a tmpfs of this namespace's own.
		if err := syscall.Mount("tmpfs", p.stageDir, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "size=64k,mode=0755"); err != nil {
			return failed("mounting the stage "+p.stageDir, err)
		}
		for _, d := range []string{root, scratch} {
			if err := syscall.Mkdir(d, 0o755); err != nil {
				return failed("making "+d, err)
			}
		}
	}
	if err := syscall.Mount("tmpfs", root, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "size=1m,mode=0755"); err != nil {
		return failed("mounting the run's root", err)
	}
	if err := syscall.Mount("tmpfs", scratch, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, p.scratchSize+",mode=0755"); err != nil {
		return failed("mounting the run's writable tmpfs", err)
	}
	// What a hidden path is replaced by: a file no one may read or run.
	hidden := scratch + "/.hidden"
	if err := createFile(hidden, 0); err != nil {
		return failed("making the hidden placeholder", err)
	}
	fresh := 0
	for _, m := range p.mounts {
		dst := root + m.path
		var err error
		switch m.tag {
		case TagBindRO, TagBindRW:
			err = bind(m.source, dst, m.tag == TagBindRO)
		case TagFresh:
			fresh++
			err = bindFresh(scratch+"/"+itoa(fresh), dst)
		case TagOverlay:
			fresh++
			err = overlay(m.source, scratch+"/"+itoa(fresh), dst)
		case TagHide:
			err = syscall.Mount(hidden, dst, "", syscall.MS_BIND, "")
			if err == syscall.EACCES || err == syscall.ENOENT {
				// A path the shim cannot reach, the run (the same user,
				// with no more rights) cannot reach either.
				err = nil
			}
		case TagSymlink:
			if err = mkdirAll(parent(dst)); err == nil {
				err = syscall.Symlink(m.target, dst)
			}
		case TagProc:
			if err = mkdirAll(dst); err == nil {
				err = syscall.Mount("proc", dst, "proc", syscall.MS_NOSUID|syscall.MS_NODEV|syscall.MS_NOEXEC, "")
			}
		case TagDev:
			err = mountDev(dst)
		}
		if err != nil {
			return failed(stepName(m.tag)+" "+m.path, err)
		}
	}
	if err := pivot(root); err != nil {
		return err
	}
	// The host paths were bound from file descriptors the grader opened:
	// past pivot_root they are the only way back to the host's
	// filesystem, and the shim has no more use for them.
	for _, m := range p.mounts {
		if fd, ok := fdOf(m.source); ok {
			syscall.Close(fd)
		}
	}
	// The root's own folders and links are done: nothing writes there.
	if err := mountSetattr("/", mountAttrRdonly, 0, false); err != nil {
		return failed("making / read-only", err)
	}
	return nil
}

func stepName(tag byte) string {
	switch tag {
	case TagBindRO:
		return "binding read-only"
	case TagBindRW:
		return "binding writable"
	case TagFresh:
		return "making the run's folder"
	case TagOverlay:
		return "overlaying"
	case TagHide:
		return "hiding"
	case TagSymlink:
		return "linking"
	case TagProc:
		return "mounting a fresh proc on"
	case TagDev:
		return "making a minimal dev at"
	}
	return "mounting"
}

// bind shows src at dst, recursively, with no set-user-ID programs and no
// device files, and read-only when ro. src is a host path, or "fd:N": a
// detached copy of a host tree that the grader opened with open_tree (as
// root, the run's own user may not even look up the paths above it), which
// is attached with move_mount. A plain bind of a file descriptor from the
// grader's mount namespace would be refused: the kernel binds only mounts of
// the caller's own namespace.
func bind(src, dst string, ro bool) error {
	if err := attach(src, dst); err != nil {
		return err
	}
	attrs := uint64(mountAttrNosuid | mountAttrNodev)
	if ro {
		attrs |= mountAttrRdonly
	}
	return mountSetattr(dst, attrs, 0, true)
}

// attach mounts src at dst, making the mount point first.
func attach(src, dst string) error {
	var st syscall.Stat_t
	fd, detached := fdOf(src)
	var err error
	if detached {
		err = syscall.Fstat(fd, &st)
	} else {
		err = syscall.Stat(src, &st)
	}
	if err != nil {
		return err
	}
	if err := makeMountpoint(dst, st.Mode&syscall.S_IFMT == syscall.S_IFDIR); err != nil {
		return err
	}
	if detached {
		return moveMount(fd, dst)
	}
	return syscall.Mount(src, dst, "", syscall.MS_BIND|syscall.MS_REC, "")
}

// moveMount attaches the detached tree fd at dst (Linux 5.2).
func moveMount(fd int, dst string) error {
	const (
		sysMoveMount        = 429
		atFdcwd             = -100
		moveMountFEmptyPath = 0x4
	)
	to, err := syscall.BytePtrFromString(dst)
	if err != nil {
		return err
	}
	empty, _ := syscall.BytePtrFromString("")
	cwd := atFdcwd
	_, _, e := syscall.Syscall6(sysMoveMount, uintptr(fd), uintptr(unsafe.Pointer(empty)), uintptr(cwd), uintptr(unsafe.Pointer(to)), moveMountFEmptyPath, 0)
	if e != 0 {
		return e
	}
	return nil
}

// bindFresh makes src, an empty folder of the run's tmpfs, and binds it at
// dst.
func bindFresh(src, dst string) error {
	if err := syscall.Mkdir(src, 0o755); err != nil {
		return err
	}
	if err := mkdirAll(dst); err != nil {
		return err
	}
	return syscall.Mount(src, dst, "", syscall.MS_BIND, "")
}

// overlay shows the host folder lower at dst, writable, with every change
// kept in upper (a folder of the run's tmpfs) and so gone with the run: a
// shared cache the run may use but not poison. Where the kernel refuses an
// overlay in a user namespace, dst is an empty folder instead: a cold cache
// is slower, never wrong.
func overlay(lower, upper, dst string) error {
	for _, d := range []string{upper, upper + "/u", upper + "/w"} {
		if err := syscall.Mkdir(d, 0o755); err != nil {
			return err
		}
	}
	if err := mkdirAll(dst); err != nil {
		return err
	}
	if _, detached := fdOf(lower); detached {
		// The overlay takes its lower folder by path: attach it where
		// the shim can name it.
		if err := attach(lower, upper+"/l"); err != nil {
			return err
		}
		lower = upper + "/l"
	}
	opts := "lowerdir=" + lower + ",upperdir=" + upper + "/u,workdir=" + upper + "/w,userxattr"
	if syscall.Mount("overlay", dst, "overlay", syscall.MS_NOSUID|syscall.MS_NODEV, opts) == nil {
		return nil
	}
	return syscall.Mount(upper+"/u", dst, "", syscall.MS_BIND, "")
}

// devices are the nodes of the run's /dev, bound from the host's: a user
// namespace may not make device nodes, and these five are all a program
// needs. No tty: a run has no terminal to reach.
var devices = []string{"null", "zero", "full", "random", "urandom"}

func mountDev(dst string) error {
	if err := mkdirAll(dst); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", dst, "tmpfs", syscall.MS_NOSUID|syscall.MS_NOEXEC, "size=64k,mode=0755"); err != nil {
		return err
	}
	for _, d := range devices {
		if err := createFile(dst+"/"+d, 0o666); err != nil {
			return err
		}
		if err := syscall.Mount("/dev/"+d, dst+"/"+d, "", syscall.MS_BIND, ""); err != nil {
			return err
		}
	}
	links := [][2]string{{"fd", "/proc/self/fd"}, {"stdin", "/proc/self/fd/0"}, {"stdout", "/proc/self/fd/1"}, {"stderr", "/proc/self/fd/2"}}
	for _, l := range links {
		if err := syscall.Symlink(l[1], dst+"/"+l[0]); err != nil {
			return err
		}
	}
	return mountSetattr(dst, mountAttrRdonly, 0, false)
}

// pivot makes root the root of the mount namespace and detaches the old
// one, as runc does: pivot_root(".", ".") stacks the old root on the new,
// and a lazy unmount of "." then takes the old one away.
func pivot(root string) error {
	if err := syscall.Chdir(root); err != nil {
		return failed("entering the run's root", err)
	}
	if err := syscall.PivotRoot(".", "."); err != nil {
		return failed("pivot_root into the run's root", err)
	}
	if err := syscall.Unmount(".", syscall.MNT_DETACH); err != nil {
		return failed("detaching the host's filesystem", err)
	}
	return syscall.Chdir("/")
}

// checkProbe checks what a probe's root promises: the root is read-only,
// and each of the run's folders is writable.
func checkProbe(p *plan) error {
	if p.rootDir == "" {
		return nil
	}
	if err := createFile("/boardcheck-probe", 0o644); err == nil {
		return errors.New("the probe's root is writable")
	}
	for _, m := range p.mounts {
		if m.tag != TagFresh {
			continue
		}
		f := m.path + "/boardcheck-probe"
		if err := createFile(f, 0o644); err != nil {
			return failed("writing in "+m.path, err)
		}
		syscall.Unlink(f)
	}
	return nil
}

func makeMountpoint(path string, dir bool) error {
	if dir {
		return mkdirAll(path)
	}
	if err := mkdirAll(parent(path)); err != nil {
		return err
	}
	return createFile(path, 0o644)
}

func createFile(path string, mode uint32) error {
	fd, err := syscall.Open(path, syscall.O_CREAT|syscall.O_EXCL|syscall.O_WRONLY|syscall.O_CLOEXEC, mode)
	if err != nil {
		return err
	}
	return syscall.Close(fd)
}

// mkdirAll makes path and its missing parents, as os.MkdirAll would.
func mkdirAll(path string) error {
	for i := 1; i <= len(path); i++ {
		if i < len(path) && path[i] != '/' {
			continue
		}
		err := syscall.Mkdir(path[:i], 0o755)
		if err != nil && err != syscall.EEXIST {
			return err
		}
	}
	return nil
}

// parent is path without its last element.
func parent(path string) string {
	for i := len(path) - 1; i > 0; i-- {
		if path[i] == '/' {
			return path[:i]
		}
	}
	return "/"
}

// fdOf reads N from "fd:N".
func fdOf(source string) (int, bool) {
	const prefix = "fd:"
	if len(source) <= len(prefix) || source[:len(prefix)] != prefix {
		return 0, false
	}
	n := 0
	for _, c := range source[len(prefix):] {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; n > 0; n /= 10 {
		i--
		b[i] = byte('0' + n%10)
	}
	return string(b[i:])
}

const (
	mountAttrRdonly = 0x1
	mountAttrNosuid = 0x2
	mountAttrNodev  = 0x4
)

// mountSetattr changes the attributes of the mount at path, and with
// recursive of every mount below it (Linux 5.12).
func mountSetattr(path string, set, clr uint64, recursive bool) error {
	const (
		sysMountSetattr = 442 // the same on every architecture
		atFdcwd         = -100
		atRecursive     = 0x8000
	)
	p, err := syscall.BytePtrFromString(path)
	if err != nil {
		return err
	}
	flags := uintptr(0)
	if recursive {
		flags = atRecursive
	}
	attr := struct{ set, clr, propagation, userns uint64 }{set: set, clr: clr}
	fd := atFdcwd
	_, _, e := syscall.Syscall6(sysMountSetattr, uintptr(fd), uintptr(unsafe.Pointer(p)), flags,
		uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if e != 0 {
		return e
	}
	return nil
}
