#include <stdio.h>

/* Crashes with a segmentation fault. */
int main(void) {
	volatile int *p = 0;
	printf("about to crash\n");
	fflush(stdout);
	*p = 1;
	return 0;
}
