#!/usr/bin/env python3
"""Halves the search with the mirror symmetry, but loops the first queen over
range(n // 2 + 1): for even N the column n // 2 is the mirror of n // 2 - 1,
so those solutions come out twice. Each mirror is printed before its
original, which keeps the order descending up to the first repeat."""
import sys


def solve(n, row, cols, diag, anti, board, out):
    if row == n:
        out.append(list(board))
        return
    choices = range(n // 2 + 1) if row == 0 else range(n)
    for col in choices:
        if col in cols or row - col in diag or row + col in anti:
            continue
        cols.add(col)
        diag.add(row - col)
        anti.add(row + col)
        board.append(col)
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
        print([[r, n - 1 - c] for r, c in enumerate(sol)])
        print([[r, c] for r, c in enumerate(sol)])


main()
