// Package handin reads what a student hands in the way the grader must read
// anything a student controls: as regular files reached without leaving the
// submission's own folder, each of a bounded size, never blocking, and
// stopping as soon as its context is cancelled. Every reader of submissions
// goes through it: the batch's digest of a student's entry, the grader's
// copy of the submission that compiles and runs see, and each run's own copy
// of that.
//
// A link that stays inside the folder is followed, as git carries it: a
// student who keeps nqueens.py -> src/nqueens.py means the file, and is
// graded on it (a run sees it as a regular file of its own). A link that
// leaves the folder (by .. or by an absolute path), a named pipe, a device
// and a socket are refused, each with a message naming it, and the rest of
// the folder is read:
//
//	notes.txt is a link to /dev/zero, outside your folder: hand in the file itself
//
// The message is data too (RefusedError.Message, handin.* in package
// i18n's catalogs), for a report to say in the student's language.
//
// A hard link has no target to refuse: as root, a file of more than one
// name that not every user may read is refused (it may be another's file,
// linked where the student could not read it; see asRoot).
//
// The rule is the kernel's where it can be (openat2's RESOLVE_BENEATH, Linux
// 5.6), else the same rule by hand (Go's os.Root), and a file is opened only
// once it is known to be a regular file, so that nothing a student names can
// make the grader block, read without end, or open a device. Every rule is
// kept on what is opened, not only on a look before it: a file's kind, size
// and links are judged again on its descriptor, the submission's own folder
// is opened with no link followed (OpenIn), and a file named by the caller
// (RefuseLink) likewise, so that a name a student swaps between the look
// and the open (rename's RENAME_EXCHANGE, in a loop) gains nothing. The
// path the caller gives is the caller's, followed as given, but as root
// only through links that root owns: a student's link on it
// (homes/mallory/work -> ../alice) is an *OwnerError, naming it.
package handin

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boardcheck/boardcheck/grader/report"
)

// The bounds of what is read of one submission: far above any program's
// files, far below what would hold the grader up.
const (
	MaxFileSize  int64 = 64 << 20  // one file
	MaxTotalSize int64 = 256 << 20 // the files of one folder, all told
	MaxEntries         = 10000     // files and folders of one folder, all told
	MaxDepth           = 32        // folders inside folders
	// MaxPath is the longest name of a file or folder, relative to the
	// folder walked, in bytes: far below the system's 4096 for a path,
	// which the grader's own copy, beneath its temporary folder, must
	// keep to too.
	MaxPath = 1024
)

// Kind is what an entry of a submission is, as the grader reads it.
type Kind int

const (
	File    Kind = iota // a regular file, perhaps through a link inside the folder
	Folder              // a folder (never through a link)
	Refused             // anything else: see Entry.Refused
)

// Entry is one file or folder of a submission.
type Entry struct {
	Name string // slash-separated, relative to the folder walked ("." for itself)
	Kind Kind
	Size int64 // a File's
	Exec bool  // a File's: it has an execute bit
	// Link is the target of the link the entry was reached through, for a
	// File or a Refused entry that is a link; "" otherwise.
	Link    string
	Refused *RefusedError // why, for a Refused entry
}

// RefusedError is a file of a submission the grader does not read, and why:
// its Error is the message a student reads.
type RefusedError struct {
	Name    string // as the student knows it: relative to their folder
	Problem string // "is a link to /dev/zero, outside your folder"
	Fix     string // "hand in the file itself"
	// Why and Todo are Problem and Fix as data (handin.* messages), which
	// a report says in the student's language; Problem and Fix are their
	// English words. See Message.
	Why, Todo report.Message
}

func (e *RefusedError) Error() string {
	return Shown(e.Name) + " " + e.Problem + ": " + e.Fix
}

// Shown is a name a student chose, as a message shows it: quoted, its
// control characters escaped, where it has any, so that a name cannot start
// a line of its own in a report (which a CI log could read as a command).
func Shown(name string) string {
	if strings.IndexFunc(name, unicode.IsControl) < 0 {
		return name
	}
	return strconv.Quote(name)
}

// Dir is a folder open for reading under the rule: every name is looked up
// beneath it.
type Dir struct {
	path   string  // as given
	b      beneath // the kernel's lookups, or Go's by hand
	noLink string  // a name refused where it is a link (RefuseLink)
}

// OpenDir opens the folder at path for reading beneath it. path itself is
// the caller's, followed as given, but as root through links root owns
// alone (an *OwnerError names one it does not: see physical): what is
// beneath it is the student's.
func OpenDir(path string) (*Dir, error) {
	b, err := openBeneath(path)
	if err != nil {
		return nil, err
	}
	return &Dir{path: path, b: b}, nil
}

// OpenIn opens the folder rel (slash-separated, "." for base itself)
// beneath base for reading beneath it, following no link on the way: base
// is the caller's, followed as given (a class folder, the folder above a
// student's own), but as root through links root owns alone (an
// *OwnerError names one it does not: see physical); rel is the student's, and a link anywhere in it, the
// folder itself among them, is a *LinkError naming it. The check is the
// open itself (O_NOFOLLOW, RESOLVE_NO_SYMLINKS): the folder read is the
// one found to be no link, whatever is put in its place after.
func OpenIn(base, rel string) (*Dir, error) {
	b, err := openIn(base, rel)
	if err != nil {
		return nil, err
	}
	return &Dir{path: filepath.Join(base, filepath.FromSlash(rel)), b: b}, nil
}

// LinkError is a folder on the way to a submission's own, or that folder,
// which is a link (OpenIn).
type LinkError struct {
	Name   string // the link, slash-separated, relative to the base
	Target string // what it leads to, as the link says; "" if unknown
}

func (e *LinkError) Error() string {
	if e.Target == "" {
		return Shown(e.Name) + " is a link"
	}
	return Shown(e.Name) + " is a link to " + Shown(e.Target)
}

// RefuseLink has d refuse name where name itself is a link, even one to a
// file inside d: for the file a caller names (a class entry, the file given
// to grader check), whose folder may be one every student writes in (a
// drop-box), so that a link inside it may be mallory.py -> alice/prog.py.
// The file is then looked up and opened with no link followed at all:
//
//	mallory.py is a link to alice/prog.py: hand in the file itself
func (d *Dir) RefuseLink(name string) { d.noLink = name }

// Close closes d.
func (d *Dir) Close() error { return d.b.close() }

// Path is d's path, as OpenDir was given it.
func (d *Dir) Path() string { return d.path }

// Lookup says what name (slash-separated, beneath d) is: a File, a Folder,
// or Refused, with why. A name that does not exist, or that d's user may
// not look at, is an error wrapping fs.ErrNotExist or fs.ErrPermission.
func (d *Dir) Lookup(name string) (Entry, error) {
	e := Entry{Name: name}
	fi, err := d.b.lstat(name)
	if err != nil {
		return e, &fs.PathError{Op: "lstat", Path: name, Err: unwrapPath(err)}
	}
	if testOpen != nil {
		// The rule turned off for a test: anything but a folder is read
		// as a file, as the grader once did.
		e.Kind, e.Size, e.Exec = File, fi.Size(), fi.Mode().Perm()&0o111 != 0
		if fi.IsDir() {
			e.Kind = Folder
		}
		return e, nil
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		e.Link, _ = d.b.readlink(name)
		if name == d.noLink {
			return d.refuse(e, say("handin.link_named", report.Verbatim("target", Shown(e.Link))), fixFileItself), nil
		}
		fi, err = d.b.stat(name)
		if err != nil {
			return d.refuse(e, d.linkProblem(name), fixFileItself), nil
		}
		if fi.IsDir() {
			return d.refuse(e, say("handin.link_folder", report.Verbatim("target", Shown(e.Link))), fixFolderItself), nil
		}
	}
	switch t := fi.Mode().Type(); {
	case t == fs.ModeDir:
		e.Kind = Folder
		return e, nil
	case t == 0:
		e.Kind, e.Size, e.Exec = File, fi.Size(), fi.Mode().Perm()&0o111 != 0
		if r := fileProblem(name, fi); r != nil {
			e.Kind, e.Refused = Refused, r
		}
		return e, nil
	default:
		what := say("handin.not_file", report.Nested("kind", kindName(t)))
		if e.Link != "" {
			what = say("handin.link_not_file", report.Verbatim("target", Shown(e.Link)), report.Nested("kind", kindName(t)))
		}
		return d.refuse(e, what, fixFileItself), nil
	}
}

// fileProblem is why the regular file fi, named name, is not read, or nil:
// too large, or (as root) a hard link not every user may read. Lookup asks
// it of the name, and Open again of the file it opened (its descriptor's
// fstat), so that a name swapped between the two (rename(2) with
// RENAME_EXCHANGE, as a student's process may do in a loop) gains nothing:
// what is read is what was judged.
func fileProblem(name string, fi fs.FileInfo) *RefusedError {
	if fi.Size() > MaxFileSize {
		return refused(name, tooLarge(), fixOwnFiles)
	}
	if asRoot() && links(fi) > 1 && fi.Mode().Perm()&0o004 == 0 {
		return refused(name, say("handin.hard_link"), fixCopy)
	}
	return nil
}

func (d *Dir) refuse(e Entry, problem, fix report.Message) Entry {
	e.Kind = Refused
	e.Refused = refused(e.Name, problem, fix)
	return e
}

// kindName words a file's type: "a named pipe (FIFO)".
func kindName(t fs.FileMode) report.Message {
	switch {
	case t&fs.ModeNamedPipe != 0:
		return say("handin.kind.fifo")
	case t&fs.ModeSocket != 0:
		return say("handin.kind.socket")
	case t&fs.ModeCharDevice != 0, t&fs.ModeDevice != 0:
		return say("handin.kind.device")
	}
	return say("handin.kind.other", report.Verbatim("mode", t.String()))
}

// linkProblem says why the link name cannot be followed inside d, link by
// link: "is a link to /dev/zero, outside your folder", "is a link to b.py,
// a link to ../alice/nqueens.go, outside your folder". The decision is the
// lookup's (the kernel's); this only words it.
func (d *Dir) linkProblem(name string) report.Message {
	var targets []string // the links' targets, in turn
	seen := map[string]bool{name: true}
	for hops := 0; ; hops++ {
		target, err := d.b.readlink(name)
		if err != nil {
			return say("handin.link_unreadable")
		}
		targets = append(targets, Shown(target))
		if path.IsAbs(target) || filepath.IsAbs(target) {
			return linkChain(targets, "handin.link_end.outside")
		}
		next := path.Join(path.Dir(name), filepath.ToSlash(target))
		if next == ".." || strings.HasPrefix(next, "../") {
			return linkChain(targets, "handin.link_end.outside")
		}
		fi, err := d.b.lstat(next)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return linkChain(targets, "handin.link_end.missing")
		case err != nil || fi.Mode()&fs.ModeSymlink == 0:
			return linkChain(targets, "handin.link_end.leads_out")
		case seen[next]:
			return linkChain(targets, "handin.link_end.loop")
		case hops == 8:
			return linkChain(targets, "handin.link_end.too_long")
		}
		seen[next], name = true, next
	}
}

// linkChain words a chain of links, targets in turn, that ends as the
// message end says: "is a link to b.py, a link to ../alice/nqueens.go,
// outside your folder".
func linkChain(targets []string, end string) report.Message {
	m := say(end)
	for i := len(targets) - 1; i > 0; i-- {
		m = say("handin.link_via", report.Verbatim("target", targets[i]), report.Nested("then", m))
	}
	return say("handin.link", report.Verbatim("target", targets[0]), report.Nested("then", m))
}

// Open opens the regular file name beneath d, following links inside d
// alone: anything else is a *RefusedError. The file is never opened before
// it is known to be a regular file, and never blocks.
func (d *Dir) Open(name string) (*os.File, Entry, error) {
	e, err := d.Lookup(name)
	if err != nil {
		return nil, e, err
	}
	switch e.Kind {
	case Refused:
		return nil, e, e.Refused
	case Folder:
		return nil, e, refused(name, say("handin.folder"), fixNameFile)
	}
	if testBeforeOpen != nil {
		testBeforeOpen(name)
	}
	f, fi, err := d.b.open(name, name == d.noLink)
	if err != nil {
		if errors.Is(err, errNotRegular) {
			// It changed since the lookup: said as it is now, when the
			// rule refuses that (a link put in its place).
			if now, err := d.Lookup(name); err == nil && now.Kind == Refused {
				return nil, now, now.Refused
			}
			return nil, e, refused(name, say("handin.changed"), fixAgain)
		}
		if errors.Is(err, fs.ErrPermission) {
			// The grader's user may not read it (as another user than
			// root), and no run of its could either.
			e.Kind, e.Refused = Refused, refused(name, say("handin.unreadable"), fixReadable(name, false))
			return nil, e, e.Refused
		}
		return nil, e, &fs.PathError{Op: "open", Path: name, Err: unwrapPath(err)}
	}
	// The rule again, of the file opened (fi is its descriptor's): the
	// name may lead to another file than the one Lookup judged.
	if r := fileProblem(name, fi); r != nil && testOpen == nil {
		f.Close()
		e.Kind, e.Refused = Refused, r
		return nil, e, r
	}
	e.Size = fi.Size()
	return f, e, nil
}

// WriteTo writes the regular file name beneath d to w, at most MaxFileSize
// bytes of it, and stops when ctx is cancelled.
func (d *Dir) WriteTo(ctx context.Context, name string, w io.Writer) (int64, error) {
	f, _, err := d.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	n, err := Copy(ctx, w, f, limit())
	var big *tooBig
	if errors.As(err, &big) {
		return n, refused(name, tooLarge(), fixOwnFiles)
	}
	return n, err
}

// ReadFile reads the regular file name beneath d (see WriteTo).
func (d *Dir) ReadFile(ctx context.Context, name string) ([]byte, error) {
	var b strings.Builder
	_, err := d.WriteTo(ctx, name, &b)
	return []byte(b.String()), err
}

// copyChunk is how much Copy reads between two looks at its context: a
// few milliseconds of hashing or copying.
const copyChunk = 1 << 20

type tooBig struct{ max int64 }

func (e *tooBig) Error() string { return "larger than " + size(e.max) }

// Copy copies r to w, at most max bytes (an error past them; no bound for
// max < 0), looking at ctx between chunks: a read that never ends (a
// device, with the rule turned off for a test) ends with ctx all the same.
func Copy(ctx context.Context, w io.Writer, r io.Reader, max int64) (int64, error) {
	buf := make([]byte, copyChunk)
	var n int64
	for {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		m, err := r.Read(buf)
		if m > 0 {
			if max >= 0 && n+int64(m) > max {
				return n, &tooBig{max}
			}
			if _, werr := w.Write(buf[:m]); werr != nil {
				return n, werr
			}
			n += int64(m)
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// List looks up each entry of the folder name beneath d (see Lookup), in
// lexical order, at most MaxEntries of them (past that, a *RefusedError),
// leaving out names that start with a dot (see Walk).
func (d *Dir) List(name string) ([]Entry, error) {
	names, err := d.b.list(name, MaxEntries+1)
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: unwrapPath(err)}
	}
	if len(names) > MaxEntries {
		w := &walk{d: d, top: name}
		return nil, w.tooMuch(say("handin.too_many", report.Int("count", MaxEntries)))
	}
	slices.Sort(names)
	var out []Entry
	for _, n := range names {
		if strings.HasPrefix(n, ".") {
			continue
		}
		e, err := d.Lookup(path.Join(name, n))
		if errors.Is(err, fs.ErrNotExist) {
			continue // gone since the listing
		}
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// Walk calls fn for name beneath d and, for a folder, for everything
// beneath it, in lexical order, parents first: files, folders and refused
// entries alike. A link to a folder is not followed (it is Refused). What a
// folder holds under a name that starts with a dot (.git, an editor's
// files) is no part of a submission, as the grader reads none of it
// elsewhere (a class's entries, a folder's program files): a walk passes
// it by. It
// stops at fn's first error, when ctx is cancelled, and past the bounds
// (MaxEntries, MaxDepth, MaxTotalSize), with a *RefusedError naming name.
func (d *Dir) Walk(ctx context.Context, name string, fn func(Entry) error) error {
	w := &walk{d: d, ctx: ctx, top: name, fn: fn}
	e, err := d.Lookup(name)
	if err != nil {
		return err
	}
	return w.entry(e, 0)
}

type walk struct {
	d       *Dir
	ctx     context.Context
	top     string
	fn      func(Entry) error
	entries int
	total   int64
}

func (w *walk) entry(e Entry, depth int) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	if w.entries++; w.entries > MaxEntries {
		return w.tooMuch(say("handin.too_many", report.Int("count", MaxEntries)))
	}
	if e.Kind == File {
		if w.total += e.Size; w.total > MaxTotalSize {
			return w.tooMuch(say("handin.too_much", report.Verbatim("size", size(MaxTotalSize))))
		}
	}
	if e.Kind != Folder {
		return w.fn(e)
	}
	if depth >= MaxDepth {
		// The folder walked and MaxDepth-1 below it are read: this one
		// is a folder more than MaxDepth deep, counting the first.
		if err := w.fn(e); err != nil {
			return err
		}
		return w.tooMuch(say("handin.too_deep", report.Int("count", MaxDepth), report.Verbatim("folder", w.shownBelow(e.Name))))
	}
	// What the folder holds, looked up before the folder is taken: a
	// folder the grader's user may not list, or look inside, is refused
	// as a whole, naming it.
	kids, err := w.folder(e.Name)
	if errors.Is(err, fs.ErrPermission) {
		r := refused(e.Name, say("handin.unreadable"), fixReadable(e.Name, true))
		if e.Name == w.top {
			// The folder walked itself: nothing of it to read.
			name := w.topName()
			return refused(name, r.Why, fixReadable(name, true))
		}
		e.Kind, e.Refused = Refused, r
		return w.fn(e)
	}
	if err != nil {
		return err
	}
	if err := w.fn(e); err != nil {
		return err
	}
	for _, c := range kids {
		if err := w.entry(c, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// folder looks up what the folder name holds, in lexical order, but for
// the names that start with a dot (see Walk): a name longer than MaxPath
// is a *RefusedError naming the folder walked.
func (w *walk) folder(name string) ([]Entry, error) {
	names, err := w.d.b.list(name, MaxEntries+1-w.entries)
	if err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: unwrapPath(err)}
	}
	slices.Sort(names)
	var kids []Entry
	for _, n := range names {
		if strings.HasPrefix(n, ".") {
			continue // not part of a submission: see Walk
		}
		c := path.Join(name, n)
		if below := w.below(c); len(below) > MaxPath {
			return nil, w.tooMuch(say("handin.too_long", report.Int("count", MaxPath), report.Verbatim("name", w.shownBelow(c)), report.Int("length", len(below))))
		}
		e, err := w.d.Lookup(c)
		if err != nil {
			return nil, err
		}
		kids = append(kids, e)
	}
	return kids, nil
}

// below is name relative to the folder walked.
func (w *walk) below(name string) string {
	if w.top == "." {
		return name
	}
	return strings.TrimPrefix(strings.TrimPrefix(name, w.top), "/")
}

// shownBelow is name, relative to the folder walked, as a message shows
// it: each part of it longer than a line can hold cut short, with an
// ellipsis ("d00xxxxxxxxxxxxx…/d01xxxxxxxxxxxxx…"), so that a path of a
// thousand bytes is still read at a glance.
func (w *walk) shownBelow(name string) string {
	parts := strings.Split(w.below(name), "/")
	for i, p := range parts {
		if len(p) > 24 {
			cut := 16
			for cut > 0 && !utf8.RuneStart(p[cut]) {
				cut--
			}
			parts[i] = p[:cut] + "…"
		}
	}
	return Shown(strings.Join(parts, "/"))
}

// topName is the folder walked as a message names it: its own name.
func (w *walk) topName() string {
	if w.top == "." {
		return filepath.Base(w.d.path)
	}
	return w.top
}

func (w *walk) tooMuch(problem report.Message) error {
	fix := fixOwnAlone
	switch problem.ID {
	case "handin.too_deep", "handin.too_long":
		fix = fixShallower
	}
	return refused(w.topName(), problem, fix)
}

// CopyTo copies name beneath d (a file, or a folder and everything in it)
// to dst, which must not exist, as regular files and folders the grader's
// user owns, readable by all: the copy a compiler and a run see in the
// student's place. What the rule refuses is left out, and returned; an
// error is for what stops the copy (ctx, the bounds, the grader's own
// trouble writing). The program itself refused is the caller's to tell.
func (d *Dir) CopyTo(ctx context.Context, name, dst string) (refused []*RefusedError, err error) {
	err = d.Walk(ctx, name, func(e Entry) error {
		rel := strings.TrimPrefix(strings.TrimPrefix(e.Name, name), "/")
		to := filepath.Join(dst, filepath.FromSlash(rel))
		switch e.Kind {
		case Folder:
			return os.Mkdir(to, 0o755)
		case Refused:
			refused = append(refused, e.Refused)
			return nil
		}
		err := d.copyFile(ctx, e, to)
		var r *RefusedError
		if errors.As(err, &r) {
			refused = append(refused, r)
			return nil
		}
		return err
	})
	return refused, err
}

func (d *Dir) copyFile(ctx context.Context, e Entry, to string) error {
	mode := os.FileMode(0o644)
	if e.Exec {
		mode = 0o755
	}
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	_, err = d.WriteTo(ctx, e.Name, out)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(to)
		return err
	}
	// Whatever the umask took away: the run's own user reads it.
	return os.Chmod(to, mode)
}

// asRoot says whether the grader runs as root, who may read any file. A
// hard link is the file itself under another name, and no link's target
// to refuse: where fs.protected_hardlinks is 0, a student may link
// /etc/shadow, or a classmate's closed file, into their folder, and root
// would read it for them. So, as root, a file with more than one name that
// not every user may read (the run's own user, among them) is refused: the
// one file of a submission the grader cannot tell is the student's to
// hand in. A file with one name is the folder's alone, whatever its mode
// (a student's umask of 077), and any user may read one that all may read.
// A test sets it to see the rule without root.
var asRoot = func() bool { return os.Geteuid() == 0 }

// testBeforeOpen, set by a test alone, runs between Open's lookup and its
// open: where a test swaps the name, as a racing student would.
var testBeforeOpen func(name string)

// errNotRegular is a lookup that found no regular file where one was
// looked for.
var errNotRegular = errors.New("not a regular file")

// unwrapPath is the cause of err, without the path a lookup wrapped it in
// (the name is the caller's to give).
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// size words a number of bytes as the grader's messages do: "64 MiB".
func size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + " GiB"
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
