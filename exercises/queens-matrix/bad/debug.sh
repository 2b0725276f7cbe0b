#!/bin/sh
# Leaves its tracing in: a "placing at" line for every queen it puts down,
# before the board.
usage() {
	echo "Usage: queens-matrix [N]"
	exit 1
}
[ "$#" -gt 1 ] && usage
n=8
if [ "$#" -eq 1 ]; then
	case "$1" in
	'' | *[!0-9]*) usage ;;
	esac
	n=$1
	[ "$n" -lt 0 ] && usage
fi
exec awk -v n="$n" '
function place(row,    c) {
	if (row == n)
		return 1
	for (c = 0; c < n; c++) {
		if (col[c] || down[row - c + n] || up[row + c])
			continue
		col[c] = down[row - c + n] = up[row + c] = 1
		at[row] = c
		print "placing at " row " " c
		if (place(row + 1))
			return 1
		col[c] = down[row - c + n] = up[row + c] = 0
	}
	return 0
}
BEGIN {
	if (!place(0)) {
		print "Solution does not exist"
		exit 0
	}
	for (r = 0; r < n; r++) {
		line = ""
		for (c = 0; c < n; c++)
			line = line (c ? " " : "") (at[r] == c ? 1 : 0)
		print line
	}
}'
