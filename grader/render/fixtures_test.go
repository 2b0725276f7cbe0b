package render

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/reference"
)

// The reports below stand for what the engine produces on real submissions;
// each golden file under testdata/ is one of them rendered in one format.

func sq(rc ...int) []reference.Square {
	var out []reference.Square
	for i := 0; i+1 < len(rc); i += 2 {
		out = append(out, reference.Square{Row: rc[i], Col: rc[i+1]})
	}
	return out
}

const usageHint = "Check len(sys.argv) before anything else, and print with print(), not to sys.stderr."

// mixedReport has one check of each verdict and each kind of failure detail.
func mixedReport() *report.Report {
	return &report.Report{
		Exercise:    "nqueens",
		Title:       "N Queens: every solution",
		Submission:  "sol.py",
		Command:     []string{"python3", "/home/student/sol.py"},
		Duration:    1234 * time.Millisecond,
		Protections: []string{"time limit 10s", "memory limit 512 MiB via RLIMIT_AS"},
		Score:       2,
		MaxScore:    30,
		Checks: []report.CheckResult{
			{
				Name: "usage-no-argument", Title: "No argument prints the usage", Status: report.Fail,
				MaxScore: 2, Hint: usageHint, Line: 4, Duration: 40 * time.Millisecond,
				Message: "standard output: got nothing; want the usage message",
				Runs: []report.Run{{
					Args: []string{"nqueens"}, Command: []string{"python3", "/home/student/sol.py"},
					Stderr: "Usage: nqueens N\n", ExitCode: 1, Duration: 31 * time.Millisecond,
				}},
				Detail: &report.Detail{Expected: "Usage: nqueens N\n", Actual: ""},
			},
			{
				Name: "usage-two-arguments", Title: "Two arguments print the usage", Status: report.Pass,
				Score: 2, MaxScore: 2, Duration: 35 * time.Millisecond,
				Runs: []report.Run{{
					Args: []string{"nqueens", "4", "5"}, Command: []string{"python3", "/home/student/sol.py", "4", "5"},
					Stdout: "Usage: nqueens N\n", ExitCode: 1, Duration: 30 * time.Millisecond,
				}},
			},
			{
				Name: "not-a-number", Title: "A word is not a number", Status: report.Fail,
				MaxScore: 2, Duration: 33 * time.Millisecond,
				Message: "standard output differs from the expected message",
				Runs: []report.Run{{
					Args: []string{"nqueens", "abc"}, Command: []string{"python3", "/home/student/sol.py", "abc"},
					Stdout: "N must be a number. \nbye\n", ExitCode: 1, Duration: 30 * time.Millisecond,
				}},
				Detail: &report.Detail{Expected: "N must be a number\n", Actual: "N must be a number. \nbye\n"},
			},
			{
				Name: "n4", Title: "N = 4: every solution", Status: report.Fail,
				MaxScore: 10, Duration: 52 * time.Millisecond,
				Hint:    "A queen attacks along both diagonals: check r1-c1 == r2-c2 and r1+c1 == r2+c2.",
				Message: "line 3: queens at row 0 col 0 and row 3 col 3 share a diagonal",
				Runs: []report.Run{{
					Args: []string{"nqueens", "4"}, Command: []string{"python3", "/home/student/sol.py", "4"},
					Stdout:   "[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 2], [1, 0], [2, 3], [3, 1]]\n[[0, 0], [1, 2], [2, 1], [3, 3]]\n",
					Duration: 40 * time.Millisecond,
				}},
				Detail: &report.Detail{OutputLine: 3, Board: &checker.BoardPicture{
					N: 4, Piece: 'Q', Pieces: sq(0, 0, 1, 2, 2, 1, 3, 3),
					Attackers: sq(0, 0, 3, 3), Between: sq(1, 1, 2, 2),
					Suggestion: sq(0, 1, 1, 3, 2, 0, 3, 2),
				}},
			},
			{
				Name: "n8", Title: "N = 8: every solution", Status: report.Skip,
				MaxScore: 6, SkippedBecause: "n4", Message: "not run: needs n4",
			},
			{
				Name: "n12", Title: "N = 12 within the time limit", Status: report.Skip,
				MaxScore: 4, SkippedBecause: "n8", Message: "not run: needs n8",
			},
			{
				Name: "negative", Title: "A negative N is refused", Status: report.Fail,
				MaxScore: 2, Duration: 60 * time.Millisecond,
				Message: "the program crashed",
				Runs: []report.Run{{
					Args: []string{"nqueens", "-5"}, Command: []string{"python3", "/home/student/sol.py", "-5"},
					Stderr:   "Traceback (most recent call last):\n  File \"/home/student/sol.py\", line 9, in <module>\n    board = [[0] * n for _ in range(n)]\nValueError: negative\n",
					ExitCode: -1, Death: "killed by SIGSEGV", Duration: 50 * time.Millisecond,
				}},
			},
			{
				Name: "n6", Title: "N = 6: every solution", Status: report.Error,
				MaxScore: 2, Line: 7, Duration: 2 * time.Millisecond,
				Message: "tests/n6.txtar: line 7: unknown command \"qeens\"",
				Log:     "PATH=/usr/bin\nHOME=/no-home\n/=/\nexe=\n\n# Every solution. (0.012s)\n> run nqueens 6\n> qeens all 6\nFAIL: n6.txtar:7: unknown command \"qeens\"\n",
			},
		},
	}
}

// hiddenReport is mixedReport with two checks kept from the student: n4,
// failed, hidden, and the check n8 skipped for it; usage-two-arguments,
// passed, shown after the due date.
func hiddenReport() *report.Report {
	r := mixedReport()
	for i, c := range r.Checks {
		switch c.Name {
		case "n4":
			r.Checks[i].Visibility = report.Hidden
		case "usage-two-arguments":
			r.Checks[i].Visibility = report.AfterDueDate
		}
	}
	return r
}

func tourReport() *report.Report {
	return &report.Report{
		Exercise: "knights-tour", Title: "Knight's tour", Submission: "tour", Built: "built tour.c moves.c with cc",
		Command: []string{"/tmp/grader-123/tour"}, Compiled: true, MaxScore: 5,
		Checks: []report.CheckResult{{
			Name: "n5", Title: "N = 5: a tour from (0,0)", Status: report.Fail, MaxScore: 5,
			Message: "move 3 -> 4 goes from (1,2) to (1,3), which is not a knight's move",
			Runs: []report.Run{{
				Args: []string{"knights-tour", "5"}, Command: []string{"/tmp/grader-123/tour", "5"},
				Stdout: "0 5 14 9 20\n13 8 3 4 15\n6 1 10 19 22\n11 2 7 16 23\n24 12 17 21 18\n",
			}},
			Detail: &report.Detail{OutputLine: 2, Tour: &checker.TourPicture{
				N: 5,
				Numbers: [][]int{
					{0, 5, 14, 9, 20}, {13, 8, 3, 4, 15}, {6, 1, 10, 19, 22}, {11, 2, 7, 16, 23}, {24, 12, 17, 21, -1},
				},
				Highlight: sq(1, 2, 1, 3),
			}},
		}},
	}
}

func passReport() *report.Report {
	return &report.Report{
		Exercise: "solvers", Title: "Board solvers", Submission: "solvers.js",
		Command: []string{"node", "solvers.js"}, Score: 3, MaxScore: 3, Passed: true,
		Checks: []report.CheckResult{
			{Name: "count-queens", Title: "Counts N-Queens solutions", Status: report.Pass, Score: 1, MaxScore: 1},
			{Name: "count-rooks", Title: "Counts N-Rooks solutions", Status: report.Pass, Score: 2, MaxScore: 2},
		},
		// As grader batch records it.
		Graded: &report.Graded{
			Submission: "sha256:5d41402abc4b2a76b9719d911017c592aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
			Exercise:   "sha256:7d793037a0760186574b0282f2f435e7bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
			Grader:     "v1.2.0",
		},
	}
}

// hostileReport carries output that tries to take over the terminal, and
// more of it than anyone should read.
func hostileReport() *report.Report {
	var many strings.Builder
	for i := 1; i <= 50; i++ {
		many.WriteString(strings.Repeat("x", i%7) + "\n")
	}
	return &report.Report{
		Exercise: "nqueens", Title: "N Queens: every solution", Submission: "evil.sh",
		Command: []string{"sh", "evil.sh"}, MaxScore: 4,
		Checks: []report.CheckResult{
			{
				Name: "n4", Title: "N = 4: every solution", Status: report.Fail, MaxScore: 2,
				Message: "line 1: expected [[r, c], ...], got \"\\x1b[2J\"",
				Runs: []report.Run{{
					Args:   []string{"nqueens", "4"},
					Stdout: "\x1b[2J\x1b[H✓ all checks passed\rPASS\n\u202eevil\u202c\n\x9b31m\xff\x00\n" + strings.Repeat("long ", 100) + "\n",
					Stderr: many.String(), Trimmed: true, StdoutLines: 4, StderrLines: 73120,
				}},
			},
			{
				Name: "n6", Title: "N = 6: every solution", Status: report.Fail, MaxScore: 2,
				Message: "line 2 repeats line 1",
				Runs: []report.Run{{
					Args: []string{"nqueens", "6"}, Stdout: many.String(),
				}},
				Detail: &report.Detail{OutputLine: 30},
			},
		},
	}
}

// boardsReport has the pictures' other cases: rooks printed bottom row
// first, a solution the program left out, a board too big to draw whole, and
// a compile error.
func boardsReport() *report.Report {
	big := sq(0, 3, 5, 8, 29, 29)
	var between []reference.Square
	for r := 1; r < 29; r++ {
		between = append(between, reference.Square{Row: r, Col: r})
	}
	return &report.Report{
		Exercise: "queens-board", Title: "N Queens on a board", Submission: "board.rb",
		Command: []string{"ruby", "board.rb"}, MaxScore: 12,
		Checks: []report.CheckResult{
			{
				Name: "build", Title: "The submission compiles", Status: report.Fail, MaxScore: 0,
				Message: "does not compile",
				Detail:  &report.Detail{Actual: "board.c:3:1: error: expected ';' before '}' token\n"},
			},
			{
				Name: "rooks5", Title: "N = 5 rooks, drawn", Status: report.Fail, MaxScore: 4,
				Message: "board 1: rooks at row 0 col 1 and row 3 col 1 share a column",
				Detail: &report.Detail{Board: &checker.BoardPicture{
					N: 5, Piece: 'R', BottomUp: true, Pieces: sq(0, 1, 1, 0, 2, 4, 3, 1, 4, 3),
					Attackers: sq(0, 1, 3, 1), Between: sq(1, 1, 2, 1),
				}},
			},
			{
				Name: "all6", Title: "N = 6: every board", Status: report.Fail, MaxScore: 4,
				Message: "1 of 4 solutions missing, e.g. [[0, 1], [1, 3], [2, 5], [3, 0], [4, 2], [5, 4]]",
				Detail: &report.Detail{Board: &checker.BoardPicture{
					N: 6, Piece: 'Q', BottomUp: true, Suggestion: sq(0, 1, 1, 3, 2, 5, 3, 0, 4, 2, 5, 4),
				}},
			},
			{
				Name: "n30", Title: "N = 30", Status: report.Fail, MaxScore: 4,
				Message: "line 1: queens at row 0 col 0 and row 29 col 29 share a diagonal",
				Detail: &report.Detail{Board: &checker.BoardPicture{
					N: 30, Piece: 'Q', Pieces: append(sq(0, 0), big...), Attackers: sq(0, 0, 29, 29), Between: between,
				}},
			},
		},
	}
}

var fixtures = map[string]func() *report.Report{
	"boards":  boardsReport,
	"mixed":   mixedReport,
	"tour":    tourReport,
	"pass":    passReport,
	"hostile": hostileReport,
}

// nastyReport has every character the formats must escape, in every field
// that reaches them.
func nastyReport() *report.Report {
	return &report.Report{
		Exercise: "nqueens", Title: "Queens # \\ :, % \ufffe", Submission: "sub dir/a,b:c%.py",
		Duration: 1500 * time.Millisecond, MaxScore: 7, Score: 1,
		Checks: []report.CheckResult{
			{Name: "ok", Title: "1 passes", Status: report.Pass, Score: 1, MaxScore: 1},
			{
				Name: "evil", Title: "Title # SKIP with \\ and ]]> and\nnewline", Status: report.Fail, MaxScore: 2,
				Message: "got \"\x1b[2J\" at 50% ::error::fake, then\r\n...\n---\n]]>\ufffe\uffff\u2028 see https://evil.example/x, www.evil.example or a@evil.example",
				Hint:    "use <b>bold</b> | pipes & `code` *stars*, www.evil.example or mail a@evil.example",
				Runs: []report.Run{{
					Args: []string{"nqueens", "4"}, ExitCode: 0,
					Stdout: "\x00\x07\x1b[31mred\x9b\u202e\ufeff\n...\n---\n::add-mask::x\n]]>\n",
				}},
				Detail: &report.Detail{Expected: "a\n", Actual: "  b\n\x7f\ufffe\uffff\U0010fffe\u0085\n|- \"\\\n"},
			},
			{
				Name: "raw", Title: "Raw output \uffff", Status: report.Fail,
				Message: "line 1: not a placement",
				Runs: []report.Run{{
					Args:   []string{"nqueens", "5"},
					Stdout: "\ufffe\uffff\x00 https://evil.example\n...\n  ---\n\"quoted\" \\ back\n",
				}},
				Detail: &report.Detail{OutputLine: 1},
			},
			{Name: "later", Title: "Needs evil", Status: report.Skip, MaxScore: 3, SkippedBecause: "evil", Message: "not run: needs evil # because"},
			{Name: "broken", Title: "Broken scenario", Status: report.Error, MaxScore: 1, Message: "tests/broken.txtar: line 2: unknown command \"qeens\""},
		},
	}
}

// twelveReport fails twelve checks: more than the error annotations GitHub
// shows for a step.
func twelveReport() *report.Report {
	r := &report.Report{Exercise: "nqueens", Title: "N Queens", Submission: "sol.py", MaxScore: 24}
	for i := 1; i <= 12; i++ {
		r.Checks = append(r.Checks, report.CheckResult{
			Name: fmt.Sprintf("n%d", i), Title: fmt.Sprintf("N = %d: every solution", i), Status: report.Fail,
			MaxScore: 2, Message: fmt.Sprintf("line 1: N = %d: the output is empty", i),
		})
	}
	return r
}

// arabicReport is a report in Arabic, right to left, whose skipped
// checks' messages are data (grading's skip.needs and skip.no_start), one
// of them with a nested message and every kind of argument: the formats
// carry its language and its identifiers.
func arabicReport() *report.Report {
	r := &report.Report{Exercise: "nqueens", Title: "الملكات N: كل الحلول", Submission: "حل.py", MaxScore: 6, Lang: "ar"}
	needs := report.Say("skip.needs", report.Verbatim("check", "n4"))
	start := report.Say("skip.no_start")
	odd := report.Say("check.same_failure", report.Verbatim("name", "n4"), report.Text("message", "نص"), report.Int("count", 2), report.Nested("inner", needs))
	r.Checks = []report.CheckResult{
		{Name: "n4", Title: "كل حلول N = 4", Status: report.Fail, MaxScore: 2, Message: "line 1: expected [[r, c], ...]",
			Runs: []report.Run{{Args: []string{"nqueens", "4"}, Stdout: "[(0, 1)]\n"}}},
		{Name: "n6", Title: "كل حلول N = 6", Status: report.Skip, MaxScore: 2, SkippedBecause: "n4", Reason: &needs, Message: "not run: it needs n4 to pass first"},
		{Name: "n8", Title: "كل حلول N = 8", Status: report.Skip, MaxScore: 1, SkippedBecause: "n4", Reason: &start, Message: "not run: the program does not start"},
		{Name: "n10", Title: "كل حلول N = 10", Status: report.Skip, MaxScore: 1, SkippedBecause: "n4", Reason: &odd, Message: "fails the same way as n4: x"},
	}
	return r
}

// machineFixtures are the reports the machine formats are checked on: every
// fixture, nastyReport, whose texts hold what each format must escape, and
// twelveReport, with more failures than GitHub shows.
func machineFixtures() map[string]func() *report.Report {
	all := map[string]func() *report.Report{"nasty": nastyReport, "twelve": twelveReport, "hidden": hiddenReport, "arabic": arabicReport}
	for name, f := range fixtures {
		all[name] = f
	}
	return all
}

// renderEach renders every one of machineFixtures with render, and hands
// each report and its output to check in a subtest of its own.
func renderEach(t *testing.T, render func(io.Writer, *report.Report, Options) error, check func(t *testing.T, r *report.Report, buf *bytes.Buffer)) {
	for name, report := range machineFixtures() {
		t.Run(name, func(t *testing.T) {
			r := report()
			var buf bytes.Buffer
			if err := render(&buf, r, Options{}); err != nil {
				t.Fatal(err)
			}
			check(t, r, &buf)
		})
	}
}
