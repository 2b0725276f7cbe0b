package author

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/boardcheck/boardcheck/grader"
	"github.com/boardcheck/boardcheck/grader/builtin"
	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/script"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/programs"
)

// VerifyOptions tune Verify.
type VerifyOptions struct {
	// Parallel is how many submissions are graded at once; 0 means
	// runtime.GOMAXPROCS(0). The reference always runs alone, so that its times
	// are not inflated by the others.
	Parallel int
	// OnItem is called as each item is settled (for progress), on any
	// goroutine.
	OnItem func(VerifyItem)
	// Only, when set, names the submissions to grade, each as the report
	// names it ("good/awk.sh", "bad/tuples.py"); the others are left out
	// of the report. Everything else is proven as without it. A fast
	// representative check (the default test run) grades a few; an
	// author grades every one.
	Only []string
}

// What a VerifyItem is about.
const (
	ItemReference     = "reference"      // the reference program against every check
	ItemGood          = "good"           // a good/ submission against every check
	ItemBad           = "bad"            // a bad/ submission against the checks it must fail
	ItemValidOutput   = "valid-output"   // an output the checkers must accept
	ItemInvalidOutput = "invalid-output" // an output the checkers must reject
	ItemTiming        = "timing"         // the time limit against the reference's runs
	ItemPoints        = "points"         // the checks' points against the exercise's maximum
	ItemStatement     = "statement"      // README.md's generated parts against their sources
)

// VerifyReport is the outcome of Verify: one item per thing proven, in the
// order reference, good/, bad/, valid-output/, invalid-output/, timing,
// points, statement.
type VerifyReport struct {
	Exercise, Title string
	Source          string // "builtin" or the folder, as loaded
	Checks          int    // how many scenarios loaded
	Items           []VerifyItem
	// OK says every item holds: no problems (warnings allowed).
	OK       bool
	Duration time.Duration
}

// VerifyItem is one thing Verify proved, or failed to.
type VerifyItem struct {
	Kind string // one of the Item constants
	// Name is what the item is about, as an author finds it in the folder:
	// "builtin:nqueens", "good/awk.sh", "valid-output/list-4/crlf.txt",
	// "limits.time 10s".
	Name string
	// Problems are the reasons the exercise is not ready, each a sentence
	// naming the check or file at fault. None when the item holds.
	Problems []string
	// Warnings hold without failing: a thin time margin, a verdict that
	// rests on a timeout, a submission not run for want of its compiler.
	Warnings []string
	// Detail says, when it holds, what was proven ("12 checks passed").
	Detail   string
	Duration time.Duration
}

// OK says the item holds.
func (it VerifyItem) OK() bool { return len(it.Problems) == 0 }

// Problems counts the problems across the report.
func (r *VerifyReport) Problems() int {
	n := 0
	for _, it := range r.Items {
		n += len(it.Problems)
	}
	return n
}

// Warnings counts the warnings across the report.
func (r *VerifyReport) Warnings() int {
	n := 0
	for _, it := range r.Items {
		n += len(it.Warnings)
	}
	return n
}

// timingMargin is how many times the reference's slowest run the time limit
// must be before it stops being a warning: a student's sound solution in a
// slower language, or the same one on a busier machine, needs the room.
const timingMargin = 2

// checkerTimeout bounds one checker call on a hand-written output: a checker
// that loops on odd input is a problem to report, not a hang.
const checkerTimeout = 20 * time.Second

// Verify proves an exercise the way Kattis's verifyproblem proves a
// problem package. Loading it (exercise.LoadFS, LoadDir, Lookup) already parsed the
// manifest and every scenario and resolved every dependency; Verify then
// checks that the reference program passes every check, every good/ file
// passes every check, every bad/ file fails each check its [[bad]] entry
// names with the entry's phrase (and that bad/ holds no undeclared file),
// the checkers accept every file under valid-output/ and reject every file
// under invalid-output/ without crashing, and that the time limit leaves the
// reference room. Problems are in the report; the error is for the grader's
// own failures and interruption.
func Verify(ctx context.Context, ex *exercise.Exercise, opts VerifyOptions) (*VerifyReport, error) {
	start := time.Now()
	r := &VerifyReport{Exercise: ex.ID, Title: ex.Title, Source: ex.Source, Checks: len(ex.Checks)}
	dir, err := os.MkdirTemp("", "grader-verify-")
	if err != nil {
		return nil, fmt.Errorf("grader: %w", err)
	}
	defer submission.RemoveAll(dir)
	// Submissions must be files to compile and run; a builtin exercise's
	// live in the binary.
	root := filepath.Join(dir, "exercise")
	if err := os.CopyFS(root, ex.FS); err != nil {
		return nil, fmt.Errorf("grader: copying %s to run its programs: %w", ex.Source, err)
	}
	add := func(it VerifyItem) {
		r.Items = append(r.Items, it)
		if opts.OnItem != nil {
			opts.OnItem(it)
		}
	}

	// Good and bad submissions, graded a few at a time, those declared to
	// time out first (startOrder); the report keeps the folder's order
	// whatever finishes first.
	type job struct {
		kind string
		file string
		bad  *exercise.BadSubmission
	}
	var jobs []job
	for _, f := range submissionsIn(ex.FS, "good") {
		jobs = append(jobs, job{kind: ItemGood, file: f})
	}
	declared := make(map[string]bool)
	for i := range ex.Bad {
		declared[ex.Bad[i].File] = true
		jobs = append(jobs, job{kind: ItemBad, file: ex.Bad[i].File, bad: &ex.Bad[i]})
	}
	// The kinds the folders hold, before Only leaves any out: an empty
	// folder is worth a warning, one left out is not.
	present := make(map[string]bool)
	for _, j := range jobs {
		present[j.kind] = true
	}
	if opts.Only != nil {
		chosen := make(map[string]bool)
		for _, name := range opts.Only {
			chosen[name] = true
		}
		jobs = slices.DeleteFunc(jobs, func(j job) bool {
			name := j.kind + "/" + j.file
			found := chosen[name]
			delete(chosen, name)
			return !found
		})
		if len(chosen) > 0 {
			missing := slices.Sorted(maps.Keys(chosen))
			return nil, fmt.Errorf("grader: verify %s: no submission %s: name a file under good/, or one under bad/ with a [[bad]] entry", ex.ID, strings.Join(missing, ", "))
		}
	}

	ref, refReport := verifyReference(ctx, ex, root)
	add(ref)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("grader: verify interrupted: %w", err)
	}

	items := make([]VerifyItem, len(jobs))
	parallel := opts.Parallel
	if parallel <= 0 {
		parallel = runtime.GOMAXPROCS(0) // the cores this process may use, as grader's
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, parallel)
	var mu sync.Mutex
	for _, i := range startOrder(len(jobs), func(i int) bool { return jobs[i].bad != nil && expectsTimeout(*jobs[i].bad) }) {
		j := jobs[i]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var it VerifyItem
			if j.kind == ItemGood {
				it = verifyGood(ctx, ex, root, j.file)
			} else {
				it = verifyBad(ctx, ex, root, *j.bad)
			}
			items[i] = it
			if opts.OnItem != nil {
				mu.Lock()
				opts.OnItem(it)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("grader: verify interrupted: %w", err)
	}
	r.Items = append(r.Items, items...)
	for _, f := range submissionsIn(ex.FS, "bad") {
		if !declared[f] {
			add(VerifyItem{Kind: ItemBad, Name: "bad/" + f, Problems: []string{
				"no [[bad]] entry in exercise.toml: add one saying which checks it fails, with a phrase of each failure, and why"}})
		}
	}

	outputs := verifyOutputs(ctx, ex)
	// An empty folder proves nothing: say so, without failing, since a
	// new exercise starts that way.
	empty := map[string]string{
		ItemGood:          "add other correct submissions (another language, another order, another algorithm): each must pass every check",
		ItemBad:           "add the mistakes students make, each with a [[bad]] entry naming the checks it fails",
		ItemValidOutput:   "add outputs the checkers must accept (trailing spaces, another order), in folders with a command file",
		ItemInvalidOutput: "add outputs the checkers must reject (an empty file, CRLF, a solution repeated, numbers too big), in folders with a command file",
	}
	for _, kind := range []string{ItemGood, ItemBad, ItemValidOutput, ItemInvalidOutput} {
		found := present[kind] || slices.ContainsFunc(r.Items, func(it VerifyItem) bool { return it.Kind == kind }) ||
			slices.ContainsFunc(outputs, func(it VerifyItem) bool { return it.Kind == kind })
		if !found {
			outputs = append(outputs, VerifyItem{Kind: kind, Name: kind + "/", Warnings: []string{"empty: " + empty[kind]}})
		}
	}
	for _, it := range outputs {
		add(it)
	}
	add(verifyTiming(ex, refReport))
	add(verifyPoints(ex))
	add(verifyStatement(ctx, ex, root, ref.OK()))
	for _, it := range verifyTranslations(ex) {
		add(it)
	}
	// The report's order is the kinds' order, whatever was found when.
	slices.SortStableFunc(r.Items, func(a, b VerifyItem) int { return kindRank(a.Kind) - kindRank(b.Kind) })

	r.OK = r.Problems() == 0
	r.Duration = time.Since(start)
	return r, nil
}

// startOrder is the order in which to start n jobs: the slow ones first,
// then the rest, each in their own order. A job that runs to the time limit
// started last would hold verify up by that whole limit after the others
// are done; started first, the others run beside it.
func startOrder(n int, slow func(int) bool) []int {
	order := make([]int, 0, n)
	for i := range n {
		if slow(i) {
			order = append(order, i)
		}
	}
	for i := range n {
		if !slow(i) {
			order = append(order, i)
		}
	}
	return order
}

// expectsTimeout says whether a bad submission's entry says it fails a check
// by timing out: it then runs for the whole time limit at least.
func expectsTimeout(bad exercise.BadSubmission) bool {
	for _, phrase := range bad.Fails {
		if strings.Contains(phrase, "timed out") {
			return true
		}
	}
	return false
}

func kindRank(kind string) int {
	return slices.Index([]string{ItemReference, ItemGood, ItemBad, ItemValidOutput, ItemInvalidOutput, ItemTiming, ItemPoints, ItemStatement, ItemTranslation}, kind)
}

// folderFiles lists the submissions in a folder of the exercise, sorted;
// dot files (.gitkeep) and a README.md are the author's, not submissions.
func folderFiles(fsys fs.FS, dir string) []string {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	var files []string
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") || e.Name() == "README.md" {
			continue
		}
		files = append(files, e.Name())
	}
	return files
}

// submissionsIn lists the submissions in good/ or bad/: its files, as
// folderFiles does, and its folders, each a program of several files.
func submissionsIn(fsys fs.FS, dir string) []string {
	subs := folderFiles(fsys, dir)
	entries, _ := fs.ReadDir(fsys, dir)
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			subs = append(subs, e.Name())
		}
	}
	slices.Sort(subs)
	return subs
}

// verifyReference grades the reference on every check, one check at a time
// so that its run times are its own.
func verifyReference(ctx context.Context, ex *exercise.Exercise, root string) (it VerifyItem, rep *report.Report) {
	it = VerifyItem{Kind: ItemReference, Name: ex.Reference}
	if ex.Reference == "" {
		it.Name = "(none)"
		it.Problems = []string{fmt.Sprintf("exercise.toml names no reference program: add reference = \"builtin:NAME\" (one of %s) or the path of a program in the folder, such as \"solution/%s.py\"",
			strings.Join(builtin.Programs(), ", "), ex.Program)}
		return it, nil
	}
	// A named result, so that the deferred assignment reaches the caller.
	start := time.Now()
	defer func() { it.Duration = time.Since(start) }()
	var err error
	opts := grader.Options{Parallel: 1}
	if name, ok := strings.CutPrefix(ex.Reference, "builtin:"); ok {
		opts.Env = append(opts.Env, referenceEnv(ex)...)
		var sub *submission.Submission
		sub, err = builtin.Submission(name)
		if err == nil {
			rep, err = grader.Grade(ctx, ex, sub, opts)
		}
	} else {
		rep, err = grader.GradePath(ctx, ex, filepath.Join(root, filepath.FromSlash(exercise.ReferencePath(ex.Reference))), opts)
	}
	if err != nil {
		it.Problems = []string{"cannot run: " + strings.TrimPrefix(err.Error(), "grader: ")}
		return it, nil
	}
	it.Problems = mustPass(rep)
	if len(it.Problems) == 0 {
		it.Detail = fmt.Sprintf("%d checks passed", len(rep.Checks))
	}
	return it, rep
}

// referenceEnv is the K=V list that gives a builtin reference the
// exercise's messages, so that it prints the exercise's wording, not its
// source article's, and its puzzle, for builtin:puzzle to solve.
func referenceEnv(ex *exercise.Exercise) []string {
	data, err := json.Marshal(ex.Messages)
	if err != nil {
		panic(err) // a map of strings always marshals
	}
	env := []string{builtin.TextsEnv + "=" + string(data)}
	if ex.Puzzle != nil {
		spec, err := ex.Puzzle.Marshal(ex.Program)
		if err != nil {
			panic(err) // strings, numbers and booleans always marshal
		}
		env = append(env, builtin.PuzzleEnv+"="+string(spec))
	}
	return env
}

// verifyGood grades a good/ submission on every check.
func verifyGood(ctx context.Context, ex *exercise.Exercise, root, file string) (it VerifyItem) {
	it = VerifyItem{Kind: ItemGood, Name: "good/" + file}
	start := time.Now()
	defer func() { it.Duration = time.Since(start) }()
	rep, err := grader.GradePath(ctx, ex, filepath.Join(root, "good", file), grader.Options{Parallel: 1})
	if err != nil {
		notRun(&it, err)
		return it
	}
	it.Problems = mustPass(rep)
	if len(it.Problems) > 0 {
		it.Problems = append(it.Problems, staleTexts(ex, root, "good", nil, file)...)
	}
	if len(it.Problems) == 0 {
		it.Detail = fmt.Sprintf("%d checks passed", len(rep.Checks))
	}
	return it
}

// mustPass lists, for a submission that must pass, each check that did not.
func mustPass(rep *report.Report) []string {
	var problems []string
	for _, c := range rep.Checks {
		switch c.Status {
		case report.Pass:
		case report.Skip:
			problems = append(problems, fmt.Sprintf("check %s: skipped, since %s did not pass", c.Name, c.SkippedBecause))
		default:
			problems = append(problems, fmt.Sprintf("check %s: %s: %s", c.Name, c.Status, c.Message))
		}
	}
	return problems
}

// notRun records a submission that could not be graded. A missing compiler
// or interpreter is the machine's gap, a warning; anything else about the
// file is a problem.
func notRun(it *VerifyItem, err error) {
	var se *submission.Error
	if errors.As(err, &se) && strings.HasSuffix(se.Problem, "not found on PATH") {
		it.Warnings = append(it.Warnings, "not run: "+se.Problem+" ("+se.Fix+")")
		return
	}
	it.Problems = append(it.Problems, "cannot run: "+strings.TrimPrefix(err.Error(), "grader: "))
}

// verifyBad grades a bad/ submission on the checks it must fail and what
// they need.
func verifyBad(ctx context.Context, ex *exercise.Exercise, root string, bad exercise.BadSubmission) (it VerifyItem) {
	it = VerifyItem{Kind: ItemBad, Name: "bad/" + bad.File}
	start := time.Now()
	defer func() { it.Duration = time.Since(start) }()
	var names []string
	for name := range bad.Fails {
		names = append(names, name)
	}
	slices.Sort(names)
	// build and starts are no scenarios to select: they come first
	// whatever runs.
	run := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == report.BuildCheck || n == report.StartCheck })
	rep, err := grader.GradePath(ctx, ex, filepath.Join(root, "bad", bad.File), grader.Options{Run: run, Parallel: 1})
	if err != nil {
		notRun(&it, err)
		return it
	}
	for _, name := range names {
		phrase := bad.Fails[name]
		i := slices.IndexFunc(rep.Checks, func(c report.CheckResult) bool { return c.Name == name })
		if i < 0 {
			it.Problems = append(it.Problems, fmt.Sprintf("check %s: not graded", name))
			continue
		}
		c := rep.Checks[i]
		switch {
		case c.Status == report.Pass:
			it.Problems = append(it.Problems, fmt.Sprintf("check %s: passed; it must fail with a message containing %q (%s)", name, phrase, bad.Why))
		case c.Status == report.Skip:
			it.Problems = append(it.Problems, fmt.Sprintf("check %s: skipped, since %s did not pass; it must fail itself with a message containing %q", name, c.SkippedBecause, phrase))
		case c.Status != report.Fail:
			it.Problems = append(it.Problems, fmt.Sprintf("check %s: %s: %s", name, c.Status, c.Message))
		case !strings.Contains(c.Message, phrase):
			it.Problems = append(it.Problems, fmt.Sprintf("check %s: failed with %q, which does not contain %q", name, c.Message, phrase))
		}
		if c.Status == report.Fail && timedOut(c) {
			it.Warnings = append(it.Warnings, fmt.Sprintf("check %s: it fails only by timing out after %s, so its verdict depends on the machine's speed", name, ex.Limits.Time))
		}
	}
	if len(it.Problems) > 0 {
		it.Problems = append(it.Problems, staleTexts(ex, root, "bad", &bad, bad.File)...)
	}
	if len(it.Problems) == 0 {
		it.Detail = "fails " + strings.Join(names, ", ")
	}
	return it
}

// verifyPoints checks that the checks' points add up to the exercise's
// maximum: a check added or dropped without the others' points changing
// would otherwise leave a student's score out of a number no one chose.
func verifyPoints(ex *exercise.Exercise) VerifyItem {
	it := VerifyItem{Kind: ItemPoints, Name: fmt.Sprintf("points %d", ex.Points)}
	total := 0
	var parts []string
	for _, c := range ex.Checks {
		total += c.Points
		parts = append(parts, fmt.Sprintf("%s %d", c.Name, c.Points))
	}
	if total != ex.Points {
		it.Problems = []string{fmt.Sprintf("the checks' points add up to %d (%s), not the exercise's maximum of %d: change the checks' # points: lines, or set points = %d in exercise.toml",
			total, strings.Join(parts, " + "), ex.Points, total)}
		return it
	}
	it.Detail = fmt.Sprintf("%d checks add up to %d", len(ex.Checks), total)
	return it
}

// verifyStatement checks the statement's table of checks against the
// checks and, when the reference works (refOK), its examples against what
// the reference prints. root holds the exercise's files.
func verifyStatement(ctx context.Context, ex *exercise.Exercise, root string, refOK bool) VerifyItem {
	it := VerifyItem{Kind: ItemStatement, Name: "README.md"}
	if ex.Statement == "" {
		it.Problems = []string{"no statement: write README.md, what a student works from (CONTRIBUTING.md, step 3)"}
		return it
	}
	if p := statementTableProblem(ex); p != "" {
		it.Problems = append(it.Problems, p)
	}
	it.Problems = append(it.Problems, wordingsLeftBehind(ex, ex.Statement)...)
	it.Problems = append(it.Problems, headerWordingsLeftBehind(ex)...)
	examples := findExamples(ex.Statement, ex.Program)
	if refOK && len(examples) > 0 {
		err := withReference(ctx, ex, root, func(sub *submission.Submission, env []string) error {
			var err error
			examples, err = runExamples(ctx, ex, sub, env)
			return err
		})
		if err != nil {
			it.Problems = append(it.Problems, strings.TrimPrefix(err.Error(), "grader: "))
		} else {
			it.Problems = append(it.Problems, examplesProblems(examples)...)
		}
	}
	if len(it.Problems) == 0 {
		it.Detail = fmt.Sprintf("the table of checks matches the checks, and %d examples what the reference prints", len(examples))
		if !refOK && len(examples) > 0 {
			it.Detail = "the table of checks matches the checks; its examples are unchecked while the reference fails"
		}
	}
	return it
}

// replacedText is a message the exercise words otherwise than its builtin
// reference's default: a submission or a [[bad]] phrase that still has the
// default is one the manifest's wording left behind.
type replacedText struct{ name, old, new string }

// replacedTexts lists the exercise's messages that reword its builtin
// reference's defaults, by name; none for a reference of the folder, whose
// defaults the grader cannot know.
func replacedTexts(ex *exercise.Exercise) []replacedText {
	program, ok := strings.CutPrefix(ex.Reference, "builtin:")
	if !ok {
		return nil
	}
	defaults := programs.DefaultTexts(program)
	var list []replacedText
	for _, name := range slices.Sorted(maps.Keys(ex.Messages)) {
		// builtin:puzzle has no wording of its own (""), so nothing of it
		// is replaced.
		if old, ok := defaults[name]; ok && old != "" && old != ex.Messages[name] {
			list = append(list, replacedText{name, old, ex.Messages[name]})
		}
	}
	return list
}

// staleTexts explains a good/ or bad/ submission's problems when its
// source, or its [[bad]] entry's phrases, still have a wording the
// manifest's [messages] replaced: why it now disagrees, and what to change.
func staleTexts(ex *exercise.Exercise, root, dir string, bad *exercise.BadSubmission, file string) []string {
	replaced := replacedTexts(ex)
	if len(replaced) == 0 {
		return nil
	}
	src, _ := os.ReadFile(filepath.Join(root, dir, file))
	var notes []string
	for _, r := range replaced {
		if bytes.Contains(src, []byte(r.old)) {
			notes = append(notes, fmt.Sprintf("%s/%s still has %q, which exercise.toml's messages.%s words %q: change the submission to print the new wording", dir, file, r.old, r.name, r.new))
		}
		if bad == nil {
			continue
		}
		for _, check := range slices.Sorted(maps.Keys(bad.Fails)) {
			if strings.Contains(bad.Fails[check], r.old) {
				notes = append(notes, fmt.Sprintf("its [[bad]] phrase for check %s quotes %q, which exercise.toml's messages.%s words %q: quote the new wording", check, r.old, r.name, r.new))
			}
		}
	}
	return notes
}

// timedOut says whether a failed check failed because a run hit the time
// limit.
func timedOut(c report.CheckResult) bool {
	for _, run := range c.Runs {
		if strings.HasPrefix(run.Death, "timed out") {
			return true
		}
	}
	return false
}

// verifyTiming compares the reference's slowest run with the time limit,
// by the CPU time both are counted in: the machine's load changes the
// wall-clock time of a run, not its CPU time.
func verifyTiming(ex *exercise.Exercise, ref *report.Report) VerifyItem {
	it := VerifyItem{Kind: ItemTiming, Name: "limits.time " + ex.Limits.Time.String()}
	if ref == nil {
		it.Warnings = []string{"not measured: the reference did not run"}
		return it
	}
	var slowest report.Run
	var slowestCheck string
	for _, c := range ref.Checks {
		for _, run := range c.Runs {
			if strings.HasPrefix(run.Death, "timed out") {
				it.Problems = append(it.Problems, fmt.Sprintf("the reference's run %q (check %s) timed out: limits.time %s is below the reference's time; raise it",
					strings.Join(run.Args, " "), c.Name, ex.Limits.Time))
			}
			if run.CPU > slowest.CPU {
				slowest, slowestCheck = run, c.Name
			}
		}
	}
	if len(it.Problems) > 0 || slowestCheck == "" {
		return it
	}
	it.Detail = fmt.Sprintf("the reference's slowest run, %q (check %s), used %s of CPU time", strings.Join(slowest.Args, " "), slowestCheck, roundDuration(slowest.CPU))
	if limit := ex.Limits.Time; limit < timingMargin*slowest.CPU {
		it.Warnings = append(it.Warnings, fmt.Sprintf("limits.time %s is less than %d times the reference's slowest run, %q (check %s), which used %s of CPU time: a sound solution in a slower language may time out",
			limit, timingMargin, strings.Join(slowest.Args, " "), slowestCheck, roundDuration(slowest.CPU)))
	}
	return it
}

func roundDuration(d time.Duration) time.Duration {
	if d > time.Second {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}

// outputCommandFile is the file in each folder under valid-output/ and
// invalid-output/ that holds the checker command its outputs are judged by.
const outputCommandFile = "command"

// verifyOutputs judges every file under valid-output/ and invalid-output/.
// Each holds folders; each folder a file named command with one scenario
// checker line (`queens -format list all 4`, `tour -closed 6`,
// `count queens 8`) and the outputs to judge by it.
func verifyOutputs(ctx context.Context, ex *exercise.Exercise) []VerifyItem {
	var items []VerifyItem
	for _, kind := range []string{ItemValidOutput, ItemInvalidOutput} {
		entries, err := fs.ReadDir(ex.FS, kind)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := kind + "/" + e.Name()
			if strings.HasPrefix(e.Name(), ".") || e.Name() == "README.md" {
				continue
			}
			if !e.IsDir() {
				items = append(items, VerifyItem{Kind: kind, Name: name, Problems: []string{
					fmt.Sprintf("outputs go in folders: move it to %s/FOLDER/%s, beside a file %s naming the checker command", kind, e.Name(), outputCommandFile)}})
				continue
			}
			items = append(items, verifyOutputFolder(ctx, ex, kind, name)...)
		}
	}
	return items
}

func verifyOutputFolder(ctx context.Context, ex *exercise.Exercise, kind, dir string) []VerifyItem {
	data, err := fs.ReadFile(ex.FS, path.Join(dir, outputCommandFile))
	if err != nil {
		return []VerifyItem{{Kind: kind, Name: dir, Problems: []string{
			fmt.Sprintf("no %s file: add %s/%s holding the checker command its outputs are judged by, such as queens -format list all 4", outputCommandFile, dir, outputCommandFile)}}}
	}
	line := strings.TrimSpace(string(data))
	if err := validateOutputCommand(ex, line); err != nil {
		return []VerifyItem{{Kind: kind, Name: path.Join(dir, outputCommandFile), Problems: []string{err.Error()}}}
	}
	var items []VerifyItem
	for _, f := range folderFiles(ex.FS, dir) {
		if f == outputCommandFile {
			continue
		}
		if ctx.Err() != nil {
			break
		}
		it := VerifyItem{Kind: kind, Name: path.Join(dir, f)}
		start := time.Now()
		out, err := fs.ReadFile(ex.FS, path.Join(dir, f))
		if err != nil {
			it.Problems = []string{err.Error()}
			items = append(items, it)
			continue
		}
		fail, crash := judgeOutput(ex, line, out)
		it.Duration = time.Since(start)
		switch {
		case crash != "":
			it.Problems = []string{fmt.Sprintf("the checker (%s) %s", line, crash)}
		case fail != nil && fail.Invalid:
			it.Problems = []string{fmt.Sprintf("%s: %s", line, fail.Message)}
		case kind == ItemValidOutput && fail != nil:
			it.Problems = []string{fmt.Sprintf("rejected by %s: %s; it must be accepted", line, fail.Message)}
		case kind == ItemInvalidOutput && fail == nil:
			it.Problems = []string{fmt.Sprintf("accepted by %s; it must be rejected", line)}
		case fail != nil:
			it.Detail = fail.Message
		default:
			it.Detail = "accepted"
		}
		items = append(items, it)
	}
	return items
}

// validateOutputCommand checks a command file's line: one of the checker
// commands, with a usage its scenarios could have.
func validateOutputCommand(ex *exercise.Exercise, line string) error {
	sl, err := script.ParseLine(line)
	if err == nil && (sl == nil || len(sl.Conds) > 0 || sl.Neg || sl.Dynamic) {
		err = errors.New("want one checker command with its arguments, such as queens -format list all 4")
	}
	if err != nil {
		return err
	}
	switch sl.Cmd {
	case "queens", "tour", "count", "answer":
		ctx := ex.Context()
		ctx.Program = ""
		return script.ValidateLine(sl, ctx)
	}
	return fmt.Errorf("%q is not a checker command: want queens, tour, count or answer", sl.Cmd)
}

// judgeOutput runs the checker command line on out as a run's output. A
// panic or a checker that takes longer than checkerTimeout is crash, said
// as a sentence.
func judgeOutput(ex *exercise.Exercise, line string, out []byte) (f *checker.Failure, crash string) {
	sl, _ := script.ParseLine(line)
	type result struct {
		f     *checker.Failure
		crash string
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{crash: fmt.Sprintf("panicked: %v", p)}
			}
		}()
		var f *checker.Failure
		switch sl.Cmd {
		case "queens":
			q, _ := script.ParseQueens(sl.Args, ex.Formats)
			f = checker.Queens(out, q.Spec)
		case "tour":
			t, _ := script.ParseTour(sl.Args, ex.Formats)
			f = checker.Tour(out, t)
		case "answer":
			a, _ := script.ParseAnswer(sl.Args, ex.Context())
			switch {
			case a.Placement != nil:
				f = checker.Placements(out, *a.Placement)
			case a.Count != nil:
				f = checker.Counts(out, *a.Count)
			case a.Tour != nil:
				f = checker.Tour(out, *a.Tour)
			}
		case "count":
			c, _ := script.ParseCount(sl.Args)
			f = checker.Count(out, c.Piece, c.N)
		}
		done <- result{f: f}
	}()
	select {
	case r := <-done:
		return r.f, r.crash
	case <-time.After(checkerTimeout):
		// The goroutine cannot be stopped; the process ends soon enough.
		return nil, fmt.Sprintf("took more than %s", checkerTimeout)
	}
}
