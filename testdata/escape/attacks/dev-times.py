# Sets the times of the run's /dev/null, which is the machine's own node
# bound into the run's /dev: any user may write it, and so may set its
# times to now. A hidden check's run could set them at moments that spell
# its N, and a visible check's run of the next grading read them back (the
# last attacker's f2 did, as root and as nobody). The node is bound
# read-only, where a device is still a device but its times are not to be
# changed.
import os

before = os.stat("/dev/null").st_mtime_ns
try:
    os.utime("/dev/null")
except OSError as e:
    print("blocked: utime(/dev/null): %s" % e)
else:
    after = os.stat("/dev/null").st_mtime_ns
    print("ESCAPED: set the machine's /dev/null times (mtime %d, now %d)" % (before, after))
with open("/dev/null", "w") as f:
    f.write("a device is still a device\n")
print("hello")
