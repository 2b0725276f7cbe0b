package render

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rivo/uniseg"
	"github.com/rogpeppe/go-internal/diff"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// TestTextLanguages renders the fixtures' text reports in each language and
// compares with testdata/lang/FIXTURE.LANG.txt (GRADER_UPDATE=1 rewrites
// them; read them back before committing). The fixtures' own words (titles,
// messages, hints) stay English: they are the exercise's and the engine's,
// which grading chooses; the report's own words are the language's.
func TestTextLanguages(t *testing.T) {
	for _, name := range []string{"mixed", "tour", "boards", "pass"} {
		for _, lang := range i18n.Languages()[1:] {
			for ext, render := range map[string]func(io.Writer, *report.Report, Options) error{".txt": renderText, ".html": renderHTML} {
				if ext == ".html" && name != "mixed" && name != "tour" {
					continue
				}
				testLanguage(t, name, lang, ext, render)
			}
		}
	}
}

// testLanguage renders fixture name in lang and compares with its golden
// file.
func testLanguage(t *testing.T, name, lang, ext string, render func(io.Writer, *report.Report, Options) error) {
	file := name + "." + lang + ext
	t.Run(file, func(t *testing.T) {
		r := fixtures[name]()
		r.Lang = lang
		var buf bytes.Buffer
		if err := render(&buf, r, Options{}); err != nil {
			t.Fatal(err)
		}
		golden := filepath.Join("testdata", "lang", file)
		if update {
			os.MkdirAll(filepath.Dir(golden), 0o777)
			if err := os.WriteFile(golden, buf.Bytes(), 0o666); err != nil {
				t.Fatal(err)
			}
			return
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with GRADER_UPDATE=1 to create it)", err)
		}
		if d := diff.Diff(golden, want, "got", buf.Bytes()); d != nil {
			t.Errorf("output differs from %s (GRADER_UPDATE=1 rewrites it):\n%s", golden, d)
		}
	})
}

// TestTextPseudo renders every fixture, plain and verbose, in the
// pseudo-language: every English word left on a line must be one the
// report's data brought (a title, a message, a hint, how a run died: what
// grading says, converted in issue 31's phase B), never one of the text
// report's own.
func TestTextPseudo(t *testing.T) {
	for name, fixture := range fixtures {
		for _, o := range []Options{{}, {Verbose: true}, {Color: true}} {
			r := fixture()
			r.Lang = i18n.Pseudo
			var buf bytes.Buffer
			if err := renderText(&buf, r, o); err != nil {
				t.Fatal(err)
			}
			brought := dataWords(r)
			for i, line := range strings.Split(buf.String(), "\n") {
				for _, w := range i18n.Untranslated(line) {
					if !brought[w] {
						t.Errorf("%s (verbose %v) line %d: %q is English no catalog said: %q", name, o.Verbose, i+1, w, line)
					}
				}
			}
		}
	}
}

// dataWords are the words a report's data holds in English: what the text
// report quotes without saying it itself.
func dataWords(r *report.Report) map[string]bool {
	words := map[string]bool{}
	add := func(s string) {
		for _, w := range i18n.Untranslated(s) {
			words[w] = true
		}
	}
	add(r.Title)
	add(r.Built)
	for _, p := range r.Protections {
		add(p)
	}
	for _, c := range r.Checks {
		add(c.Title)
		add(c.Message)
		add(c.Hint)
		add(c.Log)
		for _, run := range c.Runs {
			add(run.Death)
		}
		if c.Detail != nil {
			add(c.Detail.Actual)
		}
	}
	return words
}

// TestTextAlignsByDisplayWidth: the table of checks lines its points up in
// a terminal's columns, whatever script the titles are in: a Hangul
// syllable takes two columns, a Thai vowel mark and a Bengali vowel sign
// none.
func TestTextAlignsByDisplayWidth(t *testing.T) {
	titles := []string{"인수가 없으면 사용법을 출력", "ไม่มีอาร์กิวเมนต์ก็พิมพ์วิธีใช้", "কোনো আর্গুমেন্ট না দিলে ব্যবহারবিধি", "N = 4: every solution"}
	r := &report.Report{Exercise: "nqueens", Title: "N", Submission: "s.py", MaxScore: 40, Lang: "ko"}
	for i, title := range titles {
		r.Checks = append(r.Checks, report.CheckResult{Name: "c" + string(rune('a'+i)), Title: title, Status: report.Pass, Score: 10, MaxScore: 10})
	}
	var buf bytes.Buffer
	if err := renderText(&buf, r, Options{}); err != nil {
		t.Fatal(err)
	}
	var ends []int
	for _, line := range strings.Split(buf.String(), "\n") {
		if strings.HasSuffix(line, "10/10") {
			ends = append(ends, uniseg.StringWidth(line))
		}
	}
	if len(ends) != len(titles) {
		t.Fatalf("%d lines end in the points; want %d:\n%s", len(ends), len(titles), buf.String())
	}
	if slices.Min(ends) != slices.Max(ends) {
		t.Errorf("the points end at columns %v; want one column:\n%s", ends, buf.String())
	}
	// Counted in runes, as it was, the Thai title (marks) and the Korean
	// (wide) would be off by several columns: the test can fail.
	if uniseg.StringWidth(titles[0]) == len([]rune(titles[0])) || uniseg.StringWidth(titles[1]) == len([]rune(titles[1])) {
		t.Error("the titles do not exercise display width")
	}
}

// TestTextArabicIsolates: in Arabic, what is never translated inside a
// sentence (the exercise's ID, a check's name) is wrapped in Unicode
// isolates; the program's output, on lines of its own, is not.
func TestTextArabicIsolates(t *testing.T) {
	r := mixedReport()
	r.Lang = "ar"
	var buf bytes.Buffer
	if err := renderText(&buf, r, Options{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{i18n.FSI + "nqueens" + i18n.PDI + ": 2/30", "[" + i18n.FSI + "n4" + i18n.PDI + "]"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, i18n.FSI+"[[0, 1]") {
		t.Errorf("a line of output is isolated:\n%s", out)
	}
	r.Lang = "bn"
	buf.Reset()
	renderText(&buf, r, Options{})
	if strings.Contains(buf.String(), i18n.FSI) {
		t.Errorf("Bengali, written left to right, has an isolate:\n%s", buf.String())
	}
}

// TestHTMLArabicIsolates: in an Arabic page, a message said from data
// keeps the isolates around what it quotes as characters, as the text
// report does; escaped, they would read "\u2068n4\u2069".
func TestHTMLArabicIsolates(t *testing.T) {
	r := mixedReport()
	r.Lang = "ar"
	m := report.Say("check.same_failure", report.Verbatim("name", "n4"), report.Text("message", "x"))
	r.Checks[0].Reason = &m
	var buf bytes.Buffer
	if err := renderHTML(&buf, r, Options{}); err != nil {
		t.Fatal(err)
	}
	if page := buf.String(); !strings.Contains(page, i18n.FSI+"n4"+i18n.PDI) || strings.Contains(page, `\u2068`) {
		t.Errorf("the message's isolates are not characters of the page:\n%s", page)
	}
}

// TestLeaperWords: a leaper the catalogs know (the giraffe of giraffe-tour)
// is named in each language's word, in the form its tour messages take
// (Bengali's genitive, Thai joined to ของ with no space); one they do not
// know (an author's zebra) keeps the name its exercise gives it.
func TestLeaperWords(t *testing.T) {
	want := map[string]string{"en": "not a giraffe's move", "bn": "জিরাফের চাল নয়", "ar": "ليست نقلة الزرافة", "ko": "기린의 이동이 아님", "th": "ไม่ใช่การเดินของยีราฟ"}
	wantNamed := map[string]string{"en": "not a zebra's move", "bn": "zebra-এর চাল নয়", "ar": "ليست نقلة \u2068zebra\u2069", "ko": "zebra의 이동이 아님", "th": "ไม่ใช่การเดินของตัวหมาก zebra"}
	for _, lang := range i18n.Languages() {
		l := i18n.For(lang)
		if got := l.T("html.legend_not_knight_leap", leaperArg("giraffe")); got != want[lang] {
			t.Errorf("%s: the giraffe: got %q, want %q", lang, got, want[lang])
		}
		if got := l.T("html.legend_not_knight_leap", leaperArg("zebra")); !strings.Contains(got, wantNamed[lang]) {
			t.Errorf("%s: an author's zebra: got %q, want %q", lang, got, wantNamed[lang])
		}
	}
}
