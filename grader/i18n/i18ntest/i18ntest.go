// Package i18ntest holds what the tests of each package's messages share:
// finding the identifiers a package's code names, and holding them to the
// catalogs of every language.
package i18ntest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// IDs returns the message identifiers the Go files matching glob name as
// string literals, their tests left out: each a whole literal matching
// pattern's first group (such as `"(scenario\.[a-z0-9_.]*[a-z0-9])"`).
// Identifiers a package builds at run time are for its test to add.
func IDs(t testing.TB, glob string, pattern string) map[string]bool {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	literal := regexp.MustCompile(pattern)
	ids := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
			ids[m[1]] = true
		}
	}
	return ids
}

// InEveryCatalog fails t for each of ids that a language, or the
// pseudo-language, has no text for; and at once where there are fewer
// than atLeast, a scan that misses most of them.
func InEveryCatalog(t testing.TB, ids map[string]bool, atLeast int) {
	t.Helper()
	if len(ids) < atLeast {
		t.Fatalf("found %d identifiers; the scan misses most (want at least %d)", len(ids), atLeast)
	}
	for _, lang := range append(i18n.Languages(), i18n.Pseudo) {
		l := i18n.For(lang)
		for id := range ids {
			if got := l.Say(report.Say(id)); strings.HasPrefix(got, id) {
				t.Errorf("%s: %s is in no catalog (said as %q)", lang, id, got)
			}
		}
	}
}
