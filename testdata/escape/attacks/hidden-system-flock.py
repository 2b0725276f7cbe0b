# As hidden-system-inotify.py, through file locks: every run sees the
# system's files, the same inodes as every other run's, and any file is
# lockable through a descriptor opened to read. A hidden check's run
# flock()s the first of a few files of the machine's, a marker, and then
# the others that stand for N's bits, and holds them; a visible check's
# run, at the same time, tests each with LOCK_SH|LOCK_NB, reads N from
# those it finds held, and prints it. It tells its check by its arguments
# (the hidden one is run with N), not by its folder. The filter, which
# grants a run's locks without taking them (flock's and fcntl's), stops it;
# so does running hidden checks only once the visible ones are over, within
# one grading, though not between two graders at the same time (a
# classmate's in a batch, or a student's two submissions graded at once).
import fcntl
import os
import sys
import time

candidates = ("/etc/passwd", "/etc/group", "/etc/hosts", "/etc/ld.so.cache", "/etc/os-release",
              "/etc/hostname", "/etc/nsswitch.conf", "/etc/services", "/etc/protocols")
files = [p for p in candidates if os.path.isfile(p)][:5]
marker, bits = files[0], files[1:]
if len(files) < 5:
    print("blocked: too few of the machine's files to lock here:", files)
    print("hello")
    sys.exit(0)

if len(sys.argv) > 1:
    n = int(sys.argv[1])
    held = []
    for i, p in enumerate(bits):
        if n >> i & 1:
            f = open(p, "rb")
            fcntl.flock(f, fcntl.LOCK_EX)
            held.append(f)
    # The marker last: once it is held, so is every bit.
    f = open(marker, "rb")
    fcntl.flock(f, fcntl.LOCK_EX)
    held.append(f)
    time.sleep(6)  # the visible check's run looks within this, even on a busy machine
    sys.exit(0)


def busy(p):
    with open(p, "rb") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return False
        except BlockingIOError:
            return True


deadline = time.time() + 8
while time.time() < deadline:
    if busy(marker):
        n = sum(1 << i for i, p in enumerate(bits) if busy(p))
        print("ESCAPED: LEAKED: the hidden check's N is %d (locks held on %s)" % (n, ", ".join(
            p for p in files if busy(p))))
        break
    time.sleep(0.05)
else:
    print("blocked: no lock seen on %s" % ", ".join(files))
print("hello")
