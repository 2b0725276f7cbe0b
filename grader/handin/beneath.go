package handin

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
)

// beneath looks names up beneath one folder under the rule. Names are
// slash-separated and relative to the folder ("." is the folder itself).
type beneath interface {
	// lstat is the entry itself: a link is not followed.
	lstat(name string) (fs.FileInfo, error)
	// stat follows links inside the folder, and fails on one that leads
	// out of it.
	stat(name string) (fs.FileInfo, error)
	readlink(name string) (string, error)
	// open opens name, following links inside the folder (none at all
	// with nofollow), read-only and without blocking, once it is known to
	// be a regular file: anything else is errNotRegular, and is never
	// opened.
	open(name string, nofollow bool) (*os.File, fs.FileInfo, error)
	// list names at most max entries of the folder name, reached without
	// following any link.
	list(name string, max int) ([]string, error)
	close() error
}

// rootBeneath is the rule by hand: Go's os.Root, which resolves each
// component itself and refuses a link out of the folder. It serves every
// system, and Linux where the kernel lacks openat2.
type rootBeneath struct{ r *os.Root }

func openRoot(path string) (beneath, error) {
	r, err := rootGiven(path)
	if err != nil {
		return nil, err
	}
	return rootBeneath{r}, nil
}

func (b rootBeneath) lstat(name string) (fs.FileInfo, error) { return b.r.Lstat(name) }
func (b rootBeneath) stat(name string) (fs.FileInfo, error)  { return b.r.Stat(name) }
func (b rootBeneath) readlink(name string) (string, error)   { return b.r.Readlink(name) }
func (b rootBeneath) close() error                           { return b.r.Close() }

func (b rootBeneath) open(name string, nofollow bool) (*os.File, fs.FileInfo, error) {
	look := b.r.Stat
	if nofollow {
		// A link is not regular; the file opened must be the very one
		// looked at (below), not one a link put in its place leads to.
		look = b.r.Lstat
	}
	fi, err := look(name)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fi, errNotRegular
	}
	f, err := b.r.OpenFile(name, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, nil, err
	}
	// The same file as the one looked at, still a regular one: not a
	// named pipe or a device put in its place in between.
	now, err := f.Stat()
	if err != nil || !now.Mode().IsRegular() || !os.SameFile(fi, now) {
		f.Close()
		return nil, fi, errNotRegular
	}
	return f, now, nil
}

func (b rootBeneath) list(name string, max int) ([]string, error) {
	fi, err := b.r.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, errors.New("not a folder")
	}
	f, err := b.r.OpenFile(name, os.O_RDONLY|nonblock|directory, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if now, err := f.Stat(); err != nil || !os.SameFile(fi, now) {
		return nil, errors.New("changed while the grader read it")
	}
	return readNames(f, max)
}

// readNames reads at most n (at least one) names of the folder f.
func readNames(f *os.File, n int) ([]string, error) {
	names, err := f.Readdirnames(max(n, 1))
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return names, nil
}

// openRootIn is openIn by hand (see OpenIn): base opened as given (see
// rootGiven), then each folder of rel looked at without following it,
// opened, and found to be the very folder looked at.
func openRootIn(base, rel string) (beneath, error) {
	r, err := rootGiven(base)
	if err != nil {
		return nil, err
	}
	if r, err = descend(r, rel); err != nil {
		return nil, err
	}
	return rootBeneath{r}, nil
}

// descend opens the folder rel (slash-separated, "." or "" for r itself)
// beneath r, following no link (a *LinkError naming it), and closes r.
func descend(r *os.Root, rel string) (*os.Root, error) {
	if rel == "." || rel == "" {
		return r, nil
	}
	done := ""
	for _, part := range strings.Split(rel, "/") {
		fi, err := r.Lstat(part)
		if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			target, _ := r.Readlink(part)
			r.Close()
			return nil, &LinkError{Name: path.Join(done, part), Target: target}
		}
		if err != nil {
			r.Close()
			return nil, &fs.PathError{Op: "open", Path: path.Join(done, part), Err: unwrapPath(err)}
		}
		next, err := r.OpenRoot(part)
		r.Close()
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: path.Join(done, part), Err: unwrapPath(err)}
		}
		if now, err := next.Stat("."); err != nil || !os.SameFile(fi, now) {
			next.Close()
			return nil, &fs.PathError{Op: "open", Path: path.Join(done, part), Err: errors.New("changed while the grader read it")}
		}
		r, done = next, path.Join(done, part)
	}
	return r, nil
}
