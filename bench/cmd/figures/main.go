// Figures prints boardcheck's performance figures (issues 8, 14 and 32) as one table:
// each figure timed against its baseline in the same run, with the ratio, the
// target and whether it is met.
//
// Usage:
//
//	figures -bin DIR -work DIR [-quick] [-full] [-runs N] [-students N]
//
// bench/run builds every program into DIR first; DIR/NAME.err says why NAME
// did not build, and the figures that need it say "not measured" with that
// reason. Times are wall-clock, the best of -runs runs (one run when a run
// takes longer than 30 s), so a burst of load from another process on the
// machine costs one run, not the figure; the CPU time of the best run is
// printed beside it, to tell a slow program from a busy machine.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

// queensCount is OEIS A000170 for the N the table reports, to catch a
// solver that is fast because it is wrong.
var queensCount = map[int]string{12: "14200", 14: "365596", 16: "14772512", 17: "95815104", 18: "666090624"}

func main() {
	var f figures
	flag.StringVar(&f.bin, "bin", "", "folder of the built programs; must be set")
	flag.StringVar(&f.work, "work", "", "scratch folder for outputs; must be set")
	flag.StringVar(&f.root, "root", ".", "the boardcheck checkout (for exercises/)")
	flag.IntVar(&f.runs, "runs", 3, "runs per timing; the best one counts")
	flag.IntVar(&f.students, "students", 0, "submissions for grader batch (default 20, 200 with -full)")
	flag.StringVar(&f.presandbox, "presandbox", "", "the commit whose grader-presandbox bench/run built: the last before the sandbox")
	quick := flag.Bool("quick", false, "skip counting N = 17, the tour sweep and grader batch (about a minute each)")
	full := flag.Bool("full", false, "also count N = 18, and grade 200 submissions with grader batch (about 10 minutes)")
	flag.Parse()
	if f.bin == "" || f.work == "" || f.runs < 1 || f.students < 0 || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: figures -bin DIR -work DIR [-quick] [-full] [-runs N] [-students N]")
		os.Exit(2)
	}
	// Grading 200 submissions takes minutes of both cores; the time per
	// submission and how busy the cores are show already with 20.
	switch {
	case f.students > 0:
	case *full:
		f.students = 200
	default:
		f.students = 20
	}
	if err := os.MkdirAll(f.work, 0o755); err != nil {
		fmt.Fprintf(os.Stderr, "figures: %v\n", err)
		os.Exit(1)
	}
	f.countQueens(16)
	if *quick {
		f.add(row{figure: "reference.CountQueens(17)", ours: "not measured: skipped by --quick"})
	} else {
		f.countQueens(17)
	}
	if *full {
		f.countQueens(18)
	} else {
		f.add(row{figure: "reference.CountQueens(18)", ours: "not measured: run with --full (6 min)"})
	}
	f.nqueens12()
	nq14 := f.nqueens14()
	kt := f.knightsTour()
	if *quick {
		f.add(row{figure: sweepFigure, ours: "not measured: skipped by --quick"})
	} else {
		f.sweep()
	}
	f.judgeQueens(nq14)
	f.judgeTour(kt)
	f.generic()
	f.graderCheck()
	f.sandboxStart()
	if *quick {
		f.add(row{figure: "grader batch nqueens", ours: "not measured: skipped by --quick"})
		f.add(row{figure: underLoadFigure, ours: "not measured: skipped by --quick"})
	} else {
		f.graderBatch()
		f.gradesUnderLoad()
	}
	f.print()
}

type figures struct {
	bin, work, root string
	presandbox      string // the commit of grader-presandbox, for its row
	runs, students  int
	rows            []row
	notes           []string
}

// row is one line of the table. An empty met means the figure has no
// target, or was not measured.
type row struct {
	figure, ours, base, ratio, target, met string
}

func (f *figures) add(r row) {
	f.rows = append(f.rows, r)
	// Print as we go too: the whole run takes minutes, and a reader watching
	// it should not wait for the end to see the first figures.
	fmt.Fprintf(os.Stderr, "  %s: %s\n", r.figure, r.ours)
}

func (f *figures) note(format string, args ...any) {
	f.notes = append(f.notes, fmt.Sprintf(format, args...))
}

func (f *figures) print() {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "figure\tours\tbaseline\tratio\ttarget\tmet?")
	met, missed, unmeasured := 0, 0, 0
	waited := false
	for _, r := range f.rows {
		m := r.met
		switch {
		case m == "yes":
			met++
		case m == "NO":
			missed++
		case strings.HasPrefix(r.ours, "not measured"):
			unmeasured++
			m = "-"
		case m == "":
			m = "-"
		}
		if m != "-" && (strings.Contains(r.ours, waitMark) || strings.Contains(r.base, waitMark)) {
			m += waitMark
			waited = true
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", r.figure, r.ours, dash(r.base), dash(r.ratio), dash(r.target), m)
	}
	w.Flush()
	if waited {
		fmt.Println("\n" + waitMark + " wall time over 1.5x the CPU time: the run waited, for a core on a busy machine (see the")
		fmt.Println("  load average) or for I/O; that verdict may differ on an idle machine.")
	}
	fmt.Printf("\ntargets met: %d, missed: %d; figures not measured: %d\n", met, missed, unmeasured)
	fmt.Println("ratio = baseline time / our time: above 1x ours is faster.")
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		// Every figure is wall time on a machine others may be using: a
		// load average well above the number of cores means the figures
		// are worse than the programs.
		fields := strings.Fields(string(load))
		fmt.Printf("load average at the end: %s\n", strings.Join(fields[:min(3, len(fields))], " "))
	}
	for _, n := range f.notes {
		fmt.Println("note: " + n)
	}
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// tool returns the path of the built program name, or why there is none.
func (f *figures) tool(name string) (path, why string) {
	p := filepath.Join(f.bin, name)
	if _, err := os.Stat(p); err == nil {
		return p, ""
	}
	if data, err := os.ReadFile(p + ".err"); err == nil {
		return "", "not measured: " + strings.TrimSpace(string(data))
	}
	return "", "not measured: " + name + " was not built"
}

// tools is tool for a figure that needs several programs: their paths in
// order, or why the first one missing is.
func (f *figures) tools(names ...string) (paths []string, why string) {
	for _, n := range names {
		p, why := f.tool(n)
		if why != "" {
			return nil, why
		}
		paths = append(paths, p)
	}
	return paths, ""
}

// timing is what measure saw over its runs.
type timing struct {
	best time.Duration // the best wall time
	// cpu is the best run's user and system time, children included. On
	// a machine others are loading, a wall time far above it (or above
	// half of it, for a program using both cores) shows the figure was
	// taken while waiting for a core.
	cpu  time.Duration
	rss  int64 // peak resident set in bytes, the largest over the runs
	runs int
}

func (t timing) String() string {
	s := fmt.Sprintf("%s (cpu %.3f)", seconds(t.best), t.cpu.Seconds())
	if t.waited() {
		s += waitMark
	}
	if t.runs == 1 {
		s += " 1 run"
	}
	return s
}

// waitMark follows a time whose run waited: see waited.
const waitMark = "*"

// waited reports whether the best run's wall time is over 1.5 times its CPU
// time. A program alone on an idle machine is then waiting for something
// (I/O, a child, a timer); when that is not in its nature, the wall time
// says more about the machine's load than about the program.
func (t timing) waited() bool { return t.cpu > 0 && t.best*2 > t.cpu*3 }

func seconds(d time.Duration) string {
	if d < 10*time.Millisecond {
		return fmt.Sprintf("%.4f s", d.Seconds())
	}
	return fmt.Sprintf("%.3f s", d.Seconds())
}

// run says how to run a command once: standard output goes to the file
// stdout ("" for /dev/null), standard input comes from /dev/null.
type run struct {
	argv   []string
	stdout string
}

// measure runs r up to n times and keeps the best wall time; after a run
// longer than 30 s it stops there, since a baseline minutes long is not
// made more trustworthy by taking minutes more. A run that exits non-zero
// is an error: a figure for a program that failed means nothing.
func measure(n int, r run) (timing, error) {
	var t timing
	for i := 0; i < n; i++ {
		s, err := once(r)
		if err != nil {
			return t, err
		}
		t.add(s)
		if s.best > 30*time.Second {
			break
		}
	}
	return t, nil
}

// add counts one more run, s, in t: its best, and the largest peak.
func (t *timing) add(s timing) {
	if t.runs == 0 || s.best < t.best {
		t.best, t.cpu = s.best, s.cpu
	}
	t.rss = max(t.rss, s.rss)
	t.runs++
}

// once runs r and returns its timing as one run.
func once(r run) (timing, error) {
	out := os.DevNull
	if r.stdout != "" {
		out = r.stdout
	}
	stdout, err := os.Create(out)
	if err != nil {
		return timing{}, err
	}
	defer stdout.Close()
	var stderr bytes.Buffer
	cmd := exec.Command(r.argv[0], r.argv[1:]...)
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	t := timing{best: time.Since(start), runs: 1}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		if msg != "" {
			msg = ": " + msg
		}
		return t, fmt.Errorf("%s: %v%s", filepath.Base(r.argv[0]), err, msg)
	}
	t.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		t.rss = int64(ru.Maxrss) * 1024 // kilobytes on Linux
	}
	return t, nil
}

func ratio(base, ours time.Duration) string {
	x := base.Seconds() / ours.Seconds()
	if x < 1 {
		// Rounded down, so that a figure just short of 1x, a target's
		// edge, does not print as 1.00x beside its NO.
		return fmt.Sprintf("%.2fx", math.Floor(x*100)/100)
	}
	return fmt.Sprintf("%.1fx", x)
}

func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "NO"
}

func firstLine(path string) string {
	data, _ := os.ReadFile(path)
	s, _, _ := strings.Cut(string(data), "\n")
	return s
}

// countQueens times solvers count-queens n against the Somers baseline.
// Each is measured whether or not the other could be, so the table shows
// the baseline even before the solver exists. solvers prints the published
// count above N = 16 instead of computing it, so there the figure is
// countqueens's, which always computes it with reference.CountQueens.
func (f *figures) countQueens(n int) {
	prog, args := "solvers", []string{"count-queens"}
	r := row{figure: fmt.Sprintf("solvers count-queens %d", n)}
	if n > 16 {
		prog, args = "countqueens", nil
		r.figure = fmt.Sprintf("reference.CountQueens(%d)", n)
	}
	if n == 16 {
		r.target = "≥ 4x"
	}
	defer func() { f.add(r) }()
	arg := strconv.Itoa(n)
	var base, ours timing
	var err error
	if somers, why := f.tool("somers"); why != "" {
		r.base = why
	} else if base, err = f.count(n, somers, arg); err != nil {
		r.base = err.Error()
	} else {
		r.base = base.String() + " somers.c"
	}
	path, why := f.tool(prog)
	if why != "" {
		r.ours = why
		return
	}
	if ours, err = f.count(n, append(append([]string{path}, args...), arg)...); err != nil {
		r.ours, r.met = err.Error(), "NO"
		return
	}
	r.ours = ours.String()
	if base.runs == 0 {
		return
	}
	r.ratio = ratio(base.best, ours.best)
	if n == 16 {
		r.met = yesNo(base.best >= 4*ours.best)
	}
}

// count times a program that prints the number of n-queens solutions, and
// checks the number.
func (f *figures) count(n int, args ...string) (timing, error) {
	out := filepath.Join(f.work, "count.txt")
	t, err := measure(f.runs, run{argv: args, stdout: out})
	if err != nil {
		return t, fmt.Errorf("failed: %v", err)
	}
	if got := firstLine(out); got != queensCount[n] {
		return t, fmt.Errorf("WRONG: %s printed %q; want %s", filepath.Base(args[0]), got, queensCount[n])
	}
	return t, nil
}

// nqueens12 times nqueens 12 against the seed's Python program, after
// checking that the two print the same bytes.
func (f *figures) nqueens12() {
	r := row{figure: "nqueens 12 > /dev/null", target: "≥ 50x"}
	defer func() { f.add(r) }()
	var base timing
	seedOut := filepath.Join(f.work, "seed12.txt")
	if python, err := exec.LookPath("python3"); err != nil {
		r.base = "not measured: no python3"
	} else {
		seed := filepath.Join(f.root, "bench", "seed_nqueens.py")
		if _, err := once(run{argv: []string{python, seed, "12"}, stdout: seedOut}); err != nil {
			r.base = "failed: " + err.Error()
		} else if base, err = measure(f.runs, run{argv: []string{python, seed, "12"}}); err != nil {
			r.base = "failed: " + err.Error()
		} else {
			r.base = base.String() + " seed .py"
		}
	}
	nq, why := f.tool("nqueens")
	if why != "" {
		r.ours = why
		return
	}
	oursOut := filepath.Join(f.work, "nq12.txt")
	if _, err := once(run{argv: []string{nq, "12"}, stdout: oursOut}); err != nil {
		r.ours, r.met = "failed: "+err.Error(), "NO"
		return
	}
	if base.runs > 0 {
		if a, b := mustRead(oursOut), mustRead(seedOut); !bytes.Equal(a, b) {
			r.ours = fmt.Sprintf("WRONG: output differs from the seed's (%d bytes; seed %d)", len(a), len(b))
			r.met = "NO"
			return
		}
	} else if lines, _ := countLines(oursOut); strconv.Itoa(lines) != queensCount[12] {
		r.ours, r.met = fmt.Sprintf("WRONG: %d lines; want %s", lines, queensCount[12]), "NO"
		return
	}
	ours, err := measure(f.runs, run{argv: []string{nq, "12"}})
	if err != nil {
		r.ours, r.met = "failed: "+err.Error(), "NO"
		return
	}
	r.ours = ours.String()
	if base.runs == 0 {
		return
	}
	r.ratio = ratio(base.best, ours.best)
	r.met = yesNo(base.best >= 50*ours.best)
}

func mustRead(path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return data
}

// produced is an output a reference program wrote to a file, kept for the
// figures that grade it, with the time the program takes to print it.
type produced struct {
	file string
	took time.Duration
	why  string // why there is no file
}

// nqueens14 times nqueens 14 against copying the same bytes to /dev/null.
func (f *figures) nqueens14() produced {
	r := row{figure: "nqueens 14 > /dev/null", target: "≤ 0.300 s"}
	defer func() { f.add(r) }()
	nq, why := f.tool("nqueens")
	if why != "" {
		r.ours = why
		return produced{why: why}
	}
	out := filepath.Join(f.work, "nq14.txt")
	if _, err := once(run{argv: []string{nq, "14"}, stdout: out}); err != nil {
		r.ours, r.met = "failed: "+err.Error(), "NO"
		return produced{why: r.ours}
	}
	lines, size := countLines(out)
	if strconv.Itoa(lines) != queensCount[14] {
		r.ours, r.met = fmt.Sprintf("WRONG: %d lines; want %s", lines, queensCount[14]), "NO"
		return produced{why: r.ours}
	}
	ours, err := measure(f.runs, run{argv: []string{nq, "14"}})
	if err != nil {
		r.ours, r.met = "failed: "+err.Error(), "NO"
		return produced{why: r.ours}
	}
	r.ours = ours.String()
	r.met = yesNo(ours.best <= 300*time.Millisecond)
	p := produced{file: out, took: ours.best}
	// The floor for printing these bytes: cat of the same file, already in
	// the page cache since it was just written.
	base, err := measure(f.runs, run{argv: []string{"cat", out}})
	if err != nil {
		r.base = "failed: " + err.Error()
		return p
	}
	r.base = fmt.Sprintf("%s cat %.0f MB", base, float64(size)/1e6)
	r.ratio = ratio(base.best, ours.best)
	return p
}

func countLines(path string) (lines int, size int64) {
	fh, err := os.Open(path)
	if err != nil {
		return 0, 0
	}
	defer fh.Close()
	buf := make([]byte, 1<<20)
	for {
		n, err := fh.Read(buf)
		lines += bytes.Count(buf[:n], []byte{'\n'})
		size += int64(n)
		if err != nil {
			return lines, size
		}
	}
}

// knightsTour times knights-tour 1000, and validates its output with
// reference.CheckTour through the tours program.
func (f *figures) knightsTour() produced {
	r := row{figure: "knights-tour 1000 > /dev/null", target: "≤ 0.500 s"}
	defer func() { f.add(r) }()
	kt, why := f.tool("knights-tour")
	if why != "" {
		r.ours = why
		return produced{why: why}
	}
	out := filepath.Join(f.work, "kt1000.txt")
	if _, err := once(run{argv: []string{kt, "1000"}, stdout: out}); err != nil {
		r.ours, r.met = "failed: "+err.Error(), "NO"
		return produced{why: r.ours}
	}
	if tours, why := f.tool("tours"); why == "" {
		var msg bytes.Buffer
		cmd := exec.Command(tours, "-check", out, "1000")
		cmd.Stdout, cmd.Stderr = &msg, &msg
		if err := cmd.Run(); err != nil {
			r.ours, r.met = "INVALID: "+strings.TrimSpace(msg.String()), "NO"
			return produced{why: r.ours}
		}
	} else {
		f.note("knights-tour 1000's output was not validated: tours %s", strings.TrimPrefix(why, "not measured: "))
	}
	ours, err := measure(f.runs, run{argv: []string{kt, "1000"}})
	if err != nil {
		r.ours, r.met = "failed: "+err.Error(), "NO"
		return produced{why: r.ours}
	}
	r.ours = ours.String()
	r.met = yesNo(ours.best <= 500*time.Millisecond)
	return produced{file: out, took: ours.best}
}

const sweepFigure = "knight's tour from (0,0), N = 5..1000"

// sweep has the tours program find and validate a tour from the corner for
// every N from 5 to 1000; its time is reported but is no target.
func (f *figures) sweep() {
	r := row{figure: sweepFigure, target: "every N"}
	defer func() { f.add(r) }()
	tours, why := f.tool("tours")
	if why != "" {
		r.ours = why
		return
	}
	var out bytes.Buffer
	cmd := exec.Command(tours, "-sweep", "5", "1000")
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	last := lastLine(out.String())
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() == 1 {
			r.ours, r.met = last, "NO"
			return
		}
		r.ours = "not measured: " + last
		return
	}
	r.ours = fmt.Sprintf("%s (%.0f s, untimed)", last, took.Seconds())
	r.met = "yes"
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// judgeQueens times checker.Queens on the full nqueens 14 output.
func (f *figures) judgeQueens(p produced) {
	f.judge("grade nqueens 14 output (checker.Queens)", p, "-queens", "14")
}

// judgeTour times checker.Tour on a 1000×1000 tour.
func (f *figures) judgeTour(p produced) {
	f.judge("grade a 1000×1000 tour (checker.Tour)", p, "-tour", "1000")
}

// judge times the judge program grading p's file, against the reference
// program that produced it. The memory target, "proportional to the
// output", is read as a peak resident set of at most 3 times the output's
// size plus 16 MiB for the Go runtime: holding the output once is
// unavoidable, and a parsed form as large again leaves room.
func (f *figures) judge(figure string, p produced, mode, n string) {
	r := row{figure: figure, target: "≤ 0.500 s, RSS ≤ 3×out+16M"}
	defer func() { f.add(r) }()
	judge, why := f.tool("judge")
	if why != "" {
		r.ours = why
		return
	}
	if p.file == "" {
		r.ours = p.why
		if !strings.HasPrefix(r.ours, "not measured") {
			r.ours = "not measured: no output to grade: " + r.ours
		}
		return
	}
	// The figure is the checker's own time, which judge prints: reading the
	// file is not grading, since the grader already holds a run's output.
	// The peak resident set is the whole process's, output included.
	var best timing
	var size int64
	out := filepath.Join(f.work, "judge.txt")
	for i := 0; i < f.runs; i++ {
		t, err := once(run{argv: []string{judge, mode, n, p.file}, stdout: out})
		if err != nil {
			r.ours, r.met = "failed: "+err.Error(), "NO"
			return
		}
		var wall, cpu float64
		if _, err := fmt.Sscanf(firstLine(out), "pass %g %g %d", &wall, &cpu, &size); err != nil {
			r.ours = fmt.Sprintf("not measured: judge printed %q", firstLine(out))
			return
		}
		d := time.Duration(wall * float64(time.Second))
		if i == 0 || d < best.best {
			best.best, best.cpu = d, time.Duration(cpu*float64(time.Second))
		}
		best.rss = max(best.rss, t.rss)
		best.runs++
	}
	r.ours = fmt.Sprintf("%s, %.0f MiB RSS for %.0f MiB", best, mib(best.rss), mib(size))
	r.base = seconds(p.took) + " reference"
	r.ratio = ratio(p.took, best.best)
	r.met = yesNo(best.best <= 500*time.Millisecond && best.rss <= 3*size+16<<20)
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

// genericFigures are issue 32's "speed kept": the generic puzzle solver
// and checker, which any puzzle an exercise describes as data goes
// through, against the specialised ones the queens and knight's tour
// exercises use, each pair timed in turn in one process by
// bench/cmd/generic.
var genericFigures = []struct{ figure, mode, n string }{
	{"generic solver: every N-Queens solution, N = 12 (Placing.EachGeneric)", "solve-queens", "12"},
	{"generic solver: every N-Queens solution, N = 13", "solve-queens", "13"},
	{"generic solver: knight's tour from the corner, N = 100 (Touring.FindGeneric)", "solve-tour", "100"},
	{"generic solver: knight's tour from the corner, N = 1000", "solve-tour", "1000"},
	{"generic checker: nqueens 12's output (checker.PlacementsGeneric)", "check-queens", "12"},
	{"generic checker: nqueens 13's output", "check-queens", "13"},
	{"generic checker: a 1000×1000 tour, as a [puzzle] asks (checker.Tour)", "check-tour", "1000"},
}

// genericRuns is the least number of runs of each side of a generic
// figure: each takes milliseconds, so more runs cost little and steady
// the ratio on a busy machine.
const genericRuns = 5

// generic times the generic solver and checker against the specialised
// ones: the baseline is the specialised, and the target is issue 32's
// "within 1.5×", a ratio of at least 0.67x.
func (f *figures) generic() {
	tool, why := f.tool("generic")
	for _, g := range genericFigures {
		r := row{figure: g.figure, target: "≥ 0.67x (within 1.5×)"}
		if why != "" {
			r.ours = why
			f.add(r)
			continue
		}
		var out, msg bytes.Buffer
		cmd := exec.Command(tool, "-runs", strconv.Itoa(max(f.runs, genericRuns)), g.mode, g.n)
		cmd.Stdout, cmd.Stderr = &out, &msg
		if err := cmd.Run(); err != nil {
			r.ours, r.met = "failed: "+strings.TrimSpace(msg.String()+" "+err.Error()), "NO"
			f.add(r)
			continue
		}
		var sw, sc, gw, gc float64
		if _, err := fmt.Sscanf(out.String(), "specialised %g %g generic %g %g", &sw, &sc, &gw, &gc); err != nil {
			r.ours = fmt.Sprintf("not measured: generic printed %q", strings.TrimSpace(out.String()))
			f.add(r)
			continue
		}
		d := func(x float64) time.Duration { return time.Duration(x * float64(time.Second)) }
		ours := timing{best: d(gw), cpu: d(gc), runs: max(f.runs, genericRuns)}
		base := timing{best: d(sw), cpu: d(sc), runs: ours.runs}
		r.ours = ours.String()
		r.base = base.String() + " specialised"
		r.ratio = ratio(base.best, ours.best)
		r.met = yesNo(ours.best*2 <= base.best*3)
		f.add(r)
	}
}

// graderCheck times grader check nqueens on the reference program against a
// shell script that runs the same commands one after another, and again
// against the same script with each command under bubblewrap, isolated as
// a run of ours is (see isolatedBy). The first baseline prices everything
// the grader adds to running the programs, isolation included; the second
// only what it adds beyond isolation: checking the output, testscript,
// the report.
func (f *figures) graderCheck() {
	plain := row{figure: "grader check nqueens (reference)", target: "≥ 0.83x (≤ 1.2× script)"}
	isolated := row{figure: "  the same, against the script under bwrap", target: "≥ 0.83x (≤ 1.2× script)"}
	before := row{figure: "  the same, against the grader before the sandbox", target: "≥ 1.0x (no slower)"}
	defer func() { f.add(plain); f.add(isolated); f.add(before) }()
	paths, why := f.tools("grader", "nqueens")
	if why != "" {
		plain.ours, isolated.ours, before.ours = why, why, why
		return
	}
	grader, nq := paths[0], paths[1]
	var out bytes.Buffer
	check := exec.Command(grader, "check", "nqueens", nq)
	check.Stdout, check.Stderr = &out, &out
	if err := check.Run(); err != nil {
		plain.ours = fmt.Sprintf("not measured: grader check nqueens fails on the reference: %v: %s", err, lastLine(out.String()))
		isolated.ours, before.ours = plain.ours, plain.ours
		return
	}
	ours, err := f.checkAgainstPresandbox(&before, grader, nq)
	if err != nil {
		plain.ours, plain.met = "failed: "+err.Error(), "NO"
		isolated.ours, before.ours, before.met = plain.ours, plain.ours, "NO"
		return
	}
	plain.ours, isolated.ours = ours.String(), ours.String()
	f.againstScript(&plain, ours, nq, nil)
	wrap, why := f.isolatedBy(nq)
	if why != "" {
		isolated.base = why
		return
	}
	f.againstScript(&isolated, ours, nq, wrap)
}

func shortCommit(c string) string { return c[:min(len(c), 7)] }

// checkAgainstPresandbox times grader check nqueens, for every row of it,
// and against it the same command of the grader before the sandbox, in r:
// issue 14's "no slower than today against its shell script", the script
// being the same for both. The two are run in turn, one of each at a time,
// so that a change in the machine's load falls on both alike. Without the
// old grader, ours is timed alone. The error is our grader's failure.
func (f *figures) checkAgainstPresandbox(r *row, grader, nq string) (timing, error) {
	ourCheck := run{argv: []string{grader, "check", "nqueens", nq}}
	old, why := f.tool("grader-presandbox")
	if why != "" {
		r.base = why
		ours, err := measure(f.runs, ourCheck)
		r.ours = ours.String()
		return ours, err
	}
	oldCheck := run{argv: []string{old, "check", "nqueens", nq}}
	var ours, base timing
	var baseErr error
	for i := 0; i < f.runs; i++ {
		t, err := once(ourCheck)
		if err != nil {
			return ours, err
		}
		ours.add(t)
		if baseErr == nil {
			if t, baseErr = once(oldCheck); baseErr == nil {
				base.add(t)
			}
		}
	}
	r.ours = ours.String()
	if baseErr != nil {
		r.base = "failed: " + baseErr.Error() // which says nothing of ours
		return ours, nil
	}
	r.base = base.String() + " grader at " + shortCommit(f.presandbox)
	r.ratio = ratio(base.best, ours.best)
	r.met = yesNo(ours.best <= base.best)
	return ours, nil
}

// againstScript times the sequential script of nqueens's runs, each
// wrapped by wrap, and fills in r's baseline, ratio and verdict.
func (f *figures) againstScript(r *row, ours timing, nq string, wrap *wrapper) {
	script, cmds, err := f.sequentialScript("nqueens", nq, wrap)
	if err != nil {
		r.base = "not measured: " + err.Error()
		return
	}
	base, err := measure(f.runs, run{argv: []string{"sh", script}})
	if err != nil {
		r.base = "failed: " + err.Error()
		return
	}
	shell := "sh"
	if wrap != nil {
		shell = "sh + bwrap"
	}
	r.base = fmt.Sprintf("%s %s, %d runs", base, shell, cmds)
	r.ratio = ratio(base.best, ours.best)
	r.met = yesNo(ours.best.Seconds() <= 1.2*base.best.Seconds())
}

// A wrapper is what the sequential script puts around each command: shell
// text before it, and after its redirections.
type wrapper struct{ before, after string }

// isolatedBy returns the wrapper that runs prog under bwrap with the
// isolation of a run of ours (sandboxtrue bwrap-args: the same namespaces,
// read-only system folders, /proc, /dev, new session, no capabilities, the
// same seccomp filter), the scenario's folder writable, or why there is
// none.
func (f *figures) isolatedBy(prog string) (*wrapper, string) {
	paths, why := f.tools("sandboxtrue")
	if why != "" {
		return nil, why
	}
	if _, err := exec.LookPath("bwrap"); err != nil {
		return nil, "not measured: no bwrap (apt-get install bubblewrap)"
	}
	bpf := filepath.Join(f.work, "seccomp.bpf")
	out, err := exec.Command(paths[0], "bwrap-args", bpf).Output()
	if err != nil {
		return nil, fmt.Sprintf("not measured: sandboxtrue bwrap-args: %v", err)
	}
	var before strings.Builder
	before.WriteString("bwrap")
	for _, a := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		before.WriteString(" " + shQuote(a))
	}
	fmt.Fprintf(&before, ` --bind "$w" "$w" --chdir "$PWD" --ro-bind %s %s --seccomp 3 `, shQuote(prog), shQuote(prog))
	return &wrapper{before: before.String(), after: " 3< " + shQuote(bpf)}, ""
}

// sandboxStart times what the sandbox costs a run: /bin/true, 20 times one
// after another, under the full sandbox (bench/cmd/sandboxtrue ours: the
// run's supervisor started in its namespaces, its root built, its lockdown,
// and as root its cgroups and uid), against Debian's bubblewrap given the
// same namespaces, read-only binds, /proc, /dev, tmpfs, new session, no
// capabilities and the same seccomp filter (sandboxtrue bwrap). Each side
// times its own loop, after one untimed run (ours probes the machine on its
// first), and the best of the runs is kept.
func (f *figures) sandboxStart() {
	const starts = 20
	r := row{figure: fmt.Sprintf("/bin/true under the sandbox, %d times", starts), target: ">= 1.0x"}
	defer func() { f.add(r) }()
	paths, why := f.tools("sandboxtrue")
	if why != "" {
		r.ours = why
		return
	}
	perRun := func(mode string) (time.Duration, error) {
		best := time.Duration(0)
		for i := 0; i < f.runs; i++ {
			out, err := exec.Command(paths[0], "-n", strconv.Itoa(starts), mode).Output()
			if err != nil {
				return 0, fmt.Errorf("sandboxtrue %s: %v", mode, err)
			}
			var ms float64
			if _, err := fmt.Sscanf(string(out), "%f ms a run", &ms); err != nil {
				return 0, fmt.Errorf("sandboxtrue %s printed %q", mode, out)
			}
			if d := time.Duration(ms * float64(time.Millisecond)); best == 0 || d < best {
				best = d
			}
		}
		return best, nil
	}
	ours, err := perRun("ours")
	if err != nil {
		r.ours = "failed: " + err.Error()
		return
	}
	r.ours = fmt.Sprintf("%.1f ms a run", float64(ours.Microseconds())/1000)
	if _, err := exec.LookPath("bwrap"); err != nil {
		r.base = "not measured: no bwrap (apt-get install bubblewrap)"
		return
	}
	base, err := perRun("bwrap")
	if err != nil {
		r.base = "failed: " + err.Error()
		return
	}
	r.base = fmt.Sprintf("%.1f ms a run (bwrap)", float64(base.Microseconds())/1000)
	r.ratio = ratio(base, ours)
	r.met = yesNo(base.Seconds()/ours.Seconds() >= 1.0)
}

// sequentialScript writes a shell script that runs, one after another, every
// run command of exercise id's scenarios with prog as the program, each in a
// fresh folder with its output to files, as a grader without parallelism or
// checking would, each wrapped by wrap if it is not nil. It returns the
// script's path and how many commands it runs.
func (f *figures) sequentialScript(id, prog string, wrap *wrapper) (string, int, error) {
	if wrap == nil {
		wrap = &wrapper{}
	}
	dir := filepath.Join(f.root, "exercises", id)
	name, err := manifestProgram(filepath.Join(dir, "exercise.toml"))
	if err != nil {
		return "", 0, err
	}
	scenarios, _ := filepath.Glob(filepath.Join(dir, "tests", "*.txtar"))
	if len(scenarios) == 0 {
		return "", 0, fmt.Errorf("no scenarios in exercises/%s/tests", id)
	}
	var sh strings.Builder
	sh.WriteString("set -u\nw=$(mktemp -d)\ntrap 'rm -rf \"$w\"' EXIT\n")
	cmds := 0
	for i, path := range scenarios {
		runs, files, err := scenarioRuns(path, name)
		if err != nil {
			return "", 0, err
		}
		fmt.Fprintf(&sh, "mkdir \"$w/%d\" && cd \"$w/%d\"\n", i, i)
		for fname, data := range files {
			fmt.Fprintf(&sh, "mkdir -p %s && printf '%%s' %s > %s\n", shQuote(filepath.Dir(fname)), shQuote(string(data)), shQuote(fname))
		}
		for _, rn := range runs {
			sh.WriteString(wrap.before + shQuote(prog))
			for _, a := range rn.args {
				sh.WriteString(" " + shQuote(a))
			}
			stdin := "/dev/null"
			if rn.stdin != "" {
				stdin = shQuote(rn.stdin)
			}
			fmt.Fprintf(&sh, " < %s > out 2> err%s || true\n", stdin, wrap.after)
			cmds++
		}
	}
	if cmds == 0 {
		return "", 0, fmt.Errorf("no run commands in exercises/%s/tests", id)
	}
	path := filepath.Join(f.work, id+"-sequential.sh")
	if wrap.before != "" {
		path = filepath.Join(f.work, id+"-sequential-isolated.sh")
	}
	return path, cmds, os.WriteFile(path, []byte(sh.String()), 0o644)
}

// manifestProgram reads the program key of an exercise.toml. It reads the
// one line it needs rather than importing a TOML parser, so the figures
// program builds with the standard library alone.
func manifestProgram(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("no exercise: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(k) == "program" {
			v, _, _ = strings.Cut(v, "#")
			return strings.Trim(strings.TrimSpace(v), `"`), nil
		}
	}
	return "", fmt.Errorf("%s: no program key", path)
}

type scenarioRun struct {
	args  []string
	stdin string
}

// scenarioRuns returns the run commands of a txtar scenario that run the
// program name, and the archive's files.
func scenarioRuns(path, name string) ([]scenarioRun, map[string][]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	files := map[string][]byte{}
	var runs []scenarioRun
	var current string
	inScript := true
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --") && len(line) > 6 {
			inScript = false
			current = strings.TrimSpace(line[3 : len(line)-3])
			files[current] = nil
			continue
		}
		if !inScript {
			files[current] = append(append(files[current], line...), '\n')
			continue
		}
		words, err := splitWords(line)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", path, err)
		}
		for len(words) > 0 && (words[0] == "!" || strings.HasPrefix(words[0], "[")) {
			words = words[1:]
		}
		if len(words) < 2 || words[0] != "run" {
			continue
		}
		rn := scenarioRun{}
		words = words[1:]
		if words[0] == "-stdin" && len(words) > 1 {
			rn.stdin, words = words[1], words[2:]
		}
		if len(words) == 0 || words[0] != name {
			continue
		}
		rn.args = words[1:]
		runs = append(runs, rn)
	}
	return runs, files, sc.Err()
}

// splitWords splits a testscript line into words: blanks separate them,
// single quotes group them, and ” inside quotes is one quote. A # starts
// a comment outside quotes.
func splitWords(line string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'' && i+1 < len(line) && line[i+1] == '\'':
			w.WriteByte('\'')
			i++
		case c == '\'':
			quoted, inWord = !quoted, true
		case quoted:
			w.WriteByte(c)
		case c == '#' && !inWord:
			i = len(line)
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("unterminated quote in %q", line)
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

func shQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// graderBatch times grader batch nqueens over f.students submissions, each a
// two-line shell script that runs the reference nqueens, so the figure is
// the grader's own throughput and not that of 200 Python interpreters. Its
// target, both cores busy, is read as CPU time at least 80% of wall time
// times the cores.
func (f *figures) graderBatch() {
	r := row{figure: fmt.Sprintf("grader batch nqueens, %d submissions", f.students), target: "cpu ≥ 80% of all cores"}
	defer func() { f.add(r) }()
	paths, why := f.tools("grader", "nqueens")
	if why != "" {
		r.ours = why
		return
	}
	grader, nq := paths[0], paths[1]
	var help bytes.Buffer
	cmd := exec.Command(grader, "help")
	cmd.Stdout, cmd.Stderr = &help, &help
	_ = cmd.Run()
	if !strings.Contains(help.String(), "batch") {
		r.ours = "not measured: grader batch not built"
		return
	}
	dir := filepath.Join(f.work, "class")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		r.ours = "not measured: " + err.Error()
		return
	}
	for i := range f.students {
		path := filepath.Join(dir, fmt.Sprintf("student%03d.sh", i))
		script := "#!/bin/sh\nexec " + shQuote(nq) + " \"$@\"\n"
		if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
			r.ours = "not measured: " + err.Error()
			return
		}
	}
	out := filepath.Join(f.work, "gradebook")
	// The processes' own CPU time leaves out what the kernel does for them
	// in its own workers: each run's network namespace is torn down there,
	// about 2 ms a run (bench/README.md). The machine's busy time counts
	// it, and whatever else the machine runs, which is measured for half a
	// second before and taken off.
	others, othersErr := busyRate(500 * time.Millisecond)
	before, beforeErr := machineBusy()
	t, err := measure(1, run{argv: []string{grader, "batch", "--out", out, "nqueens", dir}})
	if err != nil {
		r.ours = "not measured: grader batch nqueens DIR: " + err.Error()
		return
	}
	after, afterErr := machineBusy()
	capacity := t.best.Seconds() * float64(runtime.NumCPU())
	own := t.cpu.Seconds() / capacity
	perSubmission := 1000 * t.best.Seconds() / float64(f.students)
	if err := errors.Join(othersErr, beforeErr, afterErr); err != nil {
		r.ours = fmt.Sprintf("%s, %.0f ms a submission, the grader's processes %.0f%% of the cores (%v)", t, perSubmission, 100*own, err)
		r.met = yesNo(own >= 0.8)
		return
	}
	busy := ((after - before).Seconds() - others*t.best.Seconds()) / capacity
	r.ours = fmt.Sprintf("%s, %.0f ms a submission, cores %.0f%% busy (the grader's processes %.0f%%)", t, perSubmission, 100*busy, 100*own)
	r.met = yesNo(busy >= 0.8)
}

// underLoadFigure names the row of gradesUnderLoad.
const underLoadFigure = "grader batch nqueens --timeout 5s, 20 students, the machine as it is, then beside 8 CPU hogs"

// underLoadHogs is how many busy loops gradesUnderLoad starts beside the
// second grading: four a core on the 2-core machine of these figures.
const underLoadHogs = 8

// gradesUnderLoad grades a class of 20 twice, on the machine as it is (idle,
// on a machine of its own) and again with 8 CPU hogs beside it, each in a session of its own (as a
// terminal's or another job's work is), and compares the two gradebooks:
// a grade must depend on the program alone (issue 28). The class is the
// nqueens exercise's own submissions, good and bad, in Python, C, C++,
// Go, Java, JavaScript, awk and sh, the slow permutations.py among them,
// under --timeout 5s, the limit at which the load once cost the good
// reverse.py its n12 check.
func (f *figures) gradesUnderLoad() {
	r := row{figure: underLoadFigure, target: "identical gradebooks"}
	defer func() { f.add(r) }()
	paths, why := f.tools("grader")
	if why != "" {
		r.ours = why
		return
	}
	grader := paths[0]
	class := filepath.Join(f.work, "class-under-load")
	if err := nqueensClass(f.root, class, 20); err != nil {
		r.ours = "not measured: " + err.Error()
		return
	}
	grade := func(name string) (timing, []byte, error) {
		out := filepath.Join(f.work, name)
		t, err := measure(1, run{argv: []string{grader, "batch", "--timeout", "5s", "--out", out, "nqueens", class}})
		if err != nil {
			return t, nil, err
		}
		book, err := os.ReadFile(filepath.Join(out, "gradebook.csv"))
		return t, book, err
	}
	idle, idleBook, err := grade("grades-idle")
	if err != nil {
		r.ours = "not measured: grader batch: " + err.Error()
		return
	}
	stop, err := startHogs(underLoadHogs)
	if err != nil {
		r.ours = "not measured: starting the hogs: " + err.Error()
		return
	}
	loaded, loadedBook, err := grade("grades-loaded")
	stop()
	if err != nil {
		r.ours = "not measured: grader batch beside the hogs: " + err.Error()
		return
	}
	r.ours = fmt.Sprintf("as it is %s; beside %d hogs %s", idle, underLoadHogs, loaded)
	same := bytes.Equal(idleBook, loadedBook)
	if same {
		r.ours += ": gradebooks identical"
	} else {
		r.ours += ": gradebooks differ: " + strings.Join(differingRows(idleBook, loadedBook), "; ")
	}
	r.met = yesNo(same)
}

// nqueensClass makes a class of n students from the nqueens exercise's
// good and bad submissions, in order, each a student's folder.
func nqueensClass(root, class string, n int) error {
	var subs []string
	for _, kind := range []string{"good", "bad"} {
		ents, err := os.ReadDir(filepath.Join(root, "exercises/nqueens", kind))
		if err != nil {
			return err
		}
		for _, e := range ents {
			subs = append(subs, filepath.Join(root, "exercises/nqueens", kind, e.Name()))
		}
	}
	if len(subs) < n {
		return fmt.Errorf("exercises/nqueens has %d submissions, fewer than %d", len(subs), n)
	}
	for i, sub := range subs[:n] {
		dir := filepath.Join(class, fmt.Sprintf("student%02d-%s", i+1, strings.TrimSuffix(filepath.Base(sub), filepath.Ext(sub))))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := exec.Command("cp", "-R", sub, dir).Run(); err != nil {
			return fmt.Errorf("copying %s: %v", sub, err)
		}
	}
	return nil
}

// startHogs starts n busy loops, each in a session of its own, and
// returns what stops them, by their process ids.
func startHogs(n int) (stop func(), err error) {
	var hogs []*exec.Cmd
	stop = func() {
		for _, h := range hogs {
			h.Process.Kill()
			h.Wait()
		}
	}
	for range n {
		cmd := exec.Command("sh", "-c", "while :; do :; done")
		// Killed with this program too, should it die before stop.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
		if err := cmd.Start(); err != nil {
			stop()
			return nil, err
		}
		hogs = append(hogs, cmd)
	}
	return stop, nil
}

// differingRows lists the students whose gradebook rows differ, with both.
func differingRows(a, b []byte) []string {
	rowsOf := func(book []byte) map[string]string {
		m := map[string]string{}
		for _, line := range strings.Split(string(book), "\n") {
			if name, _, ok := strings.Cut(line, ","); ok {
				m[name] = line
			}
		}
		return m
	}
	ra, rb := rowsOf(a), rowsOf(b)
	var out []string
	for name, la := range ra {
		if lb := rb[name]; lb != la {
			out = append(out, fmt.Sprintf("%q, then %q", la, lb))
		}
	}
	slices.Sort(out)
	return out
}

// busyRate is how busy the machine's processors are while this program
// sleeps for d: the load of everything else, in processor seconds a second.
func busyRate(d time.Duration) (float64, error) {
	before, err := machineBusy()
	if err != nil {
		return 0, err
	}
	time.Sleep(d)
	after, err := machineBusy()
	return (after - before).Seconds() / d.Seconds(), err
}

// machineBusy is the time the machine's processors have spent busy since it
// started, from /proc/stat: user, nice, system, irq and softirq, across all
// of them.
func machineBusy() (time.Duration, error) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, err
	}
	line, _, _ := strings.Cut(string(data), "\n")
	fields := strings.Fields(line)
	if len(fields) < 8 || fields[0] != "cpu" {
		return 0, fmt.Errorf("/proc/stat: first line %q", line)
	}
	var ticks int64
	for _, i := range []int{1, 2, 3, 6, 7} { // user nice system irq softirq
		n, err := strconv.ParseInt(fields[i], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/stat: %v", err)
		}
		ticks += n
	}
	const clockTicks = 100 // USER_HZ: 100 on every architecture Go runs Linux on
	return time.Duration(ticks) * time.Second / clockTicks, nil
}
