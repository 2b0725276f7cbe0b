#!/usr/bin/env python3
"""nbishops N, wrongly: takes N = 0 for a board and prints 1."""
import sys


def count(n):
    """Count by the diagonals that run down to the right (row - col = d):
    each holds one bishop or none, and the row + col diagonals in use stay
    apart. 2N-2 bishops on 2N-1 diagonals leave at most one empty."""
    want = 2 * n - 2
    used = set()

    def walk(d, placed, skipped):
        if d == n:
            return 1 if placed == want else 0
        if skipped > 1:
            return 0
        total = 0
        for row in range(n):
            col = row - d
            if 0 <= col < n and row + col not in used:
                used.add(row + col)
                total += walk(d + 1, placed + 1, skipped)
                used.remove(row + col)
        return total + walk(d + 1, placed, skipped + 1)

    return walk(-(n - 1), 0, 0)


def main():
    if len(sys.argv) != 2:
        print("Usage: nbishops N")
        sys.exit(1)
    try:
        n = int(sys.argv[1])
    except ValueError:
        n = -1
    if n < 0:
        print("Usage: nbishops N")
        sys.exit(1)
    print(count(n) if n else 1)


if __name__ == "__main__":
    main()
