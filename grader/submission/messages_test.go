package submission

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/i18n/i18ntest"
)

// TestErrorMessages: a submission that cannot be run says why as data
// (Error.Message), whose English words are the error's own, byte for byte,
// and which another language says in its words: an empty file, a link out
// of its folder (package handin's refusal), a file of a type the grader
// does not run, and one that does not exist.
func TestErrorMessages(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	outside := filepath.Join(t.TempDir(), "secret.py")
	if err := os.WriteFile(outside, []byte("print(1)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.py")
	if err := os.Symlink(outside, link); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path, id, problem string
	}{
		{write("empty.py", ""), "submission.empty", "file is empty"},
		{link, "handin.link_named", "is a link to " + outside},
		{write("notes.txt", "hello\n"), "submission.unknown_extension", "is a .txt file, which the grader cannot run"},
		{filepath.Join(dir, "missing.py"), "submission.no_such_file", "no such file"},
	} {
		_, err := Prepare(context.Background(), tt.path, t.TempDir())
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: got %v; want a *submission.Error", tt.path, err)
			continue
		}
		m, ok := e.Message()
		if !ok || e.Why.ID != tt.id || !strings.HasPrefix(e.Problem, tt.problem) {
			t.Errorf("%s: got problem %q, as data %+v; want %s, %q", tt.path, e.Problem, e.Why, tt.id, tt.problem)
			continue
		}
		if got, want := English(m), strings.TrimPrefix(e.Error(), "grader: "); got != want {
			t.Errorf("%s: the message in English is\n%q; want the error's own words\n%q", tt.path, got, want)
		}
		if ko := i18n.For("ko").Say(m); strings.Contains(ko, e.Problem) || !strings.Contains(ko, "제출물") {
			t.Errorf("%s: in Korean the message is %q: not Korean", tt.path, ko)
		}
	}
}

// TestMessageIDs: every message this package says is in the catalogs, in
// every language: the identifiers its code names, and those it builds (a
// language's tool to install, a project folder's kind).
func TestMessageIDs(t *testing.T) {
	ids := i18ntest.IDs(t, "*.go", `"((?:submission|scenario|handin)\.[a-z0-9_.]*[a-z0-9])"`)
	for _, lang := range languages {
		ids[installMessage(lang.install).ID] = true
	}
	for _, p := range projectFiles {
		ids["submission.project."+p.what] = true
	}
	for _, prefix := range []string{"submission.install.", "submission.project."} {
		delete(ids, prefix[:len(prefix)-1])
	}
	i18ntest.InEveryCatalog(t, ids, 60)
}
