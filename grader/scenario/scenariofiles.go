package scenario

import (
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"

	"github.com/boardcheck/boardcheck/grader/builtin"
	"github.com/boardcheck/boardcheck/grader/handin"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// The scenario's files (want.txt, an input for -stdin) are the grader's:
// it reads them outside any run, and only as regular files of a bounded
// size, so that nothing a submission left in their place (a FIFO, a link
// to /dev/zero, its own output) can hang the grader, grow it without end,
// or become what a check compares against. A run has a folder of its own
// beside the scenario's; with a root of its own it cannot see the
// scenario's at all, and without one the snapshot below catches a change.
// With one, a change the snapshot catches came from outside the run
// (another process on the machine), and breaks the check instead of
// failing it: it is not the student's doing.

// maxScenarioFile bounds one file of a scenario's archive.
const maxScenarioFile = 64 << 20

// readScenarioFile reads a file of the scenario's archive.
func readScenarioFile(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", filepath.Base(path), fi.Mode().Type())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscallNoFollow|syscallNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxScenarioFile+1))
	if err == nil && len(data) > maxScenarioFile {
		err = fmt.Errorf("%s: larger than %s", filepath.Base(path), sandbox.FormatSize(maxScenarioFile))
	}
	return data, err
}

// fileSnapshot is what each file of a scenario's folder held, by its path
// in the folder: a digest of a regular file, or its kind.
type fileSnapshot map[string]string

func snapshotFiles(dir string) fileSnapshot {
	snap := fileSnapshot{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		switch {
		case d.IsDir():
			snap[rel] = "folder"
		case d.Type().IsRegular():
			data, err := readScenarioFile(path)
			if err != nil {
				snap[rel] = "unreadable: " + err.Error()
				break
			}
			snap[rel] = fmt.Sprintf("%x", sha256.Sum256(data))
		default:
			snap[rel] = d.Type().String()
		}
		return nil
	})
	return snap
}

// changed names a file of dir that differs from the snapshot (changed,
// added, gone or no longer a regular file), or "".
func (snap fileSnapshot) changed(dir string) string {
	if snap == nil || sandbox.LayerOff("filecheck") {
		return ""
	}
	now := snapshotFiles(dir)
	var names []string
	for name, v := range now {
		if snap[name] != v {
			names = append(names, name)
		}
	}
	for name := range snap {
		if _, ok := now[name]; !ok {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	sort.Strings(names)
	return names[0]
}

// hiddenPrograms are the grader's reference programs wherever the run's
// PATH would find them (`go install ./...` puts nqueens beside grader):
// a submission that ran one would score what it did not solve. Found once.
var hiddenPrograms = sync.OnceValue(func() []string {
	var out []string
	names := append(builtin.Programs(), "grader")
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		for _, name := range names {
			p := filepath.Join(dir, name)
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				out = append(out, p)
			}
		}
	}
	return out
})

// runCopies makes, in dir, a copy of the submission's files (Copies) for
// one run alone, and returns what the run is to see where: no two runs
// share an inode of the submission, which one could watch (inotify) or
// mark (its access time) for another to see, and the run's own copy is
// thrown away with it. Without a root of its own a run sees the host's
// files, and reads the submission where the student's are, as the sandbox
// says.
func (g *Runner) runCopies(dir string) ([]sandbox.Bind, error) {
	if !sandbox.OwnRoot() || sandbox.LayerOff("runcopies") {
		return g.sub.Copies, nil
	}
	var binds []sandbox.Bind
	for i, b := range g.sub.Copies {
		to := filepath.Join(dir, strconv.Itoa(i))
		if err := os.MkdirAll(to, 0o755); err != nil {
			return nil, fmt.Errorf("grader: copying the submission for a run: %w", err)
		}
		to = filepath.Join(to, filepath.Base(b.From))
		d, err := handin.OpenDir(filepath.Dir(b.From))
		if err != nil {
			return nil, fmt.Errorf("grader: copying the submission for a run: %w", err)
		}
		refused, err := d.CopyTo(g.ctx, filepath.Base(b.From), to)
		d.Close()
		if err == nil && len(refused) > 0 {
			err = refused[0]
		}
		if err != nil {
			return nil, fmt.Errorf("grader: copying the submission for a run: %w", err)
		}
		binds = append(binds, sandbox.Bind{At: b.At, From: to, Seen: b.Seen})
	}
	return binds, nil
}
