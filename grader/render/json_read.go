package render

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/boardcheck/boardcheck/grader/checker"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/reference"
)

// ReadJSON turns a JSON report back into the report it was rendered from,
// as far as any format shows it: what grader batch keeps of a class is its
// JSON reports, and the class's other files are rendered from them. A
// report with no version was written before versions, and reads as version
// 1; a later version is refused, since its fields may mean something else.
func ReadJSON(data []byte) (*report.Report, error) {
	var j jsonReport
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("not a grader report: %w", err)
	}
	if j.Version > jsonVersion {
		return nil, fmt.Errorf("a report of version %d, written by a newer grader: this one reads version %d", j.Version, jsonVersion)
	}
	r := &report.Report{
		Exercise:    j.Exercise,
		Student:     j.Student,
		Title:       j.Title,
		Submission:  j.Submission,
		Command:     j.Command,
		Compiled:    j.Compiled,
		Built:       j.Built,
		Score:       j.Score,
		MaxScore:    j.MaxScore,
		Passed:      j.Passed,
		Duration:    fromMS(j.DurationMS),
		Protections: j.Protections,
		Lang:        j.Lang,
	}
	if g := j.Graded; g != nil {
		r.Graded = &report.Graded{Submission: g.Submission, Exercise: g.Exercise, Grader: g.Grader}
	}
	for _, jc := range j.Checks {
		c := report.CheckResult{
			Name:           jc.Name,
			Title:          jc.Title,
			Status:         report.Status(jc.Status),
			Score:          jc.Score,
			MaxScore:       jc.MaxScore,
			Message:        jc.Message,
			Hint:           jc.Hint,
			Visibility:     report.Visibility(jc.Visibility),
			SkippedBecause: jc.SkippedBecause,
			Line:           jc.Line,
			Duration:       fromMS(jc.DurationMS),
			Log:            jc.Log,
			Detail:         fromJSONDetail(jc.Detail),
		}
		if jc.MessageID != "" {
			// message is said in the report's language; the report's
			// Message is English, the catalog's.
			reason := report.Message{ID: jc.MessageID, Args: fromJSONArgs(jc.MessageArgs)}
			c.Reason, c.Message = &reason, i18n.For(i18n.English).Say(reason)
		}
		for _, run := range jc.Runs {
			c.Runs = append(c.Runs, report.Run{
				Args: run.Args, Command: run.Command, Stdin: run.Stdin, Stdout: run.Stdout, Stderr: run.Stderr,
				Trimmed: run.Trimmed, StdoutLines: run.StdoutLines, StderrLines: run.StderrLines,
				ExitCode: run.ExitCode, Death: run.Death, Duration: fromMS(run.DurationMS),
			})
		}
		r.Checks = append(r.Checks, c)
	}
	return r, nil
}

func fromJSONDetail(jd *jsonDetail) *report.Detail {
	if jd == nil {
		return nil
	}
	d := &report.Detail{OutputLine: jd.OutputLine}
	if e := jd.Excerpt; e != nil {
		d.Excerpt, d.ExcerptFrom = e.Text, e.From
	}
	if jd.Expected != nil && jd.Actual != nil {
		d.Expected, d.Actual = *jd.Expected, *jd.Actual
	}
	if b := jd.Board; b != nil {
		d.Board = &checker.BoardPicture{
			N: b.N, Pieces: squares(b.Pieces), Attackers: squares(b.Attackers), Between: squares(b.Between),
			Suggestion: squares(b.Suggestion), BottomUp: b.BottomUp,
			Rows: b.Rows, Cols: b.Cols, Removed: squares(b.Removed),
		}
		if len(b.Piece) == 1 {
			d.Board.Piece = b.Piece[0]
		}
	}
	if t := jd.Tour; t != nil {
		d.Tour = &checker.TourPicture{N: t.N, Numbers: t.Numbers, Highlight: squares(t.Highlight), Rows: t.Rows, Cols: t.Cols, Piece: t.Piece}
		for _, l := range t.Leaps {
			d.Tour.Leaps = append(d.Tour.Leaps, reference.Leap{Short: l[0], Long: l[1]})
		}
	}
	if t := jd.Tally; t != nil {
		lines := func(in []jsonTallyLine) []checker.TallyExample {
			var out []checker.TallyExample
			for _, l := range in {
				out = append(out, checker.TallyExample{Line: l.Line, Pieces: squares(l.Pieces)})
			}
			return out
		}
		d.Tally = &checker.QueensTally{
			Want: t.Want, Right: t.Right, Repeated: t.Repeated, Invalid: t.Invalid, Missing: t.Missing,
			Stopped: t.StoppedAtLine, RepeatedAt: lines(t.RepeatedAt), InvalidAt: lines(t.InvalidAt),
		}
		for _, m := range t.MissingExamples {
			d.Tally.MissingEx = append(d.Tally.MissingEx, squares(m))
		}
	}
	return d
}

// squares undoes pairs.
func squares(p [][2]int) []reference.Square {
	if p == nil {
		return nil
	}
	out := make([]reference.Square, len(p))
	for i, rc := range p {
		out[i] = reference.Square{Row: rc[0], Col: rc[1]}
	}
	return out
}

// fromMS undoes ms.
func fromMS(ms float64) time.Duration {
	return time.Duration(math.Round(ms*1000)) * time.Microsecond
}
