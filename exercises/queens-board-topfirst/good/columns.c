/* queens-board [--all] N: boards drawn first row first, Q . . . */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n, all, found, col[64];
static unsigned long long cols, d1, d2;

static void draw(void) {
	if (found++)
		putchar('\n');
	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++) {
			if (c)
				putchar(' ');
			putchar(col[r] == c ? 'Q' : '.');
		}
		putchar('\n');
	}
}

static int place(int r) {
	if (r == n) {
		draw();
		return !all;
	}
	for (int c = 0; c < n; c++) {
		unsigned long long bc = 1ULL << c, b1 = 1ULL << (r - c + n), b2 = 1ULL << (r + c);
		if ((cols & bc) || (d1 & b1) || (d2 & b2))
			continue;
		cols |= bc, d1 |= b1, d2 |= b2, col[r] = c;
		if (place(r + 1))
			return 1;
		cols &= ~bc, d1 &= ~b1, d2 &= ~b2;
	}
	return 0;
}

int main(int argc, char **argv) {
	int i = 1;
	if (i < argc && strcmp(argv[i], "--all") == 0)
		all = 1, i++;
	char *end;
	if (argc - i != 1 || !*argv[i]) {
		puts("Usage: queens-board [--all] N");
		return 1;
	}
	long v = strtol(argv[i], &end, 10);
	if (*end || v < 0 || v > 31) {
		puts("Usage: queens-board [--all] N");
		return 1;
	}
	n = (int)v;
	if (n == 0)
		return 0;
	place(0);
	if (!found)
		puts("Solution does not exist");
	return 0;
}
