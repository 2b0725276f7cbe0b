package render

import (
	"encoding/json"
	"io"
	"time"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/reference"
)

func init() {
	register(Format{Name: "json", Summary: "the report as one JSON object, for programs", Render: renderJSON})
}

// The JSON names below are a contract (issue 5): exercise, submission, passed,
// score, max_score, and per check name, title, status, score, max_score,
// message and hint are always present. Other fields may be added, never
// renamed or removed. docs/report.schema.json describes every field, and
// the tests validate every rendering against it, which allows no field it
// does not describe: a field added here is added there too.

// jsonVersion is the report format's version, in every report as
// "version". It goes up only if a field changes its meaning or goes away,
// which the contract above rules out for the fields it names; an added
// field keeps the version.
const jsonVersion = 1

type jsonReport struct {
	Version     int         `json:"version"`
	Exercise    string      `json:"exercise"`
	Student     string      `json:"student,omitempty"`
	Submission  string      `json:"submission"`
	Passed      bool        `json:"passed"`
	Score       int         `json:"score"`
	MaxScore    int         `json:"max_score"`
	Checks      []jsonCheck `json:"checks"`
	Title       string      `json:"title"`
	Command     []string    `json:"command"`
	Compiled    bool        `json:"compiled,omitempty"`
	Built       string      `json:"built,omitempty"`
	DurationMS  float64     `json:"duration_ms"`
	Protections []string    `json:"protections,omitempty"`
	Graded      *jsonGraded `json:"graded,omitempty"`
	Lang        string      `json:"lang,omitempty"`
}

// jsonGraded is report.Graded: what the report was graded from.
type jsonGraded struct {
	Submission string `json:"submission"`
	Exercise   string `json:"exercise"`
	Grader     string `json:"grader"`
}

type jsonCheck struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Status   string `json:"status"`
	Score    int    `json:"score"`
	MaxScore int    `json:"max_score"`
	Message  string `json:"message"`
	// MessageID and MessageArgs are message as data, where the grader
	// said it so (report.CheckResult.Reason).
	MessageID      string             `json:"message_id,omitempty"`
	MessageArgs    map[string]jsonArg `json:"message_args,omitempty"`
	Hint           string             `json:"hint"`
	Visibility     string             `json:"visibility,omitempty"`
	SkippedBecause string             `json:"skipped_because,omitempty"`
	Line           int                `json:"line,omitempty"`
	DurationMS     float64            `json:"duration_ms"`
	Runs           []jsonRun          `json:"runs"`
	Detail         *jsonDetail        `json:"detail,omitempty"`
	Log            string             `json:"log,omitempty"`
}

type jsonRun struct {
	Args    []string `json:"args"`
	Command []string `json:"command"`
	Stdin   string   `json:"stdin,omitempty"`
	Stdout  string   `json:"stdout"`
	Stderr  string   `json:"stderr"`
	Trimmed bool     `json:"trimmed,omitempty"`
	// StdoutLines and StderrLines count the lines of the whole output, as
	// captured before trimming.
	StdoutLines int     `json:"stdout_lines,omitempty"`
	StderrLines int     `json:"stderr_lines,omitempty"`
	ExitCode    int     `json:"exit_code"`
	Death       string  `json:"death,omitempty"`
	DurationMS  float64 `json:"duration_ms"`
	// CPUMS is the CPU time of the run's processes, what its time limit
	// bounds; CPUWaitMS the time they waited for a processor.
	CPUMS     float64 `json:"cpu_ms"`
	CPUWaitMS float64 `json:"cpu_wait_ms,omitempty"`
}

type jsonDetail struct {
	Expected   *string          `json:"expected,omitempty"`
	Actual     *string          `json:"actual,omitempty"`
	OutputLine int              `json:"output_line,omitempty"`
	Excerpt    *jsonOutputLines `json:"excerpt,omitempty"`
	Board      *jsonBoard       `json:"board,omitempty"`
	Tour       *jsonTour        `json:"tour,omitempty"`
	Tally      *jsonTally       `json:"tally,omitempty"`
}

// jsonOutputLines are lines of a run's output, the first of them numbered From.
type jsonOutputLines struct {
	From int    `json:"from"`
	Text string `json:"text"`
}

// jsonTally is a `queens ... all` check's count of the solutions printed,
// with examples of each kind at fault (at most a few of each).
type jsonTally struct {
	Want     int64 `json:"want"`
	Right    int   `json:"right"`
	Repeated int   `json:"repeated"`
	Invalid  int   `json:"invalid"`
	Missing  int64 `json:"missing"`
	// StoppedAtLine is the output line that is no placement at all, where
	// counting stopped; absent when the whole output was read.
	StoppedAtLine   int             `json:"stopped_at_line,omitempty"`
	RepeatedAt      []jsonTallyLine `json:"repeated_at,omitempty"`
	InvalidAt       []jsonTallyLine `json:"invalid_at,omitempty"`
	MissingExamples [][][2]int      `json:"missing_examples,omitempty"`
}

type jsonTallyLine struct {
	Line   int      `json:"line"`
	Pieces [][2]int `json:"pieces"`
}

// Squares are [row, col] pairs, as the exercises print them.
type jsonBoard struct {
	N          int      `json:"n"`
	Piece      string   `json:"piece"`
	Pieces     [][2]int `json:"pieces"`
	Attackers  [][2]int `json:"attackers,omitempty"`
	Between    [][2]int `json:"between,omitempty"`
	Suggestion [][2]int `json:"suggestion,omitempty"`
	BottomUp   bool     `json:"bottom_up,omitempty"`
	Rows       int      `json:"rows,omitempty"`
	Cols       int      `json:"cols,omitempty"`
	Removed    [][2]int `json:"removed,omitempty"`
}

type jsonTour struct {
	N         int      `json:"n"`
	Numbers   [][]int  `json:"numbers"`
	Highlight [][2]int `json:"highlight,omitempty"`
	Rows      int      `json:"rows,omitempty"`
	Cols      int      `json:"cols,omitempty"`
	Piece     string   `json:"piece,omitempty"`
	Leaps     [][2]int `json:"leaps,omitempty"`
}

// renderJSON writes the report as one indented JSON object. Student output is
// safe in it: encoding/json escapes control characters, and invalid UTF-8
// becomes U+FFFD.
func renderJSON(w io.Writer, r *report.Report, o Options) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(toJSON(r))
}

// toJSON is the report as the JSON format has it. A compiled submission
// ran as a program in a temporary folder, gone by the time anyone reads the
// report: its command, and each run's, is given as [] with compiled true,
// rather than as a path that no longer exists; args still says how each
// run called it.
func toJSON(r *report.Report) jsonReport {
	command := func(argv []string) []string {
		if r.Compiled {
			return []string{}
		}
		return nonNil(argv)
	}
	out := jsonReport{
		Version:  jsonVersion,
		Exercise: r.Exercise,
		Student:  r.Student,
		// A name as grader batch's files spell it (an invalid byte as
		// \xff, a control character escaped), not as JSON would write it
		// (U+FFFD, which names no file): Escape leaves a name it spelt as it is,
		// so a batch's report, spelt so already, is unchanged.
		Submission:  Escape(r.Submission),
		Passed:      r.Passed,
		Score:       r.Score,
		MaxScore:    r.MaxScore,
		Checks:      []jsonCheck{},
		Title:       r.Title,
		Command:     command(r.Command),
		Compiled:    r.Compiled,
		Built:       r.Built,
		DurationMS:  ms(r.Duration),
		Protections: r.Protections,
		Lang:        r.Lang,
	}
	if g := r.Graded; g != nil {
		out.Graded = &jsonGraded{Submission: g.Submission, Exercise: g.Exercise, Grader: g.Grader}
	}
	for _, c := range r.Checks {
		jc := jsonCheck{
			Name:           c.Name,
			Title:          c.Title,
			Status:         string(c.Status),
			Score:          c.Score,
			MaxScore:       c.MaxScore,
			Message:        checkText(c, r.Lang),
			Hint:           c.Hint,
			Visibility:     string(c.Visibility),
			SkippedBecause: c.SkippedBecause,
			Line:           c.Line,
			DurationMS:     ms(c.Duration),
			Runs:           []jsonRun{},
			Log:            c.Log,
		}
		if c.Reason != nil {
			jc.MessageID, jc.MessageArgs = c.Reason.ID, toJSONArgs(c.Reason.Args)
		}
		for _, run := range c.Runs {
			jc.Runs = append(jc.Runs, jsonRun{
				Args:        nonNil(run.Args),
				Command:     command(run.Command),
				Stdin:       run.Stdin,
				Stdout:      run.Stdout,
				Stderr:      run.Stderr,
				Trimmed:     run.Trimmed,
				StdoutLines: run.StdoutLines,
				StderrLines: run.StderrLines,
				ExitCode:    run.ExitCode,
				Death:       run.Death,
				DurationMS:  ms(run.Duration),
				CPUMS:       ms(run.CPU),
				CPUWaitMS:   ms(run.CPUWait),
			})
		}
		if d := c.Detail; d != nil {
			jd := &jsonDetail{OutputLine: d.OutputLine}
			if d.Excerpt != "" {
				jd.Excerpt = &jsonOutputLines{From: d.ExcerptFrom, Text: d.Excerpt}
			}
			if d.Expected != "" || d.Actual != "" {
				jd.Expected, jd.Actual = &d.Expected, &d.Actual
			}
			if b := d.Board; b != nil {
				jd.Board = &jsonBoard{
					N:          b.N,
					Piece:      string(rune(b.Piece)),
					Pieces:     pairs(b.Pieces),
					Attackers:  pairs(b.Attackers),
					Between:    pairs(b.Between),
					Suggestion: pairs(b.Suggestion),
					BottomUp:   b.BottomUp,
					Rows:       b.Rows,
					Cols:       b.Cols,
					Removed:    pairs(b.Removed),
				}
				if b.Piece == 0 {
					jd.Board.Piece = "Q"
				}
			}
			if t := d.Tour; t != nil {
				jd.Tour = &jsonTour{N: t.N, Numbers: t.Numbers, Highlight: pairs(t.Highlight), Rows: t.Rows, Cols: t.Cols, Piece: t.Piece}
				for _, l := range t.Leaps {
					jd.Tour.Leaps = append(jd.Tour.Leaps, [2]int{l.Short, l.Long})
				}
			}
			if t := d.Tally; t != nil {
				jd.Tally = toJSONTally(t)
			}
			jc.Detail = jd
		}
		out.Checks = append(out.Checks, jc)
	}
	return out
}

func pairs(sq []reference.Square) [][2]int {
	if sq == nil {
		return nil
	}
	out := make([][2]int, len(sq))
	for i, s := range sq {
		out[i] = [2]int{s.Row, s.Col}
	}
	return out
}

// nonNil keeps an absent list as [] rather than null, so consumers need not
// test for both.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ms gives a duration in milliseconds, to the microsecond.
func ms(d time.Duration) float64 {
	return float64(d.Round(time.Microsecond)) / float64(time.Millisecond)
}

func toJSONTally(t *checker.QueensTally) *jsonTally {
	jt := &jsonTally{Want: t.Want, Right: t.Right, Repeated: t.Repeated, Invalid: t.Invalid,
		Missing: t.Missing, StoppedAtLine: t.Stopped}
	lines := func(ex []checker.TallyExample) []jsonTallyLine {
		var out []jsonTallyLine
		for _, e := range ex {
			out = append(out, jsonTallyLine{Line: e.Line, Pieces: pairs(e.Pieces)})
		}
		return out
	}
	jt.RepeatedAt, jt.InvalidAt = lines(t.RepeatedAt), lines(t.InvalidAt)
	for _, m := range t.MissingEx {
		jt.MissingExamples = append(jt.MissingExamples, pairs(m))
	}
	return jt
}
