#!/usr/bin/env python3
"""namazons N, wrongly: places queens, forgetting the amazon's knight moves."""
import sys


def solve(n):
    cols, diag, anti, board, out = set(), set(), set(), [], []

    def place(row):
        if row == n:
            out.append("[" + ", ".join("[%d, %d]" % rc for rc in enumerate(board)) + "]")
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
    return out


if len(sys.argv) != 2 or not sys.argv[1].isdigit():
    print("Usage: namazons N")
    sys.exit(1)
solutions = solve(int(sys.argv[1]))
print("\n".join(solutions) if solutions else "No solution")
