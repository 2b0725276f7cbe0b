# Checks talking to each other (issue 29, item 4): a hidden check's input,
# learned by the hidden check's run and handed to a visible check's run
# beside it, which prints it for the student to read. The run tells which
# check it is in from its working folder (the grader once named it after
# the check: .../work/secret/run1). In the hidden check it opens its own
# file ten times the check's N; in the visible one, running at the same
# time, it counts those opens through inotify on that file (both runs
# were shown the same inode) and prints N. Each of these stops it:
# working folders named for no check (workname), a hidden check run only
# once the visible ones are over (hiddenlast), the gate that lets no
# hidden check's run beside another kind's (hiddengate), a copy of the
# submission of its own for every run (runcopies), and the syscall filter,
# which refuses inotify (seccomp; hidden-system-inotify.py watches a file
# of the machine's instead, which no copy divides). (An attack that told
# its check by its arguments would not need the folder's name; the others
# stop it all the same.)
import ctypes
import os
import select
import struct
import sys
import time

me = os.path.realpath(sys.argv[0])
check = os.getcwd().split(os.sep)[-2]
if check == "secret":
    time.sleep(3)  # the visible check's run watches by then, even on a busy machine
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    for _ in range(10 * n):
        open(me, "rb").close()
    sys.exit(0)

libc = ctypes.CDLL(None, use_errno=True)
# Opens and closes alternate: the kernel merges identical events in a row,
# which opens alone would be.
IN_OPEN, IN_CLOSE_NOWRITE = 0x20, 0x10
fd = libc.inotify_init1(os.O_NONBLOCK)
opens = 0
if fd >= 0 and libc.inotify_add_watch(fd, me.encode(), IN_OPEN | IN_CLOSE_NOWRITE) >= 0:
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
    print("ESCAPED: LEAKED: the hidden check's N is %d (%d opens of my file seen)" % (opens // 10, opens))
else:
    print("blocked: %d opens of my file seen, in a folder named %s" % (opens, check))
print("hello")
