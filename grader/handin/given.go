package handin

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A path the caller gives (the submission's, the folder above it, a class
// folder) is the caller's, and followed as given. But as root, a link on
// it may be a student's: grader check homes/mallory/work/hw, where work is
// mallory's link to ../alice, would grade alice's program as mallory's,
// past her closed folder (attack report F1c). So as root the grader
// follows a link on a path it is given only where root owns it, as the
// kernel's fs.protected_symlinks does for sticky folders: a student's
// links are the student's own, and refused, naming the link and who owns
// it (*OwnerError). As another user, the machine's permissions decide.

// OwnerError is a link on a path the grader was given which, as root, it
// does not follow: one root does not own.
type OwnerError struct {
	// Name is the link as the path given spells it ("h2/mallory/work"),
	// or its own path where another link led to it.
	Name   string
	Target string // what it leads to, as the link says
	Owner  int    // its owner's uid
}

func (e *OwnerError) Error() string {
	return Shown(e.Name) + " is a link owned by user " + strconv.Itoa(e.Owner) +
		", and as root the grader follows only links that root owns: give the folder's own path"
}

// maxLinks is how many links a path may lead through, as the kernel's
// own bound (ELOOP past 40).
const maxLinks = 40

// errChanged is a path that changed between the grader's look at its links
// and its open.
var errChanged = errors.New("changed while the grader opened it: a link was put in a folder's place")

// physical is the path p leads to, every link on the way resolved, as
// root may follow it: a link root does not own is an *OwnerError. Links
// are followed as the kernel follows them (a target relative to the
// link's folder, then .. from where it led). The result holds no link,
// and is opened with none followed (RESOLVE_NO_SYMLINKS, or os.Root by
// hand), so that a folder a student swaps for a link after this look is
// refused by the open.
func physical(p string) (string, error) {
	type step struct{ name, shown string } // shown: the path given so far, "" past a link
	var todo []step
	cur := string(filepath.Separator)
	if !filepath.IsAbs(p) {
		// The working folder as the caller reached it ($PWD, where it is
		// that folder: a student's link cd'd through is seen), then p.
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		so := ""
		for _, c := range strings.Split(wd, string(filepath.Separator)) {
			so = filepath.Join(string(filepath.Separator), so, c)
			todo = append(todo, step{c, so})
		}
	}
	given := ""
	for i, c := range strings.Split(p, string(filepath.Separator)) {
		if i == 0 {
			given = c
		} else {
			given += string(filepath.Separator) + c
		}
		todo = append(todo, step{c, given})
	}
	hops := 0
	for len(todo) > 0 {
		s := todo[0]
		todo = todo[1:]
		switch s.name {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, s.name)
		fi, err := os.Lstat(next)
		if err != nil {
			return "", &fs.PathError{Op: "open", Path: p, Err: unwrapPath(err)}
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		name := s.shown
		if name == "" {
			name = next
		}
		target, err := os.Readlink(next)
		if uid := owner(fi); uid != 0 {
			return "", &OwnerError{Name: name, Target: target, Owner: uid}
		}
		if err != nil {
			return "", &fs.PathError{Op: "open", Path: name, Err: unwrapPath(err)}
		}
		if hops++; hops > maxLinks {
			return "", &fs.PathError{Op: "open", Path: p, Err: errors.New("too many links on the way")}
		}
		if filepath.IsAbs(target) {
			cur = string(filepath.Separator)
		}
		var more []step
		for _, c := range strings.Split(target, string(filepath.Separator)) {
			more = append(more, step{c, ""})
		}
		todo = append(more, todo...)
	}
	return cur, nil
}

// rootGiven opens the folder at path, as the caller gave it, for lookups
// by hand beneath it (os.Root); as root through links root owns alone
// (see physical).
func rootGiven(path string) (*os.Root, error) {
	if !asRoot() {
		return os.OpenRoot(path)
	}
	phys, err := physical(path)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(string(filepath.Separator))
	if err != nil {
		return nil, err
	}
	r, err = descend(r, strings.TrimPrefix(filepath.ToSlash(phys), "/"))
	var le *LinkError
	if errors.As(err, &le) {
		return nil, &fs.PathError{Op: "open", Path: path, Err: errChanged}
	}
	return r, err
}
