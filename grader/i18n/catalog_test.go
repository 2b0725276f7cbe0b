package i18n

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/boardcheck/boardcheck/grader/report"
)

// forms are a message's texts by CLDR plural form, those it has.
func forms(m *goi18n.Message) map[string]string {
	f := map[string]string{}
	for name, s := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if s != "" {
			f[name] = s
		}
	}
	return f
}

var action = regexp.MustCompile(`\{\{\s*\.([A-Za-z_]+)\s*\}\}`)

// placeholders are the arguments a text names, sorted, once each.
func placeholders(s string) []string {
	var names []string
	for _, m := range action.FindAllStringSubmatch(s, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// cldrForms are the plural forms CLDR gives integers in lang, found by
// asking golang.org/x/text's rules (a second implementation of CLDR, apart
// from the one go-i18n chooses forms with) about 0 to 1000.
func cldrForms(lang string) []string {
	name := map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}
	var out []string
	for n := 0; n <= 1000; n++ {
		out = append(out, name[plural.Cardinal.MatchPlural(language.Make(lang), n, 0, 0, 0, 0)])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCatalogs holds every catalog to the English one: the same
// identifiers, the same placeholders in every text, and for a message
// with a count, every plural form CLDR gives the language's integers
// (Arabic's six), and no other text for one without.
func TestCatalogs(t *testing.T) {
	en, err := catalog(English)
	if err != nil {
		t.Fatal(err)
	}
	enByID := map[string]*goi18n.Message{}
	for _, m := range en {
		enByID[m.ID] = m
		f := forms(m)
		if f["other"] == "" {
			t.Errorf("en: %s has no other form", m.ID)
		}
		want := placeholders(f["other"])
		for name, s := range f {
			if got := placeholders(s); !slices.Equal(got, want) {
				t.Errorf("en: %s's %s form names %v; its other form %v", m.ID, name, got, want)
			}
		}
		if counted(m, want) != (len(f) > 1) {
			t.Errorf("en: %s: a message has plural forms exactly when it has a count; has %v", m.ID, want)
		}
	}
	want := map[string][]string{"en": {"one", "other"}, "bn": {"one", "other"}, "ar": {"few", "many", "one", "other", "two", "zero"}, "ko": {"other"}, "th": {"other"}}
	for _, lang := range Languages() {
		t.Run(lang, func(t *testing.T) {
			if got := cldrForms(lang); !slices.Equal(got, want[lang]) {
				t.Fatalf("CLDR gives %s's integers the forms %v; this test expects %v", lang, got, want[lang])
			}
			msgs, err := catalog(lang)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for _, m := range msgs {
				seen[m.ID] = true
				src, ok := enByID[m.ID]
				if !ok {
					t.Errorf("%s is in %s.toml, not in en.toml", m.ID, lang)
					continue
				}
				args := placeholders(forms(src)["other"])
				f := forms(m)
				plural := counted(src, args)
				var got []string
				for name := range f {
					got = append(got, name)
				}
				slices.Sort(got)
				switch {
				case plural && !slices.Equal(got, want[lang]):
					t.Errorf("%s: %s has the forms %v; CLDR asks %v of it", lang, m.ID, got, want[lang])
				case !plural && !slices.Equal(got, []string{"other"}):
					t.Errorf("%s: %s has no count, so only an other form; it has %v", lang, m.ID, got)
				}
				for name, s := range f {
					if p := placeholders(s); !slices.Equal(p, args) && !(plural && slices.Equal(p, without(args, "count"))) {
						t.Errorf("%s: %s's %s form names %v; en.toml's %v", lang, m.ID, name, p, args)
					}
				}
			}
			for _, m := range en {
				if !seen[m.ID] {
					t.Errorf("%s.toml lacks %s (en: %q)", lang, m.ID, m.Other)
				}
			}
		})
	}
}

// countChooses is what en.toml's description of a message says when the
// message is given a count that chooses its form but does not show it
// ("n4 and n6 now pass", Arabic's dual "ينجحان").
const countChooses = "count chooses the form"

// counted says whether the English message en, whose other form names
// args, has a count: shown, or said to choose the form.
func counted(en *goi18n.Message, args []string) bool {
	return slices.Contains(args, "count") || strings.Contains(en.Description, countChooses)
}

// without is names less one: a plural form may leave the count out when
// its words say it ("سطران", two lines).
func without(names []string, name string) []string {
	return slices.DeleteFunc(slices.Clone(names), func(s string) bool { return s == name })
}

// TestGlossaries holds each catalog to its glossary: a text whose English
// says "board" says the glossary's word for it.
func TestGlossaries(t *testing.T) {
	en, err := catalog(English)
	if err != nil {
		t.Fatal(err)
	}
	enByID := map[string]*goi18n.Message{}
	for _, m := range en {
		enByID[m.ID] = m
	}
	for _, lang := range Languages()[1:] {
		g, err := LoadGlossary(lang)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Terms) < 20 {
			t.Errorf("glossary.%s.toml has %d terms", lang, len(g.Terms))
		}
		msgs, err := catalog(lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			src := enByID[m.ID]
			if src == nil {
				continue
			}
			for name, s := range forms(m) {
				if missing := g.Missing(src.Other, s); len(missing) > 0 {
					t.Errorf("%s: %s (%s): %q says %q but not the glossary's %s", lang, m.ID, name, s, src.Other, strings.Join(missing, ", "))
				}
			}
		}
	}
}

// TestGlossaryExcept: a line of squares is no line of output, in any
// language; a term's except phrases do not ask for its word, and the rest
// of the text still does.
func TestGlossaryExcept(t *testing.T) {
	for _, c := range []struct {
		lang, en, translation string
		missing               int
	}{
		{"ko", "2 knight's moves apart in a straight line", "일직선 위에서 나이트의 이동 2번", 0},
		{"ko", "2 knight's moves apart in a straight line", "같은 줄에서 나이트의 이동 2번", 1}, // no 일직선
		{"ko", "line 3: apart in a straight line", "3번째 줄: 일직선", 0},
		{"ko", "line 3: apart in a straight line", "3번째: 일직선", 1}, // no 줄 for line 3
		{"ar", "in a straight line", "على خط مستقيم", 0},
		{"bn", "in a straight line", "একই সরলরেখায়", 0},
		{"th", "in a straight line", "ในแนวเส้นตรงเดียวกัน", 0},
	} {
		g, err := LoadGlossary(c.lang)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Missing(c.en, c.translation); len(got) != c.missing {
			t.Errorf("%s: Missing(%q, %q) = %q; want %d terms", c.lang, c.en, c.translation, got, c.missing)
		}
	}
}

// TestSay says messages as a report does, in each language.
func TestSay(t *testing.T) {
	m := report.Say("summary.fails", report.Int("count", 3))
	for _, c := range []struct{ lang, want string }{
		{"en", ", 3 checks fail"},
		{"bn", ", 3টি পরীক্ষা ফেল করেছে"},
		{"ar", "، تفشل 3 فحوص"},
		{"ko", ", 실패한 검사 3개"},
		{"th", ", การตรวจไม่ผ่าน 3 ข้อ"},
		{"xx", ", 3 checks fail"},
	} {
		if got := For(c.lang).Say(m); got != c.want {
			t.Errorf("%s: got %q; want %q", c.lang, got, c.want)
		}
	}
	// Arabic's six forms, chosen by the count.
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "، لا فحص يفشل"}, {1, "، يفشل فحص واحد"}, {2, "، يفشل فحصان"}, {3, "، تفشل 3 فحوص"},
		{10, "، تفشل 10 فحوص"}, {11, "، يفشل 11 فحصًا"}, {99, "، يفشل 99 فحصًا"}, {100, "، يفشل 100 فحص"}, {102, "، يفشل 102 فحص"}, {103, "، تفشل 103 فحوص"},
	} {
		if got := For("ar").T("summary.fails", report.Int("count", c.n)); got != c.want {
			t.Errorf("ar, %d: got %q; want %q", c.n, got, c.want)
		}
	}
	// What is never translated is isolated in Arabic, not in Bengali.
	named := report.Say("check.named", report.Text("title", "Every solution for N = 4"), report.Verbatim("name", "n4"))
	if got, want := For("ar").Say(named), "«Every solution for N = 4» ["+FSI+"n4"+PDI+"]"; got != want {
		t.Errorf("ar: got %q; want %q", got, want)
	}
	if got, want := For("bn").Say(named), "“Every solution for N = 4” [n4]"; got != want {
		t.Errorf("bn: got %q; want %q", got, want)
	}
	// A message no catalog has is still shown, by its identifier.
	if got, want := For("ko").Say(report.Say("no.such", report.Int("line", 3))), "no.such line=3"; got != want {
		t.Errorf("unknown message: got %q; want %q", got, want)
	}
}

// TestPseudo: the pseudo-language accents every letter of a catalog text,
// keeps its placeholders, and isolates what is never translated; and
// Untranslated finds the English a line has outside both.
func TestPseudo(t *testing.T) {
	l := For(Pseudo)
	got := l.T("check.named", report.Text("title", "Every solution"), report.Verbatim("name", "n4"))
	if want := "⟦“Every solution” [" + FSI + "n4" + PDI + "]⟧"; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
	if w := Untranslated(got); !slices.Equal(w, []string{"Every", "solution"}) {
		t.Errorf("Untranslated(%q) = %q; want the title's two words", got, w)
	}
	got = l.T("summary.fails", report.Int("count", 2))
	if w := Untranslated(got); len(w) != 0 || !strings.Contains(got, "2") {
		t.Errorf("%q: untranslated %q", got, w)
	}
	for _, c := range []struct {
		line string
		want []string
	}{
		{"nqueens 12: timed out after 10s", []string{"nqueens", "timed", "out", "after"}},
		{FSI + "nqueens 12" + PDI + ": ţíɱéđ óúţ", nil},
		{"limits: 512MiB, 35ms", []string{"limits"}},
		{`\x1b[31m`, nil},
		{"✓ ⟦Ýóúŕ ƀóáŕđ⟧  3/4", nil},
	} {
		if got := Untranslated(c.line); !slices.Equal(got, c.want) {
			t.Errorf("Untranslated(%q) = %q; want %q", c.line, got, c.want)
		}
	}
}

// TestPseudoMarkdown: a statement in the pseudo-language has its prose
// accented and its code (spans, over a line's end too, and blocks)
// isolated and kept byte for byte.
func TestPseudoMarkdown(t *testing.T) {
	in := "# N Queens\n\nPrint `Usage: nqueens N` and a list of `[row,\ncolumn]` pairs:\n\n    $ nqueens 4\n    [[0, 1]]\n\n```\nexit=1\n```\n| when | prints |\n| none | `N must be a number` |\n"
	want := "# Ñ Ǫúééñš\n\nÞŕíñţ " + FSI + "`Usage: nqueens N`" + PDI + " áñđ á ĺíšţ óƒ " + FSI + "`[row," + PDI + "\n" +
		FSI + "column]`" + PDI + " þáíŕš:\n\n" + FSI + "    $ nqueens 4" + PDI + "\n" + FSI + "    [[0, 1]]" + PDI + "\n\n" +
		FSI + "```" + PDI + "\n" + FSI + "exit=1" + PDI + "\n" + FSI + "```" + PDI + "\n" +
		"| ŵĥéñ | þŕíñţš |\n| ñóñé | " + FSI + "`N must be a number`" + PDI + " |\n"
	got := PseudoMarkdown(in)
	if got != want {
		t.Errorf("PseudoMarkdown:\n got %q\nwant %q", got, want)
	}
	for i, line := range strings.Split(got, "\n") {
		if w := Untranslated(line); len(w) != 0 {
			t.Errorf("line %d %q: untranslated %q", i+1, line, w)
		}
	}
}
