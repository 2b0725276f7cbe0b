//go:build linux

package handin

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// kernelBeneath is the rule as the kernel keeps it: every lookup is
// openat2's (Linux 5.6), with RESOLVE_BENEATH, so that no link, .., or
// absolute path leads out of the folder, and RESOLVE_NO_MAGICLINKS, so that
// no /proc link does either. A file is first opened as a path alone
// (O_PATH, which opens nothing: not a pipe, not a device), looked at, and
// only then opened for reading, through the path descriptor itself.
type kernelBeneath struct{ fd int }

const resolveInside = unix.RESOLVE_BENEATH | unix.RESOLVE_NO_MAGICLINKS

// haveOpenat2 says whether the kernel has openat2, found once.
var haveOpenat2 = sync.OnceValue(func() bool {
	fd, err := unix.Openat2(unix.AT_FDCWD, "/", &unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC})
	if err != nil {
		return false // ENOSYS, or a container's filter refusing it
	}
	unix.Close(fd)
	return true
})

func openBeneath(path string) (beneath, error) {
	if testOpen != nil {
		return testOpen(path)
	}
	if !haveOpenat2() {
		return openRoot(path)
	}
	fd, err := openGiven(path)
	if err != nil {
		return nil, err
	}
	return kernelBeneath{fd}, nil
}

// openGiven opens the folder at path, as the caller gave it, as a path
// alone (O_PATH); as root through links root owns alone (see physical),
// the path they lead to opened with no link followed.
func openGiven(path string) (int, error) {
	const flags = unix.O_PATH | unix.O_DIRECTORY | unix.O_CLOEXEC
	if !asRoot() {
		fd, err := unix.Open(path, flags, 0)
		if err != nil {
			return -1, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return fd, nil
	}
	phys, err := physical(path)
	if err != nil {
		return -1, err
	}
	how := &unix.OpenHow{Flags: flags, Resolve: unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS}
	for try := 0; ; try++ {
		fd, err := unix.Openat2(unix.AT_FDCWD, phys, how)
		switch {
		case (err == unix.EAGAIN || err == unix.EINTR) && try < 16:
			continue
		case err == unix.ELOOP:
			return -1, &fs.PathError{Op: "open", Path: path, Err: errChanged}
		case err != nil:
			return -1, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return fd, nil
	}
}

// openIn is OpenIn: base opened as given (see openGiven), rel beneath it with no link
// followed anywhere (RESOLVE_NO_SYMLINKS, and O_NOFOLLOW for the folder
// itself), so that the folder opened is the one the kernel found no link
// on the way to, whatever takes the names after.
func openIn(base, rel string) (beneath, error) {
	if testOpen != nil {
		return testOpen(filepath.Join(base, filepath.FromSlash(rel)))
	}
	if !haveOpenat2() {
		return openRootIn(base, rel)
	}
	fd, err := openGiven(base)
	if err != nil {
		return nil, err
	}
	b := kernelBeneath{fd}
	if rel == "." {
		return b, nil
	}
	defer b.close()
	in, err := b.at(rel, unix.O_PATH|unix.O_DIRECTORY|unix.O_NOFOLLOW, resolveInside|unix.RESOLVE_NO_SYMLINKS)
	if err != nil {
		// Refused by the kernel: worded here, naming the link if one
		// is on the way.
		done := ""
		for _, part := range strings.Split(rel, "/") {
			done = path.Join(done, part)
			if fi, lerr := b.lstat(done); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
				target, _ := b.readlink(done)
				return nil, &LinkError{Name: done, Target: target}
			} else if lerr != nil {
				break
			}
		}
		if err == unix.ELOOP {
			return nil, &LinkError{Name: rel}
		}
		return nil, &fs.PathError{Op: "open", Path: rel, Err: err}
	}
	return kernelBeneath{in}, nil
}

func (b kernelBeneath) close() error { return unix.Close(b.fd) }

// at opens name beneath the folder with flags and resolve, retrying where
// the kernel asks (a rename or mount raced the lookup).
func (b kernelBeneath) at(name string, flags, resolve uint64) (int, error) {
	how := &unix.OpenHow{Flags: flags | unix.O_CLOEXEC, Resolve: resolve}
	for try := 0; ; try++ {
		fd, err := unix.Openat2(b.fd, name, how)
		if (err == unix.EAGAIN || err == unix.EINTR) && try < 16 {
			continue
		}
		if err == unix.EXDEV {
			err = errLeaves
		}
		return fd, err
	}
}

// errLeaves is a lookup the kernel refused for leading out of the folder.
var errLeaves = errors.New("leads outside the folder")

// statFD is what fd is.
func statFD(fd int, name string) (fs.FileInfo, error) {
	f := os.NewFile(uintptr(fd), name)
	fi, err := f.Stat()
	f.Close()
	return fi, err
}

func (b kernelBeneath) lstat(name string) (fs.FileInfo, error) {
	// With O_PATH|O_NOFOLLOW and RESOLVE_NO_SYMLINKS a last component
	// that is a link is opened as the link itself; a link before it is
	// refused (the walk reaches names through real folders alone).
	fd, err := b.at(name, unix.O_PATH|unix.O_NOFOLLOW, resolveInside|unix.RESOLVE_NO_SYMLINKS)
	if err != nil {
		return nil, err
	}
	return statFD(fd, name)
}

func (b kernelBeneath) stat(name string) (fs.FileInfo, error) {
	fd, err := b.at(name, unix.O_PATH, resolveInside)
	if err != nil {
		return nil, err
	}
	return statFD(fd, name)
}

func (b kernelBeneath) readlink(name string) (string, error) {
	fd, err := b.at(name, unix.O_PATH|unix.O_NOFOLLOW, resolveInside|unix.RESOLVE_NO_SYMLINKS)
	if err != nil {
		return "", err
	}
	defer unix.Close(fd)
	buf := make([]byte, 4096)
	n, err := unix.Readlinkat(fd, "", buf)
	if err != nil {
		return "", err
	}
	return string(buf[:n]), nil
}

func (b kernelBeneath) open(name string, nofollow bool) (*os.File, fs.FileInfo, error) {
	pflags, resolve := uint64(unix.O_PATH), uint64(resolveInside)
	if nofollow {
		// A link is opened as itself, and is no regular file.
		pflags, resolve = unix.O_PATH|unix.O_NOFOLLOW, resolveInside|unix.RESOLVE_NO_SYMLINKS
	}
	pfd, err := b.at(name, pflags, resolve)
	if err != nil {
		return nil, nil, err
	}
	defer unix.Close(pfd)
	var st unix.Stat_t
	if err := unix.Fstat(pfd, &st); err != nil {
		return nil, nil, err
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil, nil, errNotRegular
	}
	// Reopened through the path descriptor: the very file looked at,
	// whatever took its name since. Without /proc, looked up again and
	// compared.
	const flags = unix.O_RDONLY | unix.O_NONBLOCK | unix.O_NOCTTY | unix.O_CLOEXEC
	fd, err := unix.Open("/proc/self/fd/"+strconv.Itoa(pfd), flags, 0)
	if err != nil {
		if fd, err = b.at(name, flags|pflags&unix.O_NOFOLLOW, resolve); err != nil {
			return nil, nil, err
		}
	}
	var now unix.Stat_t
	if err := unix.Fstat(fd, &now); err != nil || now.Dev != st.Dev || now.Ino != st.Ino || now.Mode&unix.S_IFMT != unix.S_IFREG {
		unix.Close(fd)
		return nil, nil, errNotRegular
	}
	f := os.NewFile(uintptr(fd), name)
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

func (b kernelBeneath) list(name string, max int) ([]string, error) {
	fd, err := b.at(name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_NONBLOCK, resolveInside|unix.RESOLVE_NO_SYMLINKS)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(fd), name)
	defer f.Close()
	return readNames(f, max)
}
