package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/render"
	"github.com/boardcheck/boardcheck/grader/report"
)

// runErr runs grader with args and the environment env, and returns what
// it printed on standard error and its exit status.
func runErr(t *testing.T, args []string, env map[string]string) (string, int) {
	t.Helper()
	var stdout, stderr strings.Builder
	sys := stdio{stdout: &stdout, stderr: &stderr, getenv: func(k string) string { return env[k] }}
	code := run(context.Background(), args, sys)
	return stderr.String(), code
}

// TestErrorsInLanguage: check's and show's errors on the command line are
// said in the language the command speaks (--lang, wherever it stands,
// else the environment), in the catalog's words, what the user typed
// verbatim; in English they are as they were, byte for byte.
func TestErrorsInLanguage(t *testing.T) {
	v := report.Verbatim
	hint := func(cmd string) func(l *i18n.Localizer) string {
		return func(l *i18n.Localizer) string { return l.T("cli.usage_hint", v("command", "grader help "+cmd)) }
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "sol.py"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	nowhere := filepath.Join(dir, "nowhere")
	for _, tc := range []struct {
		name    string
		args    []string
		english string
		// lines are the lines printed, said by l, the first after
		// "grader: ".
		lines []func(l *i18n.Localizer) string
	}{
		{"undefined flag", []string{"check", "-x", "nqueens", "sol.py"},
			"grader: check: flag provided but not defined: -x\nrun \"grader help check\" for usage\n",
			[]func(*i18n.Localizer) string{
				func(l *i18n.Localizer) string {
					return l.T("cli.in_command", v("command", "check"), report.Nested("error", say("cli.flag.undefined", v("flag", "-x"))))
				},
				hint("check")}},
		{"bad duration", []string{"check", "--timeout", "0", "nqueens", "sol.py"},
			"grader: check: invalid value \"0\" for flag -timeout: want a positive duration with a unit, such as 30s or 2m\nrun \"grader help check\" for usage\n",
			[]func(*i18n.Localizer) string{
				func(l *i18n.Localizer) string {
					return l.T("cli.in_command", v("command", "check"), report.Nested("error", say("cli.flag.invalid", v("value", `"0"`), v("flag", "-timeout"),
						report.Nested("why", say("cli.want.duration", v("example", "30s"), v("other", "2m"))))))
				},
				hint("check")}},
		{"missing submission", []string{"check", "nqueens"},
			"grader: check: missing the submission after nqueens: want grader check [flags] nqueens SUBMISSION\nrun \"grader help check\" for usage\n",
			[]func(*i18n.Localizer) string{
				func(l *i18n.Localizer) string {
					return l.T("cli.in_command", v("command", "check"), report.Nested("error", say("cli.operands.missing_after",
						report.Nested("what", say("cli.operand.the_submission")), v("last", "nqueens"), v("usage", "grader check [flags] nqueens SUBMISSION"))))
				},
				hint("check")}},
		{"too many operands", []string{"check", "nqueens", "a.py", "b.py"},
			"grader: check: want one exercise ID and one submission, got 3 arguments: nqueens a.py b.py\nrun \"grader help check\" for usage\n",
			[]func(*i18n.Localizer) string{
				func(l *i18n.Localizer) string {
					return l.T("cli.in_command", v("command", "check"), report.Nested("error", say("cli.operands.too_many",
						report.Nested("want", say("cli.and", report.Nested("first", say("cli.operand.one_exercise_id")), report.Nested("then", say("cli.operand.one_submission")))),
						report.Int("count", 3), v("args", "nqueens a.py b.py"))))
				},
				hint("check")}},
		{"unknown exercise", []string{"check", "nqeens", "sol.py"},
			"grader: unknown exercise \"nqeens\"; did you mean nqueens?\nrun \"grader list\" to see every exercise\n",
			[]func(*i18n.Localizer) string{
				func(l *i18n.Localizer) string {
					return l.T("cli.unknown_exercise_suggest", v("exercise", `"nqeens"`), v("suggestion", "nqueens"))
				},
				func(l *i18n.Localizer) string { return l.T("cli.list_hint", v("command", "grader list")) }}},
		{"unknown check", []string{"check", "--run", "n5", "nqueens", filepath.Join(dir, "sol.py")},
			"grader: check: exercise nqueens has no check \"n5\"; did you mean n4?\nits checks are: usage-no-argument, usage-two-arguments, not-a-number, float, too-small, negative, n4, plus-sign, n6, n8, n10, n12 (or their titles)\nrun \"grader help check\" for usage\n",
			[]func(*i18n.Localizer) string{
				func(l *i18n.Localizer) string {
					return l.T("cli.in_command", v("command", "check"), report.Nested("error", say("cli.no_check_suggest", v("exercise", "nqueens"), v("check", `"n5"`), v("suggestion", "n4"))))
				},
				func(l *i18n.Localizer) string {
					return l.T("cli.checks_are", v("checks", "usage-no-argument, usage-two-arguments, not-a-number, float, too-small, negative, n4, plus-sign, n6, n8, n10, n12"))
				},
				hint("check")}},
		{"trace size", []string{"show", "--trace", "9", "nqueens"},
			"grader: show: invalid value \"9\" for flag -trace: want a board size from 1 to 8\nrun \"grader help show\" for usage\n",
			[]func(*i18n.Localizer) string{
				func(l *i18n.Localizer) string {
					return l.T("cli.in_command", v("command", "show"), report.Nested("error", say("cli.flag.invalid", v("value", `"9"`), v("flag", "-trace"),
						report.Nested("why", say("cli.want.board_size", report.Int("min", 1), report.Int("max", 8))))))
				},
				hint("show")}},
		{"no exercise folder", []string{"show", nowhere},
			"grader: exercise folder " + nowhere + " does not exist\nrun \"grader help show\" for usage\n",
			[]func(*i18n.Localizer) string{
				func(l *i18n.Localizer) string { return l.T("cli.folder.missing", v("folder", nowhere)) },
				hint("show")}},
		{"output folder", []string{"check", "--format", "json", "--output", filepath.Join(nowhere, "r.json"), "nqueens", "sol.py"},
			"grader: check: --output " + filepath.Join(nowhere, "r.json") + ": folder " + nowhere + " does not exist: create it first\nrun \"grader help check\" for usage\n",
			[]func(*i18n.Localizer) string{
				func(l *i18n.Localizer) string {
					return l.T("cli.in_command", v("command", "check"), report.Nested("error", say("cli.output.bad", v("flag", "--output"), v("file", filepath.Join(nowhere, "r.json")),
						report.Nested("why", say("cli.output.no_folder", v("folder", nowhere))))))
				},
				hint("check")}},
	} {
		said := func(lang string) string {
			l := i18n.For(lang).WithEscape(render.Escape)
			var lines []string
			for _, line := range tc.lines {
				lines = append(lines, line(l))
			}
			return prefix(l) + strings.Join(lines, "\n") + "\n"
		}
		// English: as it was, and the English catalog's words.
		got, code := runErr(t, tc.args, nil)
		if got != tc.english || code != exitUsage {
			t.Errorf("%s: in English got exit status %d and\n%s\nwant %d and\n%s", tc.name, code, got, exitUsage, tc.english)
		}
		if s := said(i18n.English); s != tc.english {
			t.Errorf("%s: the English catalog says\n%s\nwant\n%s", tc.name, s, tc.english)
		}
		langArgs := func(flag ...string) []string {
			return append(append([]string{tc.args[0]}, flag...), tc.args[1:]...)
		}
		for _, run := range []struct {
			how  string
			lang string
			args []string
			env  map[string]string
		}{
			{"--lang ar", "ar", langArgs("--lang", "ar"), map[string]string{"LANG": "ko_KR.UTF-8"}}, // --lang beats the environment
			{"LANG=ko_KR.UTF-8", "ko", tc.args, map[string]string{"LANG": "ko_KR.UTF-8"}},
			{"--lang=bn", "bn", langArgs("--lang=bn"), nil},
			{"--lang en-XA", i18n.Pseudo, langArgs("--lang", i18n.Pseudo), nil},
			{"an unknown language in the environment", i18n.English, tc.args, map[string]string{"LANG": "fr_FR.UTF-8"}},
		} {
			got, code := runErr(t, run.args, run.env)
			if run.lang == i18n.English {
				// Once the exercise is loaded, the environment's
				// language is said to be unknown first, in English.
				got = strings.TrimPrefix(got, "grader: "+(&i18n.Unknown{Given: "fr_FR.UTF-8", From: "LANG"}).Error()+"; speaking English\n")
			}
			if want := said(run.lang); got != want || code != exitUsage {
				t.Errorf("%s, %s: got exit status %d and\n%s\nwant %d and\n%s", tc.name, run.how, code, got, exitUsage, want)
			}
			if run.lang == i18n.English {
				continue
			}
			for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
				if strings.Contains(tc.english, line+"\n") {
					t.Errorf("%s, %s: line %q is the English one", tc.name, run.how, line)
				}
				if run.lang == i18n.Pseudo {
					if words := i18n.Untranslated(line); len(words) > 0 {
						t.Errorf("%s, %s: line %q holds English %q", tc.name, run.how, line, words)
					}
				}
			}
		}
	}
}

// TestErrorLang: --lang is found wherever it stands, even after the flag
// whose mistake stops the parse, and not where it is another flag's
// value; an unknown one, and every command other than check and show,
// speak English.
func TestErrorLang(t *testing.T) {
	ko := map[string]string{"LANG": "ko_KR.UTF-8"}
	for _, tt := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"check", "-x", "nqueens", "sol.py", "--lang", "ar"}, nil, "ar"},
		{[]string{"check", "--lang", "bn", "--lang=th", "nqueens"}, nil, "th"},
		{[]string{"check", "--pattern", "--lang", "nqueens", "dir"}, ko, "ko"},
		{[]string{"check", "-v", "--lang", "ar"}, nil, "ar"},
		{[]string{"check", "nqueens", "--", "--lang", "ar"}, nil, i18n.English},
		{[]string{"check", "--lang", "xx", "nqueens"}, ko, i18n.English},
		{[]string{"show", "-lang", "ko", "nqueens"}, nil, "ko"},
		{[]string{"batch", "--lang", "ar"}, ko, i18n.English},
		{[]string{"verify"}, ko, i18n.English},
	} {
		if got := errorLang(tt.args[0], tt.args[1:], func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("errorLang(%q) with %v = %q; want %q", tt.args, tt.env, got, tt.want)
		}
	}
	// And in English, what the other commands say stays English whatever
	// the environment asks for.
	got, _ := runErr(t, []string{"batch", "--bogus"}, ko)
	if want := "grader: batch: flag provided but not defined: -bogus\nrun \"grader help batch\" for usage\n"; got != want {
		t.Errorf("grader batch --bogus with LANG=ko_KR.UTF-8: got\n%s\nwant\n%s", got, want)
	}
}
