#!/usr/bin/env python3
"""nbishops N: how many ways to place 2N-2 bishops on an N×N board, no two attacking."""
import sys


def count(n):
    """Count by the diagonals that run down to the right (row - col = d):
    each holds one bishop or none, and the row + col diagonals in use stay
    apart. A bishop keeps to its colour, so the white and the black squares
    are two puzzles: each colour holds at most N-1 bishops, so 2N-2 needs
    N-1 of each, and the count is the product of the two."""
    if n == 1:
        return 1
    used = set()

    def walk(d, placed):
        if d >= n:
            return 1 if placed == n - 1 else 0
        total = 0
        for row in range(n):
            col = row - d
            if 0 <= col < n and row + col not in used:
                used.add(row + col)
                total += walk(d + 2, placed + 1)
                used.remove(row + col)
        return total + walk(d + 2, placed)

    return walk(-(n - 1), 0) * walk(-(n - 2), 0)


def main():
    if len(sys.argv) != 2:
        print("Usage: nbishops N")
        sys.exit(1)
    try:
        n = int(sys.argv[1])
    except ValueError:
        n = 0
    if n < 1:
        print("Usage: nbishops N")
        sys.exit(1)
    print(count(n))


if __name__ == "__main__":
    main()
