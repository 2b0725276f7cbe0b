/* Busy-loops forever. */
int main(void) {
	volatile unsigned long i = 0;
	for (;;)
		i++;
}
