# Reads standard input forever, even past its end.
import sys

while True:
    sys.stdin.read()
