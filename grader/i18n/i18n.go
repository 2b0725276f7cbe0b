package i18n

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/boardcheck/boardcheck/grader/report"
)

// The catalogs: one file per language, each beside its glossary. English is
// the source: every identifier is defined there first, and the other
// languages translate it (TestCatalogs holds them to it).
//
//go:embed catalog/*.toml
var catalogFiles embed.FS

// English is the language the grader speaks when nothing chooses another,
// and the one every message is written in first.
const English = "en"

// Pseudo is the pseudo-language of tests: English with every catalog string
// bracketed and accented ("⟦Ŝçöŕé⟧"), and everything never translated
// wrapped in isolates, so that a test can find any word a student sees
// that did not come from a catalog (see Untranslated). It is accepted by
// --lang but never offered.
const Pseudo = "en-XA"

// Languages are the languages the grader has a catalog for, English first,
// then the others in the order of the seed articles they come from
// (Bengali, Arabic, Korean, Thai). Pseudo is not among them.
func Languages() []string { return []string{"en", "bn", "ar", "ko", "th"} }

// names are each language's name in English, for messages about languages.
var names = map[string]string{
	"en": "English", "bn": "Bengali", "ar": "Arabic", "ko": "Korean", "th": "Thai", Pseudo: "pseudo-English",
}

// Name is the English name of a language the grader has: "Bengali".
func Name(lang string) string {
	if n, ok := names[lang]; ok {
		return n
	}
	return lang
}

// rtl are the languages written right to left.
var rtl = map[string]bool{"ar": true}

// RTL reports whether lang is written right to left.
func RTL(lang string) bool { return rtl[lang] }

// bundle holds every catalog, read on first use: a grading that stays in
// English still says its report through it, but the grader's binary is
// also re-run for every run of a builtin reference, which never speaks.
var bundle = sync.OnceValues(func() (*goi18n.Bundle, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, lang := range Languages() {
		if _, err := b.LoadMessageFileFS(catalogFiles, "catalog/"+lang+".toml"); err != nil {
			return nil, fmt.Errorf("catalog %s: %w", lang, err)
		}
	}
	en, err := catalog(English)
	if err != nil {
		return nil, err
	}
	if err := b.AddMessages(language.Make(Pseudo), pseudoCatalog(en)...); err != nil {
		return nil, err
	}
	return b, nil
})

// catalog parses one language's catalog file, for the pseudo-language and
// the tests.
func catalog(lang string) ([]*goi18n.Message, error) {
	buf, err := catalogFiles.ReadFile("catalog/" + lang + ".toml")
	if err != nil {
		return nil, err
	}
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	f, err := b.ParseMessageFileBytes(buf, lang+".toml")
	if err != nil {
		return nil, fmt.Errorf("catalog %s: %w", lang, err)
	}
	sort.Slice(f.Messages, func(i, j int) bool { return f.Messages[i].ID < f.Messages[j].ID })
	return f.Messages, nil
}

// Localizer says messages in one language. Each report gets its own (see
// For); it is safe for use by one goroutine at a time, and cheap to make.
type Localizer struct {
	lang string
	loc  *goi18n.Localizer
	// isolate wraps verbatim arguments in Unicode isolates: right-to-left
	// languages, so that an English command keeps its order inside a
	// sentence, and the pseudo-language, so that a test can tell them
	// apart.
	isolate bool
	escape  func(string) string
}

// For returns the Localizer of lang, a tag of Languages or Pseudo; any other
// ("", or a language the grader lacks, which the command line has already
// said) is English.
func For(lang string) *Localizer {
	if !Known(lang) {
		lang = English
	}
	l := &Localizer{lang: lang, isolate: RTL(lang) || lang == Pseudo}
	if b, err := bundle(); err == nil {
		l.loc = goi18n.NewLocalizer(b, lang)
	}
	return l
}

// Known reports whether lang names a catalog: one of Languages, or Pseudo.
func Known(lang string) bool {
	_, ok := names[lang]
	return ok
}

// Lang is the language's tag, as HTML's lang attribute takes it.
func (l *Localizer) Lang() string { return l.lang }

// Dir is the language's direction, as HTML's dir attribute takes it.
func (l *Localizer) Dir() string {
	if RTL(l.lang) {
		return "rtl"
	}
	return "ltr"
}

// Marks reports whether the Localizer marks what is never translated with
// isolates even where it stands alone on a line (the pseudo-language does,
// so that a test can tell a program's output from the grader's words).
func (l *Localizer) Marks() bool { return l.lang == Pseudo }

// WithEscape returns a copy of l that passes every text and verbatim
// argument through escape before it goes into a sentence: the text report
// makes a program's output safe for a terminal that way, and does not
// escape the sentence again (which would show its isolates as \u2068).
func (l *Localizer) WithEscape(escape func(string) string) *Localizer {
	c := *l
	c.escape = escape
	return &c
}

// Verbatim returns s as a sentence quotes it: wrapped in isolates where
// the language needs them.
func (l *Localizer) Verbatim(s string) string {
	if l.escape != nil {
		s = l.escape(s)
	}
	if l.isolate && s != "" {
		return FSI + s + PDI
	}
	return s
}

// Standalone returns s, text that is never translated standing on a line of
// its own (a line of a program's output, a diff's line): marked only in the
// pseudo-language, where a test must tell it from the grader's words.
func (l *Localizer) Standalone(s string) string {
	if l.Marks() && s != "" {
		return FSI + s + PDI
	}
	return s
}

// The Unicode isolates: what lies between them is laid out on its own, in
// its own direction, whatever surrounds it.
const (
	FSI = "\u2068" // FIRST STRONG ISOLATE
	PDI = "\u2069" // POP DIRECTIONAL ISOLATE
)

// T says the message id with args; see Say.
func (l *Localizer) T(id string, args ...report.Arg) string {
	return l.Say(report.Say(id, args...))
}

// Say returns m in the Localizer's language. Its plural form is the one
// CLDR gives the argument called "count" in that language. A message the
// language's catalog lacks is said in English; one no catalog has (a bug,
// which TestRendererIDs looks for) is shown as its identifier and
// arguments, so that nothing is lost.
func (l *Localizer) Say(m report.Message) string {
	return l.SayReady(m, nil)
}

// SayReady is Say with some arguments ready to print: ready's texts go
// into the sentence as they are, neither escaped nor isolated (a check's
// title already styled in bold for a terminal, say), in place of m's
// arguments of the same names.
func (l *Localizer) SayReady(m report.Message, ready map[string]string) string {
	data := map[string]any{}
	var count any
	for _, a := range m.Args {
		switch a.Kind {
		case report.ArgInt:
			data[a.Name] = a.Int
			if a.Name == "count" {
				count = a.Int
			}
		case report.ArgVerbatim:
			data[a.Name] = l.Verbatim(a.Text)
		case report.ArgMessage:
			if a.Msg != nil {
				data[a.Name] = l.Say(*a.Msg)
			}
		default:
			s := a.Text
			if l.escape != nil {
				s = l.escape(s)
			}
			data[a.Name] = s
		}
	}
	for name, s := range ready {
		data[name] = s
	}
	if l.loc != nil {
		s, err := l.loc.Localize(&goi18n.LocalizeConfig{MessageID: m.ID, TemplateData: data, PluralCount: count})
		if err == nil || s != "" {
			return s
		}
	}
	return fallback(m, data)
}

// fallback shows a message no catalog has: its identifier and arguments.
func fallback(m report.Message, data map[string]any) string {
	var b strings.Builder
	b.WriteString(m.ID)
	for _, a := range m.Args {
		fmt.Fprintf(&b, " %s=%v", a.Name, data[a.Name])
	}
	return b.String()
}
