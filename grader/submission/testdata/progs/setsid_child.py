# Double-forks a child into a session of its own that outlives the program
# and holds standard output open.
import os
import sys
import time

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(1000)
    os._exit(0)
print("parent exits", flush=True)
time.sleep(0.2)
