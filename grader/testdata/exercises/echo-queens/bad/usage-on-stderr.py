import sys
# Wrong on purpose: the usage message goes to standard error.
print("Usage: nqueens N", file=sys.stderr)
sys.exit(1)
