#!/usr/bin/env python3
"""nqueens N: searches from the left-hand column, so the solutions come out
in ascending order, then sorts them (as lists of numbers) in reverse before
printing."""
import sys


def solve(n):
    """Return every placement as a list of columns, row by row."""
    cols, diag, anti, board, out = set(), set(), set(), [], []

    def place(row):
        if row == n:
            out.append(list(board))
            return
        for col in range(n):
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
    return sorted(out, reverse=True)


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
    lines = ("[" + ", ".join("[%d, %d]" % rc for rc in enumerate(b)) + "]" for b in solve(n))
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
