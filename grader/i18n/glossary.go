package i18n

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"
)

// A Glossary is the one word for each thing in one language, kept beside
// its catalog (catalog/glossary.LANG.toml) and taken from the seed article
// of that language: the words a teacher who taught from it would use. The
// catalog and every exercise text in the language use it (TestGlossaries,
// and the exercises' own test of their translations).
type Glossary struct {
	Lang  string
	Terms []Term `toml:"term"`
}

// Term is one English word and the words of the language that say it.
type Term struct {
	EN    string   `toml:"en"`
	Forms []string `toml:"forms"`
	Seed  string   `toml:"seed"`
	// Except are English phrases that hold the word but are other terms
	// of the glossary: "straight line", a line of squares, is no line of
	// output, and a translation of it need not say the word for one.
	Except []string `toml:"except"`
	re     *regexp.Regexp
	except []*regexp.Regexp
}

// LoadGlossary reads the glossary of lang, one of Languages other than
// English.
func LoadGlossary(lang string) (*Glossary, error) {
	buf, err := catalogFiles.ReadFile("catalog/glossary." + lang + ".toml")
	if err != nil {
		return nil, err
	}
	g := &Glossary{Lang: lang}
	if _, err := toml.Decode(string(buf), g); err != nil {
		return nil, fmt.Errorf("glossary.%s.toml: %w", lang, err)
	}
	for i := range g.Terms {
		t := &g.Terms[i]
		// A whole word, not part of a name joined by - or _ (the command
		// find-rooks names no rook a translation must say).
		t.re = regexp.MustCompile(`(?i)(?:^|[^\w-])` + regexp.QuoteMeta(t.EN) + `(?:s|es)?(?:$|[^\w-])`)
		for _, e := range t.Except {
			t.except = append(t.except, regexp.MustCompile(`(?i)`+regexp.QuoteMeta(e)))
		}
	}
	return g, nil
}

// placeholder is a template action, which names an argument and says no
// word of its own.
var placeholder = regexp.MustCompile(`\{\{[^}]*\}\}`)

// Missing returns the terms the English text en holds whose words the
// translation lacks: a translation of "your board" must say the
// glossary's word for board.
func (g *Glossary) Missing(en, translation string) []string {
	en = placeholder.ReplaceAllString(en, "")
	var missing []string
	for _, t := range g.Terms {
		text := en
		for _, e := range t.except {
			text = e.ReplaceAllString(text, "")
		}
		if !t.re.MatchString(text) {
			continue
		}
		found := false
		for _, f := range t.Forms {
			if strings.Contains(translation, f) {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, fmt.Sprintf("%s (%s)", t.EN, strings.Join(t.Forms, " or ")))
		}
	}
	return missing
}
