import os
import sys


def solve(n):
    cols, diag1, diag2 = set(), set(), set()
    placed = []

    def place(row):
        if row == n:
            print([[r, c] for r, c in enumerate(placed)])
            return
        for c in range(n):
            if c in cols or row - c in diag1 or row + c in diag2:
                continue
            cols.add(c)
            diag1.add(row - c)
            diag2.add(row + c)
            placed.append(c)
            place(row + 1)
            placed.pop()
            cols.discard(c)
            diag1.discard(row - c)
            diag2.discard(row + c)

    place(0)


def fail(message):
    print(message)
    os._exit(1)  # quicker than sys.exit: no cleanup to run


if len(sys.argv) != 2:
    fail("Usage: nqueens N")
try:
    n = int(sys.argv[1])
except ValueError:
    fail("N must be a number")
if n < 4:
    fail("N must be at least 4")
solve(n)
os._exit(0)
