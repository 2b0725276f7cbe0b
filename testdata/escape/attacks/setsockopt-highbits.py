# As socketpairs.py, with buffers past the default: where no cgroup counts a
# run's memory, the filter refuses SO_SNDBUF and SO_RCVBUF at SOL_SOCKET, and
# the grader counts each socket at the default's cost. The kernel reads
# setsockopt's level and name as ints, their low 32 bits: level 0x100000001
# is SOL_SOCKET to it, and a filter that compared all 64 bits let it through
# (as nobody, 350 socket pairs queued 2.68 GiB under a 256 MiB limit, the
# run not killed). It gets out if it has the kernel hold more than 0.75 GiB
# for it, three times the escape exercise's limit, and the machine's
# MemAvailable falls by more than 0.5 GiB. It holds what it made only a
# moment.
import ctypes
import os
import platform
import socket
import struct

GiB = 1 << 30
PAIRS = 350  # 700 sockets at the grader's 312 KiB each: under 256 MiB
SOL_SOCKET, SO_SNDBUF = 1, 7
HIGH = 1 << 32
SYS_setsockopt = {"x86_64": 54, "aarch64": 208}.get(platform.machine(), 54)
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long


def available():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    return 0


def setsndbuf(s, level):
    """setsockopt(SO_SNDBUF, 4 MiB) by the raw call: libc's takes an int."""
    v = ctypes.c_int(4 << 20)
    r = libc.syscall(ctypes.c_long(SYS_setsockopt), ctypes.c_long(s.fileno()), ctypes.c_ulong(level),
                     ctypes.c_ulong(SO_SNDBUF), ctypes.byref(v), ctypes.c_long(4))
    return None if r == 0 else os.strerror(ctypes.get_errno())


probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
plain = setsndbuf(probe, SOL_SOCKET)
high = setsndbuf(probe, HIGH | SOL_SOCKET)
size = struct.unpack("i", probe.getsockopt(SOL_SOCKET, SO_SNDBUF, 4))[0]
probe.close()
said = "SO_SNDBUF: %s; at level %#x: %s; the buffer is %d bytes" % (plain or "set", HIGH | SOL_SOCKET, high or "set", size)
if high:
    print("blocked: " + said)
    raise SystemExit(1)

before = available()
queued, made, why = 0, 0, "all made"
chunk = b"x" * 65536
held = []
try:
    for _ in range(PAIRS):
        a, b = socket.socketpair()
        held.append((a, b))
        made += 1
        if setsndbuf(a, HIGH | SOL_SOCKET):
            why = "setsockopt refused on pair %d" % made
            break
        a.setblocking(False)
        try:
            while True:
                queued += a.send(chunk)
        except BlockingIOError:
            pass
except OSError as e:
    why = e.strerror
after = available()
said += "; %d socket pairs (%s), %.2f GiB queued, MemAvailable fell by %.2f GiB" % (made, why, queued / GiB, (before - after) / GiB)
if queued > 0.75 * GiB and before - after > 0.5 * GiB:
    print("ESCAPED: the kernel held more than the run's memory limit for its sockets: " + said)
else:
    print("blocked: " + said)
