package checker

import (
	"testing"

	"github.com/boardcheck/boardcheck/reference"
)

const (
	mat4a = "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n"
	mat4b = "0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n"
	// The boards print the last row first.
	board4a = ".|.|Q|.\nQ|.|.|.\n.|.|.|Q\n.|Q|.|.\n"
	board4b = ".|Q|.|.\n.|.|.|Q\nQ|.|.|.\n.|.|Q|.\n"
)

func TestQueensMatrix(t *testing.T) {
	all, one, none := q4(FormatMatrix, All), q4(FormatMatrix, One), q4(FormatMatrix, None)
	runQueensCases(t, []queensCase{
		{"all", all, mat4a + "\n" + mat4b, "", 0},
		{"no blank between", all, mat4b + mat4a, "", 0},
		{"blank lines around", all, "\n" + mat4a + "\n\n" + mat4b + "\n", "", 0},
		{"trailing spaces", one, "0 1 0 0 \n0 0 0 1 \n1 0 0 0 \n0 0 1 0 \n", "", 0},
		{"none text", none, "Solution does not exist\n", "", 0},
		{"none empty board", q4(FormatMatrix, None), "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", "", 0},
		{"none board", none, mat4a, "board at lines 1-4: printed a placement; expected no solution", 1},

		{"empty", all, "", "printed nothing; expected the 2 solutions for N = 4, each as 4 lines of 4 values 0 or 1", 0},
		{"one empty", one, "\n\n", "printed only blank lines; expected one solution for N = 4, as 4 lines of 4 values 0 or 1", 0},
		{"text", one, "Solution does not exist", `line 1: expected a row of 4 values 0 or 1 separated by spaces, got "Solution does not exist"`, 1},
		{"header", one, "Solution:\n" + mat4a, `line 1: expected a row of 4 values 0 or 1 separated by spaces, got "Solution:"`, 1},
		{"8 values", one, "1 0 0 0 0 0 0 0\n", "line 1 has 8 values; N = 4 needs 4", 1},
		{"hard-coded 8", one, printOne(reference.Placement{0, 4, 7, 5, 2, 6, 1, 3}, FormatMatrix, reference.Queen),
			"line 1 has 8 values; N = 4 needs 4 (is N fixed at 8 in your program?)", 1},
		{"short row", one, "0 1 0 0\n0 0 1\n", "line 2 has 3 values; N = 4 needs 4", 2},
		{"one value", one, "0 1 0 0\n0\n", "line 2 has 1 value; N = 4 needs 4", 2},
		{"commas", one, "0, 1, 0, 0\n", `line 1: expected 4 values 0 or 1 separated by single spaces, got "0, 1, 0, 0"; print the values without brackets or commas`, 1},
		{"brackets", one, "[0, 1, 0, 0]\n", `line 1: expected 4 values 0 or 1 separated by single spaces, got "[0, 1, 0, 0]"; print the values without brackets or commas`, 1},
		{"two", one, "0 2 0 0\n", `line 1: value 2 is "2"; expected 0 or 1`, 1},
		{"Q", one, "0 Q 0 0\n", `line 1: expected a row of 4 values 0 or 1 separated by spaces, got "0 Q 0 0"`, 1},
		{"double spaces", one, "0  1  0  0\n", `line 1: separate the values with single spaces, as "1 0 0", got "0  1  0  0"`, 1},
		{"no spaces", one, "0100\n", `line 1: expected 4 values 0 or 1 separated by spaces, got "0100"`, 1},
		{"word", one, "0 1 x 0\n", `line 1: expected a row of 4 values 0 or 1 separated by spaces, got "0 1 x 0"`, 1},
		{"minus", one, "0 1 -1 0\n", `line 1: value 3 is "-1"; expected 0 or 1`, 1},
		{"blank inside", one, "0 1 0 0\n0 0 0 1\n\n1 0 0 0\n0 0 1 0\n", "line 3 is blank, but the board that starts at line 1 has only 2 rows; N = 4 needs 4", 3},
		{"cut short", one, "0 1 0 0\n0 0 0 1\n1 0 0 0\n", "the board that starts at line 1 has only 3 rows; N = 4 needs 4", 3},
		{"three queens", one, "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 0 0\n", "board at lines 1-4 has 3 queens; N = 4 needs 4", 1},
		{"no queens", one, "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", "board at lines 1-4 has no queens; N = 4 needs 4", 1},
		{"two in a row", one, "0 1 0 1\n0 0 0 0\n1 0 0 0\n0 0 1 0\n", "board at lines 1-4: queens at row 0 col 1 and row 0 col 3 share a row", 1},
		{"diagonal", one, "0 1 0 0\n0 0 1 0\n1 0 0 0\n0 0 0 1\n", "board at lines 1-4: queens at row 0 col 1 and row 1 col 2 share a diagonal", 1},
		{"repeat", all, mat4a + "\n" + mat4a, "the board at lines 6-9 repeats the board at line 1", 6},
		{"missing", all, mat4a, "1 of 2 solutions missing, e.g. 0 0 1 0 / 1 0 0 0 / 0 0 0 1 / 0 1 0 0", 0},
		{"crlf", one, "0 1 0 0\r\n", `line 1: lines end with \r\n (Windows line endings); end them with \n only`, 1},
		{"second", one, mat4a + "\n" + mat4b, "board at lines 6-9: a second solution (the first is at line 1); print exactly one", 6},
		{"unsorted", QueensSpec{N: 4, Format: FormatMatrix, Mode: All, Order: Ascending}, mat4b + "\n" + mat4a,
			"the board at lines 6-9 is out of order: it belongs before the board at line 1", 6},
		{"N = 1", QueensSpec{N: 1, Format: FormatMatrix, Mode: All}, "1\n", "", 0},
	})
}

func TestQueensBoard(t *testing.T) {
	all, one, none := q4(FormatBoard, All), q4(FormatBoard, One), q4(FormatBoard, None)
	rooks := QueensSpec{N: 2, Piece: reference.Rook, Format: FormatBoard, Mode: All}
	runQueensCases(t, []queensCase{
		{"all", all, board4a + "\n" + board4b, "", 0},
		{"one", one, board4b, "", 0},
		{"trailing spaces", one, ".|Q|.|. \n.|.|.|Q \nQ|.|.|. \n.|.|Q|. \n", "", 0},
		{"none text", none, "no solution\n", "", 0},
		{"rooks", rooks, "R|.\n.|R\n\n.|R\nR|.\n", "", 0},

		{"empty", all, "", "printed nothing; expected the 2 solutions for N = 4, each as 4 lines of 4 cells Q or . joined by |", 0},
		{"upside down", all, mat4a, `line 1: expected a row of 4 cells Q or . joined by |, as "Q|.|.|.", got "0 1 0 0"`, 1},
		{"spaces", one, "Q . . .\n", `line 1: expected a row of 4 cells Q or . joined by |, as "Q|.|.|.", got "Q . . ."`, 1},
		{"outer bars", one, "|.|Q|.|.|\n", `line 1: expected 4 cells joined by | with no | at either end, as "Q|.|.|.", got "|.|Q|.|.|"`, 1},
		{"five cells", one, ".|Q|.|.|.\n", "line 1 has 5 cells; N = 4 needs 4", 1},
		{"hard-coded 8", one, printOne(reference.Placement{0, 4, 7, 5, 2, 6, 1, 3}, FormatBoard, reference.Queen),
			"line 1 has 8 cells; N = 4 needs 4 (is N fixed at 8 in your program?)", 1},
		{"spaced cell", one, ". | Q | . | .\n", `line 1: cell 1 is ". "; write the cells Q or . joined by | with no spaces, as "Q|.|.|."`, 1},
		{"rook for queen", one, ".|R|.|.\n", `line 1: cell 2 is "R"; queens are drawn as Q`, 1},
		{"queen for rook", rooks, "Q|.\n", `line 1: cell 1 is "Q"; rooks are drawn as R`, 1},
		{"lower case", one, ".|q|.|.\n", `line 1: cell 2 is "q"; expected Q or ., the cells joined by |, as "Q|.|.|."`, 1},
		// Read bottom-up, the queen on the first line is row 3.
		{"diagonal", one, ".|.|.|Q\nQ|.|.|.\n.|.|Q|.\n.|Q|.|.\n",
			"board at lines 1-4: queens at row 0 col 1 and row 1 col 2 share a diagonal (row 0 is the board's last line)", 1},
		{"three queens", one, ".|.|.|.\nQ|.|.|.\n.|.|.|Q\n.|Q|.|.\n", "board at lines 1-4 has 3 queens; N = 4 needs 4", 1},
		{"missing", all, board4b, "1 of 2 solutions missing, e.g. .|.|Q|. / Q|.|.|. / .|.|.|Q / .|Q|.|.", 0},
		{"repeat", all, board4b + "\n" + board4b, "the board at lines 6-9 repeats the board at line 1", 6},
	})
}

func TestQueensJSON(t *testing.T) {
	all, one, none := q4(FormatJSON, All), q4(FormatJSON, One), q4(FormatJSON, None)
	const (
		a = "[[0, 1, 0, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 0, 1, 0]]"
		b = "[[0,0,1,0],[1,0,0,0],[0,0,0,1],[0,1,0,0]]"
	)
	runQueensCases(t, []queensCase{
		{"all", all, a + "\n" + b + "\n", "", 0},
		{"pretty", one, "[\n  [0, 1, 0, 0],\n  [0, 0, 0, 1],\n  [1, 0, 0, 0],\n  [0, 0, 1, 0]\n]\n", "", 0},
		{"none empty board", none, "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]\n", "", 0},
		{"none text", none, "no solution\n", "", 0},
		{"none empty array", none, "[]\n", "", 0},
		{"empty array", one, "[]\n", "line 1: the board has 0 rows; N = 4 needs 4", 1},

		{"empty", all, "", "printed nothing; expected the 2 solutions for N = 4, each as a JSON array of 4 rows of 4 numbers 0 or 1", 0},
		{"text", one, "Solution does not exist\n", `line 1: expected a JSON array of rows like [[0, 0, 0, 0], ...], got "Solution does not exist"`, 1},
		{"object", one, `{"board": ` + a + "}\n", `line 1: expected a JSON array of rows like [[0, 0, 0, 0], ...], got "{\"board\": [[0, 1, 0, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 0, "...`, 1},
		{"flat", one, "[0, 1, 0, 0, 0, 0, 0, 1]\n", "line 1: expected an array of 4 rows, each an array of 4 numbers, got a flat array of numbers; print the rows as arrays: [[0, 0, 0, 0], ...]", 1},
		{"array of boards", one, "[" + a + ", " + b + "]\n", "line 1: expected one board per line, got an array of boards; print each board on its own line", 1},
		{"comma between", all, a + ",\n" + b + "\n", `line 1: unexpected "," after a board; print each board on its own line, with nothing between them`, 1},
		{"booleans", one, "[[false, true, false, false]]\n", `line 1: row 0 holds "false"; expected 0 or 1`, 1},
		{"strings", one, `[["0", "1"]]` + "\n", `line 1: row 0 holds "\"0\""; expected 0 or 1`, 1},
		{"float", one, "[[0, 1.0, 0, 0]]\n", `line 1: row 0 holds "1.0"; expected 0 or 1`, 1},
		{"two", one, "[[0, 2, 0, 0]]\n", `line 1: row 0 holds "2"; expected 0 or 1`, 1},
		{"short row", one, "[[0, 1, 0], [0, 0, 0, 1]]\n", "line 1: row 0 has 3 numbers; N = 4 needs 4", 1},
		{"hard-coded 8", one, printOne(reference.Placement{0, 4, 7, 5, 2, 6, 1, 3}, FormatJSON, reference.Queen),
			"line 1: row 0 has 8 numbers; N = 4 needs 4 (is N fixed at 8 in your program?)", 1},
		{"three rows", one, "[[0, 1, 0, 0], [0, 0, 0, 1], [1, 0, 0, 0]]\n", "line 1: the board has 3 rows; N = 4 needs 4", 1},
		{"unclosed", one, "[[0, 1, 0, 0], [0, 0, 0, 1]", `line 1: the board that starts at line 1 is not closed: "]" is missing`, 1},
		{"bad separator", one, "[[0 1 0 0]]", `line 1: expected "," or "]" in row 0, got "1 0 0]]"`, 1},
		{"trailing comma", one, "[[0, 1, 0, 0],]", `line 1: expected a row, an array of 4 numbers 0 or 1, got "]"`, 1},
		{"diagonal", one, "[[0, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 1]]\n", "line 1: queens at row 0 col 1 and row 1 col 2 share a diagonal", 1},
		{"pretty diagonal", one, "[\n[0, 1, 0, 0],\n[0, 0, 1, 0],\n[1, 0, 0, 0],\n[0, 0, 0, 1]\n]\n", "board at lines 1-6: queens at row 0 col 1 and row 1 col 2 share a diagonal", 1},
		{"repeat", all, a + "\n" + a + "\n", "line 2 repeats line 1", 2},
		{"missing", all, b + "\n", "1 of 2 solutions missing, e.g. [[0, 1, 0, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 0, 1, 0]]", 0},
		{"crlf", all, a + "\r\n" + b + "\r\n", `line 1: lines end with \r\n (Windows line endings); end them with \n only`, 1},
		{"none board", none, a + "\n", "line 1: printed a placement; expected no solution", 1},
	})
}

func TestQueensSpecErrors(t *testing.T) {
	runQueensCases(t, []queensCase{
		{"N = 0", QueensSpec{N: 0, Format: FormatList, Mode: All}, "", "checker: N must be at least 1, got 0", 0},
		{"format", QueensSpec{N: 4, Format: Format{Name: "xml"}, Mode: All}, "", `checker: queens all 4: the format "xml" prints no placement`, 0},
		{"mode", QueensSpec{N: 4, Format: FormatList, Mode: "some"}, "", `checker: unknown mode "some"; want all, one or none`, 0},
		{"too big", QueensSpec{N: 28, Format: FormatList, Mode: All}, "", "checker: queens all 28: the number of solutions is known only up to N = 27", 0},
		{"one of none", QueensSpec{N: 3, Format: FormatList, Mode: One}, "", "checker: queens one 3: N = 3 has no solution; the scenario should ask for none", 0},
	})
}

func TestParseFormatMode(t *testing.T) {
	for _, s := range []string{"list", "matrix", "board", "json"} {
		if f, err := ParseFormat(s); err != nil || f.Name != s {
			t.Errorf("ParseFormat(%q) = %q, %v; want %q, nil", s, f, err, s)
		}
	}
	for _, s := range []string{"all", "one", "none"} {
		if m, err := ParseMode(s); err != nil || string(m) != s {
			t.Errorf("ParseMode(%q) = %q, %v; want %q, nil", s, m, err, s)
		}
	}
	if _, err := ParseFormat("List"); err == nil {
		t.Errorf("ParseFormat(%q) = nil error; want one", "List")
	}
	if _, err := ParseMode(""); err == nil {
		t.Errorf("ParseMode(%q) = nil error; want one", "")
	}
}

// TestBoardWording: a message's example is a row of the board's own size
// (Q|.|.|. for an 8×8 board showed the wrong row), and a count of one is
// singular ("a row of 1 cell", "as 1 line of 1 value").
func TestBoardWording(t *testing.T) {
	board := func(n int, mode Mode) QueensSpec {
		return QueensSpec{N: n, Piece: reference.Queen, Format: FormatBoard, Mode: mode}
	}
	runQueensCases(t, []queensCase{
		{"8×8 example", board(8, One), "QQ\n", `line 1: expected a row of 8 cells Q or . joined by |, as "Q|.|.|.|.|.|.|.", got "QQ"`, 1},
		{"8×8 spaces", board(8, One), "Q | .|.|.|.|.|.|.\n", `line 1: cell 1 is "Q "; write the cells Q or . joined by | with no spaces, as "Q|.|.|.|.|.|.|."`, 1},
		{"1×1 singular", board(1, One), "Q Q\n", `line 1: expected a row of 1 cell Q or . joined by |, as "Q", got "Q Q"`, 1},
		{"1×1 nothing", board(1, One), "", "printed nothing; expected one solution for N = 1, as 1 line of 1 cell Q or . joined by |", 0},
		{"1×1 matrix", QueensSpec{N: 1, Piece: reference.Queen, Format: FormatMatrix, Mode: All}, "",
			"printed nothing; expected the solution for N = 1, each as 1 line of 1 value 0 or 1", 0},
	})
}
