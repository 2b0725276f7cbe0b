#!/usr/bin/env python3
"""closed-tour [N]: prints nothing for N = 0, as the open tour exercise does."""
import random
import sys

MOVES = ((-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1))
USAGE = "Usage: closed-tour [N]"


def neighbours(n):
    """Return each square's knight moves, squares numbered r * n + c."""
    adj = []
    for r in range(n):
        for c in range(n):
            adj.append([(r + dr) * n + c + dc for dr, dc in MOVES
                        if 0 <= r + dr < n and 0 <= c + dc < n])
    return adj


def warnsdorff(n, adj, rng):
    """Return an open tour from square 0 as a list of squares, or None."""
    seen = [False] * (n * n)
    degree = [len(a) for a in adj]
    centre = (n - 1) / 2
    path, sq = [0], 0
    seen[0] = True
    for a in adj[0]:
        degree[a] -= 1
    while len(path) < n * n:
        best, key = None, None
        for a in adj[sq]:
            if seen[a]:
                continue
            r, c = divmod(a, n)
            k = (degree[a], -((r - centre) ** 2 + (c - centre) ** 2), rng.random())
            if key is None or k < key:
                best, key = a, k
        if best is None:
            return None
        sq = best
        seen[sq] = True
        path.append(sq)
        for a in adj[sq]:
            degree[a] -= 1
    return path


def closed_tour(n):
    """Return the tour as rows of move numbers, or None when there is none."""
    if n < 6 or n % 2:
        return None
    adj = neighbours(n)
    rng = random.Random(n)
    path = None
    while path is None:
        path = warnsdorff(n, adj, rng)
    total = n * n
    pos = [0] * total
    for i, sq in enumerate(path):
        pos[sq] = i
    while True:
        end = path[-1]
        if any(pos[a] == 0 for a in adj[end]):
            break
        cand = [pos[a] for a in adj[end] if pos[a] < total - 2]
        i = rng.choice(cand)
        path[i + 1:] = path[:i:-1]
        for j in range(i + 1, total):
            pos[path[j]] = j
    return [pos[r * n:(r + 1) * n] for r in range(n)]


def main():
    args = sys.argv[1:]
    if len(args) > 1:
        print(USAGE)
        return 1
    n = 8
    if args:
        try:
            n = int(args[0])
        except ValueError:
            print(USAGE)
            return 1
        if n < 0:
            print(USAGE)
            return 1
    if n == 0:
        return 0
    rows = closed_tour(n)
    if rows is None:
        print("Solution does not exist")
        return 0
    sys.stdout.write("".join(" ".join(map(str, row)) + "\n" for row in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
