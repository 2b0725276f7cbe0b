package cli

import (
	"flag"
	"strings"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// langUsage is --lang's help, the same for every command that takes it.
func langUsage() string {
	return "say the report in language `LANG`: " + strings.Join(i18n.Languages(), ", ") +
		" (default: the environment's LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else the exercise's lang, else en)"
}

// registerLang adds --lang to fs.
func registerLang(fs *flag.FlagSet, lang *string) {
	fs.StringVar(lang, "lang", "", langUsage())
}

// inLanguage chooses the language (i18n.Choose) and returns ex in it. A
// --lang the grader lacks is a usage error; an environment that asks for
// one is said once on standard error, in English, and English is spoken.
// What the exercise lacks in the language is said once too, in it: its
// texts are shown in English.
func inLanguage(cmd, flagLang string, ex *exercise.Exercise, sys stdio, statement bool) (*exercise.Exercise, error) {
	lang, note, err := i18n.Choose(flagLang, sys.getenv, ex.DefaultLang)
	if err != nil {
		return nil, usageErrorf("%s: %v", cmd, err)
	}
	if note != nil {
		printf(sys.stderr, "grader: %v; speaking English\n", note)
	}
	in, missing := ex.In(lang)
	l := i18n.For(lang)
	var texts int
	for _, m := range missing {
		if strings.HasPrefix(m, "README.") {
			if statement {
				printf(sys.stderr, "%s%s\n", prefix(l), l.T("show.no_statement", report.Verbatim("exercise", ex.ID)))
			}
			continue
		}
		texts++
	}
	if texts > 0 && !statement {
		printf(sys.stderr, "%s%s\n", prefix(l), l.T("show.no_texts", report.Verbatim("exercise", ex.ID), report.Int("count", texts)))
	}
	return in, nil
}
