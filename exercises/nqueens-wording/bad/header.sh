#!/bin/sh
# Right solutions, but with a header line before them and a count after.
if [ "$#" -ne 1 ]; then
	echo "usage: nqueens <n>"
	exit 1
fi
n=${1#+} # a leading + is allowed, as Python's int() allows it
case "$n" in
'' | *[!0-9-]* | ?*-* | -)
	echo "error: n is not an integer"
	exit 1
	;;
esac
if [ "$n" -lt 4 ]; then
	echo "error: n must be 4 or more"
	exit 1
fi
echo "Solutions for N = $1:"
awk -v n="$n" '
function place(row,    c) {
	if (row == n) {
		line = "["
		for (r = 0; r < n; r++)
			line = line (r ? ", " : "") "[" r ", " at[r] "]"
		print line "]"
		found++
		return
	}
	for (c = 0; c < n; c++) {
		if (col[c] || down[row - c + n] || up[row + c])
			continue
		col[c] = down[row - c + n] = up[row + c] = 1
		at[row] = c
		place(row + 1)
		col[c] = down[row - c + n] = up[row + c] = 0
	}
}
BEGIN { place(0); print found " solutions" }'
