package browsertest

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/chromedp"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// scripts are the Unicode scripts of the grader's languages, and a letter
// of each that every page in that language shows.
var scripts = map[string]*unicode.RangeTable{
	"bn": unicode.Bengali, "ar": unicode.Arabic, "ko": unicode.Hangul, "th": unicode.Thai,
}

// TestScriptsRender opens nqueens/bad/one-diagonal.c's report in each
// language in Chromium and checks what a student sees: every element whose
// text is in the language's script is drawn with fonts that hold its
// characters (fontconfig's own answer about the families Chromium says it
// used), so that no letter is a tofu box; the page says its lang, and the
// Arabic one is right to left with its board still drawn column 0 on the
// left, as the statement numbers it. Screenshots go with the artifacts.
func TestScriptsRender(t *testing.T) {
	chromium(t)
	if _, err := exec.LookPath("fc-list"); err != nil {
		t.Skip("fontconfig's fc-list not installed: apt-get install fontconfig")
	}
	ex, err := exercise.Lookup("nqueens")
	if err != nil {
		t.Fatal(err)
	}
	base := grade(t, "nqueens", "one-diagonal.c", "n4")
	dir := artifacts(t)
	ctx := browser(t) // one browser for the four pages: it is slow to start
	for _, lang := range i18n.Languages()[1:] {
		t.Run(lang, func(t *testing.T) {
			in, _ := ex.In(lang)
			rep := localized(base, in)
			name := "nqueens-" + lang
			run(t, ctx, chromedp.Navigate(page(t, dir, name+".html", rep)), chromedp.WaitReady("body"))
			if got := eval[string](t, ctx, `document.documentElement.lang`); got != lang {
				t.Errorf("lang = %q; want %q", got, lang)
			}
			wantDir := "ltr"
			if i18n.RTL(lang) {
				wantDir = "rtl"
			}
			if got := eval[string](t, ctx, `getComputedStyle(document.body).direction`); got != wantDir {
				t.Errorf("the page's direction is %q; want %q", got, wantDir)
			}
			// Column 0 of the student's board is left of column 1, in
			// every direction.
			xs := eval[[]float64](t, ctx, `[0, 1].map(c => document.querySelector("figure[data-role=student] rect[data-row='0'][data-col='"+c+"']").getBoundingClientRect().left)`)
			if len(xs) != 2 || xs[0] >= xs[1] {
				t.Errorf("column 0 of the board is at %v of column 1's; want it on the left", xs)
			}
			// Its labels too: the row labels left of column 0, the
			// column labels 0, 1, 2, 3 from left to right.
			labels := eval[[]float64](t, ctx, `Array.from(document.querySelectorAll("figure[data-role=student] text.label")).map(e => e.getBoundingClientRect().left)`)
			if len(labels) != 8 || labels[0] >= xs[0] || labels[4] >= labels[5] || labels[5] >= labels[6] || labels[6] >= labels[7] {
				t.Errorf("the board's labels are at %v (rows, then columns); want the rows' left of column 0 at %v, the columns' left to right", labels, xs[0])
			}
			// What a student opens is drawn too: the tally's boards,
			// their captions, in a closed <details>.
			if opened := eval[float64](t, ctx, `Array.from(document.querySelectorAll("details")).map(d => d.open = true).length`); opened == 0 {
				t.Errorf("the page has no <details> to open; want the tally's")
			}
			checked := fontsCover(t, ctx, scripts[lang])
			if checked < 10 {
				t.Errorf("only %d elements hold %s text; want the report's words in it", checked, i18n.Name(lang))
			}
			save(t, dir, name+".png", shot(t, ctx, ""))
		})
	}
}

// localized is rep as grading in ex's language would have made it: its
// titles and hints the exercise's in that language.
func localized(rep *report.Report, ex *exercise.Exercise) *report.Report {
	r := *rep
	r.Lang, r.Title = ex.Lang, ex.Title
	r.Checks = append([]report.CheckResult(nil), rep.Checks...)
	for i := range r.Checks {
		if c := ex.Check(r.Checks[i].Name); c != nil {
			r.Checks[i].Title, r.Checks[i].Hint = c.Title, c.Hint
		}
	}
	return &r
}

// fontsCover checks every element whose own text holds letters of script:
// each platform font Chromium drew it with is asked of fontconfig, and
// one of them must hold each such letter. It returns how many elements it
// checked.
func fontsCover(t *testing.T, ctx context.Context, script *unicode.RangeTable) int {
	t.Helper()
	var ids []cdp.NodeID
	var texts []string
	err := chromedp.Do(ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, tg, dom.Enable, dom.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		if _, err := cdp.Call(ctx, tg, css.Enable, cdp.Empty{}); err != nil {
			return chromedp.Void{}, err
		}
		doc, err := cdp.Call(ctx, tg, dom.GetDocument, dom.GetDocumentParams{})
		if err != nil {
			return chromedp.Void{}, err
		}
		all, err := cdp.Call(ctx, tg, dom.QuerySelectorAll, dom.QuerySelectorAllParams{NodeID: doc.Root.NodeID, Selector: "h1, h2, p, li, td, th, a, span, b, div.label, figcaption, summary"})
		if err != nil {
			return chromedp.Void{}, err
		}
		for _, id := range all.NodeIDs {
			text, err := cdp.Call(ctx, tg, dom.GetOuterHTML, dom.GetOuterHTMLParams{NodeID: id})
			if err != nil {
				return chromedp.Void{}, err
			}
			if ownText := directText(text.OuterHTML); hasScript(ownText, script) {
				ids = append(ids, id)
				texts = append(texts, ownText)
			}
		}
		for i, id := range ids {
			// An element of a <details> just opened may not be laid out
			// yet on a busy machine, and then was drawn with no font at
			// all (CI, the Arabic page's tally captions): asked again
			// for a while, it is.
			var families []string
			for try := 0; len(families) == 0 && try < 50; try++ {
				if try > 0 {
					time.Sleep(100 * time.Millisecond)
				}
				fonts, err := cdp.Call(ctx, tg, css.GetPlatformFontsForNode, css.GetPlatformFontsForNodeParams{NodeID: id})
				if err != nil {
					return chromedp.Void{}, err
				}
				for _, f := range fonts.Fonts {
					if f.GlyphCount > 0 {
						families = append(families, f.FamilyName)
					}
				}
			}
			for _, r := range letters(texts[i], script) {
				if !anyCovers(t, families, r) {
					t.Errorf("%q is drawn with %q, none of which holds %q (U+%04X): a tofu box", short(texts[i]), families, r, r)
					break
				}
			}
		}
		return chromedp.Void{}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return len(ids)
}

// directText is the text of an element's own text nodes, from its outer
// HTML: what Chromium reports the fonts of (GetPlatformFontsForNode), not
// its descendants' (a <li> holding a <details> has none of its own).
func directText(html string) string {
	var b strings.Builder
	depth := 0
	for len(html) > 0 {
		if html[0] != '<' {
			i := strings.IndexByte(html, '<')
			if i < 0 {
				i = len(html)
			}
			if depth == 1 {
				b.WriteString(html[:i])
			}
			html = html[i:]
			continue
		}
		end := strings.IndexByte(html, '>')
		if end < 0 {
			break
		}
		tag := html[1:end]
		name := strings.ToLower(strings.FieldsFunc(strings.TrimPrefix(tag, "/"), func(r rune) bool { return r == ' ' || r == '/' || r == '\n' })[0])
		switch {
		case strings.HasPrefix(tag, "/"):
			depth--
		case strings.HasSuffix(tag, "/") || voidElements[name]:
		default:
			depth++
		}
		html = html[end+1:]
	}
	return b.String()
}

// voidElements are the HTML elements that have no end tag.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

func hasScript(s string, script *unicode.RangeTable) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(script, r) }) >= 0
}

// letters are the distinct letters and marks of script in s.
func letters(s string, script *unicode.RangeTable) []rune {
	seen := map[rune]bool{}
	var out []rune
	for _, r := range s {
		if unicode.Is(script, r) && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

// charsets caches fontconfig's answer for each family: the ranges of
// characters it holds a glyph for.
var charsets = map[string][][2]rune{}

func anyCovers(t *testing.T, families []string, r rune) bool {
	for _, f := range families {
		ranges, known := charsets[f]
		if !known {
			out, err := exec.Command("fc-list", "--format", "%{charset}\n", ":family="+f).Output()
			if err != nil {
				t.Fatalf("fc-list: %v", err)
			}
			for _, field := range strings.Fields(string(out)) {
				lo, hi, _ := strings.Cut(field, "-")
				if hi == "" {
					hi = lo
				}
				var a, b rune
				fmt.Sscanf(lo, "%x", &a)
				fmt.Sscanf(hi, "%x", &b)
				ranges = append(ranges, [2]rune{a, b})
			}
			charsets[f] = ranges
		}
		for _, rg := range ranges {
			if rg[0] <= r && r <= rg[1] {
				return true
			}
		}
	}
	return false
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
