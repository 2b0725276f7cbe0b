/*
 * somers: count the solutions of the N-Queens puzzle, the classic way.
 *
 * Usage:
 *
 *	somers N
 *
 * This is the baseline that bench/run times `solvers count-queens N` against:
 * a single-threaded bitboard backtracker with the mirror symmetry Jeff Somers
 * used in his 2002 program. The first row's queen is tried only in the left
 * half of the board and each count is doubled, since every solution with it in
 * the right half is the mirror image of one with it in the left; for odd N the
 * middle column, its own mirror image, is counted once on its own. Somers also
 * halved the second row when the first queen is in the middle column; that
 * case is a small share of the work for N >= 14, and leaving it out keeps the
 * baseline plainly the textbook method. The search is iterative, with an
 * explicit stack of bitmasks, as his was, and prints only the count, as
 * `solvers count-queens N` does, so the two outputs can be compared.
 *
 * Build with: cc -O2 -o somers somers.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * count_from counts the solutions with the first row's queen on the column
 * bit first. State for row r: the columns taken, and the squares of row r
 * attacked along each diagonal (shifted one step per row).
 */
static uint64_t count_from(int n, uint32_t all, uint32_t first)
{
	uint32_t cols[32], left[32], right[32], avail[32];
	uint64_t count = 0;
	int row = 1;

	if (n == 1)
		return 1;
	cols[1] = first;
	left[1] = first << 1;
	right[1] = first >> 1;
	avail[1] = all & ~(cols[1] | left[1] | right[1]);
	for (;;) {
		if (avail[row] == 0) {
			if (--row == 0)
				break;
			continue;
		}
		uint32_t bit = avail[row] & -avail[row];
		avail[row] ^= bit;
		if (row == n - 1) {
			count++;
			continue;
		}
		uint32_t c = cols[row] | bit;
		uint32_t l = (left[row] | bit) << 1;
		uint32_t r = (right[row] | bit) >> 1;
		row++;
		cols[row] = c;
		left[row] = l;
		right[row] = r;
		avail[row] = all & ~(c | l | r);
	}
	return count;
}

int main(int argc, char **argv)
{
	char *end;
	long n;
	uint64_t total = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: somers N\n");
		return 2;
	}
	n = strtol(argv[1], &end, 10);
	if (*argv[1] == '\0' || *end != '\0' || n < 1 || n > 31) {
		fprintf(stderr, "somers: N must be an integer from 1 to 31: %s\n", argv[1]);
		return 2;
	}
	uint32_t all = (uint32_t)((1ULL << n) - 1);
	for (int col = 0; col < n / 2; col++)
		total += count_from((int)n, all, 1u << col);
	total *= 2;
	if (n % 2 == 1)
		total += count_from((int)n, all, 1u << (n / 2));
	printf("%llu\n", (unsigned long long)total);
	return 0;
}
