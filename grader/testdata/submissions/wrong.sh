#!/bin/sh
# Wrong in the ways students often are: a stray period in an error message,
# a diagonal attack for N = 4, nothing at all for the rest.
if [ $# -eq 0 ]; then
	echo 'Usage: nqueens N'
	exit 1
fi
case "$1" in
abc) echo 'N must be a number.'; exit 1 ;;
4) echo '[[0, 0], [1, 1], [2, 2], [3, 3]]' ;;
-env) echo "$GREETING" ;;
*) exit 0 ;;
esac
