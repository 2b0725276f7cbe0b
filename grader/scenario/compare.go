package scenario

import (
	"os"
	"regexp"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/rogpeppe/go-internal/testscript"
)

// Bounds on the diff the grader's cmp logs in a check's transcript: a
// submission may print 16 MiB of newlines, 16 million lines, and
// testscript's own cmp diffed them all, taking the grader 1.5 GB and a
// minute. Past them the transcript says how long each text is instead;
// the verdict (explainDiff) names the first difference either way.
const (
	diffLogLines = 20000
	diffLogBytes = 2 << 20
)

// cmdCmp is testscript's cmp (env false) and cmpenv (env true), which
// exercise.Check.RunnableScript turns scenarios' cmp lines into: the same
// comparison and the same failure, "stdout and want.txt differ", which
// explainBuiltin explains, but a diff in the transcript only of texts
// small enough to diff.
func cmdCmp(env bool) func(ts *testscript.TestScript, neg bool, args []string) {
	name := "cmp"
	if env {
		name = "cmpenv"
	}
	return func(ts *testscript.TestScript, neg bool, args []string) {
		if len(args) != 2 {
			ts.Fatalf("usage: %s file1 file2", name)
		}
		name1, name2 := args[0], args[1]
		if name1 == name2 {
			ts.Fatalf("%s: cannot compare a file against itself", name)
		}
		text1 := ts.ReadFile(name1)
		data, err := os.ReadFile(ts.MkAbs(name2))
		ts.Check(err)
		text2 := string(data)
		if env {
			text2 = expandVars(ts, text2)
		}
		eq := text1 == text2
		switch {
		case neg && eq:
			ts.Fatalf("%s and %s do not differ", name1, name2)
		case neg || eq:
			return
		}
		if diffable(text1) && diffable(text2) {
			ts.Logf("%s", diff.Diff(name1, []byte(text1), name2, []byte(text2)))
		} else {
			ts.Logf("(not diffed here: %s has %d bytes in %d lines, %s %d bytes in %d lines)",
				name1, len(text1), lineCount(text1), name2, len(text2), lineCount(text2))
		}
		ts.Fatalf("%s and %s differ", name1, name2)
	}
}

// diffable says whether text is small enough to diff for a transcript.
func diffable(text string) bool {
	return len(text) <= diffLogBytes && strings.Count(text, "\n") <= diffLogLines
}

// expandVars expands $NAME, ${NAME} and ${NAME@R} (NAME quoted for a
// pattern) as testscript's cmpenv does.
func expandVars(ts *testscript.TestScript, s string) string {
	return os.Expand(s, func(key string) string {
		if k, ok := strings.CutSuffix(key, "@R"); ok {
			return regexp.QuoteMeta(ts.Getenv(k))
		}
		return ts.Getenv(key)
	})
}
