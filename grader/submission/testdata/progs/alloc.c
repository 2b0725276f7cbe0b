/* Allocates (and touches) memory without end. */
#include <stdlib.h>
#include <string.h>

int main(void) {
	for (;;) {
		char *p = malloc(1 << 20);
		if (p != NULL)
			memset(p, 1, 1 << 20);
	}
}
