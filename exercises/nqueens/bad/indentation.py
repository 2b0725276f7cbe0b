#!/usr/bin/env python3
"""Right in every other way, but one line of solve is indented by two
spaces where its block uses four: Python refuses the whole file before it
runs, so not even the usage message is printed."""
import sys


def solve(n, row, cols, diag, anti, board, out):
    if row == n:
        out.append(list(board))
        return
    for col in range(n):
        if col in cols or row - col in diag or row + col in anti:
            continue
        cols.add(col)
        diag.add(row - col)
        anti.add(row + col)
        board.append([row, col])
        solve(n, row + 1, cols, diag, anti, board, out)
      board.pop()
        cols.discard(col)
        diag.discard(row - col)
        anti.discard(row + col)


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
    out = []
    solve(n, 0, set(), set(), set(), [], out)
    for sol in out:
        print(sol)


main()
