/* Uses about 100 MiB, well under the limit, and says so. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
	(void)argv;
	size_t n = 100u << 20;
	/* volatile, so the compiler cannot see that the memory is not needed. */
	volatile char *p = malloc(n);
	if (p == NULL)
		return 1;
	for (size_t i = 0; i < n; i += 4096)
		p[i] = (char)(i >> 12) + argc;
	long sum = 0;
	for (size_t i = 0; i < n; i += 4096)
		sum += p[i];
	printf("ok %d %ld\n", 100, sum);
	return 0;
}
