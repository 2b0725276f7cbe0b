# As tiocsti.py, with the command's high bits set: the kernel reads ioctl's
# command as an int, its low 32 bits, so 0x100005412 is TIOCSTI to it, and a
# filter that compared all 64 bits let it through. It tries to type into
# every terminal in reach; where none takes it (the run has no controlling
# terminal), it asks a pipe: a pipe answers ENOTTY to a command that reached
# the kernel, where the filter answers EPERM. Got through the filter, only
# the terminal's own checks stand between it and typing.
import ctypes
import errno
import os

TIOCSTI = 0x5412
HIGH = 1 << 32
libc = ctypes.CDLL(None, use_errno=True)


def ioctl(fd, cmd):
    c = ctypes.c_char(b"#")
    r = libc.ioctl(ctypes.c_int(fd), ctypes.c_ulong(cmd), ctypes.byref(c))
    return 0 if r == 0 else ctypes.get_errno()


for path in ("/dev/tty", "/proc/self/fd/0", "/proc/self/fd/1", "/proc/self/fd/2"):
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        continue
    e = ioctl(fd, HIGH | TIOCSTI)
    os.close(fd)
    if e == 0:
        print("ESCAPED: typed into", path)
        raise SystemExit(1)
r, w = os.pipe()
plain, high = ioctl(r, TIOCSTI), ioctl(r, HIGH | TIOCSTI)
said = "TIOCSTI on a pipe: %s; %#x: %s" % (errno.errorcode.get(plain, plain), HIGH | TIOCSTI, errno.errorcode.get(high, high))
if high == errno.ENOTTY:
    print("ESCAPED: the filter let TIOCSTI through to the kernel: " + said)
else:
    print("blocked: " + said)
