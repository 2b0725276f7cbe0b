#include <stdio.h>

/* Prints without end: the output cap must stop it. */
int main(void) {
	for (;;)
		fputs("[[0, 1], [1, 3], [2, 0], [3, 2]]\n", stdout);
}
