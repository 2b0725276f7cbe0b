package scenario

import (
	"path/filepath"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n/i18ntest"
)

// TestMessageIDs: every message this package says is in the catalogs, in
// every language: the identifiers its code names, and those it builds
// (a signal's meaning, a stdin cause's variants).
func TestMessageIDs(t *testing.T) {
	ids := i18ntest.IDs(t, "*.go", `"(scenario\.[a-z0-9_.A-Z]*[a-z0-9A-Z])"`)
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
	i18ntest.InEveryCatalog(t, ids, 100)
}

// TestCheckerMessageIDs: every checker.* message package checker names is
// in the catalogs, in every language: the identifiers its code names, and
// those it builds from a piece's or an item's name.
func TestCheckerMessageIDs(t *testing.T) {
	ids := i18ntest.IDs(t, filepath.Join("..", "checker", "*.go"), `"(checker\.[a-z0-9_.]*[a-z0-9])"`)
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
	i18ntest.InEveryCatalog(t, ids, 150)
}
