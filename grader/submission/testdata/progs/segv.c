/* Crashes with SIGSEGV: a write through a null pointer the compiler cannot see. */
int main(int argc, char **argv) {
	(void)argv;
	volatile int *p = (int *)(long)(argc - 1);
	*p = 1;
	return 0;
}
