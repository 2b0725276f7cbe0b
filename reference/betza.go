package reference

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A piece of a puzzle is written in Betza's notation, the one fairy-chess
// programs describe pieces in (Fairy-Stockfish's piece definitions, XBoard,
// chessvariants.com's "Betza notation"): capitals for leaps ("atoms"), each
// standing for the leap in all eight directions, concatenated for a
// compound. The subset read here is the part that means something to "no
// two attack" and "visit every square once":
//
//	W F D N A H C Z G    the leaps (0,1) (1,1) (0,2) (1,2) (2,2) (0,3) (1,3) (2,3) (3,3)
//	(a,b)                any other leap, such as (1,4), the giraffe
//	R B Q K              WW, FF, WWFF and WF: the rook, bishop, queen and king
//	NN, (1,2)(1,2)       a doubled atom rides: it repeats its leap in a line, as R is WW
//	W4, N0               a number after an atom: it rides that many leaps at most; 0 is without limit
//
// so QN is the amazon, RN the chancellor, BN the archbishop, C the camel
// and Z the zebra. The lower-case modifiers (f, b, l, r, v, s for
// directions, m and c for moving and capturing, n, p, g, j, i, ...) are
// refused, each by name: a puzzle's piece attacks alike in every direction
// and on every square, or "no two attack" would need a side and a forward.
// So are J and L, which dialects read as different leaps.

// Leap is a jump of Short squares one way and Long the other, in any of its
// eight mirror images: the knight's is {1, 2}. 0 ≤ Short ≤ Long, 0 < Long.
type Leap struct{ Short, Long int }

// Move is one kind of move of a piece: its leap, repeated in a straight line
// up to Range times (1 for a leaper; 0 without limit, as a rook's W).
type Move struct {
	Leap  Leap
	Range int
}

// Rides reports whether the move may repeat its leap.
func (m Move) Rides() bool { return m.Range != 1 }

// Moves is how a piece moves: the union of its moves, each leap once with
// its longest range, sorted. The zero value moves nowhere.
type Moves struct {
	moves []Move
}

// maxLeap bounds a leap's coordinates and a range: beyond it no board here
// is big enough for the number to matter, and a typo stays a typo.
const maxLeap = 64

// atoms are Betza's single-letter leaps.
var atoms = map[byte]Leap{
	'W': {0, 1}, 'F': {1, 1}, 'D': {0, 2}, 'N': {1, 2}, 'A': {2, 2},
	'H': {0, 3}, 'C': {1, 3}, 'Z': {2, 3}, 'G': {3, 3},
}

// shortcuts are the letters that stand for several atoms, riding or not.
var shortcuts = map[byte][]Move{
	'R': {{Leap{0, 1}, 0}},
	'B': {{Leap{1, 1}, 0}},
	'Q': {{Leap{0, 1}, 0}, {Leap{1, 1}, 0}},
	'K': {{Leap{0, 1}, 1}, {Leap{1, 1}, 1}},
}

// modifiers names each lower-case Betza modifier, for the message that
// refuses it.
var modifiers = map[byte]string{
	'f': "forward only", 'b': "backward only", 'l': "left only", 'r': "right only",
	'v': "vertical only", 's': "sideways only", 'h': "half of the directions",
	'm': "moves without capturing", 'c': "captures only", 'n': "a lame leap, which can be blocked",
	'p': "a hopper", 'g': "a grasshopper", 'j': "a jump over one square", 'i': "on its first move only",
	'a': "a move of several legs", 'e': "en passant", 'd': "destroys a piece of its own side",
	'o': "a cylindrical board", 'q': "a circular move", 'z': "a crooked move", 't': "a move of two legs",
	'u': "unloads a piece", 'x': "a move of several legs", 'y': "a move of several legs",
}

// BetzaError says why a piece's text is not the Betza notation read here.
type BetzaError struct {
	Text string // the whole text
	At   int    // the byte offset at fault
	Why  string // one clause saying what is wrong there
}

func (e *BetzaError) Error() string {
	if e.Text == "" {
		return e.Why
	}
	return fmt.Sprintf("piece %q, column %d: %s", e.Text, e.At+1, e.Why)
}

// ParseMoves reads a piece's moves in Betza's notation (see above).
func ParseMoves(text string) (Moves, error) {
	fail := func(at int, format string, args ...any) (Moves, error) {
		return Moves{}, &BetzaError{Text: text, At: at, Why: fmt.Sprintf(format, args...)}
	}
	if strings.TrimSpace(text) == "" {
		return Moves{}, &BetzaError{Why: "the piece is empty: write its moves in Betza's notation, such as Q (the queen), N (the knight) or QN (the amazon)"}
	}
	var moves []Move
	for i := 0; i < len(text); {
		ch := text[i]
		var unit []Move
		doubled := false
		switch {
		case ch == '(':
			leap, end, why := parseLeap(text, i)
			if why != "" {
				return fail(end, "%s", why)
			}
			unit = []Move{{leap, 1}}
			if next := text[end:]; strings.HasPrefix(next, text[i:end]) {
				unit[0].Range, doubled, end = 0, true, end+(end-i) // doubled: it rides
			}
			i = end
		case atoms[ch] != Leap{}:
			unit, i = []Move{{atoms[ch], 1}}, i+1
			if i < len(text) && text[i] == ch {
				unit[0].Range, doubled, i = 0, true, i+1
			}
		case shortcuts[ch] != nil:
			unit, i = slices.Clone(shortcuts[ch]), i+1
			if i < len(text) && text[i] == ch {
				return fail(i, "%c is a compound already; write it once", ch)
			}
		case ch == 'J' || ch == 'L':
			return fail(i, "%c means different leaps in different dialects of Betza's notation; write Z or (2,3) for the zebra, C or (1,3) for the camel", ch)
		case modifiers[ch] != "":
			return fail(i, "%q is a Betza modifier (%s): a puzzle's piece attacks alike in all eight directions and captures as it moves, so no modifier is read here", string(ch), modifiers[ch])
		case ch >= '0' && ch <= '9':
			return fail(i, "a number must follow a leap, as in W4 (a wazir that rides up to 4 squares)")
		default:
			return fail(i, "%s is no Betza atom: use W F D N A H C Z G, R B Q K, or a leap such as (1,4)", strconv.QuoteRune(rune(ch)))
		}
		if i < len(text) && text[i] >= '0' && text[i] <= '9' {
			if doubled {
				return fail(i, "a doubled atom rides without limit already; write the atom once with its range, as W4")
			}
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			r, err := strconv.Atoi(text[i:j])
			if err != nil || r > maxLeap {
				return fail(i, "the range %s is more than %d", text[i:j], maxLeap)
			}
			for k := range unit {
				unit[k].Range = r
			}
			i = j
		}
		moves = append(moves, unit...)
	}
	return newMoves(moves), nil
}

// parseLeap reads "(a,b)" at text[i:], returning the leap and the offset
// after it, or where and why it is wrong.
func parseLeap(text string, i int) (Leap, int, string) {
	j := i + 1
	var nums []int
	for len(nums) < 2 {
		k := j
		for k < len(text) && text[k] >= '0' && text[k] <= '9' {
			k++
		}
		if k == j {
			return Leap{}, j, "a leap is written (a,b) with two whole numbers, such as (1,4)"
		}
		v, err := strconv.Atoi(text[j:k])
		if err != nil || v > maxLeap {
			return Leap{}, j, fmt.Sprintf("the leap's %s is more than %d", text[j:k], maxLeap)
		}
		nums = append(nums, v)
		want := byte(',')
		if len(nums) == 2 {
			want = ')'
		}
		if k >= len(text) || text[k] != want {
			return Leap{}, k, fmt.Sprintf("expected %q in the leap, as in (1,4)", string(want))
		}
		j = k + 1
	}
	a, b := min(nums[0], nums[1]), max(nums[0], nums[1])
	if b == 0 {
		return Leap{}, i, "(0,0) is no leap: a piece must move"
	}
	return Leap{a, b}, j, ""
}

// newMoves sorts moves and keeps each leap once, with its longest range.
func newMoves(moves []Move) Moves {
	best := map[Leap]int{}
	for _, m := range moves {
		r, ok := best[m.Leap]
		switch {
		case !ok, m.Range == 0, r != 0 && m.Range > r:
			best[m.Leap] = m.Range
		}
	}
	var out []Move
	for l, r := range best {
		out = append(out, Move{l, r})
	}
	slices.SortFunc(out, func(a, b Move) int {
		if a.Leap.Long != b.Leap.Long {
			return a.Leap.Long - b.Leap.Long
		}
		return a.Leap.Short - b.Leap.Short
	})
	return Moves{moves: out}
}

// MustParseMoves is ParseMoves for a text known to be right.
func MustParseMoves(text string) Moves {
	m, err := ParseMoves(text)
	if err != nil {
		panic(err)
	}
	return m
}

// List returns the moves, sorted by leap (shortest first).
func (m Moves) List() []Move { return slices.Clone(m.moves) }

// Leaper reports whether no move rides: every move is one leap.
func (m Moves) Leaper() bool {
	for _, mv := range m.moves {
		if mv.Rides() {
			return false
		}
	}
	return len(m.moves) > 0
}

// Equal reports whether m and o are the same moves.
func (m Moves) Equal(o Moves) bool { return slices.Equal(m.moves, o.moves) }

// String writes the moves in Betza's notation, shortcuts first where they
// apply: "Q", "QN", "K", "W4", "(1,4)".
func (m Moves) String() string {
	rest := slices.Clone(m.moves)
	var b strings.Builder
	take := func(letter string, want ...Move) {
		for _, w := range want {
			if !slices.Contains(rest, w) {
				return
			}
		}
		for _, w := range want {
			rest = slices.DeleteFunc(rest, func(x Move) bool { return x == w })
		}
		b.WriteString(letter)
	}
	take("Q", shortcuts['Q']...)
	take("R", shortcuts['R']...)
	take("B", shortcuts['B']...)
	take("K", shortcuts['K']...)
	for _, mv := range rest {
		letter := ""
		for ch, l := range atoms {
			if l == mv.Leap {
				letter = string(ch)
			}
		}
		if letter == "" {
			letter = fmt.Sprintf("(%d,%d)", mv.Leap.Short, mv.Leap.Long)
		}
		b.WriteString(letter)
		switch mv.Range {
		case 0:
			b.WriteString(letter)
		case 1:
		default:
			b.WriteString(strconv.Itoa(mv.Range))
		}
	}
	return b.String()
}

// Steps lists the (row, column) steps of a move's leap: its mirror images,
// four for a leap along a line or a diagonal, eight otherwise, in a fixed
// order (clockwise from straight up, for a message to be the same each time).
func (l Leap) Steps() [][2]int {
	a, b := l.Short, l.Long
	all := [][2]int{{-b, a}, {-a, b}, {a, b}, {b, a}, {b, -a}, {a, -b}, {-a, -b}, {-b, -a}}
	var out [][2]int
	for _, s := range all {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Knight, Queen and Rook moves, for the puzzles the specialised solvers
// know: a puzzle whose piece is one of them takes their fast path.
var (
	KnightMoves = MustParseMoves("N")
	QueenMoves  = MustParseMoves("Q")
	RookMoves   = MustParseMoves("R")
)

// Moves returns the moves of a queen or a rook.
func (p Piece) Moves() Moves {
	if p == Rook {
		return RookMoves
	}
	return QueenMoves
}
