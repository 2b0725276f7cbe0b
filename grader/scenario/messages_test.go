package scenario

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// TestMessageIDs: every message this package says is in the catalogs, in
// every language: the identifiers its code names, and those it builds
// (a signal's meaning, a stdin cause's variants).
func TestMessageIDs(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	literal := regexp.MustCompile(`"(scenario\.[a-z0-9_.A-Z]*[a-z0-9A-Z])"`)
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
	for sig := range signalMeanings {
		ids["scenario.signal."+sig] = true
	}
	for _, kind := range []string{"source", "exception", "exception_at"} {
		ids["scenario.stdin."+kind] = true
		ids["scenario.stdin."+kind+"_n"] = true
	}
	for _, id := range []string{"scenario.crashed", "scenario.python2"} {
		ids[id+"_at"] = true
	}
	delete(ids, "scenario.stdin") // the prefix the variants are built from
	delete(ids, "scenario.txtar") // a file name
	if len(ids) < 100 {
		t.Fatalf("found %d identifiers; the scan misses most", len(ids))
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

// TestCheckerMessageIDs: every checker.* message package checker names is
// in the catalogs, in every language: the identifiers its code names, and
// those it builds from a piece's or an item's name.
func TestCheckerMessageIDs(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "checker", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	literal := regexp.MustCompile(`"(checker\.[a-z0-9_.]*[a-z0-9])"`)
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
	for _, piece := range []string{"queen", "rook", "knight", "bishop", "king"} {
		for _, family := range []string{"pieces", "kind", "count_pieces"} {
			ids["checker."+family+"."+piece] = true
		}
	}
	for _, items := range []string{"pairs", "squares", "columns"} {
		ids["checker.items."+items] = true
		ids["checker.two."+items] = true
	}
	for _, what := range []string{"rank", "column", "number"} {
		ids["checker.line.want_"+what] = true
	}
	if len(ids) < 150 {
		t.Fatalf("found %d identifiers; the scan misses most", len(ids))
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
