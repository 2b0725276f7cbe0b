# Holds 1 GiB (four times the limit) in a memfd: memory that no process's resident size shows.
import os
try:
    fd = os.memfd_create("hoard")
except OSError as e:
    print("blocked: memfd_create:", e.strerror)
    raise SystemExit(1)
chunk = b"m" * (1 << 20)
for i in range(1024):
    os.write(fd, chunk)
print("ESCAPED: held 1 GiB in a memfd")
