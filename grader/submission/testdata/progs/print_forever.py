# Prints without end on standard output.
import sys

line = "x" * 1023 + "\n"
while True:
    sys.stdout.write(line)
