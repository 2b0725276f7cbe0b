#!/usr/bin/env python3
"""Right boards, but the usage goes to standard error."""
import sys


def usage():
    print("Usage: queens-board [--all] N", file=sys.stderr)
    sys.exit(1)


def solutions(n):
    """Yield each solution as the column of the queen in each row."""
    cols, diag, anti, at = set(), set(), set(), []

    def place(row):
        if row == n:
            yield list(at)
            return
        for col in reversed(range(n)):
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


def board(n, at):
    rows = ["|".join("Q" if c == col else "." for c in range(n)) for col in at]
    return "\n".join(reversed(rows))


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
    if n == 0:
        return  # the empty board: one solution, with no rows to draw
    boards = []
    for at in solutions(n):
        boards.append(board(n, at))
        if not every:
            break
    if not boards:
        print("Solution does not exist")
        return
    sys.stdout.write("\n\n".join(boards) + "\n")


main()
