#!/usr/bin/env python3
"""namazons N, wrongly: numbers rows and columns from 1."""
import sys


def solve(n):
    """Return every placement, one amazon per row, as printed lines."""
    cols, diag, anti, board, out = set(), set(), set(), [], []

    def knight_safe(row, col):
        # Only amazons above can be a knight's move away: one row up and
        # two columns aside, or two rows up and one column aside.
        for dr, dc in ((1, 2), (1, -2), (2, 1), (2, -1)):
            r = row - dr
            if r >= 0 and board[r] == col + dc:
                return False
        return True

    def place(row):
        if row == n:
            out.append("[" + ", ".join("[%d, %d]" % (r + 1, c + 1) for r, c in enumerate(board)) + "]")
            return
        for col in range(n):
            if col in cols or row - col in diag or row + col in anti or not knight_safe(row, col):
                continue
            cols.add(col)
            diag.add(row - col)
            anti.add(row + col)
            board.append(col)
            place(row + 1)
            board.pop()
            cols.remove(col)
            diag.remove(row - col)
            anti.remove(row + col)

    place(0)
    return out


def main():
    if len(sys.argv) != 2:
        print("Usage: namazons N")
        sys.exit(1)
    try:
        n = int(sys.argv[1])
    except ValueError:
        n = -1
    if n < 0:
        print("Usage: namazons N")
        sys.exit(1)
    solutions = solve(n)
    if not solutions:
        print("No solution")
    else:
        print("\n".join(solutions))


if __name__ == "__main__":
    main()
