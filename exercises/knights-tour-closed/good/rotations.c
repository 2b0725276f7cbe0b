/* closed-tour [N]: an open tour by Warnsdorff's rule, then Pósa's rotations
 * until its end is a knight's move from its start. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static const int dr[8] = {-2, -1, 1, 2, 2, 1, -1, -2};
static const int dc[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static int n;

static int neighbours(int sq, int out[8])
{
	int r = sq / n, c = sq % n, k = 0;
	for (int m = 0; m < 8; m++) {
		int rr = r + dr[m], cc = c + dc[m];
		if (rr >= 0 && rr < n && cc >= 0 && cc < n)
			out[k++] = rr * n + cc;
	}
	return k;
}

/* warnsdorff fills path with an open tour from square 0; 0 if it gets stuck. */
static int warnsdorff(int *path, char *seen)
{
	int total = n * n, nb[8], nb2[8];
	for (int i = 0; i < total; i++)
		seen[i] = 0;
	path[0] = 0;
	seen[0] = 1;
	for (int step = 1; step < total; step++) {
		int k = neighbours(path[step - 1], nb), best = -1, bestDeg = 9;
		double bestFar = -1, centre = (n - 1) / 2.0;
		for (int i = 0; i < k; i++) {
			if (seen[nb[i]])
				continue;
			int deg = 0, k2 = neighbours(nb[i], nb2);
			for (int j = 0; j < k2; j++)
				deg += !seen[nb2[j]];
			double r = nb[i] / n - centre, c = nb[i] % n - centre, far = r * r + c * c;
			if (deg < bestDeg || (deg == bestDeg && far > bestFar + (rand() % 2 ? 0 : -1e-9))) {
				best = nb[i], bestDeg = deg, bestFar = far;
			}
		}
		if (best < 0)
			return 0;
		path[step] = best;
		seen[best] = 1;
	}
	return 1;
}

static int usage(void)
{
	puts("Usage: closed-tour [N]");
	return 1;
}

int main(int argc, char **argv)
{
	if (argc > 2)
		return usage();
	n = 8;
	if (argc == 2) {
		char *end;
		errno = 0;
		long v = strtol(argv[1], &end, 10);
		if (end == argv[1] || *end != '\0' || errno || v < 0 || v > 1000)
			return usage();
		n = (int)v;
	}
	if (n < 6 || n % 2) {
		puts("Solution does not exist");
		return 0;
	}
	int total = n * n, nb[8], cand[8];
	int *path = malloc(sizeof *path * total), *pos = malloc(sizeof *pos * total);
	char *seen = malloc(total);
	srand(n);
	while (!warnsdorff(path, seen))
		;
	for (int i = 0; i < total; i++)
		pos[path[i]] = i;
	for (;;) {
		int k = neighbours(path[total - 1], nb), closed = 0, m = 0;
		for (int i = 0; i < k; i++) {
			if (pos[nb[i]] == 0)
				closed = 1;
			else if (pos[nb[i]] < total - 2)
				cand[m++] = pos[nb[i]];
		}
		if (closed)
			break;
		int i = cand[rand() % m];
		for (int a = i + 1, z = total - 1; a < z; a++, z--) {
			int t = path[a];
			path[a] = path[z], path[z] = t;
			pos[path[a]] = a, pos[path[z]] = z;
		}
	}
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			printf("%d%c", pos[r * n + c], c == n - 1 ? '\n' : ' ');
	return 0;
}
