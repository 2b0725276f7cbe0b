# Prints without end on standard error.
import sys

line = "e" * 1023 + "\n"
while True:
    sys.stderr.write(line)
