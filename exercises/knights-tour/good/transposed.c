/* knights-tour [N]: backtracking with the moves tried in Warnsdorff's order
 * (fewest onward moves first, ties in the article's move order). Where plain
 * backtracking never finishes N = 50, this finds a tour at once for every
 * board up to 60; it is not a proof for larger ones, where ties can lead it
 * astray. The board is printed transposed, column by column: the mirror
 * image along the main diagonal of a tour from (0,0) is another tour from
 * (0,0). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static const int xmove[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static const int ymove[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static int n;
static int *sol;

static int free_square(int x, int y)
{
	return x >= 0 && x < n && y >= 0 && y < n && sol[x * n + y] < 0;
}

static int degree(int x, int y)
{
	int d = 0;
	for (int k = 0; k < 8; k++)
		d += free_square(x + xmove[k], y + ymove[k]);
	return d;
}

/* tour places move number move somewhere next to (x, y), and the rest. */
static int tour(int x, int y, int move)
{
	if (move == n * n)
		return 1;
	int order[8], deg[8], count = 0;
	for (int k = 0; k < 8; k++) {
		int nx = x + xmove[k], ny = y + ymove[k];
		if (!free_square(nx, ny))
			continue;
		/* insertion sort by degree, stable so ties keep the move order */
		int d = degree(nx, ny), i = count++;
		while (i > 0 && deg[i - 1] > d) {
			order[i] = order[i - 1];
			deg[i] = deg[i - 1];
			i--;
		}
		order[i] = k;
		deg[i] = d;
	}
	for (int i = 0; i < count; i++) {
		int nx = x + xmove[order[i]], ny = y + ymove[order[i]];
		sol[nx * n + ny] = move;
		if (tour(nx, ny, move + 1))
			return 1;
		sol[nx * n + ny] = -1;
	}
	return 0;
}

static int usage(void)
{
	printf("Usage: knights-tour [N]\n");
	return 1;
}

int main(int argc, char **argv)
{
	n = 8;
	if (argc > 2)
		return usage();
	if (argc == 2) {
		char *end;
		errno = 0;
		long v = strtol(argv[1], &end, 10);
		if (argv[1][0] == '\0' || *end != '\0' || errno || v < 0 || v > 1000)
			return usage();
		n = (int)v;
	}
	if (n == 0)
		return 0;
	sol = malloc(sizeof *sol * n * n);
	for (int i = 0; i < n * n; i++)
		sol[i] = -1;
	sol[0] = 0;
	if (!tour(0, 0, 1)) {
		printf("Solution does not exist\n");
		return 0;
	}
	int width = snprintf(NULL, 0, "%d", n * n - 1);
	for (int col = 0; col < n; col++)
		for (int row = 0; row < n; row++)
			printf("%*d%c", width, sol[row * n + col], row == n - 1 ? '\n' : ' ');
	return 0;
}
