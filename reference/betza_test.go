package reference

import (
	"strings"
	"testing"
)

func TestParseMoves(t *testing.T) {
	tests := []struct {
		text string
		want []Move
		str  string // String(): the canonical form
	}{
		{"Q", []Move{{Leap{0, 1}, 0}, {Leap{1, 1}, 0}}, "Q"},
		{"WWFF", []Move{{Leap{0, 1}, 0}, {Leap{1, 1}, 0}}, "Q"},
		{"RB", []Move{{Leap{0, 1}, 0}, {Leap{1, 1}, 0}}, "Q"},
		{"R", []Move{{Leap{0, 1}, 0}}, "R"},
		{"B", []Move{{Leap{1, 1}, 0}}, "B"},
		{"K", []Move{{Leap{0, 1}, 1}, {Leap{1, 1}, 1}}, "K"},
		{"WF", []Move{{Leap{0, 1}, 1}, {Leap{1, 1}, 1}}, "K"},
		{"N", []Move{{Leap{1, 2}, 1}}, "N"},
		{"QN", []Move{{Leap{0, 1}, 0}, {Leap{1, 1}, 0}, {Leap{1, 2}, 1}}, "QN"},
		{"NQ", []Move{{Leap{0, 1}, 0}, {Leap{1, 1}, 0}, {Leap{1, 2}, 1}}, "QN"},
		{"RN", []Move{{Leap{0, 1}, 0}, {Leap{1, 2}, 1}}, "RN"},
		{"BN", []Move{{Leap{1, 1}, 0}, {Leap{1, 2}, 1}}, "BN"},
		{"C", []Move{{Leap{1, 3}, 1}}, "C"},
		{"(1,3)", []Move{{Leap{1, 3}, 1}}, "C"},
		{"(3,1)", []Move{{Leap{1, 3}, 1}}, "C"},
		{"(2,3)", []Move{{Leap{2, 3}, 1}}, "Z"},
		{"Z", []Move{{Leap{2, 3}, 1}}, "Z"},
		{"(1,4)", []Move{{Leap{1, 4}, 1}}, "(1,4)"},
		{"NN", []Move{{Leap{1, 2}, 0}}, "NN"},
		{"N0", []Move{{Leap{1, 2}, 0}}, "NN"},
		{"(1,4)(1,4)", []Move{{Leap{1, 4}, 0}}, "(1,4)(1,4)"},
		{"W4", []Move{{Leap{0, 1}, 4}}, "W4"},
		{"R4", []Move{{Leap{0, 1}, 4}}, "W4"},
		{"Q2", []Move{{Leap{0, 1}, 2}, {Leap{1, 1}, 2}}, "W2F2"},
		{"W1", []Move{{Leap{0, 1}, 1}}, "W"},
		{"WR", []Move{{Leap{0, 1}, 0}}, "R"},    // the longer range wins
		{"W3W5", []Move{{Leap{0, 1}, 5}}, "W5"}, // likewise
		{"NC", []Move{{Leap{1, 2}, 1}, {Leap{1, 3}, 1}}, "NC"},
		{"DAHG", []Move{{Leap{0, 2}, 1}, {Leap{2, 2}, 1}, {Leap{0, 3}, 1}, {Leap{3, 3}, 1}}, "DAHG"},
	}
	for _, tt := range tests {
		m, err := ParseMoves(tt.text)
		if err != nil {
			t.Errorf("ParseMoves(%q): %v", tt.text, err)
			continue
		}
		if got := m.List(); !equalMoves(got, tt.want) {
			t.Errorf("ParseMoves(%q) = %v; want %v", tt.text, got, tt.want)
		}
		if got := m.String(); got != tt.str {
			t.Errorf("ParseMoves(%q).String() = %q; want %q", tt.text, got, tt.str)
		}
		if again, err := ParseMoves(m.String()); err != nil || !again.Equal(m) {
			t.Errorf("ParseMoves(%q) of its own String() = %v, %v; want the same moves", m.String(), again.List(), err)
		}
	}
}

func equalMoves(a, b []Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParseMovesErrors(t *testing.T) {
	tests := []struct{ text, want string }{
		{"", "the piece is empty"},
		{"  ", "the piece is empty"},
		{"fN", `column 1: "f" is a Betza modifier (forward only)`},
		{"mRcN", `"m" is a Betza modifier (moves without capturing)`},
		{"nN", "lame leap"},
		{"X", `column 1: 'X' is no Betza atom`},
		{"Q N", `column 2: ' ' is no Betza atom`},
		{"J", "different dialects"},
		{"L", "different dialects"},
		{"4", "a number must follow a leap"},
		{"RR", "column 2: R is a compound already"},
		{"WW4", "column 3: a doubled atom rides without limit already"},
		{"(1,", "column 4: a leap is written (a,b)"},
		{"(1;3)", `column 3: expected "," in the leap`},
		{"(1,3", `column 5: expected ")" in the leap`},
		{"(0,0)", "column 1: (0,0) is no leap"},
		{"(1,99)", "the leap's 99 is more than 64"},
		{"W99", "the range 99 is more than 64"},
		{"N99999999999999999999", "more than 64"},
	}
	for _, tt := range tests {
		_, err := ParseMoves(tt.text)
		if err == nil {
			t.Errorf("ParseMoves(%q) = nil error; want %q", tt.text, tt.want)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseMoves(%q) = %q; want it to say %q", tt.text, err, tt.want)
		}
	}
}

func TestLeapSteps(t *testing.T) {
	for _, tt := range []struct {
		l    Leap
		want int
	}{{Leap{0, 1}, 4}, {Leap{1, 1}, 4}, {Leap{1, 2}, 8}, {Leap{0, 3}, 4}, {Leap{2, 2}, 4}, {Leap{2, 3}, 8}} {
		steps := tt.l.Steps()
		if len(steps) != tt.want {
			t.Errorf("%v.Steps() = %v; want %d steps", tt.l, steps, tt.want)
		}
		for _, s := range steps {
			a, b := abs(s[0]), abs(s[1])
			if min(a, b) != tt.l.Short || max(a, b) != tt.l.Long {
				t.Errorf("%v.Steps() holds %v, which is another leap", tt.l, s)
			}
		}
	}
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"Q", "QN", "(1,4)", "NN", "W4", "fN", "(1,", "RR"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMoves(text)
		if err != nil {
			return
		}
		again, err := ParseMoves(m.String())
		if err != nil || !again.Equal(m) {
			t.Fatalf("ParseMoves(%q) = %q, which reads back as %v, %v", text, m.String(), again.List(), err)
		}
	})
}
