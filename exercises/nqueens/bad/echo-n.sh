#!/bin/sh
# A first draft: it checks the number of arguments, then prints N back
# whatever it is, and exits 0. Wrong twice over for "abc": the exit status
# and the message.
if [ "$#" -ne 1 ]; then
	echo "Usage: nqueens N"
	exit 1
fi
echo "$1"
