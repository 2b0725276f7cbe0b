package cli

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeCommands keeps README.md honest: every grader command it shows
// must be run by testdata/scripts/grader_readme.txtar, which checks that it
// works. The script writes repository paths under $ROOT and may add
// --timeout; otherwise the command must be the same.
func TestReadmeCommands(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("../../testdata/scripts/grader_readme.txtar")
	if err != nil {
		t.Fatal(err)
	}
	normalize := func(s string) string {
		s = strings.ReplaceAll(s, "$ROOT/", "")
		s = strings.ReplaceAll(s, " --timeout 60s", "")
		return strings.Join(strings.Fields(s), " ")
	}
	var run []string
	for _, line := range strings.Split(string(script), "\n") {
		run = append(run, normalize(line))
	}
	scriptText := strings.Join(run, "\n")

	// Indented lines are the README's code blocks; a trailing # comment
	// explains the command.
	command := regexp.MustCompile(`^    (?:go run \./cmd/)?(grader .*?|for .*grader .*)(?:\s+#.*)?$`)
	n := 0
	for _, line := range strings.Split(string(readme), "\n") {
		m := command.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n++
		if cmd := normalize(m[1]); !strings.Contains(scriptText, cmd) {
			t.Errorf("README.md shows %q, which grader_readme.txtar does not run", cmd)
		}
	}
	if n < 5 {
		t.Errorf("found %d grader commands in README.md; want the quick start and each user's", n)
	}
}
