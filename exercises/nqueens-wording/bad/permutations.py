#!/usr/bin/env python3
"""Tries every permutation of the columns: right, but N! grows too fast."""
import sys
from itertools import permutations


def main():
    if len(sys.argv) != 2:
        print("usage: nqueens <n>")
        sys.exit(1)
    try:
        n = int(sys.argv[1])
    except ValueError:
        print("error: n is not an integer")
        sys.exit(1)
    if n < 4:
        print("error: n must be 4 or more")
        sys.exit(1)
    for cols in permutations(range(n)):
        if len({r - c for r, c in enumerate(cols)}) == n and len({r + c for r, c in enumerate(cols)}) == n:
            print([[r, c] for r, c in enumerate(cols)])


main()
