# Makes a user namespace of its own, where it would be root with every
# capability: the door to the kernel's namespaced attack surface.
if unshare -U true 2>/dev/null; then
  echo "ESCAPED: made a user namespace of its own"
else
  echo "blocked: $(unshare -U true 2>&1 | head -1)"
fi
