#!/usr/bin/env python3
"""Prints the article's 8×8 tour whatever N is."""
import sys

TOUR = """ 0 59 38 33 30 17  8 63
37 34 31 60  9 62 29 16
58  1 36 39 32 27 18  7
35 48 41 26 61 10 15 28
42 57  2 49 40 23  6 19
47 50 45 54 25 20 11 14
56 43 52  3 22 13 24  5
51 46 55 44 53  4 21 12"""


def main():
    args = sys.argv[1:]
    if len(args) > 1:
        print("Usage: knights-tour [N]")
        sys.exit(1)
    n = 8
    if args:
        try:
            n = int(args[0])
        except ValueError:
            print("Usage: knights-tour [N]")
            sys.exit(1)
        if n < 0:
            print("Usage: knights-tour [N]")
            sys.exit(1)
    if n == 0:
        return
    if n == 1:
        print(0)
    elif n < 5:
        print("Solution does not exist")
    else:
        print(TOUR)


main()
