# Reads standard input to its end, then says how much it read.
import sys

data = sys.stdin.buffer.read()
print("read", len(data))
