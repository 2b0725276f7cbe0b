# Signals its parent and its own process group, and carries on. What is
# refused it says on standard error.
import os
import signal
import sys

signal.signal(signal.SIGTERM, signal.SIG_IGN)
for sig in (signal.SIGTERM, signal.SIGKILL):
    try:
        os.kill(os.getppid(), sig)
    except OSError as e:
        print("kill parent:", e.strerror, file=sys.stderr, flush=True)
os.killpg(0, signal.SIGTERM)
print("still here", flush=True)
