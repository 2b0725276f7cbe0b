// Package render turns a grading report into output: coloured text for a
// person at a terminal, JSON for programs. It is the only package that knows
// a report's output formats (a class's CSV gradebook is package batch's); the
// engine produces a [report.Report] and knows nothing of terminals or files.
//
// Each format lives in its own file and registers itself by name, so adding a
// format (JUnit, TAP, Gradescope, ...) touches one new file:
//
//	func init() {
//		register(Format{Name: "tap", Summary: "TAP version 13", Render: renderTAP})
//	}
package render

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/boardcheck/boardcheck/grader/report"
)

// Options are the per-invocation settings a renderer may honour. They are
// passed down rather than kept in globals so that two reports rendered at the
// same time (tests, batch grading) cannot disturb each other.
type Options struct {
	// Color turns on ANSI colour. The caller decides (terminal, NO_COLOR,
	// --color); renderers never look at the environment themselves.
	Color bool
	// Verbose shows every run of every check: the argv actually executed,
	// exit status, duration and output.
	Verbose bool
	// Dir, if set, is the folder the reader works in: the text report shows
	// paths under it relative to it ("python3 sol.py", not
	// "python3 /home/ana/course/week3/sol.py").
	Dir string
	// Width, when above 0, is the terminal's width in columns: the text
	// report wraps hints to it at spaces, where the terminal would break
	// them mid-word. 0 keeps each on one line, for files and pipes.
	Width int
	// Focus, for a terminal that shows one grading after another (grader
	// check --watch), gives each failed check its message alone and the
	// failure to fix first in full, last, just above the summary: a report
	// of a dozen failures in full scrolls that one off a screen.
	Focus bool
}

// A Format writes a report in one output format.
type Format struct {
	Name    string // as given to --format: "text", "json"
	Summary string // one line for the help text
	Render  func(w io.Writer, r *report.Report, o Options) error
}

var formats = map[string]Format{}

// register adds a format; each format's file calls it from init.
func register(f Format) {
	if _, dup := formats[f.Name]; dup {
		panic("render: format " + f.Name + " registered twice")
	}
	formats[f.Name] = f
}

// Lookup returns the format called name. Its error lists the known names, so
// the command line can pass it on as it is.
func Lookup(name string) (Format, error) {
	f, ok := formats[name]
	if !ok {
		return Format{}, fmt.Errorf("unknown format %q: choose one of %s", name, strings.Join(Names(), ", "))
	}
	return f, nil
}

// Formats returns every registered format, sorted by name.
func Formats() []Format {
	all := make([]Format, 0, len(formats))
	for _, f := range formats {
		all = append(all, f)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	return all
}

// Names returns the registered format names, sorted.
func Names() []string {
	var names []string
	for _, f := range Formats() {
		names = append(names, f.Name)
	}
	return names
}
