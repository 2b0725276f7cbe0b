"""The tour by Warnsdorff's rule: always jump to the square with the fewest
onward moves, ties going to the square farthest from the centre (Roth's
tie-break), backtracking in that order if the rule runs into a dead end."""

MOVES = [(2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]


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
    # An explicit stack: a recursion N² deep would overflow Python's.
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
