#!/bin/sh
# knights-tour [N] in the shell: Warnsdorff's rule in awk (fewest onward moves,
# ties to the square farthest from the centre), exhaustive search for the
# boards of 4 or less. Numbers are separated by one space, not aligned.
usage() {
	echo "Usage: knights-tour [N]"
	exit 1
}
[ "$#" -gt 1 ] && usage
n=8
if [ "$#" -eq 1 ]; then
	n=${1#+}
	case "$n" in
	'' | *[!0-9]*) usage ;;
	esac
fi
exec awk -v n="$n" '
function free(r, c) { return r >= 0 && r < n && c >= 0 && c < n && !((r, c) in at) }
function degree(r, c,    k, d) {
	d = 0
	for (k = 0; k < 8; k++)
		d += free(r + dr[k], c + dc[k])
	return d
}
function search(r, c, move,    k, a, b) {
	if (move == n * n)
		return 1
	for (k = 0; k < 8; k++) {
		a = r + dr[k]; b = c + dc[k]
		if (!free(a, b))
			continue
		at[a, b] = move
		if (search(a, b, move + 1))
			return 1
		delete at[a, b]
	}
	return 0
}
function warnsdorff(    r, c, move, k, a, b, best, bd, bf, d, f) {
	r = 0; c = 0
	for (move = 1; move < n * n; move++) {
		best = -1
		for (k = 0; k < 8; k++) {
			a = r + dr[k]; b = c + dc[k]
			if (!free(a, b))
				continue
			d = degree(a, b)
			f = (a - centre) ^ 2 + (b - centre) ^ 2
			if (best < 0 || d < bd || d == bd && f > bf) {
				best = k; bd = d; bf = f
			}
		}
		if (best < 0)
			return 0
		r += dr[best]; c += dc[best]
		at[r, c] = move
	}
	return 1
}
BEGIN {
	if (n == 0)
		exit 0
	split("2 1 -1 -2 -2 -1 1 2", x, " ")
	split("1 2 2 1 -1 -2 -2 -1", y, " ")
	for (k = 0; k < 8; k++) {
		dr[k] = x[k + 1]; dc[k] = y[k + 1]
	}
	centre = (n - 1) / 2
	at[0, 0] = 0
	if (!(n <= 4 ? search(0, 0, 1) : warnsdorff())) {
		print "Solution does not exist"
		exit 0
	}
	for (r = 0; r < n; r++) {
		line = ""
		for (c = 0; c < n; c++)
			line = line (c ? " " : "") at[r, c]
		print line
	}
}'
