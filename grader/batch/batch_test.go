package batch

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/internal/exhaustive"
)

// The tests grade a generated class (40 students, 200 with
// BOARDCHECK_EXHAUSTIVE=1) against a small exercise of two checks, so that
// a whole class takes seconds: a mix of right, wrong, ungradable and
// hostile submissions, each kind with a known gradebook row.

const (
	exerciseToml = `title   = "Counts in steps"
program = "steps"
checks  = ["usage", "count"]

[limits]
time = "8s"
`
	usageTxtar = `# title: No argument prints the usage
# points: 1
! run steps
stdout '^Usage: steps N$'
`
	countTxtar = `# title: Counts to 3
# points: 2
# needs: usage
run steps 3
cmp stdout want.txt
-- want.txt --
1
2
3
`
	rightSh   = "[ $# -eq 1 ] || { echo 'Usage: steps N'; exit 1; }\nseq \"$1\"\n"
	wrongSh   = "[ $# -eq 1 ] || { echo 'Usage: steps N'; exit 1; }\necho 1\n"
	stderrSh  = "[ $# -eq 1 ] || { echo 'Usage: steps N' >&2; exit 1; }\nseq \"$1\"\n"
	loopSh    = "while :; do :; done\n"
	floodSh   = "yes flood\n"
	killerSh  = "kill -9 -1 2>/dev/null; kill -9 $PPID 2>/dev/null\n" + rightSh
	brokenC   = "int main( {\n"
	rightPy   = "import sys\nif len(sys.argv) != 2:\n    print('Usage: steps N')\n    sys.exit(1)\nfor i in range(1, int(sys.argv[1]) + 1):\n    print(i)\n"
	writerFmt = "echo hacked > %q 2>/dev/null; echo hacked > %q 2>/dev/null\n" + rightSh
)

// kind is one sort of submission and the gradebook row it must get.
type kind struct {
	name string
	make func(t *testing.T, class, out, student string)
	row  string // after the student's name: score,max,passed,failed
}

func file(name, body string) func(t *testing.T, class, out, student string) {
	return func(t *testing.T, class, out, student string) {
		write(t, filepath.Join(class, student+filepath.Ext(name)), body)
	}
}

func folder(files map[string]string) func(t *testing.T, class, out, student string) {
	return func(t *testing.T, class, out, student string) {
		for name, body := range files {
			write(t, filepath.Join(class, student, name), body)
		}
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

var kinds = []kind{
	{"right", file("x.sh", rightSh), "3,3,true,,,1,2"},
	{"right-folder", folder(map[string]string{"steps.sh": rightSh, "notes.txt": "hi"}), "3,3,true,,,1,2"},
	{"wrong", file("x.sh", wrongSh), "1,3,false,count,,1,0"},
	{"usage-on-stderr", file("x.sh", stderrSh), "0,3,false,usage,count,0,0"},
	{"loop", file("x.sh", loopSh), "0,3,false,usage,count,0,0"},
	{"flood", file("x.sh", floodSh), "0,3,false,usage,count,0,0"},
	{"killer", file("x.sh", killerSh), "3,3,true,,,1,2"},
	// Tries to overwrite the first student's report and submission; the
	// runs' filesystem is read-only but for their own folders.
	{"writer", func(t *testing.T, class, out, student string) {
		write(t, filepath.Join(class, student+".sh"), fmt.Sprintf(writerFmt,
			filepath.Join(out, ReportsDir, "s000.json"), filepath.Join(class, "s000.sh")))
	}, "3,3,true,,,1,2"},
	{"empty", file("x.sh", ""), "0,3,false,submission,usage count,0,0"},
	{"two-programs", folder(map[string]string{"a.sh": rightSh, "b.py": rightPy}), "0,3,false,submission,usage count,0,0"},
	{"compile-error", file("x.c", brokenC), "0,3,false,build,usage count,0,0"},
	{"python", file("x.py", rightPy), "3,3,true,,,1,2"},
}

// kindOf deals the kinds over a class so that most students are ordinary
// and every hostile kind appears a few times.
func kindOf(i int) kind {
	switch {
	case i == 0 || i%10 < 5:
		return kinds[0]
	case i%10 == 5:
		return kinds[1]
	case i%10 == 6:
		return kinds[2]
	case i%10 == 7:
		return kinds[3]
	}
	// The rest (two in ten) cycle through the odd ones, each once in any
	// 40 students, so that a small class has every kind too; python is
	// slow to start, so it comes once in a while only.
	odd := 2*(i/10) + i%10 - 8
	return kinds[4+odd%(len(kinds)-4)]
}

// TestKindsDealt shows that kindOf deals every kind to a class of 40, the
// default TestBatch's, and most students the ordinary kind.
func TestKindsDealt(t *testing.T) {
	count := map[string]int{}
	for i := range 40 {
		count[kindOf(i).name]++
	}
	for _, k := range kinds {
		if count[k.name] == 0 {
			t.Errorf("kind %s dealt to none of 40 students", k.name)
		}
	}
	if count[kinds[0].name] < 20 {
		t.Errorf("%d of 40 students are %s; want most", count[kinds[0].name], kinds[0].name)
	}
}

// makeClass writes an exercise and a class of n; it returns the exercise,
// the class folder and the gradebook the class must get.
func makeClass(t *testing.T, n int, out string) (*exercise.Exercise, string, []byte) {
	t.Helper()
	root := t.TempDir()
	exDir := filepath.Join(root, "steps")
	write(t, filepath.Join(exDir, "exercise.toml"), exerciseToml)
	write(t, filepath.Join(exDir, "tests", "usage.txtar"), usageTxtar)
	write(t, filepath.Join(exDir, "tests", "count.txtar"), countTxtar)
	ex, err := exercise.LoadDir(exDir)
	if err != nil {
		t.Fatal(err)
	}
	class := filepath.Join(root, "class")
	var want bytes.Buffer
	want.WriteString("student,score,max_score,passed,failed_checks,skipped_checks,usage,count\r\n")
	for i := range n {
		student := fmt.Sprintf("s%03d", i)
		k := kindOf(i)
		k.make(t, class, out, student)
		fmt.Fprintf(&want, "%s,%s\r\n", student, k.row)
	}
	return ex, class, want.Bytes()
}

// TestBatch grades a class in a child process killed (SIGKILL) mid-way,
// then runs the batch again: the finished reports are kept, the rest
// graded, and the gradebook is the one the class must get, byte for byte.
// Then the class is graded in three shards, merged: the same gradebook
// again. (Two passes over the class, not three: the expected gradebook is
// known without an uninterrupted run, and the test must stay well inside go
// test's ten minutes on a busy machine.) The class is 40 students, each kind
// of kinds at least once; with BOARDCHECK_EXHAUSTIVE=1 it is 200.
func TestBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("grades a class twice")
	}
	n := 40
	if exhaustive.Enabled(t) {
		n = 200
	}
	base := t.TempDir()
	out := filepath.Join(base, "out")
	ex, class, want := makeClass(t, n, out)
	ctx := context.Background()

	t.Run("killed", func(t *testing.T) {
		start := time.Now()
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "BATCH_CHILD_EXERCISE="+ex.Source, "BATCH_CHILD_CLASS="+class, "BATCH_CHILD_OUT="+out)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill it once a good part of the class has its report: mid-way,
		// with gradings in flight.
		reports := filepath.Join(out, ReportsDir)
		deadline := time.Now().Add(5 * time.Minute)
		for {
			if len(jsonReports(t, reports)) >= n*3/10 {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("the child wrote %d reports in 5 minutes", len(jsonReports(t, reports)))
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		if _, err := os.Stat(filepath.Join(out, GradebookFile)); err == nil {
			t.Fatalf("the killed run wrote a gradebook: it should have been killed mid-way")
		}
		before := map[string]time.Time{}
		for _, e := range jsonReports(t, reports) {
			info, err := e.Info()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := ReadRow(filepath.Join(reports, e.Name())); err != nil {
				t.Errorf("%s, left by the killed run, is not a whole report: %v", e.Name(), err)
			}
			before[e.Name()] = info.ModTime()
		}
		if len(before) == 0 || len(before) >= n {
			t.Fatalf("the killed run left %d reports; want some, not all", len(before))
		}

		res, err := Run(ctx, Options{Exercise: ex, Dir: class, Out: out})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d submissions in %v, killed after %d", n, time.Since(start).Round(time.Millisecond), len(before))
		if res.Resumed != len(before) || res.Graded != n-len(before) || len(res.Failed) != 0 {
			t.Errorf("resumed %d, graded %d, failed %v; want %d, %d, none", res.Resumed, res.Graded, res.Failed, len(before), n-len(before))
		}
		for name, mtime := range before {
			info, err := os.Stat(filepath.Join(reports, name))
			if err != nil || !info.ModTime().Equal(mtime) {
				t.Errorf("%s was written again by the resumed run", name)
			}
		}
		entries, _ := os.ReadDir(reports)
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				t.Errorf("%s: the killed run's temporary file is still there", e.Name())
			}
		}
		if got := len(jsonReports(t, reports)); got != n {
			t.Errorf("got %d JSON reports; want %d", got, n)
		}
		got, _ := os.ReadFile(filepath.Join(out, GradebookFile))
		compareGradebooks(t, got, want)
		// The writers' target is intact: its report, and its submission.
		if r, err := ReadRow(filepath.Join(reports, "s000.json")); err != nil || r.Score != 3 {
			t.Errorf("s000's report after the writers ran: %+v, %v", r, err)
		}
		if b, _ := os.ReadFile(filepath.Join(class, "s000.sh")); string(b) != rightSh {
			t.Errorf("s000.sh was overwritten: %q", b)
		}
	})

	t.Run("shards", func(t *testing.T) {
		var dirs []string
		total := 0
		for k := 1; k <= 3; k++ {
			dir := filepath.Join(base, fmt.Sprintf("shard%d", k))
			res, err := Run(ctx, Options{Exercise: ex, Dir: class, Out: dir, Shard: Shard{K: k, N: 3}})
			if err != nil {
				t.Fatal(err)
			}
			total += len(res.Students)
			dirs = append(dirs, dir)
		}
		if total != n {
			t.Errorf("the shards hold %d students; want %d", total, n)
		}
		merged := filepath.Join(base, "merged")
		if _, err := Merge(merged, dirs); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(filepath.Join(merged, GradebookFile))
		single, _ := os.ReadFile(filepath.Join(out, GradebookFile))
		if !bytes.Equal(got, single) {
			t.Errorf("the merged gradebook differs from the single run's")
			compareGradebooks(t, got, single)
		}
	})
}

// TestMain lets TestBatch run a batch in a child process it can kill.
func TestMain(m *testing.M) {
	if dir := os.Getenv("BATCH_CHILD_EXERCISE"); dir != "" {
		ex, err := exercise.LoadDir(dir)
		if err == nil {
			_, err = Run(context.Background(), Options{Exercise: ex, Dir: os.Getenv("BATCH_CHILD_CLASS"), Out: os.Getenv("BATCH_CHILD_OUT")})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func compareGradebooks(t *testing.T, got, want []byte) {
	t.Helper()
	g := strings.Split(string(got), "\r\n")
	w := strings.Split(string(want), "\r\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Errorf("gradebook line %d: got %q; want %q", i+1, gl, wl)
		}
	}
}

// jsonReports lists the finished JSON reports in dir; a name starting with
// a dot is a write cut short, not a report.
func jsonReports(t *testing.T, dir string) []os.DirEntry {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var out []os.DirEntry
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), ".") && strings.HasSuffix(e.Name(), ".json") {
			out = append(out, e)
		}
	}
	return out
}
