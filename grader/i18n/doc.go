// Package i18n says the grader's messages in the student's language:
// English, Bengali, Arabic, Korean and Thai, the languages of the seed
// articles the exercises come from.
//
// # Messages are data
//
// What the grader finds is a [report.Message]: an identifier
// ("summary.fails", "queens.attack") and named arguments (the line, the
// pieces, the counts), carried in the report. Words are chosen only at the
// end, by a renderer, through the Localizer of the report's language:
//
//	l := i18n.For(r.Lang)
//	l.T("summary.fails", report.Int("count", 3))   // ", 3 checks fail"; Arabic ", تفشل 3 فحوص"
//
// Each language is a catalog file, catalog/LANG.toml, embedded in the
// binary: an identifier, a description for translators, and its text, one
// per CLDR plural form of the language when the message has an argument
// called count (English one and other; Arabic zero, one, two, few, many
// and other; Korean and Thai other alone). Placeholders are go-i18n's
// templates, {{.line}}. English is the catalog en.toml like any other, and
// the source of every identifier: a message another catalog lacks is said
// in English. TestCatalogs holds every catalog to it: every identifier, the
// same placeholders, every plural form CLDR asks.
//
// Beside each catalog, catalog/glossary.LANG.toml is the one word for each
// thing in that language (queen is রানী in Bengali, ملكة in Arabic, 퀸 in
// Korean, ควีน in Thai), from the seed article in it; the catalog and every
// exercise text in the language use it (TestGlossaries).
//
// # What is never translated
//
// An argument is typed ([report.ArgKind]): a number; text already in the
// report's language (a check's title); another message; or verbatim, what
// must stay byte-exact and untranslated: an exercise's expected text
// ("Usage: nqueens N"), the program's own output, a command line, a file
// name, a check's name. In right-to-left text (Arabic) the Localizer wraps
// a verbatim argument in Unicode isolates, FSI ... PDI, so that an English
// command inside an Arabic sentence keeps its own order. A renderer that
// must make arguments safe (the text report escapes a program's control
// characters) gives its escape to WithEscape, and does not escape the
// sentence again.
//
// # The pseudo-language
//
// en-XA, for tests only, is English with every catalog text bracketed and
// accented ("⟦ýóúŕ ƀóáŕđ⟧"), and every verbatim part isolated, even on a
// line of its own. A report said in it reads, but any word of plain ASCII
// letters left in it came from no catalog: Untranslated finds those, which
// is how the tests prove nothing a student sees is left in English.
//
// # Choosing the language
//
// Choose: --lang, else the environment as POSIX programs read it
// (LANGUAGE, then the first set of LC_ALL, LC_MESSAGES and LANG; the C
// locale names none), else the exercise's default (its manifest's lang),
// else English. A language the grader lacks is said once, in English, with
// the languages there are.
package i18n
