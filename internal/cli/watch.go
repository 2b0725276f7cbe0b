package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// settle is how long a submission must go unchanged before it is graded
// again: an editor's save is several events (a write, a rename, a chmod),
// and a folder's "save all" one a file.
const settle = 200 * time.Millisecond

// clearScreen moves a terminal's cursor home and clears it, so that each
// grading replaces the last instead of scrolling it away.
const clearScreen = "\x1b[H\x1b[2J"

// watchCheck grades the submission, then again each time it (or, for a
// folder, a file in it) is saved, until ctx ends: Ctrl-C ends a watch as
// it is meant to end, so it returns nil and grader exits with status 0.
// grade grades once and shows the report. What changed since the last
// grading is said under the report, where the eye is when it ends.
func watchCheck(ctx context.Context, sys stdio, path string, grade func() (*report.Report, error)) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("check --watch: cannot watch files: %w", err)
	}
	defer w.Close()
	dir, wanted := watched(path)
	// The folder, not the file: an editor that saves by writing a new file
	// and renaming it over the old one would end a watch on the file.
	if err := w.Add(dir); err != nil {
		// A folder that is not there: the command line names nothing
		// that could ever be saved.
		return usageErrorf("check --watch: cannot watch %s: %v", dir, err)
	}
	var last *report.Report
	for {
		if sys.terminal {
			fmt.Fprint(sys.stdout, clearScreen)
		}
		rep, err := grade()
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return err
		}
		l := i18n.For(rep.Lang)
		if last != nil {
			fmt.Fprintln(sys.stdout, l.T("cli.watch.since", report.Nested("changes", changes(last, rep))))
		}
		last = rep
		fmt.Fprintln(sys.stdout, l.T("cli.watch.watching", report.Verbatim("path", path)))
		if !waitForSave(ctx, w, wanted) {
			return nil
		}
	}
}

// watched returns the folder to watch for path and the test of an event's
// file name that a change of the submission passes.
func watched(path string) (string, func(string) bool) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return path, func(name string) bool { return !editorTemp(filepath.Base(name)) }
	}
	base := filepath.Base(path)
	return filepath.Dir(path), func(name string) bool { return filepath.Base(name) == base }
}

// editorTemp says whether a file name is an editor's scratch file (vim's
// .swp and 4913, emacs's #...# and backups~), whose changes are no save.
func editorTemp(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "#") ||
		strings.HasSuffix(name, "~") || name == "4913"
}

// waitForSave waits for a change the test passes, then for the files to
// settle. It returns false when ctx ends first, or the watch fails.
func waitForSave(ctx context.Context, w *fsnotify.Watcher, wanted func(string) bool) bool {
	changed := false
	var quiet <-chan time.Time // runs once a change is seen
	for {
		select {
		case <-ctx.Done():
			return false
		case ev, ok := <-w.Events:
			if !ok {
				return false
			}
			if ev.Op == fsnotify.Chmod || !wanted(ev.Name) {
				continue
			}
			changed = true
			quiet = time.After(settle)
		case _, ok := <-w.Errors:
			if !ok {
				return false
			}
			// The kernel's queue overflowed, say: a change may have been
			// missed, so grade again rather than wait for the next.
			changed = true
			quiet = time.After(settle)
		case <-quiet:
			if changed {
				return true
			}
		}
	}
}

// changes says how a grading differs from the last, check by check, by
// name: "n6 now passes; n8 still fails". Checks that passed both times go
// unsaid.
func changes(last, now *report.Report) report.Message {
	before := map[string]report.Status{}
	for _, c := range last.Checks {
		before[c.Name] = c.Status
	}
	var nowPass, nowFail, stillFail, nowSkip, stillSkip []string
	for _, c := range now.Checks {
		was, seen := before[c.Name]
		passed := seen && was == report.Pass
		switch {
		case c.Status == report.Pass && !passed:
			nowPass = append(nowPass, c.Name)
		case c.Status == report.Pass:
		case c.Status == report.Skip && was == report.Skip:
			stillSkip = append(stillSkip, c.Name)
		case c.Status == report.Skip:
			// Not run, because what it needs fails: it has not failed.
			nowSkip = append(nowSkip, c.Name)
		case passed || !seen:
			nowFail = append(nowFail, c.Name)
		default:
			stillFail = append(stillFail, c.Name)
		}
	}
	var parts []report.Message
	add := func(id string, names []string) {
		if len(names) > 0 {
			parts = append(parts, say(id, report.Int("count", len(names)), report.Nested("names", report.List(names))))
		}
	}
	add("cli.watch.now_pass", nowPass)
	add("cli.watch.now_fail", nowFail)
	add("cli.watch.still_fail", stillFail)
	add("cli.watch.now_skipped", nowSkip)
	add("cli.watch.still_skipped", stillSkip)
	if len(parts) == 0 {
		return say("cli.watch.all_still_pass")
	}
	m := parts[0]
	for _, p := range parts[1:] {
		m = say("cli.watch.then", report.Nested("first", m), report.Nested("then", p))
	}
	return m
}
