package grader

import (
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
	"github.com/boardcheck/boardcheck/grader/sandbox"
)

// TestMissingSaid: what a machine lacks, and how its operator gets it, is
// said in every language from the catalogs' words: for machines of several
// shapes (sandbox.MissingForTest: a user without namespaces or cgroups,
// root without a user namespace, a container that refuses a fresh /proc,
// a kernel without Landlock's scopes), every line grader check -v says,
// with the setups tried, has no word in en-XA that came from no catalog,
// and none said in another language names an identifier or lacks an
// argument. A tool out of a run's reach (the sandbox's closedError) is held
// to the same, and its English to the sandbox's own.
func TestMissingSaid(t *testing.T) {
	en := i18n.For(i18n.English)
	lines := sandbox.MissingForTest()
	for _, s := range lines {
		line := report.Say("sandbox.not_in_force", report.Nested("why", s.Said))
		if words := i18n.Untranslated(i18n.For(i18n.Pseudo).Say(line)); len(words) > 0 {
			t.Errorf("%s: %q says %q in no catalog's words", s.Name, en.Say(line), words)
		}
		for _, lang := range i18n.Languages() {
			if got := i18n.For(lang).Say(line); strings.Contains(got, "sandbox.") || strings.Contains(got, "<no value>") {
				t.Errorf("%s: %s: %q", s.Name, lang, got)
			}
		}
		if s.English != "" && en.Say(s.Said) != s.English {
			t.Errorf("%s: in English %q; the sandbox's own words are %q", s.Name, en.Say(s.Said), s.English)
		}
	}
	// The English is the operator's as it was, word for word: the escape
	// suite and the README quote it.
	want := "a user of its own: the run is the grader's own user, with its rights over the grader's files (Landlock keeps it from signalling them)" +
		" (tried a supervisor without namespaces: exit status 1); allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1 on Debian, " +
		"kernel.apparmor_restrict_unprivileged_userns=0 on Ubuntu, user.max_user_namespaces > 0), or run the grader as root in a container"
	if got := en.Say(lines[0].Said); got != want {
		t.Errorf("in English:\n got %q\nwant %q", got, want)
	}
}
