# Holds more of the kernel's memory than the run's limit in epoll watches:
# twelve processes, each with as many epoll instances watching as many
# eventfds as its descriptors allow, k x k watches. Each watch is some 160
# bytes of the kernel's that no resident size shows, and counts against
# the user's fs.epoll.max_user_watches, the whole machine's allowance for
# every process of that user: as nobody, where every run is the grading
# user, 40 such processes took all of it, and the user's other programs
# got ENOSPC (issue 29, G7). A memory cgroup counts the watches; where
# there is none, a process may hold no more descriptors than keep its
# run's watches within the memory limit (RLIMIT_NOFILE).
import errno
import os
import resource
import select
import time

LIMIT = 256 << 20  # the escape exercise's memory limit
COST = 160  # bytes of the kernel's per watch
CHILDREN = 12

r, w = os.pipe()
for _ in range(CHILDREN):
    if os.fork() == 0:
        os.close(r)
        k = (resource.getrlimit(resource.RLIMIT_NOFILE)[0] - 16) // 2
        fds, polls, watches, full = [], [], 0, 0
        try:
            fds = [os.eventfd(0) for _ in range(k)]
            polls = [select.epoll() for _ in range(k)]
            for p in polls:
                for fd in fds:
                    p.register(fd, select.EPOLLIN)
                    watches += 1
        except OSError as e:
            full = int(e.errno == errno.ENOSPC)  # the user's whole allowance taken
        os.write(w, b"%d %d\n" % (watches, full))
        time.sleep(2)
        os._exit(0)
os.close(w)
counts = [[int(f) for f in line.split()] for line in os.fdopen(r).read().splitlines()]
for _ in range(CHILDREN):
    os.wait()
total = sum(c[0] for c in counts)
if any(c[1] for c in counts):
    print("ESCAPED: %d processes held %d epoll watches, and took the user's whole allowance (ENOSPC)" % (len(counts), total))
elif total * COST > LIMIT:
    print("ESCAPED: %d processes held %d epoll watches, %d MiB of the kernel's memory" % (len(counts), total, total * COST >> 20))
else:
    print("blocked: %d processes held %d epoll watches, %d MiB" % (len(counts), total, total * COST >> 20))
print("hello")
