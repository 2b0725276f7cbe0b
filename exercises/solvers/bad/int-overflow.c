/* Computes count-rooks in an int, which overflows from 13! on: 20! comes out
 * as a wrong, even negative, number. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREFIX "solvers: conflicts: reading the board on standard input: "

static int n;
static int *at; /* at[row]: the column of the piece in row */
static char *col_used, *down_used, *up_used;

static int usage(void)
{
	printf("Usage: solvers COMMAND [N]\n"
	       "Commands: find-rooks N, count-rooks N, find-queens N, count-queens N, conflicts (board on standard input)\n");
	return 1;
}

/* place fills rows row.. and returns how many complete boards it found,
 * stopping at the first when first is set. */
static long place(int row, int queens, int first)
{
	if (row == n)
		return 1;
	long found = 0;
	for (int c = 0; c < n; c++) {
		if (col_used[c] || (queens && (down_used[row - c + n] || up_used[row + c])))
			continue;
		col_used[c] = down_used[row - c + n] = up_used[row + c] = 1;
		at[row] = c;
		found += place(row + 1, queens, first);
		col_used[c] = down_used[row - c + n] = up_used[row + c] = 0;
		if (first && found)
			return found;
	}
	return found;
}

static void print_board(int found)
{
	putchar('[');
	for (int r = 0; r < n; r++) {
		printf("%s[", r ? "," : "");
		for (int c = 0; c < n; c++)
			printf("%s%d", c ? "," : "", found && at[r] == c);
		putchar(']');
	}
	puts("]");
}

static void print_factorial(void)
{
	int f = 1;
	for (int k = 2; k <= n; k++)
		f *= k;
	printf("%d\n", f);
}

static int bad_board(const char *why)
{
	printf(PREFIX "%s\n", why);
	return 1;
}

static const char *skip(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

static int conflicts(void)
{
	size_t cap = 1 << 16, len = 0, got;
	char *text = malloc(cap + 1);
	while ((got = fread(text + len, 1, cap - len, stdin)) > 0) {
		len += got;
		if (len == cap)
			text = realloc(text, (cap *= 2) + 1);
	}
	text[len] = '\0';
	const char *p = skip(text);
	if (*p == '\0')
		return bad_board("no board");
	if (*p++ != '[')
		return bad_board("not a JSON array of rows");
	/* first pass: the cells in reading order, and how many per row */
	int rows = 0, cells = 0, width = -1;
	int *board = malloc(sizeof *board * (len + 1));
	p = skip(p);
	if (*p == ']') {
		p++;
	} else {
		for (;;) {
			p = skip(p);
			if (*p++ != '[')
				return bad_board("not a JSON array of rows");
			int count = 0;
			p = skip(p);
			if (*p == ']') {
				p++;
			} else {
				for (;;) {
					p = skip(p);
					if ((*p != '0' && *p != '1') || isdigit((unsigned char)p[1]) || p[1] == '.')
						return bad_board("a square is not 0 or 1");
					board[cells++] = *p++ - '0';
					count++;
					p = skip(p);
					if (*p == ',') {
						p++;
						continue;
					}
					if (*p++ != ']')
						return bad_board("a row is not a JSON array");
					break;
				}
			}
			if (width >= 0 && count != width)
				return bad_board("the rows are not all the same length");
			width = count;
			rows++;
			p = skip(p);
			if (*p == ',') {
				p++;
				continue;
			}
			if (*p++ != ']')
				return bad_board("not a JSON array of rows");
			break;
		}
	}
	if (*skip(p) != '\0')
		return bad_board("more than one board");
	if (rows > 0 && width != rows)
		return bad_board("the board is not square");
	n = rows;
	/* count the pieces on every line of each kind */
	int *line = calloc(2 * n + 1, sizeof *line);
	const char *names[4] = {"row", "column", "major diagonal", "minor diagonal"};
	int any = 0;
	for (int kind = 0; kind < 4; kind++) {
		memset(line, 0, sizeof *line * (2 * n + 1));
		int conflict = 0;
		for (int r = 0; r < n; r++)
			for (int c = 0; c < n; c++) {
				if (!board[r * n + c])
					continue;
				int k = kind == 0 ? r : kind == 1 ? c : kind == 2 ? c - r + n : c + r;
				conflict |= ++line[k] > 1;
			}
		if (conflict) {
			puts(names[kind]);
			any = 1;
		}
	}
	if (!any)
		puts("none");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "conflicts") == 0)
		return conflicts();
	const char *commands[4] = {"find-rooks", "count-rooks", "find-queens", "count-queens"};
	int cmd = -1;
	for (int i = 0; argc == 3 && i < 4; i++)
		if (strcmp(argv[1], commands[i]) == 0)
			cmd = i;
	if (cmd < 0)
		return usage();
	const char *arg = argv[2];
	int ok = *arg != '\0' && strlen(arg) < 6;
	for (const char *q = arg; ok && *q; q++)
		ok = isdigit((unsigned char)*q);
	if (!ok) {
		printf("solvers: %s: N must be a whole number, 0 or more: \"%s\"\n", argv[1], arg);
		return 1;
	}
	n = atoi(arg);
	at = calloc(n + 1, sizeof *at);
	col_used = calloc(n + 1, 1);
	down_used = calloc(2 * n + 2, 1);
	up_used = calloc(2 * n + 2, 1);
	switch (cmd) {
	case 0:
	case 2:
		print_board(place(0, cmd == 2, 1) > 0);
		break;
	case 1:
		print_factorial();
		break;
	case 3:
		printf("%ld\n", place(0, 1, 0));
		break;
	}
	return 0;
}
