#!/usr/bin/env python3
"""queens-board [--all] N, as the Ruby article's recursive version prints
it: `puts print_board(n)` for each solution, so the boards come back to
back, with no empty line between them."""
import sys


def usage():
    print("Usage: queens-board [--all] N")
    sys.exit(1)


def solutions(n):
    """Yield each solution as the column of the queen in each row."""
    cols, diag, anti, at = set(), set(), set(), []

    def place(row):
        if row == n:
            yield list(at)
            return
        for col in range(n):
            if col in cols or row - col in diag or row + col in anti:
                continue
            cols.add(col)
            diag.add(row - col)
            anti.add(row + col)
            at.append(col)
            yield from place(row + 1)
            at.pop()
            cols.remove(col)
            diag.remove(row - col)
            anti.remove(row + col)

    yield from place(0)


def print_board(n, at):
    """The board's rows, joined by |, last row first (the article's .reverse)."""
    rows = ["|".join("Q" if c == col else "." for c in range(n)) for col in at]
    for row in reversed(rows):
        print(row)


def main():
    args = sys.argv[1:]
    every = bool(args) and args[0] == "--all"
    if every:
        args = args[1:]
    if len(args) != 1:
        usage()
    try:
        n = int(args[0])
    except ValueError:
        usage()
    if n < 0:
        usage()
    found = False
    for at in solutions(n):
        if n > 0:
            print_board(n, at)
        found = True
        if not every:
            break
    if not found:
        print("Solution does not exist")


main()
