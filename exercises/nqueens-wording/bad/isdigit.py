#!/usr/bin/env python3
"""Decides what is a number with str.isdigit, so -5 is "not a number"."""
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
        print("usage: nqueens <n>")
        sys.exit(1)
    if not sys.argv[1].isdigit():
        print("error: n is not an integer")
        sys.exit(1)
    n = int(sys.argv[1])
    if n < 4:
        print("error: n must be 4 or more")
        sys.exit(1)
    out = []
    solve(n, 0, set(), set(), set(), [], out)
    for sol in out:
        print(sol)


main()
