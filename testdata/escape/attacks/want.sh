# Replaces the scenario's expected output with what it prints, so that the
# comparison compares its output with itself: every want.txt it can reach
# through /tmp, /run or any process's working folder, but only those of its
# own grader, under reach (the grader's TMPDIR, which the escape suite writes
# in place of REACH), and by the path they resolve to. With layers off it
# does get out, and every other grader's want.txt on the machine is then in
# reach too: another test's, another suite's run at the same time, a
# class's. Rewritten, each would fail a good submission there.
reach=REACH
found=
for f in $(find /tmp /run /proc/[0-9]*/cwd/ -name want.txt 2>/dev/null); do
  p=$(realpath "$f" 2>/dev/null) || continue
  case "$p" in
    "$reach"/*) echo "mine" 2>/dev/null > "$p" && found="$f" ;;
  esac
done
echo mine
if [ -n "$found" ]; then echo "ESCAPED: rewrote $found" >&2; else echo "blocked: no want.txt of this grader's in reach" >&2; fi
