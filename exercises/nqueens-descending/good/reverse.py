#!/usr/bin/env python3
"""nqueens N: every solution, each row's columns tried from the right, so in
descending order: the straightforward answer."""
import sys


def solve(n):
    """Return every placement, trying the columns of each row from the right."""
    cols, diag, anti, board, out = set(), set(), set(), [], []

    def place(row):
        if row == n:
            out.append("[" + ", ".join("[%d, %d]" % rc for rc in enumerate(board)) + "]")
            return
        for col in range(n - 1, -1, -1):
            if col in cols or row - col in diag or row + col in anti:
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
        print("Usage: nqueens N")
        sys.exit(1)
    try:
        n = int(sys.argv[1])
    except ValueError:
        print("N must be a number")
        sys.exit(1)
    if n < 4:
        print("N must be at least 4")
        sys.exit(1)
    sys.stdout.write("\n".join(solve(n)) + "\n")


if __name__ == "__main__":
    main()
