#!/usr/bin/env python3
"""Goes through float, so 4.5 is taken as 4."""
import sys


def usage():
    print("Usage: queens-matrix [N]")
    sys.exit(1)


def construct(n):
    """Return the column (0-based) of the queen in each row, or None."""
    if n in (2, 3):
        return None
    evens = list(range(2, n + 1, 2))
    odds = list(range(1, n + 1, 2))
    if n % 6 == 2:
        odds[0], odds[1] = odds[1], odds[0]  # 3, 1, 5, ...
        odds.remove(5)
        odds.append(5)
    elif n % 6 == 3:
        evens.remove(2)
        evens.append(2)
        odds.remove(1)
        odds.remove(3)
        odds += [1, 3]
    return [c - 1 for c in evens + odds]


def main():
    args = sys.argv[1:]
    if len(args) > 1:
        usage()
    n = 8
    if args:
        try:
            n = int(float(args[0]))
        except ValueError:
            usage()
        if n < 0:
            usage()
    cols = construct(n)
    if cols is None:
        print("Solution does not exist")
        return
    for c in cols:
        print(" ".join("1" if j == c else "0" for j in range(n)))


main()
