import sys


def solve(n):
    """Every placement of n queens, one per row, as [row, col] pairs."""
    solutions = []
    cols, diag, anti, placed = set(), set(), set(), []

    def place(row):
        if row == n:
            solutions.append([[r, c] for r, c in enumerate(placed)])
            return
        for c in range(n):
            if c in cols or row - c in diag or row + c in anti:
                continue
            cols.add(c)
            diag.add(row - c)
            anti.add(row + c)
            placed.append(c)
            place(row + 1)
            placed.pop()
            cols.remove(c)
            diag.remove(row - c)
            anti.remove(row + c)

    place(0)
    return solutions


if len(sys.argv) != 2:
    print("Usage: nqueens N")
    sys.exit(1)
n = int(sys.argv[1])
if n < 4:
    print("N must be at least 4")
    sys.exit(1)
for s in solve(n):
    print(s)
