# Stops its parent with SIGSTOP, leaves a child behind, and exits. Where
# the sandbox refuses the signal (Landlock's scope), it says so on standard
# error and carries on.
import os
import signal
import sys
import time

try:
    os.kill(os.getppid(), signal.SIGSTOP)
    print("stopped my parent", file=sys.stderr, flush=True)
except OSError as e:
    print("stop parent:", e.strerror, file=sys.stderr, flush=True)
if os.fork() == 0:
    time.sleep(1000)
print("still here", flush=True)
