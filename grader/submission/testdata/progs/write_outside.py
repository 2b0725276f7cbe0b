# Writes a file in its working folder, in $TMPDIR, and in the folder given
# as its argument, and says which writes worked.
import os
import sys

for where in (".", os.environ["TMPDIR"], sys.argv[1]):
    try:
        with open(os.path.join(where, "written.txt"), "w") as f:
            f.write("hello\n")
        print("wrote", "outside" if where == sys.argv[1] else where)
    except OSError as e:
        print("denied", "outside" if where == sys.argv[1] else where, e.strerror)
