# Replaces the scenario's expected output with what it prints, so that the
# comparison compares its output with itself.
found=
for f in $(find /tmp /run /proc/[0-9]*/cwd/ -name want.txt 2>/dev/null); do
  if echo "mine" 2>/dev/null > "$f"; then found="$f"; fi
done
echo mine
if [ -n "$found" ]; then echo "ESCAPED: rewrote $found" >&2; else echo "blocked: no want.txt in reach" >&2; fi
