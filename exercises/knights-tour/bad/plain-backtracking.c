/* The article's C++ program in C with N from the command line: plain
 * backtracking, the moves always tried in the same order. Right, and quick
 * up to 8×8, but it never finishes a 50×50 board. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static int n;
static int *sol;
static const int xmove[8] = {2, 1, -1, -2, -2, -1, 1, 2};
static const int ymove[8] = {1, 2, 2, 1, -1, -2, -2, -1};

static int is_valid(int x, int y)
{
	return x >= 0 && x < n && y >= 0 && y < n && sol[x * n + y] == -1;
}

static int knight_tour(int x, int y, int move)
{
	if (move == n * n)
		return 1;
	for (int k = 0; k < 8; k++) {
		int nx = x + xmove[k], ny = y + ymove[k];
		if (is_valid(nx, ny)) {
			sol[nx * n + ny] = move;
			if (knight_tour(nx, ny, move + 1))
				return 1;
			sol[nx * n + ny] = -1; /* backtracking */
		}
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
	if (!knight_tour(0, 0, 1)) {
		printf("Solution does not exist\n");
		return 0;
	}
	for (int x = 0; x < n; x++) {
		for (int y = 0; y < n; y++)
			printf("%3d ", sol[x * n + y]);
		printf("\n");
	}
	return 0;
}
