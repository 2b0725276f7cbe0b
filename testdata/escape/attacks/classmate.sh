# In grader batch: rewrites a classmate's submission and any report already
# written, wherever they can be reached: the class folder, the grader's
# /tmp, through any process's /proc/PID/root. But only those of its own
# batch, under reach (the folder of its class, reports and TMPDIR, which the
# escape suite writes in place of REACH), and by the path they resolve to:
# with layers off it does get out, and every other class on the machine is
# then in reach too (another suite's run at the same time, its files as
# world-writable as this one's). Left as REACH, it writes nothing.
reach=REACH
n=0
for f in $(find /tmp /run /proc/[0-9]*/root/tmp \( -name hello.sh -o -path '*/reports/*.json' \) 2>/dev/null); do
  p=$(realpath "$f" 2>/dev/null) || continue
  case "$p" in
    "$reach"/*)
      if echo 'echo pwned' 2>/dev/null > "$p"; then n=$((n+1)); echo "ESCAPED: rewrote $f"; fi ;;
  esac
done
[ $n -eq 0 ] && echo "blocked: no classmate's file of this batch in reach"
