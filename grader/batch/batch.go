// Package batch grades a whole class: every submission in a folder against
// one exercise, several at once, into a folder of JSON reports and a
// gradebook built from them. A run that is interrupted (Ctrl-C, or killed)
// resumes when started again with the same output folder: reports already
// written are kept, and every file is written whole or not at all. A class
// can be split into shards graded on different machines and merged after.
//
//	res, err := batch.Run(ctx, batch.Options{Exercise: ex, Dir: "class", Out: "out"})
//
// Each student's submission runs through the engine (grader.GradePath),
// whose every run is a separate process under its own limits, so one
// hostile submission cannot touch another's report; a submission that
// cannot be graded at all (an empty file, a missing interpreter) gets a
// report saying so, and the batch goes on.
package batch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// Options say what to grade and where the results go.
type Options struct {
	Exercise *exercise.Exercise
	Dir      string // the class folder: one entry per student
	Pattern  string // picks the submission inside a student's folder (see Students)
	Out      string // the output folder, created if missing
	Shard    Shard  // the slice of the class to grade; zero for all of it
	// Jobs is how many submissions are graded at once; 0 means one per
	// CPU.
	Jobs int
	// Grade are the options of each submission's grading. Its Parallel
	// (checks at once within one submission) defaults to 1: the
	// submissions already keep the CPUs busy, and one submission's checks
	// in order are easier on memory than several submissions' at once.
	Grade grader.Options
	// Progress, if set, is told of each student as their report is
	// written or found; calls are serialized.
	Progress func(Progress)
	// Version names the grader's build (its version and binary's digest),
	// recorded in every report: a report of another build is graded again.
	Version string
	// Regrade grades every student again, keeping no report.
	Regrade bool
	// Bound is the longest one student's grading may take (reading their
	// files included); 0 means grader.Bound, derived from the exercise's
	// limits. Past it the student gets a report saying so, an error,
	// graded again on the next run, and the class goes on.
	Bound time.Duration
}

// Progress is one student's news.
type Progress struct {
	Student Student
	Row     Row  // the gradebook row of the report
	Resumed bool // the report was there from an earlier run
	Err     error
	Done    int // students finished so far, this one included
	Total   int // students in this run
}

// Result is what a run did.
type Result struct {
	Students []Student // this run's students (its shard), sorted
	Rows     []Row     // the gradebook's rows
	Resumed  int       // reports kept from an earlier run
	Graded   int       // reports written by this run
	// Regraded says why reports of an earlier run were graded again.
	Regraded Regraded
	// Failed are students the grader itself failed to grade (not the
	// submission's fault); they have no report, and a rerun tries again.
	Failed map[string]error
	// Removed are the students whose reports this run deleted, since they
	// are no longer in the class; OtherShard, those deleted since they are
	// in another slice of it (the folder held another --shard).
	Removed, OtherShard []string
}

// Regraded counts the reports of an earlier run that were not kept, by
// why. A report is kept only when it was graded from the same submission,
// exercise and grader version as this run's, and judged every check it ran;
// a report that records none (written before reports did) counts as another
// grader's.
type Regraded struct {
	Submissions int // students whose submission changed
	// Exercise and Grader count the reports graded against another
	// exercise (its files, --timeout or --run) or by another grader version.
	Exercise, Grader int
	// Errors counts the reports with a check the grader could not judge
	// (status error: the machine too busy to time a run fairly, an
	// interpreter missing). Such a report is no grade: keeping it would
	// make a rerun, the very remedy its message gives, change nothing.
	Errors int
	Forced int // --regrade
}

// Total is how many reports were graded again.
func (r Regraded) Total() int {
	return r.Submissions + r.Exercise + r.Grader + r.Errors + r.Forced
}

// UngradableCheck is the check a submission that cannot be run at all
// fails, in the report written for it (see grader.UngradableReport).
const UngradableCheck = report.UngradableCheck

// Run grades the students of opts.Shard in opts.Dir into opts.Out and
// writes the gradebook. Reports already in opts.Out/reports are kept, not
// graded again. When ctx is cancelled, Run stops starting students, lets
// the ones being graded go (they are not written), and returns ctx's error
// without writing the gradebook: running it again finishes the job.
func Run(ctx context.Context, opts Options) (*Result, error) {
	if opts.Exercise == nil {
		return nil, errors.New("grader: batch: no exercise")
	}
	if err := CheckOut(opts.Dir, opts.Out); err != nil {
		return nil, fmt.Errorf("grader: batch: --out %w", err)
	}
	class, err := Students(opts.Dir, opts.Pattern, opts.Out)
	if err != nil {
		return nil, err
	}
	students := opts.Shard.Select(class)
	reports := filepath.Join(opts.Out, ReportsDir)
	if err := os.MkdirAll(reports, 0o755); err != nil {
		return nil, fmt.Errorf("grader: creating the output folder: %w", err)
	}
	removeLeftovers(reports)
	removeLeftovers(opts.Out)

	exDigest, err := grader.ExerciseDigest(opts.Exercise, opts.Grade)
	if err != nil {
		return nil, err
	}
	res := &Result{Students: students, Failed: map[string]error{}}
	var names []string
	for _, s := range students {
		names = append(names, s.Name)
	}
	gone, err := removeGone(opts.Out, names, opts.Exercise.ID)
	if err != nil {
		return nil, err
	}
	for _, name := range gone {
		if slices.ContainsFunc(class, func(s Student) bool { return s.Name == name }) {
			res.OtherShard = append(res.OtherShard, name)
		} else {
			res.Removed = append(res.Removed, name)
		}
	}
	rec := newRecord(opts.Exercise.ID, exDigest, opts.Version, opts.Shard, class)
	if err := rec.write(opts.Out); err != nil {
		return nil, fmt.Errorf("grader: %w", err)
	}
	rows := make(map[string]Row)
	graded := make(map[string]report.Graded)
	bound := opts.Bound
	if bound <= 0 {
		bound = grader.Bound(opts.Exercise, opts.Grade)
	}
	tooLong := map[string]bool{} // students whose files took longer than bound to read
	var todo []Student
	for _, s := range students {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		g := report.Graded{Exercise: exDigest, Grader: opts.Version}
		d, done := within(ctx, bound, func(ctx context.Context) string { return digestStudent(ctx, s) })
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if !done {
			tooLong[s.Name] = true
			g.Submission = "unread: reading took longer than " + bound.String()
			graded[s.Name] = g
			todo = append(todo, s)
			continue
		}
		g.Submission = d
		graded[s.Name] = g
		path := filepath.Join(reports, reportName(s.Name)+".json")
		r, err := ReadRow(path)
		switch {
		case errors.Is(err, os.ErrNotExist):
			todo = append(todo, s)
			continue
		case err != nil:
			// Written whole or not at all, a report cannot be cut short;
			// this one is something else, and is not ours to replace.
			return nil, fmt.Errorf("grader: %s: %w; move it away to grade %s again", path, err, s.Name)
		case r.Exercise != opts.Exercise.ID:
			return nil, fmt.Errorf("grader: %s holds reports for exercise %s, not %s: choose another output folder",
				opts.Out, r.Exercise, opts.Exercise.ID)
		case opts.Regrade:
			res.Regraded.Forced++
		case r.Graded.Grader != g.Grader || r.Graded.Exercise == "":
			res.Regraded.Grader++
		case r.Graded.Exercise != g.Exercise:
			res.Regraded.Exercise++
		case r.Graded.Submission != g.Submission:
			res.Regraded.Submissions++
		case slices.ContainsFunc(r.Checks, func(c CheckCell) bool { return c.Status == string(report.Error) }):
			res.Regraded.Errors++
		default:
			rows[s.Name] = r
			res.Resumed++
			continue
		}
		todo = append(todo, s)
	}

	var mu sync.Mutex
	done := 0
	tell := func(p Progress) {
		mu.Lock()
		defer mu.Unlock()
		done++
		p.Done, p.Total = done, len(students)
		if p.Err == nil {
			rows[p.Student.Name] = p.Row
			if !p.Resumed {
				res.Graded++
			}
		} else if ctx.Err() == nil {
			res.Failed[p.Student.Name] = p.Err
		}
		if opts.Progress != nil && (p.Err == nil || ctx.Err() == nil) {
			opts.Progress(p)
		}
	}
	for _, s := range students {
		if r, ok := rows[s.Name]; ok {
			tell(Progress{Student: s, Row: r, Resumed: true})
		}
	}

	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0) // the cores this process may use: see grader.Options.Parallel
	}
	gopts := opts.Grade
	if gopts.Parallel == 0 {
		gopts.Parallel = 1
	}
	queue := make(chan Student)
	var wg sync.WaitGroup
	for range min(jobs, max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range queue {
				g := graded[s.Name]
				var rep *report.Report
				var err error
				if tooLong[s.Name] {
					rep = tooLongReport(opts.Exercise, s, bound, gopts)
				} else {
					rep, err = gradeWithin(ctx, bound, opts.Exercise, s, gopts)
				}
				var row Row
				if err == nil {
					row, err = writeReport(rep, s, reports, opts.Dir, &g)
				}
				tell(Progress{Student: s, Row: row, Err: err})
			}
		}()
	}
	for _, s := range todo {
		if ctx.Err() != nil {
			break
		}
		select {
		case queue <- s:
		case <-ctx.Done():
		}
	}
	close(queue)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return res, err
	}
	for _, s := range students {
		if r, ok := rows[s.Name]; ok {
			res.Rows = append(res.Rows, r)
		}
	}
	if err := WriteGradebook(opts.Out, res.Rows); err != nil {
		return res, fmt.Errorf("grader: %w", err)
	}
	if err := WriteGradebookXLSX(opts.Out, res.Rows); err != nil {
		return res, fmt.Errorf("grader: %w", err)
	}
	if err := WriteGradebookHTML(opts.Out, res.Rows); err != nil {
		return res, fmt.Errorf("grader: %w", err)
	}
	if err := WriteClassJUnit(opts.Out, opts.Exercise.ID, res.Rows); err != nil {
		return res, fmt.Errorf("grader: %w", err)
	}
	return res, nil
}

// gradeWithin grades one student, stopping past bound: the student then
// gets a report saying so (tooLongReport), and the class goes on. A grading
// that does not end with its context within boundGrace (a system call that
// never returns) is left behind, never to write a report.
func gradeWithin(ctx context.Context, bound time.Duration, ex *exercise.Exercise, s Student, opts grader.Options) (*report.Report, error) {
	type graded struct {
		rep *report.Report
		err error
	}
	g, done := within(ctx, bound, func(ctx context.Context) graded {
		rep, err := gradeOne(ctx, ex, s, opts)
		return graded{rep, err}
	})
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case !done:
		return tooLongReport(ex, s, bound, opts), nil
	}
	return g.rep, g.err
}

// within calls f with a context that ends past bound, and returns its
// result and true, or, when f has not returned by then and boundGrace
// more, false. ctx's own end is the caller's to check.
func within[T any](ctx context.Context, bound time.Duration, f func(context.Context) T) (T, bool) {
	bctx, cancel := context.WithTimeout(ctx, bound)
	defer cancel()
	out := make(chan T, 1)
	go func() { out <- f(bctx) }()
	var zero T
	select {
	case v := <-out:
		return v, bctx.Err() == nil || ctx.Err() != nil
	case <-bctx.Done():
	}
	select {
	case v := <-out:
		// Cut short at the bound: what it made is not the student's
		// verdict, unless the bound was not what ended it.
		return v, ctx.Err() != nil
	case <-time.After(boundGrace):
		return zero, false
	}
}

// boundGrace is how long a grading stopped at its bound is given to end:
// its runs killed, their folders removed.
const boundGrace = 10 * time.Second

// tooLongReport is the report of a student whose grading took longer than
// bound: the grader's trouble (an error, not the student's verdict), graded
// again on the next run.
func tooLongReport(ex *exercise.Exercise, s Student, bound time.Duration, opts grader.Options) *report.Report {
	path := s.Path
	if path == "" && len(s.Entries) > 0 {
		path = s.Entries[0]
	}
	problem := fmt.Sprintf("grading took longer than %v, the most this exercise's limits allow a submission: the grader stopped it, and this is not your program's verdict; it is graded again on the next run",
		bound.Round(time.Second))
	return grader.UngradableReport(ex, path, problem, true, opts)
}

// gradeOne grades one student.
func gradeOne(ctx context.Context, ex *exercise.Exercise, s Student, opts grader.Options) (*report.Report, error) {
	if s.Problem != "" {
		path := s.Path
		if path == "" && len(s.Entries) > 0 {
			path = s.Entries[0]
		}
		return grader.UngradableReport(ex, path, s.Problem, false, opts), nil
	}
	// The entry, checked when the class was listed, is graded by path:
	// looked up again beneath the class folder with no link followed, so
	// that an entry made a link since (mallory.py -> alice/prog.py, in a
	// drop-box) is refused as it would have been at the listing.
	if len(s.Entries) > 0 {
		opts.Class = filepath.Dir(s.Entries[0])
	}
	rep, err := grader.GradePath(ctx, ex, s.Path, opts)
	var sub *submission.Error
	switch {
	case ctx.Err() != nil:
		// Whatever came back was cut short by the interruption (a
		// compiler killed mid-way looks like a compile error): it is
		// not this student's verdict.
		return nil, ctx.Err()
	case errors.As(err, &sub) && sub.Link != "" && len(s.Entries) > 0 && sub.Link == s.Entries[0]:
		// Said as the listing says it.
		return grader.UngradableReport(ex, s.Path, linkProblem(s.Entries[0], filepath.Base(s.Entries[0])), false, opts), nil
	case errors.As(err, &sub):
		return grader.UngradableSubmission(ex, s.Path, sub, opts), nil
	case err != nil:
		return nil, err
	}
	return rep, nil
}

// writeReport writes a student's report, JSON and HTML, and returns its
// gradebook row.
func writeReport(rep *report.Report, s Student, reports, class string, g *report.Graded) (Row, error) {
	rep.Graded = g
	rep.Student = s.Name
	relativize(rep, class)
	if err := writeHTMLReport(reports, s.Name, rep); err != nil {
		return Row{}, err
	}
	var buf bytes.Buffer
	format, err := render.Lookup("json")
	if err != nil {
		return Row{}, err
	}
	if err := format.Render(&buf, rep, render.Options{}); err != nil {
		return Row{}, err
	}
	if err := atomicfile.Write(filepath.Join(reports, reportName(s.Name)+".json"), buf.Bytes()); err != nil {
		return Row{}, err
	}
	return parseRow(s.Name, buf.Bytes())
}

// digestStudent is the digest of a student's entries in the class folder
// and of which file in them is the submission (--pattern may pick another),
// or why none is.
func digestStudent(ctx context.Context, s Student) string {
	var parts []string
	if len(s.Entries) > 0 {
		if rel, err := filepath.Rel(filepath.Dir(s.Entries[0]), s.Path); err == nil && s.Path != "" {
			parts = append(parts, "submission "+filepath.ToSlash(rel))
		}
	}
	if s.Problem != "" {
		parts = append(parts, "problem "+s.Problem)
	}
	for _, e := range s.Entries {
		d, err := grader.DigestPath(ctx, e)
		if err != nil {
			// A link to nowhere: unchanged while it stays one.
			d = "unreadable: " + err.Error()
		}
		parts = append(parts, filepath.Base(e)+" "+d)
	}
	return "sha256:" + fmt.Sprintf("%x", sha256.Sum256([]byte(strings.Join(parts, "\n"))))
}

// relativize makes the paths of rep that name the class folder relative to
// it: a report is the student's to read, and the instructor's folders
// (/home/prof/class/carol.js) are none of their business. The student's
// own file names stay.
func relativize(rep *report.Report, class string) {
	abs, err := filepath.Abs(class)
	if err != nil {
		return
	}
	var prefixes []string
	for _, p := range []string{abs, filepath.Clean(class)} {
		if p != "." && !slices.Contains(prefixes, p+string(filepath.Separator)) {
			prefixes = append(prefixes, p+string(filepath.Separator))
		}
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		prefixes = append(prefixes, real+string(filepath.Separator))
	}
	rel := func(s string) string {
		for _, p := range prefixes {
			s = strings.ReplaceAll(s, p, "")
		}
		return s
	}
	args := func(argv []string) {
		for i := range argv {
			argv[i] = rel(argv[i])
		}
	}
	// Spelt as the HTML page and the JUnit file write it, not as JSON
	// would (an invalid byte as U+FFFD, which no other file has), and
	// apart from any other student's (spellPath).
	rep.Submission = spellPath(rel(rep.Submission))
	args(rep.Command)
	for i := range rep.Checks {
		c := &rep.Checks[i]
		c.Message, c.Hint = rel(c.Message), rel(c.Hint)
		c.Reason, c.HintReason = relMessage(c.Reason, rel), relMessage(c.HintReason, rel)
		c.Log = rel(c.Log)
		for j := range c.Runs {
			args(c.Runs[j].Command)
			c.Runs[j].Stderr = rel(c.Runs[j].Stderr)
		}
	}
}

// relMessage is m with rel applied to the words of every argument, nested
// ones too: what a renderer says of a message names the paths in them.
func relMessage(m *report.Message, rel func(string) string) *report.Message {
	if m == nil {
		return nil
	}
	c := report.Message{ID: m.ID, Args: slices.Clone(m.Args)}
	for i, a := range c.Args {
		switch a.Kind {
		case report.ArgText, report.ArgVerbatim:
			c.Args[i].Text = rel(a.Text)
		case report.ArgMessage:
			c.Args[i].Msg = relMessage(a.Msg, rel)
		}
	}
	return &c
}

// removeGone deletes the reports (JSON and HTML) in out of students not in
// this run, who are no longer in the class or are in another slice of it,
// and returns their names. A report of another exercise, or a JSON file
// that is no report, stops it before anything is deleted: the folder is not
// this class's.
func removeGone(out string, students []string, exercise string) ([]string, error) {
	dir := filepath.Join(out, ReportsDir)
	keep := map[string]bool{}
	for _, s := range students {
		keep[reportName(s)] = true
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("grader: %w", err)
	}
	var paths, names []string
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if strings.HasPrefix(e.Name(), ".") || e.IsDir() || ext != ".json" && ext != ".html" || keep[strings.TrimSuffix(e.Name(), ext)] {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if ext == ".json" {
			r, err := ReadRow(path)
			switch {
			case err != nil:
				return nil, fmt.Errorf("grader: %s: %w; it is no student's report: move it away", path, err)
			case r.Exercise != exercise:
				return nil, fmt.Errorf("grader: %s holds reports for exercise %s, not %s: choose another output folder",
					out, r.Exercise, exercise)
			}
			names = append(names, r.Student)
		}
		paths = append(paths, path)
	}
	for _, p := range paths {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("grader: %w", err)
		}
	}
	slices.Sort(names)
	return names, nil
}

// removeLeftovers deletes the temporary files a killed run left in dir.
func removeLeftovers(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), ".tmp-") {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
