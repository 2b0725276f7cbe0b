#!/usr/bin/env python3
"""Prints the article's 8×8 answer whatever N is."""
import sys

ANSWER = """1 0 0 0 0 0 0 0
0 0 0 0 0 0 1 0
0 0 0 0 1 0 0 0
0 0 0 0 0 0 0 1
0 1 0 0 0 0 0 0
0 0 0 1 0 0 0 0
0 0 0 0 0 1 0 0
0 0 1 0 0 0 0 0"""


def main():
    args = sys.argv[1:]
    if len(args) > 1:
        print("Usage: queens-matrix [N]")
        sys.exit(1)
    if args:
        try:
            n = int(args[0])
        except ValueError:
            print("Usage: queens-matrix [N]")
            sys.exit(1)
        if n < 0:
            print("Usage: queens-matrix [N]")
            sys.exit(1)
        if n in (2, 3):
            print("Solution does not exist")
            return
    print(ANSWER)


main()
