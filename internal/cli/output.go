package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// Where check's reports go. --format and --output are both repeatable and
// pair in order: the first --output takes the first --format, the second
// the second, and so on. A --format left without an --output goes to
// standard output, and at most one may; when every --format has its file,
// standard output still shows the text report, so the person at the
// terminal sees the feedback whatever files CI wants:
//
//	grader check ID SUB                                    text on stdout
//	grader check --format json ID SUB                      JSON on stdout
//	grader check --format junit --output r.xml ID SUB      text on stdout, JUnit in r.xml
//	grader check --format junit --output r.xml --format github ID SUB
//	                                                       GitHub log on stdout, JUnit in r.xml
//
// Files are written whole or not at all (a temporary file in the same
// folder, renamed into place), and every destination is checked before the
// grading starts, so a mistyped folder costs a message, not a grading.

// outputHelp is the rule above, for check's help.
const outputHelp = `--format and --output pair in order: the first --output receives the first
--format, and so on. A --format without an --output goes to standard output
(one at most); when every --format has its --output, standard output shows
the text report. Each file is written to a temporary file in its folder and
renamed into place, so no reader sees half a report; the folder must exist.
With --format github, when GITHUB_STEP_SUMMARY names a file, a Markdown table
of the checks is appended to it.
`

// outputFlags are --format and --output as given.
type outputFlags struct {
	formats, outputs []string
}

// appendFlag collects every value of a repeated flag.
type appendFlag struct{ values *[]string }

func (f appendFlag) String() string {
	if f.values == nil {
		return ""
	}
	return strings.Join(*f.values, ",")
}

func (f appendFlag) Set(s string) error {
	*f.values = append(*f.values, s)
	return nil
}

func (f *outputFlags) register(fs *flag.FlagSet) {
	fs.Var(appendFlag{&f.formats}, "format", "report format: `FORMAT` is "+orList(render.Names())+
		" (default text); repeatable, paired in order with --output")
	fs.Var(appendFlag{&f.outputs}, "output", "write the report of the matching --format to `FILE`, while the terminal shows the text report; repeatable")
}

// A destination is one report to write: a format, and a file or standard
// output.
type destination struct {
	format render.Format
	path   string // "" for standard output
}

// plan turns the flags into destinations, or says what is wrong with them
// before anything is graded or written.
func (f *outputFlags) plan(cmd string) ([]destination, error) {
	if len(f.outputs) > len(f.formats) {
		return nil, usageSay(inCommand(cmd, say("cli.output.no_format", report.Verbatim("output", "--output"),
			report.Verbatim("file", f.outputs[len(f.formats)]), report.Verbatim("format", "--format"),
			report.Verbatim("example", "--format junit --output report.xml"))))
	}
	var dests []destination
	toStdout := 0
	seen := map[string]bool{}
	for i, name := range f.formats {
		format, err := render.Lookup(name)
		if err != nil {
			return nil, usageSay(inCommand(cmd, say("cli.format.unknown", report.Verbatim("flag", "-format"),
				report.Verbatim("format", strconv.Quote(name)), report.Verbatim("formats", strings.Join(render.Names(), ", ")))))
		}
		d := destination{format: format}
		if i < len(f.outputs) {
			d.path = f.outputs[i]
			file := report.Verbatim("file", d.path)
			if why := checkOutputPath(d.path); why != nil {
				return nil, usageSay(inCommand(cmd, say("cli.output.bad", report.Verbatim("flag", "--output"), file, report.Nested("why", *why))))
			}
			abs, _ := filepath.Abs(d.path)
			if seen[abs] {
				return nil, usageSay(inCommand(cmd, say("cli.output.twice", report.Verbatim("flag", "--output"), file)))
			}
			seen[abs] = true
		} else {
			toStdout++
		}
		dests = append(dests, d)
	}
	if toStdout > 1 {
		return nil, usageSay(inCommand(cmd, say("cli.output.stdout_full", report.Int("count", toStdout),
			report.Verbatim("formats", strings.Join(f.formats[len(f.outputs):], ", ")), report.Verbatim("flag", "--output FILE"))))
	}
	if toStdout == 0 {
		text, err := render.Lookup("text")
		if err != nil {
			return nil, err
		}
		dests = append(dests, destination{format: text})
	}
	return dests, nil
}

// checkOutputPath says why path cannot receive a report, or nil.
func checkOutputPath(path string) *report.Message {
	why := func(id string, args ...report.Arg) *report.Message { m := say(id, args...); return &m }
	if path == "" {
		return why("cli.output.want_file")
	}
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return why("cli.output.is_folder")
	}
	dir := filepath.Dir(path)
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return why("cli.output.no_folder", report.Verbatim("folder", dir))
	case err != nil:
		return why("cli.diagnostic", report.Verbatim("text", err.Error()))
	case !info.IsDir():
		return why("cli.output.not_folder", report.Verbatim("folder", dir))
	}
	return nil
}

// writeReports renders rep to every destination. Files get no colour;
// standard output gets it when o.Color says so.
func writeReports(sys stdio, dests []destination, rep *report.Report, o render.Options) error {
	summary := false
	for _, d := range dests {
		if d.path == "" {
			continue
		}
		var buf bytes.Buffer
		fo := o
		fo.Color, fo.Focus = false, false
		if err := d.format.Render(&buf, rep, fo); err != nil {
			return fmt.Errorf("rendering the %s report: %w", d.format.Name, err)
		}
		if err := atomicfile.Write(d.path, buf.Bytes()); err != nil {
			return err
		}
		summary = summary || d.format.Name == "github"
	}
	for _, d := range dests {
		if d.path != "" {
			continue
		}
		var buf bytes.Buffer
		if err := d.format.Render(&buf, rep, o); err != nil {
			return fmt.Errorf("rendering the %s report: %w", d.format.Name, err)
		}
		if _, err := sys.stdout.Write(buf.Bytes()); err != nil {
			return fmt.Errorf("writing the report: %w", err)
		}
		summary = summary || d.format.Name == "github"
	}
	if path := sys.getenv("GITHUB_STEP_SUMMARY"); summary && path != "" {
		if err := appendStepSummary(path, rep); err != nil {
			return err
		}
	}
	return nil
}

// appendStepSummary adds the report's Markdown table to the job summary
// file, which other steps append to as well: so it is opened for appending,
// never replaced.
func appendStepSummary(path string, rep *report.Report) error {
	var buf bytes.Buffer
	if err := render.GitHubSummary(&buf, rep); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("GITHUB_STEP_SUMMARY: %w", err)
	}
	_, err = f.Write(buf.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("GITHUB_STEP_SUMMARY: %w", err)
	}
	return nil
}
