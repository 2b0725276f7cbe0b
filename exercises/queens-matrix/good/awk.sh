#!/bin/sh
# queens-matrix [N] in the shell: arguments checked with case, the search in
# awk. It searches from the last row and the last column, so it finds another
# solution than the usual one: any solution will do.
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
	if (row < 0)
		return 1
	for (c = n - 1; c >= 0; c--) {
		if (col[c] || down[row - c + n] || up[row + c])
			continue
		col[c] = down[row - c + n] = up[row + c] = 1
		at[row] = c
		if (place(row - 1))
			return 1
		col[c] = down[row - c + n] = up[row + c] = 0
	}
	return 0
}
BEGIN {
	if (!place(n - 1)) {
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
