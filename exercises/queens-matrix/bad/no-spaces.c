/* Prints each row as one word, "10000000", with no spaces between values. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static int n;
static char *board;

static int is_valid(int row, int col)
{
	for (int i = 0; i < col; i++)
		if (board[row * n + i])
			return 0;
	for (int i = row, j = col; i >= 0 && j >= 0; i--, j--)
		if (board[i * n + j])
			return 0;
	for (int i = row, j = col; i < n && j >= 0; i++, j--)
		if (board[i * n + j])
			return 0;
	return 1;
}

static int solve(int col)
{
	if (col >= n)
		return 1;
	for (int i = 0; i < n; i++) {
		if (is_valid(i, col)) {
			board[i * n + col] = 1;
			if (solve(col + 1))
				return 1;
			board[i * n + col] = 0;
		}
	}
	return 0;
}

static int usage(void)
{
	printf("Usage: queens-matrix [N]\n");
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
		if (argv[1][0] == '\0' || *end != '\0' || errno || v < 0 || v > 100000)
			return usage();
		n = (int)v;
	}
	board = calloc((size_t)n * n, 1);
	if (!solve(0)) {
		printf("Solution does not exist\n");
		return 0;
	}
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			printf("%d", board[i * n + j]);
		printf("\n");
	}
	return 0;
}
