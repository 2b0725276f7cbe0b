#!/usr/bin/env python3
"""queens-board, wrongly: never checks the row + col diagonals."""
import sys

USAGE = "Usage: queens-board [--all] N"


def solutions(n):
    """Yield every placement, one queen a row: the column of each row."""
    cols, diag, anti, board = set(), set(), set(), []

    def place(row):
        if row == n:
            yield list(board)
            return
        for col in range(n):
            if col in cols or row - col in diag:
                continue
            cols.add(col)
            diag.add(row - col)
            board.append(col)
            yield from place(row + 1)
            board.pop()
            cols.remove(col)
            diag.remove(row - col)

    yield from place(0)


def draw(board):
    """The board's rows, first row first: Q or ., separated by spaces."""
    n = len(board)
    return "\n".join(" ".join("Q" if board[r] == c else "." for c in range(n)) for r in range(n))


def main():
    args = sys.argv[1:]
    every = bool(args) and args[0] == "--all"
    if every:
        args = args[1:]
    if len(args) != 1:
        print(USAGE)
        sys.exit(1)
    try:
        n = int(args[0])
    except ValueError:
        n = -1
    if n < 0:
        print(USAGE)
        sys.exit(1)
    if n == 0:
        return
    boards = []
    for board in solutions(n):
        boards.append(draw(board))
        if not every:
            break
    if not boards:
        print("Solution does not exist")
        return
    print("\n\n".join(boards))


if __name__ == "__main__":
    main()
