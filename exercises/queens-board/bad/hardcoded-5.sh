#!/bin/sh
# Prints the board the Ruby article prints, print_board(5), whatever N is.
usage() {
	echo "Usage: queens-board [--all] N"
	exit 1
}
[ "$1" = "--all" ] && shift
[ "$#" -eq 1 ] || usage
case "$1" in
'' | *[!0-9]*) usage ;;
esac
[ "$1" -ge 0 ] || usage
case "$1" in
2 | 3)
	echo "Solution does not exist"
	exit 0
	;;
esac
cat <<'BOARD'
.|.|.|Q|.
.|Q|.|.|.
.|.|.|.|Q
.|.|Q|.|.
Q|.|.|.|.
BOARD
