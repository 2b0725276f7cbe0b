# Prints its environment, one VAR=value a line.
import os

for k, v in sorted(os.environ.items()):
    print(f"{k}={v}")
