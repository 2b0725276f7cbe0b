/* Ends the "too small" message with a full stop. */
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
		printf("usage: nqueens <n>\n");
		return 1;
	}
	char *end;
	long v = strtol(argv[1], &end, 10);
	if (*argv[1] == '\0' || *end != '\0') {
		printf("error: n is not an integer\n");
		return 1;
	}
	if (v < 4) {
		printf("error: n must be 4 or more.\n");
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
