package grader

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/i18n/i18ntest"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// TestProtectionMessages: what the sandbox says of the limits and layers
// in force is in every catalog: every sandbox.* identifier its code names,
// on every platform (its source scanned), and every line Protections says
// on this machine, whose English words are the report's Protections, and
// which no language says with an English word of its own (en-XA).
func TestProtectionMessages(t *testing.T) {
	ids := i18ntest.IDs(t, filepath.Join("sandbox", "*.go"), `"(sandbox\.[a-z0-9_.]*[a-z0-9])"`)
	i18ntest.InEveryCatalog(t, ids, 50)

	r := &report.Report{}
	withProtections(r, sandbox.Limits{})
	if len(r.Protections) < 5 || len(r.ProtectionReasons) != len(r.Protections) {
		t.Fatalf("got %d protections and %d as data; want as many, at least 5", len(r.Protections), len(r.ProtectionReasons))
	}
	for i, m := range r.ProtectionReasons {
		if got := i18n.For(i18n.English).Say(m); got != r.Protections[i] || strings.Contains(got, "sandbox.") {
			t.Errorf("line %d in English is %q; want the report's %q, no identifier", i+1, got, r.Protections[i])
		}
		if words := i18n.Untranslated(i18n.For(i18n.Pseudo).Say(m)); len(words) > 0 {
			t.Errorf("line %d %q says %q in no catalog's words", i+1, r.Protections[i], words)
		}
		for _, lang := range i18n.Languages()[1:] {
			if got := i18n.For(lang).Say(m); strings.Contains(got, "sandbox.") || strings.Contains(got, "<no value>") {
				t.Errorf("%s: line %d is %q", lang, i+1, got)
			}
		}
	}
}
