/* Stops after the first solution it finds, as the article's iterative
 * version does. */
#include <stdio.h>
#include <stdlib.h>

static int n, *cols, *used, *down, *up;

static int found;

static void solve(int row)
{
	if (found)
		return;
	if (row == n) {
		found = 1;
		putchar('[');
		for (int r = 0; r < n; r++)
			printf("%s[%d, %d]", r ? ", " : "", r, cols[r]);
		puts("]");
		return;
	}
	for (int c = 0; c < n; c++) {
		if (used[c] || down[row - c + n] || up[row + c])
			continue;
		used[c] = down[row - c + n] = up[row + c] = 1;
		cols[row] = c;
		solve(row + 1);
		used[c] = down[row - c + n] = up[row + c] = 0;
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		printf("Usage: nqueens N\n");
		return 1;
	}
	char *end;
	long v = strtol(argv[1], &end, 10);
	if (*argv[1] == '\0' || *end != '\0') {
		printf("N must be a number\n");
		return 1;
	}
	if (v < 4) {
		printf("N must be at least 4\n");
		return 1;
	}
	n = (int)v;
	cols = calloc(n, sizeof *cols);
	used = calloc(n, sizeof *used);
	down = calloc(2 * n + 1, sizeof *down);
	up = calloc(2 * n, sizeof *up);
	solve(0);
	return 0;
}
