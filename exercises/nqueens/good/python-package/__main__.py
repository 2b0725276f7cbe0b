"""nqueens N as a package: python3 FOLDER runs this file, with the folder
first on sys.path, so board.py imports by its name."""
import sys

from board import solutions


def main():
    if len(sys.argv) != 2:
        print("Usage: nqueens N")
        sys.exit(1)
    try:
        n = int(sys.argv[1])
    except ValueError:
        print("N must be a number")
        sys.exit(1)
    if n < 4:
        print("N must be at least 4")
        sys.exit(1)
    out = []
    for cols in solutions(n):
        out.append("[" + ", ".join("[%d, %d]" % rc for rc in enumerate(cols)) + "]\n")
    sys.stdout.write("".join(out))


main()
