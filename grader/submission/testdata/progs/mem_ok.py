# Uses about 100 MiB, well under the limit, and says so.
keep = [b"m" * (1 << 20) for _ in range(100)]
print("ok", len(keep))
