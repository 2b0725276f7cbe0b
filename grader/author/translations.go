package author

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/internal/atomicfile"
)

// An exercise's texts in the other languages (exercise.Texts): grader
// verify lists, language by language, what the exercise lacks (a warning:
// the report shows it in English until it is translated) and holds what it
// has to the English: a translated statement's table of checks lists the
// translated titles and points, and its examples are the English
// statement's, byte for byte (a program's output is never translated).
// grader verify --update writes both.

// ItemTranslation is an exercise's texts in one language.
const ItemTranslation = "translation"

// verifyTranslations is one item per language the grader speaks besides
// English.
func verifyTranslations(ex *exercise.Exercise) []VerifyItem {
	var items []VerifyItem
	for _, lang := range i18n.Languages()[1:] {
		in, missing := ex.In(lang)
		it := VerifyItem{Kind: ItemTranslation, Name: lang + " (" + i18n.Name(lang) + ")"}
		if ex.Translations[lang] == nil {
			// Not begun: a note, not a warning, so that an exercise in
			// English alone verifies clean.
			it.Detail = fmt.Sprintf("no texts yet: %s shown in English (grader new --lang %s %s scaffolds them)",
				shortList(missing, 3), lang, ex.ID)
			items = append(items, it)
			continue
		}
		if len(missing) > 0 {
			it.Warnings = append(it.Warnings, fmt.Sprintf("lacks %s: shown in English until translated (README.%s.md, exercise.%s.toml)",
				shortList(missing, 6), lang, lang))
		}
		if in.StatementLang == lang {
			file := "README." + lang + ".md"
			if p := statementTableProblem(in); p != "" {
				it.Problems = append(it.Problems, file+": "+p)
			}
			it.Problems = append(it.Problems, translatedExamplesProblems(file, ex, in)...)
			for _, p := range wordingsLeftBehind(ex, in.Statement) {
				it.Problems = append(it.Problems, file+": "+p)
			}
		}
		it.Warnings = append(it.Warnings, glossaryWarnings(ex, in, lang)...)
		if it.OK() && len(missing) == 0 {
			it.Detail = "every text translated; the statement's table and examples match"
		}
		items = append(items, it)
	}
	return items
}

// shortList joins at most n of items, saying how many more there are.
func shortList(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}

// translatedExamplesProblems holds each example of the translated
// statement to the English statement's example of the same command.
func translatedExamplesProblems(file string, ex, in *exercise.Exercise) []string {
	english := map[string][]string{}
	for _, e := range findExamples(ex.Statement, ex.Program) {
		english[e.command] = e.shown
	}
	var problems []string
	for _, e := range findExamples(in.Statement, in.Program) {
		want, ok := english[e.command]
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("%s line %d: the example $ %s is not one of README.md's: a translation shows the English statement's examples", file, e.line+1, e.command))
		case !slices.Equal(e.shown, want):
			problems = append(problems, fmt.Sprintf("%s line %d: the example $ %s shows another output than README.md's: run grader verify --update", file, e.line+1, e.command))
		}
	}
	return problems
}

// glossaryWarnings says where a translated text does not use its
// language's glossary word for a thing its English text names.
func glossaryWarnings(ex, in *exercise.Exercise, lang string) []string {
	g, err := i18n.LoadGlossary(lang)
	if err != nil {
		return []string{err.Error()}
	}
	var warnings []string
	check := func(what, english, translated string) {
		if english == "" || translated == "" || translated == english {
			return
		}
		if missing := g.Missing(english, translated); len(missing) > 0 {
			warnings = append(warnings, fmt.Sprintf("%s does not say the glossary's %s (grader/i18n/catalog/glossary.%s.toml)", what, strings.Join(missing, ", "), lang))
		}
	}
	check("the title", ex.Title, in.Title)
	for i, c := range ex.Checks {
		t := in.Checks[i]
		check(c.Name+"'s title", c.Title, t.Title)
		check(c.Name+"'s hint", c.Hint, t.Hint)
	}
	if in.StatementLang == lang {
		check("README."+lang+".md", ex.Statement, in.Statement)
	}
	return warnings
}

// updateTranslations rewrites each translated statement's table of checks
// and examples from the checks and the English statement (statement, as
// updated), and returns the files it changed.
func updateTranslations(dir string, ex *exercise.Exercise, statement string) ([]string, error) {
	english := map[string][]string{}
	for _, e := range findExamples(statement, ex.Program) {
		english[e.command] = e.shown
	}
	var changed []string
	for _, lang := range ex.Languages() {
		in, _ := ex.In(lang)
		if in.StatementLang != lang {
			continue
		}
		examples := findExamples(in.Statement, in.Program)
		for i := range examples {
			e := &examples[i]
			e.printed = e.shown
			if out, ok := english[e.command]; ok {
				e.printed = out
			}
		}
		text := withExamples(withChecksTable(in, withWordings(ex, in.Statement)), examples)
		if text == in.Statement {
			continue
		}
		file := "README." + lang + ".md"
		if err := atomicfile.Write(filepath.Join(dir, file), []byte(text)); err != nil {
			return changed, fmt.Errorf("grader: %w", err)
		}
		changed = append(changed, file)
	}
	return changed, nil
}

// ScaffoldTranslations writes, into the exercise folder dir, what a
// translator fills in for each of langs the folder lacks: exercise.LANG.toml,
// every title and hint left empty under its English text, and README.LANG.md,
// a copy of the English statement to translate in place (its examples and
// table already as grader verify wants them). It returns the files it
// wrote; an empty text is shown in English, and grader verify lists it.
func ScaffoldTranslations(dir string, langs []string) ([]string, error) {
	ex, err := exercise.LoadDir(dir)
	if err != nil {
		return nil, err
	}
	var written []string
	for _, lang := range langs {
		if ex.Translations[lang] != nil {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "# %s's texts in %s (%s): translate each English text into the empty string\n", ex.ID, i18n.Name(lang), lang)
		fmt.Fprintf(&b, "# below it, in the words of grader/i18n/catalog/glossary.%s.toml. A text left\n", lang)
		b.WriteString("# empty is shown in English, and grader verify lists it.\n")
		field := func(key, english string) {
			if english == "" {
				return
			}
			fmt.Fprintf(&b, "# %s\n%s = \"\"\n", english, key)
		}
		field("title", ex.Title)
		field("timeout_hint", ex.TimeoutHint)
		for _, c := range ex.Checks {
			fmt.Fprintf(&b, "\n[checks.%s]\n", c.Name)
			field("title", c.Title)
			field("hint", c.Hint)
			field("timeout_hint", c.TimeoutHint)
		}
		files := map[string]string{"exercise." + lang + ".toml": b.String()}
		if ex.Statement != "" {
			in := *ex
			in.StatementLang = lang
			files["README."+lang+".md"] = withChecksTable(&in, strings.Replace(ex.Statement, checksTableHeader(ex), checksTableHeader(&in), 1))
		}
		for _, name := range slices.Sorted(maps.Keys(files)) {
			if err := atomicfile.Write(filepath.Join(dir, name), []byte(files[name])); err != nil {
				return written, fmt.Errorf("grader: %w", err)
			}
			written = append(written, name)
		}
	}
	return written, nil
}
