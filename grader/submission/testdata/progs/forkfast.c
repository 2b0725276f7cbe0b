/* Forks until the kernel refuses, each child waiting on a pipe, then lets
   them all go and exits 0 at once: a fork bomb over in milliseconds,
   between two counts of its processes. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
	int p[2];
	if (pipe(p) != 0)
		return 2;
	int n = 0;
	while (n < 100000) {
		pid_t pid = fork();
		if (pid < 0)
			break;
		if (pid == 0) {
			char c;
			close(p[1]);
			read(p[0], &c, 1);
			_exit(0);
		}
		n++;
	}
	close(p[1]);
	while (wait(NULL) > 0) {
	}
	printf("forked %d\n", n);
	return 0;
}
