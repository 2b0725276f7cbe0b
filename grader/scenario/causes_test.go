package scenario

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
	"github.com/boardcheck/boardcheck/grader/submission"
	"github.com/boardcheck/boardcheck/internal/fixture"
)

// TestParseException: the exception a crash ends with, and the line of the
// submission's own file it was raised at, read from each language's
// standard error as its interpreter or runtime prints it (Python 3.11,
// Node.js 20, Java 17, Ruby 3.3, Go 1.22, g++'s libstdc++).
func TestParseException(t *testing.T) {
	ours := func(base string) bool {
		switch base {
		case "nqueens.py", "crash.js", "Main.java", "tour.rb", "main.go":
			return true
		}
		return false
	}
	for _, tt := range []struct{ name, stderr, want string }{
		{"python", "Traceback (most recent call last):\n  File \"/s/nqueens.py\", line 21, in <module>\n    n = int(sys.argv[1])\n        ^^^^^^^^^^^^^^^^\nValueError: invalid literal for int() with base 10: 'abc'\n",
			"ValueError: invalid literal for int() with base 10: 'abc' (nqueens.py line 21)"},
		{"python, deepest own frame", "Traceback (most recent call last):\n  File \"/s/nqueens.py\", line 30, in <module>\n    main()\n  File \"/s/nqueens.py\", line 12, in main\n    solve(n)\n  File \"/usr/lib/python3.11/random.py\", line 3, in shuffle\n    x[i]\nIndexError: list index out of range\n",
			"IndexError: list index out of range (nqueens.py line 12)"},
		{"python, chained", "Traceback (most recent call last):\n  File \"/s/nqueens.py\", line 5, in <module>\n    n = int(a)\nValueError: bad\n\nDuring handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n  File \"/s/nqueens.py\", line 7, in <module>\n    print(usage)\nNameError: name 'usage' is not defined\n",
			"NameError: name 'usage' is not defined (nqueens.py line 7)"},
		{"node", "/tmp/msg/crash.js:4\n  return board.length + n;\n               ^\n\nTypeError: Cannot read properties of null (reading 'length')\n    at solve (/tmp/msg/crash.js:4:16)\n    at Object.<anonymous> (/tmp/msg/crash.js:6:13)\n\nNode.js v20.20.2\n",
			"TypeError: Cannot read properties of null (reading 'length') (crash.js line 4)"},
		{"java", "Exception in thread \"main\" java.lang.NumberFormatException: For input string: \"abc\"\n\tat java.base/java.lang.NumberFormatException.forInputString(NumberFormatException.java:67)\n\tat java.base/java.lang.Integer.parseInt(Integer.java:668)\n\tat Main.main(Main.java:3)\n",
			"NumberFormatException: For input string: \"abc\" (Main.java line 3)"},
		{"java, util", "Enter N: Exception in thread \"main\" java.util.NoSuchElementException\n\tat java.base/java.util.Scanner.throwFor(Scanner.java:937)\n\tat Main.main(Main.java:6)\n",
			"java.util.NoSuchElementException (Main.java line 6)"},
		{"ruby", "tour.rb:3:in 'Integer': invalid value for Integer(): \"abc\" (ArgumentError)\n\tfrom tour.rb:3:in '<main>'\n",
			"ArgumentError: invalid value for Integer(): \"abc\" (tour.rb line 3)"},
		{"ruby, older quotes", "/s/tour.rb:9:in `block in solve': undefined method `+' for nil (NoMethodError)\n\tfrom /s/tour.rb:20:in `<main>'\n",
			"NoMethodError: undefined method `+' for nil (tour.rb line 9)"},
		{"go", "panic: runtime error: index out of range [5] with length 5\n\ngoroutine 1 [running]:\nmain.place(...)\n\t/tmp/b/src/main.go:12\nmain.main()\n\t/tmp/b/src/main.go:30 +0x1d\n",
			"panic: runtime error: index out of range [5] with length 5 (main.go line 12)"},
		{"c++", "terminate called after throwing an instance of 'std::invalid_argument'\n  what():  stoi\n",
			"uncaught exception std::invalid_argument: stoi"},
		{"none", "N must be a number\n", ""},
		{"a message that mentions an error", "Error: N must be at least 4\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if e := parseException([]byte(tt.stderr), ours); e != nil {
				got = e.text + e.where()
			}
			if got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}

// TestCausesLead: a failed check's message leads with what the run at
// fault shows of its cause: output cut where a buffer fills, by an exit or
// by a crash; input read from an empty standard input; and nothing when
// the output ends at a line's end, however long.
func TestCausesLead(t *testing.T) {
	const script = `# title: Says hello
# points: 1
# hint: Print hello.
%s
run p
stdout '^hello$'
%s
`
	const eofError = `printf 'Traceback (most recent call last):\n  File "q.py", line 1, in <module>\nEOFError: EOF when reading a line\n' >&2; exit 1`
	for _, tt := range []struct {
		name, before, after, sub, want string
	}{
		{"cut at exit", "", "", "head -c 8191 /dev/zero | tr '\\0' x; printf y",
			"p: output still in the program's buffer was lost at exit: its output stops after 8192 bytes, in the middle of line 1, where an output buffer fills; flush standard output before exiting (its language's flush); standard output has no line \"hello\""},
		{"cut by a crash", "", "", "head -c 4096 /dev/zero | tr '\\0' x; kill -SEGV $$",
			"p: killed by SIGSEGV, a segmentation fault: it read or wrote memory it may not (a null or dangling pointer, an index past the end of an array, a recursion too deep for the stack); output still in its buffer was lost when it crashed: its output stops after 4096 bytes, in the middle of line 1, where an output buffer fills"},
		{"whole lines", "", "", "head -c 8191 /dev/zero | tr '\\0' x; echo",
			"standard output has no line \"hello\"; it begins \"xxxxxxxx"},
		{"empty standard input", "", "", eofError,
			"p: waited for input that is not given: it read standard input, which is empty here (EOFError: EOF when reading a line); its input comes from the command line, as the statement's examples show: read it from its arguments"},
		{"standard input given", "stdin in.txt", "-- in.txt --\n4", eofError,
			"p: crashed: EOFError: EOF when reading a line"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := gradeHello(t, "", strings.Replace(strings.Replace(script, "%s", tt.before, 1), "%s", tt.after, 1), tt.sub, 0)
			if c.Status != report.Fail || !strings.HasPrefix(c.Message, tt.want) {
				t.Errorf("got %s: %q; want fail: %q...", c.Status, c.Message, tt.want)
			}
		})
	}
}

// sameExercise is an exercise whose checks run its program with several
// Ns and each expect a different board.
var sameExercise = map[string]string{
	"ex/exercise.toml": "title = \"Same\"\nprogram = \"tour\"\nchecks = [\"usage\", \"n5\", \"n6\"]\npoints = 3\n" +
		"[messages]\nusage = \"Usage: tour [N]\"\n",
	"ex/tests/usage.txtar": "# title: Usage\n# points: 1\n! run tour 5 6\ncmpenv stdout want.txt\n-- want.txt --\n$usage\n",
	"ex/tests/n5.txtar":    "# title: Five\n# points: 1\nrun tour 5\ntour 5\n",
	"ex/tests/n6.txtar":    "# title: Six\n# points: 1\nrun tour 6\ntour 6\n",
}

// eightByEight is the web's most copied 8×8 tour.
const eightByEight = `printf '0 59 38 33 30 17 8 63\n37 34 31 60 9 62 29 16\n58 1 36 39 32 27 18 7\n35 48 41 26 61 10 15 28\n42 57 2 49 40 23 6 19\n47 50 45 54 25 20 11 14\n56 43 52 3 22 13 24 5\n51 46 55 44 53 4 21 12\n'`

// TestNameSameOutputs: a program that prints the same tour whatever N is
// is told so in the message of each check it fails, first: that it reads
// no argument when its source reads none, else how many command lines
// printed alike; a program that prints the same for two Ns only is told
// which.
func TestNameSameOutputs(t *testing.T) {
	for _, tt := range []struct {
		name   string
		run    []string // the checks graded
		src    *submission.Source
		prints string
		want   map[string]string // check -> message prefix
	}{
		{"reads no argument", []string{"usage", "n5", "n6"}, &submission.Source{Lang: "shell"}, eightByEight, map[string]string{
			"usage": "tour 5 6: prints the same 8×8 tour whatever N is: it reads no argument; N comes from the command line, as the statement's examples show; exited with status 0",
			"n5":    "tour 5: prints the same 8×8 tour whatever N is: it reads no argument; N comes from the command line, as the statement's examples show; line 1 has 8 numbers; a 5×5 tour needs 5",
		}},
		{"two command lines, the source unread", []string{"n5", "n6"}, nil, eightByEight, map[string]string{
			"n5": "tour 5: prints the same 8×8 tour as \"tour 6\"; line 1 has 8 numbers",
		}},
		{"three command lines, the source unread", []string{"usage", "n5", "n6"}, nil, eightByEight, map[string]string{
			"n5": "tour 5: prints the same 8×8 tour whatever its arguments are (3 command lines gave it): it does not use them; line 1 has 8 numbers",
		}},
		{"the source reads its arguments", []string{"n5", "n6"}, &submission.Source{Lang: "shell", Args: true}, eightByEight, map[string]string{
			"n5": "tour 5: prints the same 8×8 tour as \"tour 6\"; line 1",
		}},
		{"one line alike", []string{"n5", "n6"}, nil, "echo 'Solution does not exist'", map[string]string{
			"n5": "line 1: expected",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"sub.sh": tt.prints + "\n"}
			for k, v := range sameExercise {
				files[k] = v
			}
			fixture.Write(t, dir, files)
			ex, err := exercise.LoadDir(filepath.Join(dir, "ex"))
			if err != nil {
				t.Fatal(err)
			}
			sub, err := submission.FromCommand([]string{"sh", filepath.Join(dir, "sub.sh")})
			if err != nil {
				t.Fatal(err)
			}
			cfg := Config{Limits: ex.Limits, Dir: t.TempDir()}
			if err := os.Mkdir(filepath.Join(cfg.Dir, "scripts"), 0o755); err != nil {
				t.Fatal(err)
			}
			g := NewRunner(context.Background(), ex, sub, cfg)
			g.src = tt.src
			var results []report.CheckResult
			for _, name := range tt.run {
				results = append(results, g.Run(ex.Check(name)))
			}
			g.NameSameOutputs(results)
			for _, r := range results {
				want, ok := tt.want[r.Name]
				if ok && !strings.HasPrefix(r.Message, want) {
					t.Errorf("%s: got %q; want %q...", r.Name, r.Message, want)
				}
			}
		})
	}
}

// TestDescribeOutput: an output is named for a message by its shape.
func TestDescribeOutput(t *testing.T) {
	for _, tt := range []struct {
		out  string
		tour bool
		want string
	}{
		{"0 1\n2 3\n", true, "2×2 tour"},
		{"Q|.\n.|Q\n", false, "2×2 board"},
		{"[[0, 1]]\n[[0, 2]]\n[[0, 3]]\n", false, "3 lines"},
		{"42\n", false, `line "42"`},
	} {
		if got := english(describeOutput([]byte(tt.out), tt.tour)); got != tt.want {
			t.Errorf("describeOutput(%q) = %q; want %q", tt.out, got, tt.want)
		}
	}
}

// TestExcerptAt: the lines around a line at fault that the report's kept
// start of the output does not reach are kept besides, numbered; a line
// the kept start holds, or a failure that diffs texts, needs none.
func TestExcerptAt(t *testing.T) {
	var out strings.Builder
	for i := 1; i <= 20; i++ {
		out.WriteString("line " + strconv.Itoa(i) + "\n")
	}
	full := []byte(out.String() + "cut")
	kept := "line 1\nline 2\n"
	for _, tt := range []struct {
		name string
		d    report.Detail
		want string
		from int
	}{
		{"past the kept start", report.Detail{OutputLine: 10}, "line 7\nline 8\nline 9\nline 10\nline 11\nline 12\nline 13\n", 7},
		{"the last, cut", report.Detail{OutputLine: 21}, "line 18\nline 19\nline 20\ncut\n", 18},
		{"within the kept start", report.Detail{OutputLine: 2}, "", 0},
		{"a diff", report.Detail{OutputLine: 10, Expected: "x", Actual: "y"}, "", 0},
	} {
		got, from := excerptAt(full, kept, &tt.d)
		if got != tt.want || from != tt.from {
			t.Errorf("%s: got %q from %d; want %q from %d", tt.name, got, from, tt.want, tt.from)
		}
	}
}

// TestCountRooksTimeoutHint: the solvers exercise's count-rooks-20, run
// out of time, gives the advice of its own that N! is computed, not
// counted, rather than the exercise's advice on searching faster, which
// cannot help a program that counts 20! placements one by one
// (TestTimeoutHint shows a check's own advice is the one a time-out gets).
func TestCountRooksTimeoutHint(t *testing.T) {
	ex, err := exercise.LoadDir("../../exercises/solvers")
	if err != nil {
		t.Fatal(err)
	}
	c := ex.Check("count-rooks-20")
	if c == nil {
		t.Fatal("solvers has no check count-rooks-20")
	}
	if got := (&Runner{ex: ex}).timeoutHint(c); !strings.HasPrefix(got, "N! is computed, not counted") {
		t.Errorf("count-rooks-20's advice for a time-out is %q; want that N! is computed, not counted", got)
	}
}

// TestStdinCauseNeedsNoArguments: an EOFError is an empty standard input
// read for N only in a program that does not read its arguments; in one
// that does (a solver of boards given on standard input) it is a crash.
func TestStdinCauseNeedsNoArguments(t *testing.T) {
	res := &sandbox.Result{ExitCode: 1, Stderr: []byte("Traceback (most recent call last):\n  File \"s.py\", line 3, in <module>\nEOFError: EOF when reading a line\n")}
	for _, tt := range []struct {
		args bool
		want string
	}{
		{false, "waited for input that is not given: it read standard input, which is empty here (EOFError: EOF when reading a line, at s.py line 3); N comes from the command line"},
		{true, "crashed: EOFError: EOF when reading a line (s.py line 3)"},
	} {
		g := &Runner{ex: &exercise.Exercise{Messages: map[string]string{"usage": "Usage: solvers COMMAND [N]"}},
			sub: &submission.Submission{Lang: "python"},
			src: &submission.Source{Lang: "python", Args: tt.args, ArgsName: "sys.argv", Files: []string{"s.py"}}}
		c := g.causeOf(res, false)
		if c == nil || !strings.HasPrefix(english(c.message), tt.want) {
			t.Errorf("reads its arguments %v: got %+v; want %q...", tt.args, c, tt.want)
		}
	}
}
