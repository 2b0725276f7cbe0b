package render

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/report"
)

// TestTAPProve runs Debian's prove (Test::Harness) on every fixture's TAP:
// it must read each without a parse error or a warning, and judge the
// report as it is (PASS exactly when every check passed; N failed subtests
// for N failed or broken checks). A report in another language than
// English is UTF-8, which prove -v prints right only with PERL_UNICODE=S,
// as docs/README.md says: without it, it must print the same text, and
// warn only "Wide character in print".
func TestTAPProve(t *testing.T) {
	prove := needCommand(t, "prove", "apt-get install perl")
	for _, f := range renderFiles(t, renderTAP, "tap") {
		t.Run(f.name, func(t *testing.T) {
			// --exec cat: the "test" is the file's own text.
			args := []string{"--norc", "--verbose", "--exec", "cat", f.path}
			english := f.report.Lang == "" || f.report.Lang == "en"
			stdout, stderr, err := run(t, nil, prove, args...)
			if !english {
				plain := stdout
				for _, l := range strings.Split(strings.TrimSpace(string(stderr)), "\n") {
					if !strings.HasPrefix(l, "Wide character in print at ") {
						t.Errorf("prove without PERL_UNICODE warned more than of wide characters:\n%s", stderr)
						break
					}
				}
				stdout, stderr, err = run(t, nil, "env", append([]string{"PERL_UNICODE=S", prove}, args...)...)
				if timing := regexp.MustCompile(`(?m)^Files=.*$`); !bytes.Equal(timing.ReplaceAll(plain, nil), timing.ReplaceAll(stdout, nil)) {
					t.Errorf("prove printed without PERL_UNICODE:\n%s\nand with PERL_UNICODE=S:\n%s", plain, stdout)
				}
				if title := f.report.Checks[0].Title; !strings.Contains(string(stdout), title) {
					t.Errorf("prove's output lacks the first check's title %q as written:\n%s", title, stdout)
				}
			}
			out := string(stdout)
			if len(stderr) > 0 {
				t.Errorf("prove warned:\n%s", stderr)
			}
			if strings.Contains(out, "Parse errors") {
				t.Errorf("prove found parse errors:\n%s", out)
			}
			if (err == nil) != f.report.Passed {
				t.Errorf("prove exit %v; want success exactly when the report passed (%v):\n%s", err, f.report.Passed, out)
			}
			want := "Result: PASS"
			if !f.report.Passed {
				want = fmt.Sprintf("Failed %d/%d subtests", failedCount(f.report), len(f.report.Checks))
			}
			if !strings.Contains(out, want) {
				t.Errorf("prove's summary lacks %q:\n%s", want, out)
			}
		})
	}
}

// harnessRead is what testdata/consumers/tap-harness.pl prints of a file:
// TAP::Parser's own reading.
type harnessRead struct {
	File         string
	Harness      string
	Version      int
	TestsPlanned int      `json:"tests_planned"`
	TestsRun     int      `json:"tests_run"`
	ParseErrors  []string `json:"parse_errors"`
	Warnings     []string
	Tests        []struct {
		Number      int
		OK          bool
		Description string
		Directive   string
		Explanation string
		YAML        map[string]any
	}
}

// TestTAPHarnessReads reads every fixture's TAP with TAP::Parser, the
// parser prove uses, and checks that it reads what the report says: the
// version, the plan, each test point's verdict, description and SKIP
// reason, and each YAML block's values, text for text: what its YAMLish
// reader makes of our quoting.
func TestTAPHarnessReads(t *testing.T) {
	perl := needCommand(t, "perl", "apt-get install perl")
	files := renderFiles(t, renderTAP, "tap")
	stdout, stderr, err := run(t, nil, perl, append([]string{consumersDir + "/tap-harness.pl"}, paths(files)...)...)
	if err != nil {
		t.Fatalf("tap-harness.pl: %v\n%s", err, stderr)
	}
	got := jsonLines(t, stdout, func(h harnessRead) string { return h.File })
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			h, ok := got[f.path]
			if !ok {
				t.Fatalf("TAP::Parser printed nothing for %s", f.path)
			}
			r := ForStudent(f.report) // what TAP shows
			if h.Version != 13 || h.TestsPlanned != len(r.Checks) || h.TestsRun != len(r.Checks) {
				t.Errorf("TAP::Parser %s: version %d, %d planned, %d run; want 13, %d, %d", h.Harness, h.Version, h.TestsPlanned, h.TestsRun, len(r.Checks), len(r.Checks))
			}
			if len(h.ParseErrors) > 0 || len(h.Warnings) > 0 {
				t.Errorf("TAP::Parser %s: parse errors %q, warnings %q", h.Harness, h.ParseErrors, h.Warnings)
			}
			if len(h.Tests) != len(r.Checks) {
				t.Fatalf("TAP::Parser read %d test points; want %d", len(h.Tests), len(r.Checks))
			}
			for i, c := range r.Checks {
				p := h.Tests[i]
				if p.Number != i+1 || p.OK != isOK(c) {
					t.Errorf("point %d (%s): number %d, ok %v; want %d, %v", i+1, c.Status, p.Number, p.OK, i+1, isOK(c))
				}
				// TAP::Parser keeps the "- " and the escapes.
				if want := "- " + tapEscape(tapTextIn(r, oneLine(c.Title))); p.Description != want {
					t.Errorf("point %d: description %q; want %q", i+1, p.Description, want)
				}
				wantDirective, wantReason := "", ""
				if c.Status == report.Skip {
					wantDirective, wantReason = "SKIP", tapEscape(tapTextIn(r, flat(skipReason(words(r), r, c))))
				}
				if p.Directive != wantDirective || p.Explanation != wantReason {
					t.Errorf("point %d: directive %q %q; want %q %q", i+1, p.Directive, p.Explanation, wantDirective, wantReason)
				}
				checkDiagnostics(t, i+1, r, c, p.YAML)
			}
		})
	}
}

// checkDiagnostics checks a test point's YAML block as a reader decoded
// it: none for a pass, else the check's name, message, points and
// explanation, each exactly as the report has it (in ASCII, as tapText
// writes it).
func checkDiagnostics(t *testing.T, point int, r *report.Report, c report.CheckResult, y map[string]any) {
	t.Helper()
	if c.Status == report.Pass {
		if y != nil {
			t.Errorf("point %d passed but has diagnostics %v", point, y)
		}
		return
	}
	if y == nil {
		t.Errorf("point %d (%s) has no diagnostics", point, c.Status)
		return
	}
	want := map[string]string{
		"check":     c.Name,
		"message":   tapTextIn(r, checkMessage(words(r), r, c)),
		"score":     fmt.Sprint(c.Score),
		"max_score": fmt.Sprint(c.MaxScore),
	}
	if c.Hint != "" {
		want["hint"] = tapTextIn(r, hintText(words(r), c))
	}
	if c.Status != report.Skip {
		want["detail"] = tapTextIn(r, checkDetail(r, c, Options{}))
	}
	for key, w := range want {
		if got := fmt.Sprint(y[key]); got != w {
			t.Errorf("point %d: diagnostics %s = %q; want %q", point, key, got, w)
		}
	}
}

// tapParserRead is what testdata/consumers/tap-parser.mjs prints of a file.
type tapParserRead struct {
	File      string
	OK        bool
	Count     int
	Pass      int
	Fail      int
	Skip      int
	Plan      struct{ Start, End int }
	Bailout   any
	TapErrors []string
	Asserts   []struct {
		ID   int
		OK   bool
		Name string
		Skip any // false, or the reason
		Diag map[string]any
	}
	Extra []string
}

// TestTAPParser reads every fixture's TAP with npm's tap-parser in strict
// mode and checks it reads what the report says, as TestTAPHarnessReads does
// for Perl's reader.
func TestTAPParser(t *testing.T) {
	script := needNodePackage(t, "tap-parser", "tap-parser.mjs")
	files := renderFiles(t, renderTAP, "tap")
	stdout, stderr, err := run(t, nil, "node", append([]string{script}, paths(files)...)...)
	if err != nil {
		t.Fatalf("tap-parser.mjs: %v\n%s", err, stderr)
	}
	got := jsonLines(t, stdout, func(p tapParserRead) string { return p.File })
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			p, ok := got[f.path]
			if !ok {
				t.Fatalf("tap-parser printed nothing for %s", f.path)
			}
			r, n := ForStudent(f.report), countChecks(f.report) // what TAP shows
			if len(p.TapErrors) > 0 || len(p.Extra) > 0 || p.Bailout != false {
				t.Errorf("tap-parser: errors %q, lines not TAP %q, bail out %v", p.TapErrors, p.Extra, p.Bailout)
			}
			if p.OK != r.Passed || p.Count != len(r.Checks) || p.Fail != failedCount(r) || p.Skip != n.skip || p.Plan.Start != 1 || p.Plan.End != len(r.Checks) {
				t.Errorf("tap-parser: ok %v, %d points, %d failed, %d skipped, plan %d..%d; want %v, %d, %d, %d, 1..%d",
					p.OK, p.Count, p.Fail, p.Skip, p.Plan.Start, p.Plan.End, r.Passed, len(r.Checks), failedCount(r), n.skip, len(r.Checks))
			}
			if len(p.Asserts) != len(r.Checks) {
				t.Fatalf("tap-parser read %d test points; want %d", len(p.Asserts), len(r.Checks))
			}
			for i, c := range r.Checks {
				a := p.Asserts[i]
				if want := tapTextIn(r, oneLine(c.Title)); a.ID != i+1 || a.OK != isOK(c) || a.Name != want {
					t.Errorf("point %d (%s): id %d, ok %v, name %q; want %d, %v, %q", i+1, c.Status, a.ID, a.OK, a.Name, i+1, isOK(c), want)
				}
				wantSkip := any(false)
				if c.Status == report.Skip {
					wantSkip = tapTextIn(r, flat(skipReason(words(r), r, c)))
				}
				if a.Skip != wantSkip {
					t.Errorf("point %d: skip %#v; want %#v", i+1, a.Skip, wantSkip)
				}
				checkDiagnostics(t, i+1, r, c, a.Diag)
			}
		})
	}
}

// TestTAPBoardSizeReadable: a check's title names a board as "an 8×8
// board"; TAP::Parser, which prove and every harness over it use, must read
// "an 8x8 board", not the escape "an 8\u00d78 board" it showed before.
func TestTAPBoardSizeReadable(t *testing.T) {
	perl := needCommand(t, "perl", "apt-get install perl")
	r := &report.Report{Exercise: "giraffe-tour", Title: "Giraffe's tour of a rectangle", Submission: "tour.py", Checks: []report.CheckResult{
		{Name: "tour-5-8", Title: "A tour of 5×8 from a1", Status: report.Pass, Score: 20, MaxScore: 20},
		{Name: "n8", Title: "An 8×8 tour — from a1", Status: report.Fail, MaxScore: 20, Message: "printed nothing; expected an 8×8 giraffe's tour"},
	}}
	var b strings.Builder
	if err := renderTAP(&b, r, Options{}); err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/sizes.tap"
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := run(t, nil, perl, consumersDir+"/tap-harness.pl", path)
	if err != nil {
		t.Fatalf("tap-harness.pl: %v\n%s", err, stderr)
	}
	h := jsonLines(t, stdout, func(h harnessRead) string { return h.File })[path]
	if len(h.Tests) != 2 {
		t.Fatalf("TAP::Parser read %d test points; want 2:\n%s", len(h.Tests), b.String())
	}
	for i, want := range []string{"- A tour of 5x8 from a1", "- An 8x8 tour -- from a1"} {
		if got := h.Tests[i].Description; got != want {
			t.Errorf("point %d: TAP::Parser reads %q; want %q", i+1, got, want)
		}
	}
	if msg, _ := h.Tests[1].YAML["message"].(string); msg != "printed nothing; expected an 8x8 giraffe's tour" {
		t.Errorf("point 2's message reads %q; want the size as 8x8", msg)
	}
}
