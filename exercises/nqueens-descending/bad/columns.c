/* nqueens N: places one queen per column (the Thai article's way), so the
 * solutions come out in a different order; each is printed row by row. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static int n;
static int *row_of; /* row_of[c]: the row of the queen in column c */
static int *col_of;
static char *row_used, *down_used, *up_used; /* by row, row - col + n, row + col */

static void print_solution(void)
{
	for (int c = 0; c < n; c++)
		col_of[row_of[c]] = c;
	putchar('[');
	for (int r = 0; r < n; r++)
		printf("%s[%d, %d]", r ? ", " : "", r, col_of[r]);
	puts("]");
}

/* solve places the queen of column col and every column after it. */
static void solve(int col)
{
	if (col == n) {
		print_solution();
		return;
	}
	for (int r = 0; r < n; r++) {
		if (row_used[r] || down_used[r - col + n] || up_used[r + col])
			continue;
		row_used[r] = down_used[r - col + n] = up_used[r + col] = 1;
		row_of[col] = r;
		solve(col + 1);
		row_used[r] = down_used[r - col + n] = up_used[r + col] = 0;
	}
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		puts("Usage: nqueens N");
		return 1;
	}
	char *end;
	errno = 0;
	long v = strtol(argv[1], &end, 10);
	if (argv[1][0] == '\0' || *end != '\0' || errno == ERANGE) {
		puts("N must be a number");
		return 1;
	}
	if (v < 4) {
		puts("N must be at least 4");
		return 1;
	}
	n = (int)v;
	row_of = calloc(n, sizeof *row_of);
	col_of = calloc(n, sizeof *col_of);
	row_used = calloc(n, 1);
	down_used = calloc(2 * n + 1, 1);
	up_used = calloc(2 * n, 1);
	solve(0);
	return 0;
}
