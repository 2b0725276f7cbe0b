/* Says hello: a program that compiles. */
#include <stdio.h>

int main(void) {
	puts("hello from c");
	return 0;
}
