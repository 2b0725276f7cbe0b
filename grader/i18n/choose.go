package i18n

import (
	"fmt"
	"strings"
)

// Choosing the language. The command line's --lang wins; else the
// environment, as POSIX programs read it (gettext's order: LANGUAGE, a list
// of languages by preference, unless the locale is C; then the first of
// LC_ALL, LC_MESSAGES and LANG that is set); else the exercise's default,
// the manifest's lang, which a course sets for its students; else English.

// Parse turns a language as a person or a locale writes it ("bn",
// "bn_BD.UTF-8", "ar-EG", "ko_KR", "th_TH.utf8@calendar", "en-XA") into a
// tag the grader has, or "" when it has none.
func Parse(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if strings.EqualFold(s, Pseudo) || strings.EqualFold(s, "en_XA") {
		return Pseudo
	}
	// A locale: language[_territory][.codeset][@modifier].
	if i := strings.IndexAny(s, ".@"); i >= 0 {
		s = s[:i]
	}
	lang := strings.ToLower(strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == '-' })[0])
	if lang == "ben" {
		lang = "bn" // ISO 639-2, which some systems write
	}
	for _, l := range Languages() {
		if lang == l {
			return l
		}
	}
	return ""
}

// Unknown is a language the grader has no catalog for: what to say once,
// in English, with the languages there are.
type Unknown struct {
	Given string // as the user wrote it
	From  string // "--lang", "LANG", "exercise.toml's lang"
}

func (u *Unknown) Error() string {
	return fmt.Sprintf("%s %q names no language the grader speaks; it speaks %s", u.From, u.Given, Offered())
}

// Offered lists the languages there are, for messages: "en (English), bn
// (Bengali), ...".
func Offered() string {
	var l []string
	for _, lang := range Languages() {
		l = append(l, lang+" ("+Name(lang)+")")
	}
	return strings.Join(l, ", ")
}

// Choose picks the language: flag (--lang, "" when not given), else the
// environment, else def (the exercise's default, "" when none), else
// English. A --lang the grader lacks is an error; an environment that names
// only languages it lacks (a French locale, say) falls through to def, and
// note says so, once, for the caller to print in English. The C and POSIX
// locales name no language and fall through silently.
func Choose(flag string, getenv func(string) string, def string) (lang string, note error, err error) {
	if flag != "" {
		if l := Parse(flag); l != "" {
			return l, nil, nil
		}
		return "", nil, &Unknown{Given: flag, From: "--lang"}
	}
	l, unknown := FromEnv(getenv)
	if l != "" {
		return l, nil, nil
	}
	if def != "" {
		return def, nil, nil
	}
	if unknown != nil {
		return English, unknown, nil
	}
	return English, nil, nil
}

// FromEnv returns the language the environment asks for, or "" when it asks
// for none the grader has; unknown then names the first it asked for.
func FromEnv(getenv func(string) string) (lang string, unknown *Unknown) {
	locale, from := "", ""
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			locale, from = v, name
			break
		}
	}
	isC := locale == "C" || locale == "POSIX" || strings.HasPrefix(locale, "C.")
	// gettext ignores LANGUAGE when the locale is C: a program that was
	// asked for no locale at all speaks its own language.
	if list := getenv("LANGUAGE"); list != "" && !isC {
		for _, item := range strings.Split(list, ":") {
			if l := Parse(item); l != "" {
				return l, nil
			}
			if item != "" && unknown == nil {
				unknown = &Unknown{Given: item, From: "LANGUAGE"}
			}
		}
	}
	if locale == "" || isC {
		return "", unknown
	}
	if l := Parse(locale); l != "" {
		return l, nil
	}
	if unknown == nil {
		unknown = &Unknown{Given: locale, From: from}
	}
	return "", unknown
}
