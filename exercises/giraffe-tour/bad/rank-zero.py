#!/usr/bin/env python3
"""giraffe-tour, wrongly: numbers the ranks from 0, so the tour starts at a0."""
import random
import sys

LEAPS = [(-4, 1), (-1, 4), (1, 4), (4, 1), (4, -1), (1, -4), (-1, -4), (-4, -1)]
USAGE = "Usage: giraffe-tour ROWS COLS"


def tour(rows, cols):
    """A tour from (0, 0), or None. First Warnsdorff's rule: go each time to
    the square with the fewest onward leaps, ties broken at random, and start
    again when the walk gets stuck; after many walks, a complete
    backtracking search in the same order, which either finds a tour or
    proves there is none."""
    rng = random.Random(1)
    for _ in range(200):
        path = walk(rows, cols, rng)
        if path:
            return path
    return search(rows, cols)


def onward(seen, rows, cols, r, c):
    """The unvisited squares one leap from (r, c)."""
    return [(r + dr, c + dc) for dr, dc in LEAPS
            if 0 <= r + dr < rows and 0 <= c + dc < cols and not seen[r + dr][c + dc]]


def walk(rows, cols, rng):
    """One walk by Warnsdorff's rule, or None when it gets stuck."""
    seen = [[False] * cols for _ in range(rows)]
    r, c = 0, 0
    path = [(0, 0)]
    seen[0][0] = True
    while len(path) < rows * cols:
        nexts = onward(seen, rows, cols, r, c)
        if not nexts:
            return None
        rng.shuffle(nexts)
        r, c = min(nexts, key=lambda s: len(onward(seen, rows, cols, *s)))
        seen[r][c] = True
        path.append((r, c))
    return path


def search(rows, cols):
    """Backtracking from (0, 0) in Warnsdorff's order: a tour, or None."""
    sys.setrecursionlimit(10000)
    seen = [[False] * cols for _ in range(rows)]
    path = []

    def visit(r, c):
        seen[r][c] = True
        path.append((r, c))
        if len(path) == rows * cols:
            return True
        nexts = onward(seen, rows, cols, r, c)
        for rr, cc in sorted(nexts, key=lambda s: len(onward(seen, rows, cols, *s))):
            if visit(rr, cc):
                return True
        seen[r][c] = False
        path.pop()
        return False

    return path if visit(0, 0) else None


def main():
    if len(sys.argv) != 3:
        print(USAGE)
        sys.exit(1)
    try:
        rows, cols = int(sys.argv[1]), int(sys.argv[2])
    except ValueError:
        rows = cols = -1
    if rows < 0 or cols < 0 or cols > 26:
        print(USAGE)
        sys.exit(1)
    if rows == 0 or cols == 0:
        return
    path = tour(rows, cols)
    if path is None:
        print("No tour")
        return
    print(" ".join("%s%d" % (chr(ord("a") + c), r) for r, c in path))


if __name__ == "__main__":
    main()
