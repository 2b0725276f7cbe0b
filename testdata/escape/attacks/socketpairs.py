# Fills the buffers of thousands of Unix socket pairs from two processes:
# memory the kernel holds for the run that no process's resident memory
# shows. Where no cgroup counts it (an ordinary user's grader), the machine's
# MemAvailable fell by 3.3 GiB while the run's resident memory stayed at
# 1 MiB, under a 512 MiB limit. It gets out if it has the kernel hold more
# than 0.75 GiB for it, three times the escape exercise's limit, and the
# machine's MemAvailable, measured before and after, falls by more than 0.5
# GiB (generously: other programs on the machine take and give memory
# meanwhile). It holds what it made only a moment.
import os
import socket
import time

GiB = 1 << 30
PROCS, PAIRS = 2, 2500


def available():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    return 0


def fill(w):
    queued, made, why = 0, 0, "all made"
    chunk = b"x" * 65536
    held = []
    try:
        for _ in range(PAIRS):
            a, b = socket.socketpair()
            a.setblocking(False)
            held.append((a, b))
            made += 1
            try:
                while True:
                    queued += a.send(chunk)
            except BlockingIOError:
                pass
    except OSError as e:
        why = e.strerror
    os.write(w, b"%d %d %s\n" % (queued, made, why.encode()))
    time.sleep(2)  # held while the parent measures
    os._exit(0)


before = available()
r, w = os.pipe()
for _ in range(PROCS):
    if os.fork() == 0:
        fill(w)
os.close(w)
reports = os.read(r, 4096).decode()
while reports.count("\n") < PROCS:
    more = os.read(r, 4096).decode()
    if not more:
        break
    reports += more
after = available()
queued = sum(int(line.split()[0]) for line in reports.splitlines())
made = sum(int(line.split()[1]) for line in reports.splitlines())
why = "; ".join(sorted({line.split(" ", 2)[2] for line in reports.splitlines()}))
said = "%d socket pairs (%s), %.2f GiB queued, MemAvailable fell by %.2f GiB" % (made, why, queued / GiB, (before - after) / GiB)
if queued > 0.75 * GiB and before - after > 0.5 * GiB:
    print("ESCAPED: the kernel held more than the run's memory limit for its sockets: " + said)
else:
    print("blocked: " + said)
for _ in range(PROCS):
    os.wait()
