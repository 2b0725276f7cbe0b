package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/batch"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/suggest"
)

// checkFlags are grader check's flags.
type checkFlags struct {
	timeout durationFlag
	run     listFlag
	pattern string
	verbose bool
	color   colorFlag
	out     outputFlags
	// requireIsolation refuses to run a submission on a machine where the
	// sandbox cannot isolate it (see requireIsolation).
	requireIsolation bool
	// watch grades again each time the submission is saved, until Ctrl-C.
	watch bool
	lang  string
	// uploaded says SUBMISSION is a platform's upload folder, whose
	// student uploads files rather than names one.
	uploaded bool
}

func checkFlagSet() (*flag.FlagSet, *checkFlags) {
	fs := newFlagSet("check")
	f := &checkFlags{}
	fs.Var(&f.color, "color", "colour: `WHEN` is auto (on a terminal, unless NO_COLOR is set), always or never")
	f.out.register(fs)
	fs.Var(&f.run, "run", "run only check `NAME` and the checks it needs (NAME runs even when they fail); repeatable, or comma-separated")
	fs.StringVar(&f.pattern, "pattern", "", "when SUBMISSION is a folder, the file in it to grade: a `GLOB` relative to it, such as \"nqueens.*\"")
	fs.Var(&f.timeout, "timeout", "CPU time limit of every run, instead of the exercise's (a run that waits is stopped by the wall clock at twice that and a second): a positive `DURATION` such as 30s")
	fs.BoolVar(&f.verbose, "v", false, "verbose: every run's real command line, exit status, time and output")
	fs.BoolVar(&f.watch, "watch", false, "grade again each time the submission (a file, or a folder's files) is saved, showing what changed, until Ctrl-C (exit status 0)")
	registerLang(fs, &f.lang)
	fs.BoolVar(&f.uploaded, "uploaded", false, "SUBMISSION is the folder a student's upload lands in on a platform (Gradescope, PrairieLearn): what is wrong with what it holds is said as what to upload")
	fs.BoolVar(&f.requireIsolation, "require-isolation", false, "refuse to run the submission unless the sandbox isolates it fully (\"grader check -v\" lists its layers)")
	return fs, f
}

// requireIsolation returns an error naming what this machine does not
// allow, and how to get it, when the sandbox cannot isolate a run fully.
func requireIsolation(cmd string) error {
	ok, missing := sandbox.Isolated()
	if ok {
		return nil
	}
	// Said to the operator, in English, as the command line's errors are.
	en := i18n.For(i18n.English)
	lines := make([]string, len(missing))
	for i, m := range missing {
		lines[i] = en.Say(m)
	}
	return fmt.Errorf("%s: --require-isolation: this machine does not let the sandbox isolate a run:\n  - %s\n%s; or pass --require-isolation=false to run submissions with what there is",
		cmd, strings.Join(lines, "\n  - "), isolationAdvice(os.Geteuid() == 0))
}

// isolationAdvice says how to get what the sandbox lacks. As root, the
// container the grader runs in refuses it (Docker's default seccomp and
// AppArmor profiles refuse namespaces and mounts), or the kernel does; as
// another user, the kernel's settings for unprivileged users do, which root
// would not need.
func isolationAdvice(root bool) string {
	if root {
		return "as root, what is missing was refused by the container this runs in, if it runs in one (start it with " +
			"--security-opt seccomp=unconfined --security-opt apparmor=unconfined, or privileged), " +
			"or by the kernel (sysctl user.max_user_namespaces must be above 0)"
	}
	return "run as root (sudo, or in a container that allows namespaces), or allow unprivileged user namespaces " +
		"(sysctl kernel.unprivileged_userns_clone=1 on Debian, kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu)"
}

func runCheck(ctx context.Context, args []string, sys stdio) error {
	fs, f := checkFlagSet()
	pos, err := parse(fs, args)
	if errors.Is(err, errHelp) {
		printf(sys.stdout, "%s", helpText("check"))
		return nil
	}
	if err != nil {
		return err
	}
	if err := (operands{cmd: "check", before: "grader check [flags]",
		list: []operand{exerciseID, submissionOperand}}).check(pos); err != nil {
		return err
	}
	// The sandbox probes this machine and starts the first run's
	// supervisor while the exercise is loaded.
	sandbox.Warm()
	dests, err := f.out.plan("check")
	if err != nil {
		return err
	}
	if f.requireIsolation {
		if err := requireIsolation("check"); err != nil {
			return err
		}
	}
	ex, err := loadExercise(pos[0])
	if err != nil {
		return err
	}
	if ex, err = inLanguage("check", f.lang, ex, sys, false); err != nil {
		return err
	}
	run := runNames(ex, f.run)
	if err := checkNames(ex, run); err != nil {
		return err
	}

	opts := grader.Options{
		Timeout: f.timeout.d,
		Run:     run,
		Verbose: f.verbose,
	}
	// The report shows paths relative to where the student is; without a
	// working folder it shows them whole.
	dir, _ := os.Getwd()
	ropts := render.Options{Color: f.color.enabled(sys), Verbose: f.verbose, Dir: dir, Width: sys.width, Focus: f.watch}
	grade := func() (*report.Report, error) {
		rep, err := gradeSubmission(ctx, sys, ex, pos[1], f.pattern, f.uploaded, run, opts)
		if err != nil {
			return nil, err
		}
		return rep, writeReports(sys, dests, rep, ropts)
	}
	if f.watch {
		return watchCheck(ctx, sys, pos[1], grade)
	}
	rep, err := grade()
	if err != nil {
		return err
	}
	return exitCode(verdict(rep))
}

// gradeSubmission grades the submission at path once (a folder's program,
// as pickSubmission finds it), drawing progress on a terminal. A
// submission that cannot be run still gets its report.
func gradeSubmission(ctx context.Context, sys stdio, ex *exercise.Exercise, path, pattern string, uploaded bool, run []string, opts grader.Options) (*report.Report, error) {
	var p *progress
	if sys.progress && sys.getenv("TERM") != "dumb" {
		total := len(ex.Checks)
		if len(run) > 0 {
			total = 0 // the checks needed are the engine's to work out
		}
		p = &progress{w: sys.stderr, exercise: ex.ID, total: total}
		opts.OnCheck = p.done
	}
	file, problem := pickSubmission(path, pattern)
	var rep *report.Report
	var err error
	if problem != "" {
		err = &submission.Error{Path: path, Problem: problem}
	} else {
		rep, err = grader.GradePath(ctx, ex, file, opts)
	}
	p.erase()
	var sub *submission.Error
	if errors.As(err, &sub) && ctx.Err() == nil {
		// A submission that cannot be run still gets its report, in every
		// format, so that a platform (Gradescope, CI) shows the student
		// why: a failing check "The submission can be run", or a broken
		// one when the machine lacks what it needs (exit status 3).
		rep, err = grader.UngradableSubmission(ex, path, sub, opts), nil
		if m, ok := submission.Uploaded(path); ok && uploaded && !sub.Machine {
			// The student uploaded files: the folder's path is the
			// platform's, and naming a file is not theirs to do.
			rep = grader.UngradableReport(ex, path, submission.English(m), sub.Machine, opts)
			rep.Checks[0].Reason = &m
		}
	}
	if err != nil {
		return nil, err
	}
	// After the grading, not while it runs: where runs have no root of
	// their own, a run may write into the submission's folder (Python's
	// __pycache__ beside a package's modules), and a digest taken meanwhile
	// would see it or not by chance.
	rep.Graded = gradedFrom(ctx, ex, path, opts)
	return rep, nil
}

// gradedFrom is what a report of check was graded from, as grader batch
// records it: the submission as given (a file, or a folder and all its
// files), the exercise with the options that change a grade, and this
// grader. A digest that cannot be taken (a submission that does not exist)
// is left empty: the report still stands.
func gradedFrom(ctx context.Context, ex *exercise.Exercise, submission string, opts grader.Options) *report.Graded {
	id, _ := build()
	g := &report.Graded{Grader: id}
	g.Submission, _ = grader.DigestPath(ctx, submission)
	g.Exercise, _ = grader.ExerciseDigest(ex, opts)
	return g
}

// pickSubmission is what to grade: path itself, or, when path is a folder
// and pattern is given (an instructor's for a platform's upload folder),
// the one file in it that pattern matches, as grader batch picks a
// student's. Without a pattern a folder is the grader's to make sense of:
// one program of several files, or the one program file in it, or a
// message that says what kind of folder it is. problem says why none could
// be picked.
func pickSubmission(path, pattern string) (file, problem string) {
	if info, err := os.Stat(path); pattern == "" || err != nil || !info.IsDir() {
		return path, ""
	}
	return batch.Pick(path, pattern)
}

// progress draws "checking nqueens: 3 of 12 checks done" on a terminal's
// standard error while checks run, since a grading can take a while and
// silence looks like a hang. It is erased before the report is printed.
type progress struct {
	w        io.Writer
	exercise string
	total    int // 0 when not known
	mu       sync.Mutex
	n        int
}

// done counts a finished check; the engine calls it from any goroutine.
func (p *progress) done(report.CheckResult) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	switch {
	case p.total > 0:
		fmt.Fprintf(p.w, "\rchecking %s: %d of %d checks done", p.exercise, p.n, p.total)
	case p.n == 1:
		fmt.Fprintf(p.w, "\rchecking %s: 1 check done", p.exercise)
	default:
		fmt.Fprintf(p.w, "\rchecking %s: %d checks done", p.exercise, p.n)
	}
}

func (p *progress) erase() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.n > 0 {
		fmt.Fprint(p.w, "\r\x1b[K") // back to the line's start, and clear it
	}
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// verdict is the exit status a report calls for. A broken check outranks a
// failed one: the exercise must be fixed before the verdict means anything.
func verdict(r *report.Report) int {
	status := exitPass
	for _, c := range r.Checks {
		switch c.Status {
		case report.Error:
			return exitBroken
		case report.Fail, report.Skip:
			status = exitFail
		}
	}
	if status == exitPass && !r.Passed {
		// No check failed, yet the engine says the submission did not
		// pass: trust the engine.
		status = exitFail
	}
	return status
}

// runNames returns --run's checks: a value that is a check's whole title,
// commas and all, is kept whole; any other is split at its commas.
func runNames(ex *exercise.Exercise, f listFlag) []string {
	var names []string
	for _, v := range f.values {
		if slices.ContainsFunc(ex.Checks, func(c *exercise.Check) bool { return strings.EqualFold(c.Title, v) }) {
			names = append(names, v)
			continue
		}
		for _, n := range strings.Split(v, ",") {
			names = append(names, strings.TrimSpace(n))
		}
	}
	return names
}

// checkNames rejects a --run name that is no check of ex, listing the ones
// that are: the student has the exercise's vocabulary wrong, not one letter.
// A check's title, in any case, names it too: it is what the report shows.
func checkNames(ex *exercise.Exercise, names []string) error {
	var all []string
	for _, c := range ex.Checks {
		all = append(all, c.Name)
	}
	for _, n := range names {
		byTitle := slices.ContainsFunc(ex.Checks, func(c *exercise.Check) bool { return strings.EqualFold(c.Title, n) })
		if !byTitle && !slices.Contains(all, n) {
			id, name := report.Verbatim("exercise", ex.ID), report.Verbatim("check", strconv.Quote(n))
			no := say("cli.no_check", id, name)
			if best := suggest.Closest(n, all); best != "" {
				no = say("cli.no_check_suggest", id, name, report.Verbatim("suggestion", best))
			}
			return usageSay(inCommand("check", no), say("cli.checks_are", report.Verbatim("checks", strings.Join(all, ", "))))
		}
	}
	return nil
}

// loadExercise resolves the ID argument of check and show: an embedded
// exercise, or, for authors, an exercise folder. Anything with a slash is a
// folder (./my-exercise, exercises/nqueens); a bare name is an embedded
// exercise, or a folder of that name holding exercise.toml when no embedded
// exercise has it.
func loadExercise(id string) (*exercise.Exercise, error) {
	if strings.ContainsRune(id, '/') || strings.ContainsRune(id, filepath.Separator) || id == "." || id == ".." {
		return loadFolder(id)
	}
	ex, err := exercise.Lookup(id)
	var unknown *exercise.UnknownError
	if errors.As(err, &unknown) {
		if _, statErr := os.Stat(filepath.Join(id, "exercise.toml")); statErr == nil {
			return loadFolder(id)
		}
		return nil, err
	}
	if err != nil {
		// A builtin exercise that does not load: the grader's to fix.
		return nil, diagnostic(err)
	}
	return ex, nil
}

func loadFolder(dir string) (*exercise.Exercise, error) {
	folder, manifest := report.Verbatim("folder", dir), report.Verbatim("manifest", "exercise.toml")
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, usageSay(say("cli.folder.missing", folder))
	case err != nil:
		return nil, usageSay(say("cli.folder.unreadable", folder, report.Verbatim("error", err.Error())))
	case !info.IsDir():
		return nil, usageSay(say("cli.folder.not_folder", folder, report.Verbatim("command", "grader list"), manifest))
	}
	if _, err := os.Stat(filepath.Join(dir, "exercise.toml")); err != nil {
		return nil, usageSay(say("cli.folder.no_manifest", folder, manifest))
	}
	ex, err := exercise.LoadDir(dir)
	if err != nil {
		// The author's mistake (a manifest's, a scenario's), for the
		// author: said as it is, verbatim.
		return nil, diagnostic(err)
	}
	return ex, nil
}
