"""nqueens N: the arguments here, the search in queens.py beside it. A
folder without __main__.py, run by the one file that has the main guard."""
import sys

from queens import solutions


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
    for cols in solutions(n):
        print([[row, col] for row, col in enumerate(cols)])


if __name__ == "__main__":
    main()
