/* nbishops N: how many ways to place 2N-2 bishops, one colour at a time. */
#include <stdio.h>
#include <stdlib.h>

static int n;
static char up[128];

/* walk counts the ways to put need more bishops on the diagonals row - col
 * = d, d + 2, ... (one colour), at most one a diagonal, no two on one
 * row + col diagonal. */
static long long walk(int d, int need) {
	if (d >= n)
		return need == 0;
	long long total = walk(d + 2, need);
	if (need == 0)
		return total;
	for (int row = 0; row < n; row++) {
		int col = row - d;
		if (col < 0 || col >= n || up[row + col])
			continue;
		up[row + col] = 1;
		total += walk(d + 2, need - 1);
		up[row + col] = 0;
	}
	return total;
}

int main(int argc, char **argv) {
	char *end;
	long v;
	if (argc != 2 || !*argv[1] || (v = strtol(argv[1], &end, 10), *end) || v < 1 || v > 60) {
		puts("Usage: nbishops N");
		return 1;
	}
	n = (int)v;
	if (n == 1) {
		puts("1");
		return 0;
	}
	printf("%lld\n", walk(-(n - 1), n - 1) * walk(-(n - 2), n - 1));
	return 0;
}
