#!/bin/sh
# queens-board [--all] N in the shell, the search in awk.
usage() {
	echo "Usage: queens-board [--all] N"
	exit 1
}
all=0
if [ "$1" = "--all" ]; then
	all=1
	shift
fi
[ "$#" -eq 1 ] || usage
case "$1" in
'' | *[!0-9]*) usage ;;
esac
[ "$1" -ge 0 ] || usage
exec awk -v n="$1" -v all="$all" '
function show(    r, c, line) {
	if (found++)
		print ""
	for (r = n - 1; r >= 0; r--) {
		line = ""
		for (c = 0; c < n; c++)
			line = line (c ? "|" : "") (at[r] == c ? "Q" : ".")
		print line
	}
}
function place(row,    c) {
	if (row == n) {
		show()
		return !all
	}
	for (c = 0; c < n; c++) {
		if (col[c] || down[row - c + n] || up[row + c])
			continue
		col[c] = down[row - c + n] = up[row + c] = 1
		at[row] = c
		if (place(row + 1))
			return 1
		col[c] = down[row - c + n] = up[row + c] = 0
	}
	return 0
}
BEGIN {
	place(0)
	if (!found)
		print "Solution does not exist"
}'
