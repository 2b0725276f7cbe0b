#include <stdio.h>

/* Does not compile: a missing semicolon. */
int main(void) {
	printf("hello\n")
	return 0;
}
