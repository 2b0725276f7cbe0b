#!/usr/bin/env python3
"""Trusts its input: json.loads on a malformed board raises, and the traceback goes to standard error."""
import json
import sys
from math import factorial

USAGE = """Usage: solvers COMMAND [N]
Commands: find-rooks N, count-rooks N, find-queens N, count-queens N, conflicts (board on standard input)"""
PREFIX = "solvers: conflicts: reading the board on standard input: "


def fail(msg):
    print(msg)
    sys.exit(1)


def find(n, queens):
    cols, diag, anti, at = set(), set(), set(), []

    def place(row):
        if row == n:
            return True
        for c in range(n):
            if c in cols or queens and (row - c in diag or row + c in anti):
                continue
            cols.add(c)
            diag.add(row - c)
            anti.add(row + c)
            at.append(c)
            if place(row + 1):
                return True
            at.pop()
            cols.discard(c)
            diag.discard(row - c)
            anti.discard(row + c)
        return False

    found = place(0)
    return [[1 if found and at[r] == c else 0 for c in range(n)] for r in range(n)]


def count_queens(n):
    full = (1 << n) - 1

    def place(taken, left, right):
        if taken == full:
            return 1
        total = 0
        free = full & ~(taken | left | right)
        while free:
            bit = free & -free
            free ^= bit
            total += place(taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1)
        return total

    return place(0, 0, 0)


def read_board(text):
    return json.loads(text)


def conflicts(rows):
    pieces = [(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v]
    kinds = [
        ("row", lambda r, c: r),
        ("column", lambda r, c: c),
        ("major diagonal", lambda r, c: c - r),
        ("minor diagonal", lambda r, c: c + r),
    ]
    found = [name for name, line in kinds if len({line(r, c) for r, c in pieces}) < len(pieces)]
    return found or ["none"]


def main():
    args = sys.argv[1:]
    if args == ["conflicts"]:
        print("\n".join(conflicts(read_board(sys.stdin.read()))))
        return
    if len(args) != 2 or args[0] not in ("find-rooks", "count-rooks", "find-queens", "count-queens"):
        fail(USAGE)
    command, arg = args
    if not arg.isdigit():
        fail('solvers: %s: N must be a whole number, 0 or more: "%s"' % (command, arg))
    n = int(arg)
    if command == "find-rooks":
        print(json.dumps(find(n, False)))
    elif command == "find-queens":
        print(json.dumps(find(n, True)))
    elif command == "count-rooks":
        print(factorial(n))
    else:
        print(count_queens(n))


main()
