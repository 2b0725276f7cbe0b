package exercise

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzLoadManifest feeds exercise.toml arbitrary text, alone and then as
// the manifest of an exercise folder with one scenario, hello. Whatever the
// text, loading returns an exercise or an *Error naming the file and
// a line that exists, never a panic; what it accepts keeps the manifest's
// promises (a one-line title, a one-word program, checks listed once,
// positive limits). The seed corpus, testdata/fuzz/FuzzLoadManifest, holds
// the builtin exercises' manifests and broken variants of them.
//
// Run it with go test ./grader/exercise -run '^$' -fuzz '^FuzzLoadManifest$' -fuzztime 30s.
func FuzzLoadManifest(f *testing.F) {
	f.Add([]byte("title = \"Says hello\"\nprogram = \"hello\"\nchecks = [\"hello\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := strings.Count(string(data), "\n") + 1
		m, err := parseManifest(data, "exercise.toml")
		if err != nil {
			var ee *Error
			if !errors.As(err, &ee) {
				t.Fatalf("parseManifest error %T %v; want an *Error", err, err)
			}
			if ee.File != "exercise.toml" || ee.Line < 0 || ee.Line > lines {
				t.Fatalf("error at %s:%d; want exercise.toml and a line in 0..%d: %v", ee.File, ee.Line, lines, err)
			}
			if !strings.HasPrefix(err.Error(), "grader: exercise.toml") {
				t.Fatalf("error %q; want it to start with grader: exercise.toml", err)
			}
		} else {
			if m.title == "" || strings.Contains(m.title, "\n") {
				t.Fatalf("title %q accepted; want one non-empty line", m.title)
			}
			if !wordRE.MatchString(m.program) {
				t.Fatalf("program %q accepted; want one word", m.program)
			}
			if len(m.checks) == 0 || len(m.checks) != len(m.checkLines) {
				t.Fatalf("%d checks, %d lines; want at least one, each with its line", len(m.checks), len(m.checkLines))
			}
			seen := map[string]bool{}
			for _, c := range m.checks {
				if seen[c] || !wordRE.MatchString(c) {
					t.Fatalf("check %q accepted twice or not a word", c)
				}
				seen[c] = true
			}
			if m.limits.Time <= 0 || m.limits.Memory <= 0 || m.limits.Output <= 0 {
				t.Fatalf("limits %+v accepted; want every one positive", m.limits)
			}
			if len(m.bad) != len(m.badLines) {
				t.Fatalf("%d bad submissions, %d lines; want one line each", len(m.bad), len(m.badLines))
			}
		}

		// The whole load path: the manifest beside a scenario and a
		// statement, as grader check ./folder reads them.
		fsys := fstest.MapFS{
			"exercise.toml":     {Data: data},
			"README.md":         {Data: []byte("# Says hello\n")},
			"tests/hello.txtar": {Data: []byte("# title: Says hello\n# points: 1\nrun hello\nstdout '^hello$'\n")},
		}
		ex, err := LoadFS(fsys, "fuzz/ex")
		if err != nil {
			var ee *Error
			if !errors.As(err, &ee) {
				t.Fatalf("LoadFS error %T %v; want an *Error", err, err)
			}
			if !strings.HasPrefix(ee.File, "fuzz/ex/") {
				t.Fatalf("LoadFS error names %q; want a file of the exercise: %v", ee.File, err)
			}
			return
		}
		if len(ex.Checks) == 0 {
			t.Fatalf("LoadFS accepted an exercise with no check")
		}
		if ex.Limits.Time <= 0 || ex.Limits.Memory <= 0 || ex.Limits.Output <= 0 {
			t.Fatalf("LoadFS accepted limits %+v; want every one positive", ex.Limits)
		}
	})
}
