// Package checker parses a student's program output and judges it against the
// reference: every solution of a placement puzzle (N-Queens, N-Rooks, any
// piece on any board) in any order, one solution, a tour, a count. It
// reads by the exercise's format (puzzle.Format): pairs, drawn boards,
// algebraic squares, permutations, JSON, move numbers, paths. Its failures
// say what is wrong and where, precisely enough to draw.
//
//	if f := checker.Queens(stdout, checker.QueensSpec{N: 4, Format: checker.FormatList, Mode: checker.All}); f != nil {
//		fmt.Println(f.Message) // "line 3 repeats line 1"
//	}
//
// Each check reports the first fault in output order, naming its line. The
// formats are strict where the exercise teaches them (a list line must be
// exactly Python's print of the list) and every departure gets its own
// message. Output is read as bytes, line by line, never split into strings,
// so that 44 MB (every solution for N = 14) is judged in a fraction of a
// second and in memory proportional to it.
package checker

import "github.com/boardcheck/boardcheck/reference"

// Failure says why output does not hold what a check asks.
type Failure struct {
	// Message is one sentence naming the output line at fault where there is
	// one: "line 3: queens at row 0 col 1 and row 2 col 3 share a diagonal".
	Message string
	// Reason is Message as data (message.go): a checker.* identifier of the
	// i18n catalogs and its arguments, whose English is Message. Nil only
	// for a check's own error (Invalid), which the exercise's author reads,
	// in English.
	Reason *Msg
	// Line is the 1-based line of the output at fault, 0 if none.
	Line  int
	Board *BoardPicture // a placement to draw, or nil
	Tour  *TourPicture  // a tour to draw, or nil
	// Tally sorts the whole output of an `all` check, for a report; the
	// caller sets it with TallyQueens, since Queens stops at the first
	// fault. Nil otherwise.
	Tally *QueensTally
	// Invalid says no output could pass: the check itself is wrong (N out of
	// range, an unknown format or mode). That is the scenario's mistake, to
	// report as an error, never as the student's failure.
	Invalid bool
}

func (f *Failure) Error() string { return f.Message }

// invalid is the failure of a check no output can pass.
func invalid(message string) *Failure { return &Failure{Message: message, Invalid: true} }

// BoardPicture is a placement as the student printed it.
type BoardPicture struct {
	N     int
	Piece byte // the letter the piece is drawn with: 'Q' for queens, 'R' for rooks
	// Rows and Cols are the board's, when it is no N×N board or has
	// Removed squares; 0 for the N×N board.
	Rows, Cols int
	Removed    []reference.Square
	Pieces     []reference.Square // where the student put pieces
	Attackers  []reference.Square // the two pieces that attack each other, if any
	Between    []reference.Square // the squares strictly between the attackers
	// Suggestion is a correct placement to show beside the student's, or nil.
	Suggestion []reference.Square
	// BottomUp says the student's program prints row 0 last, as the board
	// format does: a picture that matches their output puts row 0 at the
	// bottom.
	BottomUp bool
}

// TourPicture is a tour as the student printed it.
type TourPicture struct {
	N         int
	Numbers   [][]int            // Numbers[row][col] as printed; -1 where unreadable
	Highlight []reference.Square // the squares of the broken move, or the repeated/missing square
	// Rows and Cols are the board's when it is no N×N board; 0 for the
	// N×N board. Piece is the leaper's name and Leaps its moves, nil for
	// the knight's.
	Rows, Cols int
	Piece      string
	Leaps      []reference.Leap
}

// Dims is the picture's board: Rows × Cols, or N × N.
func (b *BoardPicture) Dims() (rows, cols int) {
	if b.Rows > 0 || b.Cols > 0 {
		return b.Rows, b.Cols
	}
	return b.N, b.N
}

// Dims is the picture's board: Rows × Cols, or N × N.
func (t *TourPicture) Dims() (rows, cols int) {
	if t.Rows > 0 || t.Cols > 0 {
		return t.Rows, t.Cols
	}
	return t.N, t.N
}

// PieceName is the touring piece's name: "knight" unless Piece says.
func (t *TourPicture) PieceName() string {
	if t.Piece == "" {
		return "knight"
	}
	return t.Piece
}

// IsLeap reports whether the touring piece moves from a to b in one leap:
// by one of Leaps, or a knight's move when Leaps is nil.
func (t *TourPicture) IsLeap(a, b reference.Square) bool {
	dr, dc := a.Row-b.Row, a.Col-b.Col
	dr, dc = max(dr, -dr), max(dc, -dc)
	leaps := t.Leaps
	if leaps == nil {
		leaps = []reference.Leap{{Short: 1, Long: 2}}
	}
	for _, l := range leaps {
		if dr == l.Short && dc == l.Long || dr == l.Long && dc == l.Short {
			return true
		}
	}
	return false
}
