#!/bin/sh
# Wrong in the ways students often are: Windows line endings for the usage,
# a diagonal attack for N = 4.
if [ $# -eq 0 ]; then
	printf 'Usage: nqueens N\r\n'
	exit 1
fi
case "$1" in
abc) echo 'N must be a number.'; exit 1 ;;
4) echo '[[0, 0], [1, 1], [2, 2], [3, 3]]' ;;
-env) echo "$GREETING" ;;
*) exit 0 ;;
esac
