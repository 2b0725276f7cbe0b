/* namazons N, wrongly: stops after the first solution. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n, col[64];
static long found;

static void print(void) {
	printf("[");
	for (int r = 0; r < n; r++)
		printf(r ? ", [%d, %d]" : "[%d, %d]", r, col[r]);
	printf("]\n");
	found++;
}

/* down: columns in use; left, right: the diagonals reaching this row. */
static void place(int row, unsigned long long down, unsigned long long left, unsigned long long right) {
	if (row == n) {
		print();
		exit(0);
		return;
	}
	unsigned long long all = (n == 64) ? ~0ULL : (1ULL << n) - 1;
	unsigned long long knight = 0;
	if (row >= 1) {
		knight |= (1ULL << col[row - 1]) << 2 | (1ULL << col[row - 1]) >> 2;
	}
	if (row >= 2) {
		knight |= (1ULL << col[row - 2]) << 1 | (1ULL << col[row - 2]) >> 1;
	}
	unsigned long long free = all & ~(down | left | right | knight);
	while (free) {
		unsigned long long bit = free & -free;
		free ^= bit;
		col[row] = __builtin_ctzll(bit);
		place(row + 1, down | bit, (left | bit) << 1, (right | bit) >> 1);
	}
}

int main(int argc, char **argv) {
	char *end;
	if (argc != 2) {
		puts("Usage: namazons N");
		return 1;
	}
	long v = strtol(argv[1], &end, 10);
	if (*argv[1] == '\0' || *end != '\0' || v < 0 || v > 32) {
		puts("Usage: namazons N");
		return 1;
	}
	n = (int)v;
	place(0, 0, 0, 0);
	if (!found)
		puts("No solution");
	return 0;
}
