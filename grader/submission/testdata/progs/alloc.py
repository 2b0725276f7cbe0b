# Allocates (and touches) memory without end.
keep = []
while True:
    keep.append(b"m" * (1 << 20))
