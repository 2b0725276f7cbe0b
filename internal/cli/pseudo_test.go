package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/exercise"
	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/internal/exhaustive"
)

// The pseudo-language harness (issue 31). Every word a student reads must
// come from a catalog, except what is never translated. In en-XA every
// catalog text is accented and every verbatim part isolated, so a word of
// plain ASCII letters left on a line a student sees is English some code
// built with fmt. TestPseudoLanguage grades the exercises' bad submissions
// with grader check --lang en-XA and sorts every such word by where it
// comes from: the table below is phase B's work list, package by package,
// and a word it does not account for fails the test. Phase B converts a
// package and deletes its rows; the test then proves the package clean.

// untranslatedSource is one row of the work list: lines that match it hold
// English that its package still builds with fmt.
type untranslatedSource struct {
	pkg, what string
	line      *regexp.Regexp
}

var phaseB = []untranslatedSource{
	{"grader/submission", "the grader's own notes in a compile's output (the compiler made no program file, the program built is too large), and why a tool on PATH is out of a run's reach (the sandbox's closedError)",
		regexp.MustCompile(`(?i)(compiler made no program file|the program built is|runs are a user of their own)`)},
	{"grader/sandbox", "with -v, where this machine lacks a layer, what it lacks and how its operator gets it (not in force: ...)",
		regexp.MustCompile(`(namespace|a user of its own|a root of its own|/proc|kernel-counted|an equal share|the time a run waits|the run supervisor|seccomp|Landlock)`)},
}

// pseudoCases are the submissions the harness grades: by default one bad
// submission of three exercises, a failure of each kind of checker; with
// every (BOARDCHECK_EXHAUSTIVE=1), every bad submission of every exercise.
func pseudoCases(t *testing.T, every bool) [][2]string {
	t.Helper()
	if !every {
		return [][2]string{{"nqueens", "one-diagonal.c"}, {"knights-tour", "bad-move-table.c"}, {"solvers", "swapped-diagonals.py"}}
	}
	all, err := exercise.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var cases [][2]string
	for _, ex := range all {
		for _, b := range ex.Bad {
			cases = append(cases, [2]string{ex.ID, b.File})
		}
	}
	return cases
}

func exhaustiveOn(t *testing.T) bool {
	on, err := exhaustive.On()
	if err != nil {
		t.Fatal(err)
	}
	return on
}

// untranslatedPart is line without what the catalogs said (accented, in
// ⟦ ⟧) and without what is never translated (isolated).
func untranslatedPart(line string) string {
	var b strings.Builder
	depth, pseudo := 0, 0
	for _, r := range line {
		switch {
		case string(r) == i18n.FSI:
			depth++
		case string(r) == i18n.PDI && depth > 0:
			depth--
		case r == '⟦':
			pseudo++
		case r == '⟧' && pseudo > 0:
			pseudo--
		case depth > 0:
		case r >= 0x80:
			b.WriteRune(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestPseudoLanguage(t *testing.T) {
	root := filepath.Join("..", "..")
	found := map[int]map[string]bool{} // phaseB row -> words seen
	verboseDone := map[string]bool{}   // exercises graded with -v
	every := exhaustiveOn(t)
	for _, c := range pseudoCases(t, every) {
		sub := filepath.Join(root, "exercises", c[0], "bad", c[1])
		if _, err := os.Stat(sub); err != nil {
			t.Errorf("%s/bad/%s: %v (the harness's cases name a submission that is gone)", c[0], c[1], err)
			continue
		}
		for _, verbose := range []bool{false, true} {
			// -v adds the sandbox's lines, the same for every exercise,
			// and the passed checks' details, the same for every bad
			// submission of one: by default once, exhaustively once per
			// exercise (every submission twice took 20 minutes).
			if verbose && (verboseDone[c[0]] || c[0] != "nqueens" && !every) {
				continue
			}
			if verbose {
				verboseDone[c[0]] = true
			}
			// The exercise's own limits: a limit is CPU time, which a busy
			// machine does not eat, and a longer one only makes the
			// submissions that never end take longer to say so.
			args := []string{"check", "--lang", i18n.Pseudo, c[0], sub}
			if verbose {
				args = append(args, "-v")
			}
			var stdout, stderr bytes.Buffer
			run(context.Background(), args, stdio{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }})
			for i, line := range strings.Split(stdout.String()+stderr.String(), "\n") {
				words := i18n.Untranslated(line)
				if len(words) == 0 {
					continue
				}
				// What the catalogs said, accented, and what is never
				// translated, isolated, are not what a row accounts for.
				rest := untranslatedPart(line)
				row := slices.IndexFunc(phaseB, func(s untranslatedSource) bool { return s.line.MatchString(rest) })
				if row < 0 {
					t.Errorf("%s/bad/%s (-v %v) line %d has English no catalog said and no package of the work list accounts for: %q in %q", c[0], c[1], verbose, i+1, words, line)
					continue
				}
				if found[row] == nil {
					found[row] = map[string]bool{}
				}
				for _, w := range words {
					found[row][w] = true
				}
			}
		}
	}
	var list strings.Builder
	for row, s := range phaseB {
		words := make([]string, 0, len(found[row]))
		for w := range found[row] {
			words = append(words, w)
		}
		sort.Strings(words)
		fmt.Fprintf(&list, "%s: %s: %d words, e.g. %s\n", s.pkg, s.what, len(words), strings.Join(words[:min(len(words), 12)], " "))
	}
	t.Logf("phase B's work list, as this run found it:\n%s", list.String())
	if path := os.Getenv("BOARDCHECK_PSEUDO_WORKLIST"); path != "" {
		os.WriteFile(path, []byte(list.String()), 0o666)
	}
}
