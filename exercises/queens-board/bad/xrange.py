# queens-board [--all] N, ported from my Python 2 homework
import sys


def usage():
    print("Usage: queens-board [--all] N")
    sys.exit(1)


def solutions(n):
    at = []

    def place(row):
        if row == n:
            yield list(at)
            return
        for col in xrange(n):
            if any(c == col or abs(c - col) == row - r for r, c in enumerate(at)):
                continue
            at.append(col)
            for s in place(row + 1):
                yield s
            at.pop()

    return place(0)


def board(n, at):
    rows = ["|".join("Q" if c == col else "." for c in xrange(n)) for col in at]
    return "\n".join(reversed(rows))


args = sys.argv[1:]
every = len(args) > 0 and args[0] == "--all"
if every:
    args = args[1:]
if len(args) != 1:
    usage()
try:
    n = int(args[0])
except ValueError:
    usage()
if n < 0:
    usage()
if n == 0:
    sys.exit(0)
boards = []
for at in solutions(n):
    boards.append(board(n, at))
    if not every:
        break
if not boards:
    print("Solution does not exist")
else:
    print("\n\n".join(boards))
