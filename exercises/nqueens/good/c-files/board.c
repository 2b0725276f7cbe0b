/* board.c: the search, one queen per row, columns and diagonals in arrays. */
#include <stdlib.h>

#include "board.h"

static int size;
static int *cols;
static char *used, *down, *up; /* by column, row - col + size, row + col */
static void (*report)(const int *, int);

static void place(int row)
{
	if (row == size) {
		report(cols, size);
		return;
	}
	for (int c = 0; c < size; c++) {
		if (used[c] || down[row - c + size] || up[row + c])
			continue;
		used[c] = down[row - c + size] = up[row + c] = 1;
		cols[row] = c;
		place(row + 1);
		used[c] = down[row - c + size] = up[row + c] = 0;
	}
}

void solve_all(int n, void (*found)(const int *cols, int n))
{
	size = n;
	report = found;
	cols = calloc(n, sizeof *cols);
	used = calloc(n, 1);
	down = calloc(2 * n, 1);
	up = calloc(2 * n, 1);
	place(0);
	free(cols);
	free(used);
	free(down);
	free(up);
}
