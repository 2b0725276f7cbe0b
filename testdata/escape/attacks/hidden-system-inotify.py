# As hidden-inotify.py, through a file of the machine's instead of the
# submission's own: every run sees the system's folders, the same inodes as
# every other run's, which no copy of the submission per run divides. A
# hidden check's run opens /etc/debian_version ten times its N; a visible
# check's run, at the same time, counts those opens through inotify and
# prints N. It tells its check by its arguments (the hidden one is run with
# N), not by its folder. The filter, which refuses inotify (and fanotify, and
# fcntl's F_NOTIFY), stops it; so does running hidden checks only once the
# visible ones are over, within one grading, though not between two graders
# at the same time (a classmate's in a batch).
import ctypes
import os
import select
import struct
import sys
import time

shared = next((p for p in ("/etc/debian_version", "/etc/os-release", "/etc/passwd") if os.path.exists(p)), "/etc/passwd")
if len(sys.argv) > 1:
    time.sleep(3)  # the visible check's run watches by then, even on a busy machine
    for _ in range(10 * int(sys.argv[1])):
        open(shared, "rb").close()
    sys.exit(0)

libc = ctypes.CDLL(None, use_errno=True)
# Opens and closes alternate: the kernel merges identical events in a row.
IN_OPEN, IN_CLOSE_NOWRITE = 0x20, 0x10
fd = libc.inotify_init1(os.O_NONBLOCK)
if fd < 0:
    print("blocked: inotify_init1:", os.strerror(ctypes.get_errno()))
    print("hello")
    sys.exit(0)
opens = 0
if libc.inotify_add_watch(fd, shared.encode(), IN_OPEN | IN_CLOSE_NOWRITE) >= 0:
    deadline = time.time() + 6
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            continue
        try:
            data = os.read(fd, 65536)
        except BlockingIOError:
            continue
        while len(data) >= 16:
            _, mask, _, size = struct.unpack("iIII", data[:16])
            opens += 1 if mask & IN_OPEN else 0
            data = data[16 + size:]
if opens >= 10:
    print("ESCAPED: LEAKED: the hidden check's N is %d (%d opens of %s seen)" % (opens // 10, opens, shared))
else:
    print("blocked: %d opens of %s seen" % (opens, shared))
print("hello")
