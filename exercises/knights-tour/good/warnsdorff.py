#!/usr/bin/env python3
"""knights-tour [N] by Warnsdorff's rule: always jump to the square with the
fewest onward moves, ties going to the square farthest from the centre
(Roth's tie-break), and backtrack in that order if the rule ever runs into a
dead end."""
import sys

MOVES = [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]


def usage():
    print("Usage: knights-tour [N]")
    sys.exit(1)


def tour(n):
    """Return board[r][c] = move number, or None when there is no tour."""
    board = [[-1] * n for _ in range(n)]
    centre = (n - 1) / 2

    def onward(r, c):
        return [(r + dr, c + dc) for dr, dc in MOVES
                if 0 <= r + dr < n and 0 <= c + dc < n and board[r + dr][c + dc] < 0]

    def ordered(r, c):
        nexts = onward(r, c)
        nexts.sort(key=lambda s: (len(onward(*s)), -((s[0] - centre) ** 2 + (s[1] - centre) ** 2)))
        return nexts

    board[0][0] = 0
    # The search as an explicit stack: a recursion N² deep would overflow
    # Python's stack for large boards.
    stack = [(0, 0, ordered(0, 0))]
    while stack:
        r, c, nexts = stack[-1]
        if len(stack) == n * n:
            return board
        if not nexts:
            board[r][c] = -1
            stack.pop()
            continue
        nr, nc = nexts.pop(0)
        board[nr][nc] = len(stack)
        stack.append((nr, nc, ordered(nr, nc)))
    return None


def main():
    args = sys.argv[1:]
    if len(args) > 1:
        usage()
    n = 8
    if args:
        try:
            n = int(args[0])
        except ValueError:
            usage()
        if n < 0:
            usage()
    if n == 0:
        return  # nothing to visit, nothing to print
    board = tour(n)
    if board is None:
        print("Solution does not exist")
        return
    width = len(str(n * n - 1))
    print("\n".join(" ".join(str(v).rjust(width) for v in row) for row in board))


main()
