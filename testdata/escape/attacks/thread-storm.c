/* A storm of threads that queue behind each other, then sleep (issue 29,
 * F5 of the attacker's second review): as an ordinary user, where no
 * cgroup measures a run's wait for a processor, the grader summed every
 * thread's run delay, and 56 threads woken together every 2 ms on two
 * processors "waited" 48.5 s in 7 s of an idle machine. The run was judged
 * starved by the machine, run again alone three times, and every check
 * said "grader error (not your fault) ... the machine was too busy to
 * judge this run", exit status 3, after 2.5 minutes. Its time-out is its
 * own: exit status 1, "it was waiting". The layer: a run's wait is what
 * the machine's other work took from it (sandbox.LayerWaitBound). */
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#define THREADS 56
#define STORM 2.0 /* seconds: below the wall-clock limit of its 1 s of CPU time, 3 s */

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static unsigned long gen;
static int stop;

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* Each wakes at every broadcast, works a little, and waits again. */
static void *worker(void *arg) {
	unsigned long seen = 0;
	(void)arg;
	for (;;) {
		pthread_mutex_lock(&mu);
		while (gen == seen && !stop)
			pthread_cond_wait(&cv, &mu);
		seen = gen;
		int s = stop;
		pthread_mutex_unlock(&mu);
		if (s)
			return 0;
		volatile int x = 0;
		for (int i = 0; i < 3000; i++)
			x += i;
	}
}

int main(void) {
	printf("blocked: a storm of %d threads for %.0f s, then asleep: its time-out is its own\n", THREADS, STORM);
	fflush(stdout);
	double t0 = now();
	pthread_t th[THREADS];
	for (int i = 0; i < THREADS; i++)
		pthread_create(&th[i], 0, worker, 0);
	while (now() - t0 < STORM) {
		pthread_mutex_lock(&mu);
		gen++;
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
		usleep(2000);
	}
	pthread_mutex_lock(&mu);
	stop = 1;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
	for (int i = 0; i < THREADS; i++)
		pthread_join(th[i], 0);
	for (;;)
		sleep(60);
}
