# Types a command into the terminal the grader was started from (TIOCSTI):
# the shell runs it after the grader exits.
import fcntl, os, termios
for path in ("/dev/tty", "/proc/self/fd/0", "/proc/self/fd/1", "/proc/self/fd/2"):
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        continue
    try:
        fcntl.ioctl(fd, termios.TIOCSTI, b"#")
        print("ESCAPED: typed into", path)
        raise SystemExit(1)
    except OSError as e:
        print("blocked:", path, e.strerror)
print("blocked: no terminal in reach")
