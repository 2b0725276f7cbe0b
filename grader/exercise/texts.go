package exercise

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/internal/suggest"
)

// An exercise's own words in other languages. English is the exercise
// itself (exercise.toml, tests/*.txtar, README.md); each other language
// has, beside them, a statement README.LANG.md and a file exercise.LANG.toml
// of titles and hints:
//
//	title = "N রানী: সব সমাধান"
//	timeout_hint = "..."
//	[checks.n4]
//	title = "N = 4-এর সব সমাধান"
//	hint = "..."
//	timeout_hint = "..."
//
// Either file may be missing, and so may any text in it: a missing
// translation falls back to English, and the report or grader show says so
// once. What must stay byte-exact (the program's messages, commands, the
// examples' outputs) stays English in every language: [messages] has no
// translation, and grader verify holds a translated statement's examples
// to the English one's.

// Texts are an exercise's words in one language.
type Texts struct {
	Lang        string
	Statement   string // README.LANG.md, "" when there is none
	Title       string
	TimeoutHint string
	Checks      map[string]CheckTexts
	// File is the path of exercise.LANG.toml for messages, "" when there
	// is none.
	File string
}

// CheckTexts are one check's words in one language.
type CheckTexts struct {
	Title       string `toml:"title"`
	Hint        string `toml:"hint"`
	TimeoutHint string `toml:"timeout_hint"`
}

type textsTOML struct {
	Title       string                `toml:"title"`
	TimeoutHint string                `toml:"timeout_hint"`
	Checks      map[string]CheckTexts `toml:"checks"`
}

// translatedLang returns the LANG of a file README.LANG.md or
// exercise.LANG.toml, or "" when the file is neither.
func translatedLang(file, prefix, suffix string) string {
	if !strings.HasPrefix(file, prefix) || !strings.HasSuffix(file, suffix) || len(file) <= len(prefix)+len(suffix) {
		return ""
	}
	return file[len(prefix) : len(file)-len(suffix)]
}

// loadTexts reads every translation in fsys into ex.Translations. A file
// for a language the grader does not speak, a key it does not know, or a
// check the exercise does not have is the author's error.
func loadTexts(fsys fs.FS, ex *Exercise, name func(string) string) error {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return &Error{File: name("."), Err: err}
	}
	texts := func(lang, file string) (*Texts, error) {
		if lang == i18n.English || i18n.Parse(lang) != lang || lang == i18n.Pseudo {
			return nil, &Error{File: name(file), Err: fmt.Errorf("%q names no language the grader translates into: it speaks %s", lang, i18n.Offered())}
		}
		if ex.Translations == nil {
			ex.Translations = map[string]*Texts{}
		}
		t := ex.Translations[lang]
		if t == nil {
			t = &Texts{Lang: lang, Checks: map[string]CheckTexts{}}
			ex.Translations[lang] = t
		}
		return t, nil
	}
	for _, e := range entries {
		file := e.Name()
		if lang := translatedLang(file, "README.", ".md"); lang != "" {
			t, err := texts(lang, file)
			if err != nil {
				return err
			}
			data, err := fs.ReadFile(fsys, file)
			if err != nil {
				return &Error{File: name(file), Err: err}
			}
			t.Statement = string(data)
		}
		if lang := translatedLang(file, "exercise.", ".toml"); lang != "" {
			t, err := texts(lang, file)
			if err != nil {
				return err
			}
			if err := parseTexts(fsys, file, name(file), ex, t); err != nil {
				return err
			}
		}
	}
	return nil
}

func parseTexts(fsys fs.FS, file, shown string, ex *Exercise, t *Texts) error {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return &Error{File: shown, Err: err}
	}
	text := string(data)
	var raw textsTOML
	md, err := toml.Decode(text, &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return &Error{File: shown, Line: pe.Position.Line, Err: errors.New(pe.Message)}
		}
		return &Error{File: shown, Err: err}
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		return &Error{File: shown, Line: keyLine(text, k[len(k)-1]),
			Err: fmt.Errorf("unknown key %q (known: title, timeout_hint, [checks.NAME] title/hint/timeout_hint)", k.String())}
	}
	t.File = shown
	t.Title = strings.TrimSpace(raw.Title)
	if strings.Contains(t.Title, "\n") {
		return &Error{File: shown, Line: keyLine(text, "title"), Err: errors.New("title must be one line")}
	}
	t.TimeoutHint = strings.TrimSpace(raw.TimeoutHint)
	names := ex.CheckNames()
	for c, ct := range raw.Checks {
		if !slices.Contains(names, c) {
			msg := fmt.Sprintf("[checks.%s]: no check of exercise.toml is called %q", c, c)
			if s := suggest.Closest(c, names); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return &Error{File: shown, Line: lineOf(text, "[checks."+c, 1), Err: errors.New(msg)}
		}
		ct.Title, ct.Hint, ct.TimeoutHint = strings.TrimSpace(ct.Title), strings.TrimSpace(ct.Hint), strings.TrimSpace(ct.TimeoutHint)
		if strings.Contains(ct.Title, "\n") {
			return &Error{File: shown, Line: lineOf(text, "[checks."+c, 1), Err: fmt.Errorf("check %s's title must be one line", c)}
		}
		t.Checks[c] = ct
	}
	return nil
}

// In returns the exercise in lang: its title, statement, and checks' titles
// and hints in that language where it has them, else in English; and what
// it lacks in lang, each a short phrase ("README.bn.md", "n4's hint"),
// which fell back to English. English (or "") is the exercise itself. The
// pseudo-language's texts are the English ones, accented (see
// i18n.PseudoText), so that a test can tell them from English no one
// translated.
func (ex *Exercise) In(lang string) (*Exercise, []string) {
	if lang == "" || lang == i18n.English {
		return ex, nil
	}
	c := *ex
	c.Lang = lang
	c.Checks = make([]*Check, len(ex.Checks))
	if lang == i18n.Pseudo {
		c.Title, c.TimeoutHint = i18n.PseudoText(ex.Title), i18n.PseudoText(ex.TimeoutHint)
		c.Statement, c.StatementLang = i18n.PseudoMarkdown(ex.Statement), i18n.Pseudo
		for i, ch := range ex.Checks {
			cc := *ch
			cc.Title, cc.Hint, cc.TimeoutHint = i18n.PseudoText(ch.Title), i18n.PseudoText(ch.Hint), i18n.PseudoText(ch.TimeoutHint)
			c.Checks[i] = &cc
		}
		return &c, nil
	}
	t := ex.Translations[lang]
	if t == nil {
		t = &Texts{Lang: lang}
	}
	var missing []string
	pick := func(english, translated, what string) string {
		if english == "" || translated != "" {
			return translated
		}
		missing = append(missing, what)
		return english
	}
	c.Statement = pick(ex.Statement, t.Statement, "README."+lang+".md")
	if t.Statement != "" {
		c.StatementLang = lang
	}
	c.Title = pick(ex.Title, t.Title, "title")
	c.TimeoutHint = pick(ex.TimeoutHint, t.TimeoutHint, "timeout_hint")
	for i, ch := range ex.Checks {
		cc := *ch
		ct := t.Checks[ch.Name]
		cc.Title = pick(ch.Title, ct.Title, ch.Name+"'s title")
		cc.Hint = pick(ch.Hint, ct.Hint, ch.Name+"'s hint")
		cc.TimeoutHint = pick(ch.TimeoutHint, ct.TimeoutHint, ch.Name+"'s timeout-hint")
		c.Checks[i] = &cc
	}
	return &c, missing
}

// Languages are the languages the exercise has any text in besides
// English, sorted as i18n.Languages lists them.
func (ex *Exercise) Languages() []string {
	var out []string
	for _, l := range i18n.Languages() {
		if ex.Translations[l] != nil {
			out = append(out, l)
		}
	}
	return out
}

// TranslationFile says whether p, a path in an exercise's folder, is a
// translation (README.LANG.md, exercise.LANG.toml).
func TranslationFile(p string) bool {
	base := path.Base(p)
	return p == base && (translatedLang(base, "README.", ".md") != "" || translatedLang(base, "exercise.", ".toml") != "")
}
