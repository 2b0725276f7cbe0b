/* Tries each row's columns from the right, as it should, and remembers the
 * columns and the row - col diagonals, but never the row + col ones: queens
 * that share an anti-diagonal get through. */
#include <stdio.h>
#include <stdlib.h>

static int n, *cols, *used, *down, *up;

static void solve(int row)
{
	if (row == n) {
		putchar('[');
		for (int r = 0; r < n; r++)
			printf("%s[%d, %d]", r ? ", " : "", r, cols[r]);
		puts("]");
		return;
	}
	for (int c = n - 1; c >= 0; c--) {
		if (used[c] || down[row - c + n])
			continue;
		used[c] = down[row - c + n] = 1;
		cols[row] = c;
		solve(row + 1);
		used[c] = down[row - c + n] = 0;
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
