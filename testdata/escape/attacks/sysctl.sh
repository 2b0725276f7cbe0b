# Writes one of the kernel's settings (its own value back: harmless, but
# core_pattern would run a command as the machine's root).
f=/proc/sys/kernel/printk_ratelimit
if v=$(cat "$f" 2>/dev/null) && echo "$v" 2>/dev/null > "$f"; then
  echo "ESCAPED: wrote the machine's $f"
else
  echo "blocked: $( (echo 5 > "$f") 2>&1)"
fi
