#!/usr/bin/env python3
"""A correct submission for the echo-queens test exercise."""
import os
import sys


def solve(n):
    cols = []

    def place(row):
        if row == n:
            yield [[r, c] for r, c in enumerate(cols)]
            return
        for c in range(n):
            if all(c != pc and abs(c - pc) != row - pr for pr, pc in enumerate(cols)):
                cols.append(c)
                yield from place(row + 1)
                cols.pop()

    yield from place(0)


def tour(n):
    board = [[-1] * n for _ in range(n)]
    moves = [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]

    def free(r, c):
        return 0 <= r < n and 0 <= c < n and board[r][c] < 0

    def degree(r, c):
        return sum(free(r + dr, c + dc) for dr, dc in moves)

    def step(r, c, k):
        board[r][c] = k
        if k == n * n - 1:
            return True
        nexts = sorted((degree(r + dr, c + dc), r + dr, c + dc) for dr, dc in moves if free(r + dr, c + dc))
        for _, nr, nc in nexts:
            if step(nr, nc, k + 1):
                return True
        board[r][c] = -1
        return False

    step(0, 0, 0)
    return board


def number(s):
    try:
        return int(s)
    except ValueError:
        print("N must be a number")
        sys.exit(1)


def main(args):
    if not args:
        print("Usage: nqueens N")
        sys.exit(1)
    if args[0] == "-count":
        print(sum(1 for _ in solve(number(args[1]))))
    elif args[0] == "-matrix":
        n = number(args[1])
        s = next(solve(n))
        for r, c in s:
            print(" ".join("1" if i == c else "0" for i in range(n)))
    elif args[0] == "-tour":
        for row in tour(number(args[1])):
            print(" ".join(str(k) for k in row))
    elif args[0] == "-stdin":
        for s in solve(number(sys.stdin.read().strip())):
            print(s)
    elif args[0] == "-env":
        print(os.environ.get("GREETING", ""))
    else:
        for s in solve(number(args[0])):
            print(s)


main(sys.argv[1:])
