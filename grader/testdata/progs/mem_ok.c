/* Uses about 100 MiB, well under the limit, and says so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
	size_t n = 100u << 20;
	char *p = malloc(n);
	if (p == NULL)
		return 1;
	memset(p, 1, n);
	printf("ok %d\n", p[n - 1] * 100);
	return 0;
}
