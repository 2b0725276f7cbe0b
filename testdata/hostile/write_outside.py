# Writes a file beside itself, outside the working folder the grader gives
# it, and says whether it could.
import os

target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "escaped.txt")
try:
    with open(target, "w") as f:
        f.write("out\n")
    print("wrote outside")
except OSError as e:
    print("denied:", e.strerror)
