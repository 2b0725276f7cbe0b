# Lowers its supervisor's limits: the run is the supervisor's own user,
# which is all prlimit asks, undumpable or not. A lower CPU limit could get
# the supervisor killed, and with it the grader's account of the run.
import os
import resource

sup = os.getppid()
try:
    resource.prlimit(sup, resource.RLIMIT_NOFILE, (3, 3))
    print("ESCAPED: changed the limits of the supervisor, pid %d" % sup)
except OSError as e:
    print("blocked: prlimit of the supervisor: %s" % e)
