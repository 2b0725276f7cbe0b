/* nqueens N in two files: main.c reads N and prints, board.c searches
 * (cc main.c board.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "board.h"

static void print(const int *cols, int n)
{
	putchar('[');
	for (int r = 0; r < n; r++)
		printf("%s[%d, %d]", r ? ", " : "", r, cols[r]);
	puts("]");
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		puts("Usage: nqueens N");
		return 1;
	}
	char *end;
	errno = 0;
	long n = strtol(argv[1], &end, 10);
	if (argv[1][0] == '\0' || *end != '\0' || errno == ERANGE) {
		puts("N must be a number");
		return 1;
	}
	if (n < 4) {
		puts("N must be at least 4");
		return 1;
	}
	solve_all((int)n, print);
	return 0;
}
