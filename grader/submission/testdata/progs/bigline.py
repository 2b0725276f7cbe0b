# Prints one 100 MB line with no newline, then exits normally.
import sys

chunk = "y" * (1 << 20)
for _ in range(100):
    sys.stdout.write(chunk)
