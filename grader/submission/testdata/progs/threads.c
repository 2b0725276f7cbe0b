/* Starts threads until the kernel refuses one, as a program that starts a
   thread per row of a large board might, then goes on for a while with the
   threads it has: one process of about as many threads as the run may
   have, which must be told it started too many threads, not processes. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static void *wait_forever(void *arg) {
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

int main(void) {
	int n = 0;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	for (; n < 100000; n++) {
		pthread_t t;
		if (pthread_create(&t, &attr, wait_forever, NULL) != 0)
			break;
	}
	printf("started %d threads\n", n);
	fflush(stdout);
	sleep(5);
	return 0;
}
