# Holds 512 MiB of the kernel's memory (twice the limit) in page
# tables: it maps 256 GiB of nothing, read-only, and reads one byte in
# every 2 MiB of it. Each read maps the shared zero page, which no
# process's resident size shows, and costs the kernel a page table of
# 4 KiB. A memory cgroup charges page tables; where there is none, the
# grader's poll counts them beside the run's resident memory.
import mmap

span = 256 << 30
try:
    m = mmap.mmap(-1, span, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS | 0x4000, prot=mmap.PROT_READ)  # 0x4000: MAP_NORESERVE
except OSError as e:
    print("blocked: mmap of 256 GiB:", e.strerror)
    raise SystemExit(1)
m.madvise(mmap.MADV_NOHUGEPAGE)  # else one huge zero page maps 2 MiB at no table's cost
sink = 0
for off in range(0, span, 2 << 20):
    sink += m[off]


def status(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) >> 10
    return -1


print("ESCAPED: page tables of %d MiB, resident memory of %d MiB" % (status("VmPTE:"), status("VmRSS:")))
