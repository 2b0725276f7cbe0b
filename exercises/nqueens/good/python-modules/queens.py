"""The search: one queen per row, the columns and diagonals taken in sets."""


def solutions(n):
    """Yield every placement of n queens as the list of each row's column."""
    cols, down, up, board = set(), set(), set(), []

    def place(row):
        if row == n:
            yield list(board)
            return
        for c in range(n):
            if c in cols or row - c in down or row + c in up:
                continue
            cols.add(c)
            down.add(row - c)
            up.add(row + c)
            board.append(c)
            yield from place(row + 1)
            board.pop()
            cols.remove(c)
            down.remove(row - c)
            up.remove(row + c)

    yield from place(0)
