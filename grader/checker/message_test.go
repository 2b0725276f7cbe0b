package checker

import (
	"fmt"
	"regexp"
	"strconv"
	"sync"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/boardcheck/boardcheck/puzzle"
	"github.com/boardcheck/boardcheck/reference"
)

// The English catalog's checker.* messages, read as TestCatalogs reads
// them; package checker cannot import i18n, which imports report, which
// imports checker, so this says a Msg in English as i18n would, for the
// templates en.toml's checker.* entries use: {{.name}} and CLDR's English
// one/other by count.
var (
	englishOnce sync.Once
	english     map[string]map[string]string // id -> form -> template
	englishErr  error
)

func loadEnglish() {
	var raw map[string]any
	if _, englishErr = toml.DecodeFile("../i18n/catalog/en.toml", &raw); englishErr != nil {
		return
	}
	english = map[string]map[string]string{}
	var walk func(prefix string, v map[string]any)
	walk = func(prefix string, v map[string]any) {
		forms := map[string]string{}
		for k, x := range v {
			switch x := x.(type) {
			case map[string]any:
				walk(prefix+k+".", x)
			case string:
				forms[k] = x
			}
		}
		if _, ok := forms["other"]; ok {
			english[prefix[:len(prefix)-1]] = forms
		}
	}
	walk("", raw)
}

var placeholder = regexp.MustCompile(`\{\{\.(\w+)\}\}`)

// sayEnglish is m in the English catalog's words.
func sayEnglish(m Msg) (string, error) {
	englishOnce.Do(loadEnglish)
	if englishErr != nil {
		return "", englishErr
	}
	forms, ok := english[m.ID]
	if !ok {
		return "", fmt.Errorf("en.toml has no %s", m.ID)
	}
	args := map[string]string{}
	form := "other"
	for _, a := range m.Args {
		switch a.Kind {
		case MsgInt:
			args[a.Name] = strconv.FormatInt(a.Int, 10)
			if a.Name == "count" && a.Int == 1 {
				form = "one"
			}
		case MsgMessage:
			s, err := sayEnglish(*a.Msg)
			if err != nil {
				return "", err
			}
			args[a.Name] = s
		default:
			args[a.Name] = a.Text
		}
	}
	text, ok := forms[form]
	if !ok {
		text = forms["other"]
	}
	var err error
	out := placeholder.ReplaceAllStringFunc(text, func(p string) string {
		name := placeholder.FindStringSubmatch(p)[1]
		v, ok := args[name]
		if !ok {
			err = fmt.Errorf("%s says {{.%s}}, an argument it is not given", m.ID, name)
		}
		return v
	})
	return out, err
}

// checkReason fails t unless f's Reason says its Message word for word in
// the English catalog. Every failure a student can see has one; only the
// check's own errors (Invalid, "checker: ..."), said to the exercise's
// author in English, have none.
func checkReason(t testing.TB, f *Failure) {
	t.Helper()
	if f == nil || f.Invalid && f.Reason == nil {
		return
	}
	if f.Reason == nil {
		t.Errorf("%q has no Reason: it is English alone", f.Message)
		return
	}
	got, err := sayEnglish(*f.Reason)
	if err != nil {
		t.Errorf("%q: %v", f.Message, err)
	} else if got != f.Message {
		t.Errorf("the English catalog says the failure's Reason (%s) as\n%q; its Message is\n%q", f.Reason.ID, got, f.Message)
	}
}

// TestReasons holds a failure of each kind the catalogs say to its
// English words (the checkers' table tests hold every other case).
func TestReasons(t *testing.T) {
	for _, c := range []struct {
		f    *Failure
		id   string
		want string
	}{
		{Queens([]byte("[[0, 0], [1, 2], [2, 3], [3, 1]]\n"), QueensSpec{N: 4, Format: FormatList, Mode: All}),
			"checker.on_where", "line 1: queens at row 1 col 2 and row 2 col 3 share a diagonal"},
		{Queens([]byte("[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 1], [1, 3], [2, 0], [3, 2]]\n"), QueensSpec{N: 4, Format: FormatList, Mode: All}),
			"checker.repeats", "line 2 repeats line 1"},
		{Queens([]byte("[[0, 1], [1, 3], [2, 0], [3, 2]]\n"), QueensSpec{N: 4, Format: FormatList, Mode: All}),
			"checker.missing", "1 of 2 solutions missing, e.g. [[0, 2], [1, 0], [2, 3], [3, 1]]"},
		{Queens(nil, QueensSpec{N: 8, Format: FormatList, Mode: All}),
			"checker.then", "printed nothing; expected the 92 solutions for N = 8, one per line"},
		{Queens([]byte("\n\n"), QueensSpec{N: 1, Format: FormatList, Mode: All}),
			"checker.then", "printed only blank lines; expected the solution for N = 1, one per line"},
		{Queens([]byte("[[0, 2], [1, 0], [2, 3], [3, 1]]\n[[0, 1], [1, 3], [2, 0], [3, 2]]\n"), QueensSpec{N: 4, Format: FormatList, Mode: All, Order: Ascending}),
			"checker.out_of_order", "line 2 is out of order: [[0, 1], [1, 3], [2, 0], [3, 2]] belongs before line 1"},
		{Queens([]byte("(0, 1), (1, 3), (2, 0), (3, 2)\n"), QueensSpec{N: 4, Format: FormatList, Mode: One}),
			"checker.on_line", `line 1: expected [[r, c], ...], got "(0, 1), (1, 3), (2, 0), (3, 2)" (column 7: unexpected "," after the list)`},
		{Queens([]byte("[[0, 1, 0, 0], [0, 0, 0, 1], [1, 0, 2, 0], [0, 0, 1, 0]]\n"), QueensSpec{N: 4, Format: FormatJSON, Mode: One}),
			"checker.on_line", `line 1: row 2 holds "2"; expected 0 or 1`},
		{Queens([]byte("0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 2\n"), QueensSpec{N: 4, Format: FormatMatrix, Mode: One}),
			"checker.on_line", `line 4: value 4 is "2"; expected 0 or 1`},
		{Queens([]byte(".|.|Q|.\nQ|.|.|.\n.|.|.|Q\n.|R|.|.\n"), QueensSpec{N: 4, Format: FormatBoard, Mode: One}),
			"checker.on_line", `line 4: cell 2 is "R"; queens are drawn as Q`},
		{Queens([]byte(".|.|Q|.\nQ|.|.|.\n.|.|.|Q\n.|.|.|.\n"), QueensSpec{N: 4, Format: FormatBoard, Mode: One}),
			"checker.piece_count", "board at lines 1-4 has 3 queens; N = 4 needs 4"},
		{Queens(nil, QueensSpec{N: 8, Format: FormatMatrix, Mode: All}),
			"checker.then", "printed nothing; expected the 92 solutions for N = 8, each as 8 lines of 8 values 0 or 1"},
		{Queens([]byte("[[0, 1], [1, 3], [2, 0], [3, 2]]\n[[0, 2], [1, 0], [2, 3], [3, 1]]\n"), QueensSpec{N: 4, Format: FormatList, Mode: One}),
			"checker.second_solution", "line 2: a second solution (the first is at line 1); print exactly one"},
		// A line of squares, said in words no glossary takes for a line of
		// output.
		{Placements([]byte("[[0, 0], [4, 2]]\n"), PlacementSpec{Puzzle: placing("NN", "nightrider", 6, 6, 2), Where: "N = 6", Format: FormatList, Mode: One}),
			"checker.on_where", "line 1: nightriders at row 0 col 0 and row 4 col 2 are 2 knight's moves apart in a straight line"},
		{Placements([]byte("B1 d2 a3 c4\n"), PlacementSpec{Puzzle: reference.Queen.Puzzle(4), Where: "N = 4", Format: format(t, puzzle.FormatFields{Style: "algebraic"}), Mode: One}),
			"checker.on_column", `line 1, column 1: "B1": write the file letter small, as "b1"`},
		{Tour(printTour([][]int{{0, 3, -1}, {-1, -1, 1}, {2, -1, -1}}), TourSpec{N: 3}),
			"checker.on_line", "line 1: square (0,2) holds -1, so it was never visited (nor 4 other squares); the tour ends at 3, not 8"},
		{Count([]byte("14,200\n"), reference.Queen, 12), "checker.count_separators", "printed 14,200; print the number without separators"},
		{Count([]byte("1\n"), reference.Rook, 25), "checker.count_wrong", "printed 1; N = 25 has 15511210043330985984000000 solutions"},
		{Count([]byte("3\n"), reference.Queen, 8), "checker.count_wrong", "printed 3; N = 8 has 92 solutions"},
		{Count(nil, reference.Queen, 8), "checker.then", "printed nothing; expected the number of N-Queens solutions for N = 8"},
	} {
		if c.f == nil {
			t.Errorf("%s: passes", c.want)
			continue
		}
		if c.f.Message != c.want || c.f.Reason == nil || c.f.Reason.ID != c.id {
			t.Errorf("got %q (%v); want %q (%s)", c.f.Message, c.f.Reason, c.want, c.id)
		}
		checkReason(t, c.f)
	}
}
