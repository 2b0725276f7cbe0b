"""knights-tour [N] as a package: python3 FOLDER runs this file, which
reads N and prints; warnsdorff.py, beside it, finds the tour."""
import sys

from warnsdorff import tour


def usage():
    print("Usage: knights-tour [N]")
    sys.exit(1)


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
