# Holds twice the run's memory limit in SysV shared memory, detached from
# it: no process's resident memory shows those pages, only a cgroup counts
# them.
import ctypes
import os

libc = ctypes.CDLL(None, use_errno=True)
libc.shmget.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_int]
libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
libc.shmat.restype = ctypes.c_void_p
libc.shmdt.argtypes = [ctypes.c_void_p]
IPC_PRIVATE, IPC_CREAT = 0, 0o1000
chunk, chunks = 64 << 20, 8  # 512 MiB; the escape exercise's limit is 256
for i in range(chunks):
    seg = libc.shmget(IPC_PRIVATE, chunk, IPC_CREAT | 0o600)
    if seg < 0:
        print("blocked: shmget: %s" % os.strerror(ctypes.get_errno()))
        break
    addr = libc.shmat(seg, None, 0)
    if addr is None or addr == ctypes.c_void_p(-1).value:
        print("blocked: shmat: %s" % os.strerror(ctypes.get_errno()))
        break
    ctypes.memset(addr, 1, chunk)
    libc.shmdt(addr)
else:
    print("ESCAPED: held %d MiB of SysV shared memory" % (chunk * chunks >> 20))
