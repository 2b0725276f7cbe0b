package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/batch"
	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// batchFlags are grader batch's flags.
type batchFlags struct {
	out     string
	pattern string
	shard   shardFlag
	jobs    positiveFlag
	timeout durationFlag
	bound   durationFlag // --student-timeout
	run     listFlag
	// requireIsolation is on by default: a class is untrusted code in bulk.
	requireIsolation bool
	regrade          bool
	lang             string
}

func batchFlagSet() (*flag.FlagSet, *batchFlags) {
	fs := newFlagSet("batch")
	f := &batchFlags{}
	fs.Var(&f.jobs, "jobs", "grade `N` submissions at once (default: one per core this process may use)")
	fs.StringVar(&f.out, "out", "", "write the reports and the gradebook to folder `DIR`; must be set")
	fs.StringVar(&f.pattern, "pattern", "", "in a student's folder, the submission is the one file matching `GLOB` (default: the one file with a known extension)")
	fs.BoolVar(&f.regrade, "regrade", false, "grade every student again, keeping no report of an earlier run")
	fs.Var(&f.run, "run", "run only check `NAME` and the checks it needs; repeatable, or comma-separated")
	fs.Var(&f.shard, "shard", "grade only slice `K/N` of the class (students sorted by name, dealt round-robin)")
	fs.Var(&f.timeout, "timeout", "CPU time limit of every run, instead of the exercise's (a run that waits is stopped by the wall clock at twice that and a second): a positive `DURATION` such as 30s")
	registerLang(fs, &f.lang)
	fs.Var(&f.bound, "student-timeout", "stop a student's grading past `DURATION` (default: what the exercise's limits allow one submission, every run's added up)")
	fs.BoolVar(&f.requireIsolation, "require-isolation", true, "refuse to grade unless the sandbox isolates every run fully; =false grades with what the machine allows")
	return fs, f
}

func runBatch(ctx context.Context, args []string, sys stdio) error {
	fs, f := batchFlagSet()
	pos, err := parse(fs, args)
	if errors.Is(err, errHelp) {
		printf(sys.stdout, "%s", batchHelp())
		return nil
	}
	if err != nil {
		return err
	}
	if err := (operands{cmd: "batch", before: "grader batch [flags]", after: "--out OUTDIR",
		list: []operand{exerciseID, {"class folder", "the class folder", "DIR", "", ""}}}).check(pos); err != nil {
		return err
	}
	if f.out == "" {
		return usageErrorf("batch: --out is missing: name the folder for the reports and the gradebook")
	}
	if info, err := os.Stat(pos[1]); err != nil || !info.IsDir() {
		return usageErrorf("batch: class folder %s: want a folder holding one file or folder per student", pos[1])
	}
	if err := batch.CheckClass(pos[1]); err != nil {
		return usageErrorf("batch: class folder %s: %v", pos[1], err)
	}
	if info, err := os.Stat(f.out); err == nil && !info.IsDir() {
		return usageErrorf("batch: --out %s is a file: want a folder", f.out)
	}
	if parent := filepath.Dir(filepath.Clean(f.out)); !isDir(parent) {
		return usageErrorf("batch: --out %s: folder %s does not exist: create it first", f.out, parent)
	}
	if err := batch.CheckOut(pos[1], f.out); err != nil {
		return usageErrorf("batch: --out %v", err)
	}
	sandbox.Warm() // while the class folder and the exercise are read
	if f.requireIsolation {
		if err := requireIsolation("batch"); err != nil {
			return err
		}
	}
	ex, err := loadExercise(pos[0])
	if err != nil {
		return err
	}
	if ex, err = inLanguage("batch", f.lang, ex, sys, false); err != nil {
		return err
	}
	if err := checkNames(ex, f.run.names); err != nil {
		return err
	}

	id, ok := build()
	if !ok {
		// Kept on a rerun, a report of another build would pass for this
		// one's: better no batch than grades no one can date.
		_, err := grader.BuildDigest()
		return fmt.Errorf("%w; a batch records it in every report, to grade again what another build graded: make the binary readable (chmod +r)", err)
	}
	jobs := f.jobs.n
	if jobs == 0 {
		jobs = runtime.GOMAXPROCS(0) // the cores this process may use, a container's quota counted
	}
	p := newBatchProgress(sys, ex.ID, jobs)
	start := time.Now()
	res, err := batch.Run(ctx, batch.Options{
		Exercise: ex,
		Dir:      pos[1],
		Pattern:  f.pattern,
		Out:      f.out,
		Shard:    f.shard.s,
		Jobs:     f.jobs.n,
		Grade:    grader.Options{Timeout: f.timeout.d, Run: f.run.names},
		Progress: p.update,
		Version:  id,
		Regrade:  f.regrade,
		Bound:    f.bound.d,
	})
	p.finish()
	if errors.Is(err, context.Canceled) && res != nil {
		printf(sys.stderr, "grader: interrupted: %d of %d students have their report in %s; run the same command again to grade the rest\n",
			res.Resumed+res.Graded, len(res.Students), f.out)
		return exitCode(exitInterrupted)
	}
	if err != nil {
		return err
	}
	printBatchSummary(sys.stdout, ex.ID, f.out, res.Rows, res.Resumed, time.Since(start))
	if why := regradedReasons(res.Regraded, len(res.Students)); why != "" {
		printf(sys.stdout, "graded again: %s\n", why)
	}
	// A report left of a student who is gone would be merged, and read,
	// as one of the class.
	if n := len(res.Removed); n > 0 {
		printf(sys.stdout, "removed the reports of %d %s no longer in the class: %s\n",
			n, plural(n, "student", "students"), strings.Join(res.Removed, ", "))
	}
	if n := len(res.OtherShard); n > 0 {
		printf(sys.stdout, "removed the reports of %d %s not in slice %s of the class: %s\n",
			n, plural(n, "student", "students"), f.shard.s, strings.Join(res.OtherShard, ", "))
	}
	if len(res.Failed) > 0 {
		var names []string
		for _, s := range res.Students {
			if err, ok := res.Failed[s.Name]; ok {
				names = append(names, render.Escape(s.Name))
				printf(sys.stderr, "grader: %s: %v\n", render.Escape(s.Name), render.Escape(strings.TrimPrefix(err.Error(), "grader: ")))
			}
		}
		return fmt.Errorf("the grader failed on %d %s (%s), who have no report; run the same command again to retry",
			len(names), plural(len(names), "student", "students"), strings.Join(names, ", "))
	}
	return nil
}

// printBatchSummary says what a batch (or a merge) came to: how many
// students, the mean score, who could not be graded, and the checks failed
// most often, which tell an instructor what to explain again.
func printBatchSummary(w io.Writer, exercise, out string, rows []batch.Row, resumed int, took time.Duration) {
	s := batch.Summarize(rows)
	l := fmt.Sprintf("%s: %d %s in %s", exercise, s.Students, plural(s.Students, "student", "students"), filepath.Join(out, batch.GradebookFile))
	if resumed > 0 {
		l += fmt.Sprintf(" (%d kept from an earlier run)", resumed)
	}
	if took > 0 {
		l += fmt.Sprintf(", %s", took.Round(100*time.Millisecond))
	}
	printf(w, "%s\n", l)
	if s.Students == 0 {
		return
	}
	printf(w, "mean score: %.1f/%d; every check passed: %d of %d\n", s.MeanScore, s.MaxScore, s.AllPassed, s.Students)
	if n := len(s.Ungradable); n > 0 {
		var names []string
		for _, u := range s.Ungradable {
			names = append(names, render.Escape(u))
		}
		printf(w, "could not be run: %d (%s)\n", n, strings.Join(names, ", "))
	}
	if len(s.MostFailed) > 0 {
		var parts []string
		for i, c := range s.MostFailed {
			unit := ""
			if i == 0 {
				unit = " " + plural(c.Students, "student", "students")
			}
			parts = append(parts, fmt.Sprintf("%s (%d%s)", c.Check, c.Students, unit))
		}
		printf(w, "most often failed: %s\n", strings.Join(parts, ", "))
	}
}

// regradedReasons says why reports of an earlier run were graded again:
// "3 changed submissions, exercise changed: all", or "" when none were.
// "all" is every student of the run.
func regradedReasons(r batch.Regraded, students int) string {
	count := func(n int) string {
		if n == students {
			return "all"
		}
		return strconv.Itoa(n)
	}
	var parts []string
	if r.Submissions > 0 {
		parts = append(parts, fmt.Sprintf("%d changed %s", r.Submissions, plural(r.Submissions, "submission", "submissions")))
	}
	if r.Exercise > 0 {
		parts = append(parts, "exercise changed: "+count(r.Exercise))
	}
	if r.Grader > 0 {
		parts = append(parts, "graded by another build of the grader: "+count(r.Grader))
	}
	if r.Errors > 0 {
		parts = append(parts, fmt.Sprintf("%d with a grader error last time", r.Errors))
	}
	if r.Forced > 0 {
		parts = append(parts, "--regrade: "+count(r.Forced))
	}
	return strings.Join(parts, ", ")
}

// batchProgress shows a batch's progress: a bar on a terminal, else a line
// per student graded, which reads well in a CI log.
type batchProgress struct {
	w        io.Writer
	exercise string
	bar      *progressbar.ProgressBar
	resumed  int
	said     bool // the resumed count was printed

	// The bar's time estimate is grader's own (see timeLeft): the
	// library's counts the reports kept as graded in no time, and says 0s
	// while the last students run.
	mu     sync.Mutex
	jobs   int       // submissions graded at once
	start  time.Time // when the first student of this run started
	last   time.Time // when the last student finished
	graded int       // students graded by this run so far
	left   int       // students still to grade
	stop   chan struct{}
	tty    bool // show a bar, made at the first student, who tells the total
}

func newBatchProgress(sys stdio, exercise string, jobs int) *batchProgress {
	p := &batchProgress{w: sys.stderr, exercise: exercise, jobs: max(jobs, 1), start: time.Now()}
	if sys.progress && sys.getenv("TERM") != "dumb" {
		p.tty = true
		// The estimate counts down between students.
		p.stop = make(chan struct{})
		go func() {
			t := time.NewTicker(time.Second)
			defer t.Stop()
			for {
				select {
				case <-p.stop:
					return
				case <-t.C:
					p.mu.Lock()
					p.describe()
					p.mu.Unlock()
				}
			}
		}()
	}
	return p
}

// describe shows the estimate in the bar's description; p.mu is held.
func (p *batchProgress) describe() {
	if p.bar == nil || p.left == 0 && p.graded == 0 {
		return
	}
	desc := "grading " + p.exercise
	if d, ok := timeLeft(p.last.Sub(p.start), time.Since(p.last), p.graded, p.left, p.jobs); ok && p.left > 0 {
		desc += fmt.Sprintf(", about %s left", d)
	}
	p.bar.Describe(desc)
}

// timeLeft estimates how long the students left take, from this run's
// pace: graded students took elapsed, jobs at a time, so one takes
// elapsed*jobs/graded, and the left ones go jobs at a time. since is the
// time since the last one finished, which the estimate counts down. It is
// rounded up to the second and never under 1s while a student is left: a
// grading still running is never "0s left". Unknown (false) until one
// student of this run is graded.
func timeLeft(elapsed, since time.Duration, graded, left, jobs int) (time.Duration, bool) {
	if left <= 0 {
		return 0, true
	}
	if graded == 0 {
		return 0, false
	}
	jobs = max(jobs, 1)
	per := elapsed * time.Duration(min(jobs, graded)) / time.Duration(graded)
	rounds := (left + jobs - 1) / jobs
	d := per*time.Duration(rounds) - since
	if d%time.Second != 0 {
		d = d.Truncate(time.Second) + time.Second
	}
	return max(d, time.Second), true
}

// update is batch.Options.Progress: calls come one at a time.
func (p *batchProgress) update(pr batch.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pr.Resumed {
		// Kept reports are told first, all at once: this run's grading
		// starts after them.
		p.start = time.Now()
	} else {
		p.last = time.Now()
		p.graded++
	}
	p.left = pr.Total - pr.Done
	if p.tty && p.bar == nil {
		p.bar = progressbar.NewOptions(pr.Total,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription("grading "+p.exercise),
			progressbar.OptionShowCount(),
			progressbar.OptionSetPredictTime(false), // timeLeft is ours
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30),
		)
	}
	if p.bar != nil {
		p.describe()
		p.bar.Set(pr.Done)
		return
	}
	if pr.Resumed {
		p.resumed++
		return
	}
	if p.resumed > 0 && !p.said {
		printf(p.w, "kept %d %s from an earlier run\n", p.resumed, plural(p.resumed, "report", "reports"))
		p.said = true
	}
	width := len(strconv.Itoa(pr.Total))
	if pr.Err != nil {
		printf(p.w, "[%*d/%d] %s: grader error: %v\n", width, pr.Done, pr.Total, render.Escape(pr.Student.Name),
			render.Escape(strings.TrimPrefix(pr.Err.Error(), "grader: ")))
		return
	}
	printf(p.w, "[%*d/%d] %s: %d/%d\n", width, pr.Done, pr.Total, render.Escape(pr.Student.Name), pr.Row.Score, pr.Row.MaxScore)
}

func (p *batchProgress) finish() {
	if p.stop != nil {
		close(p.stop)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Finish()
	} else if p.resumed > 0 && !p.said {
		printf(p.w, "kept %d %s from an earlier run\n", p.resumed, plural(p.resumed, "report", "reports"))
	}
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}

// shardFlag is --shard K/N.
type shardFlag struct{ s batch.Shard }

func (f *shardFlag) String() string {
	if f == nil || f.s.N == 0 {
		return ""
	}
	return f.s.String()
}

func (f *shardFlag) Set(s string) error {
	sh, err := batch.ParseShard(s)
	f.s = sh
	return err
}

// positiveFlag is a positive whole number.
type positiveFlag struct{ n int }

func (f *positiveFlag) String() string {
	if f == nil || f.n == 0 {
		return ""
	}
	return strconv.Itoa(f.n)
}

func (f *positiveFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return errors.New("want a whole number, 1 or more")
	}
	f.n = n
	return nil
}

func batchHelp() string {
	fs, _ := batchFlagSet()
	return `Usage: grader batch [flags] ID DIR --out OUTDIR

Batch grades a whole class: every entry of DIR is one student, either a
submission file (alice.py: student alice) or a folder (alice/) holding the
submission, which --pattern picks (default: the one file with an extension
grader knows). Submissions are graded several at once, one per core the
grader may use.

It writes OUTDIR/reports/STUDENT.json, each student's report in the json
format, and OUTDIR/gradebook.csv, one row per student (RFC 4180 CSV, UTF-8,
sorted by student), with the columns:

  student         the student's name
  score           points earned
  max_score       points available
  passed          true when every check passed, else false
  failed_checks   the checks that failed or could not be judged, by name,
                  separated by spaces ("build": does not compile;
                  "submission": cannot be run)
  skipped_checks  the checks skipped because one they need did not pass
  CHECK...        one column per check, named by its id: its score (empty
                  when --run left it out)

OUTDIR/gradebook.xlsx is the same table as a workbook, for a spreadsheet:
each name a text cell, as written (LibreOffice and Excel read a CSV's
0042, 2024-01-02 and TRUE as a number, a date and a boolean, and a CSV
without a byte order mark in an 8-bit character set), each score a
number, passed a boolean.

A student's name is their entry's name in DIR, without a file's extension,
spelt one way in every file: a byte that is not UTF-8, a control character
(tab, CR and LF too) and a first =, +, - or @ are written as escapes
(inv\xff, line\nbreak, \x3d2+2), and a backslash of the name's own is
written twice (\\x3dbob), so that every row names its report, no two
students are spelt alike, and no cell is run as a formula. Any name the
file system allows works: a report whose NAME.json would be too long for
a file name is named by the name's start and a digest, and holds the
whole name ("student").

then prints a summary: the mean score and the checks failed most often.

Beside them go the same as web pages: OUTDIR/reports/STUDENT.html, each
student's report in the html format, and OUTDIR/index.html, the gradebook:
a row per student linking to their report, sortable by any column, and a
chart of the checks failed most often. OUTDIR/junit.xml is the class as
JUnit XML, one testsuite per student ("EXERCISE: STUDENT"), for a CI
server's test report.

A student whose submission cannot be run (an empty file, a folder without a
program, alice/ beside alice.sh, a program that is a link out of the
student's folder) gets a report saying so, and the batch goes on. A
student's files are read as grader check reads a submission ("grader help
check"): regular files inside their own entry only, so that one student's
folder (a link to /dev/zero, a named pipe, a link to a classmate's file)
never stops the class nor reads what the student could not; DIR's own
entries are the instructor's, and a folder that is a link is followed. A
report names the student's files relative to DIR. OUTDIR may be inside
DIR, directly (it is then no student), not DIR itself nor inside a student's
folder.

No student's grading takes longer than the exercise's limits allow one
submission (--student-timeout sets another bound): twice the wall-clock limit
of every run of every check (a run the machine starved is run again), twenty
seconds a run for the sandbox, and the compiler's and the interpreter's own
limits. Past it the student's report says so, as an
error that is not the student's verdict; the class goes on, and the next
run grades that student again, as it does every report with a check that
could not be judged.

Interrupted (Ctrl-C, or killed), batch can be run again with the same OUTDIR,
and no file is ever half-written. Each report records what it was graded
from: a digest of the student's files, one of the exercise (its manifest,
scenarios and limits, and --timeout and --run), and the grader's build (its
version and the digest of its binary, as "grader version" prints them). A
run keeps a report only when all three are this run's and it judged every
check (a grader error, such as a machine too busy to time a run fairly, is
no grade), grades the others again and says why ("graded again: 3 changed submissions, graded by another
build of the grader: all"); --regrade grades every student again. The
reports of students no longer in DIR (or, with --shard, no longer in this
slice) are deleted, and the summary names them.

--shard K/N grades the K-th of N slices of the class: students sorted by
name, dealt round-robin (student i, from 0, goes to slice i mod N + 1). Each
slice goes to its own OUTDIR, whose class.json records the slice ("K/N"),
every student of the class, the exercise's digest and the grader's build;
"grader merge" joins the slices into one gradebook, the same byte for byte
as one run over the whole class, and refuses a slice missing or twice, or
one of another class, exercise or build.

` + flagDefaults(fs) + `
Exit status: 0 when every student has a report (whatever their scores), 2
for a usage error, 3 when the grader failed on a student, or before any,
when the sandbox cannot isolate a run (see --require-isolation) or the
exercise cannot be loaded, 130 when interrupted.
`
}
