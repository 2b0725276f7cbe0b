# Prints invalid UTF-8, NUL bytes and an escape sequence.
import sys

sys.stdout.buffer.write(b"a\x00b\xff\xfe\x1b[2J\n")
