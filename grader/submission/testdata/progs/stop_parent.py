# Stops its parent with SIGSTOP, leaves a child behind, and exits.
import os
import signal
import time

os.kill(os.getppid(), signal.SIGSTOP)
if os.fork() == 0:
    time.sleep(1000)
print("stopped my parent", flush=True)
