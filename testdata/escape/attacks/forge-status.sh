# Prints the right answer, exits 1, and tells the grader through its
# supervisor's status pipe that it exited 0; or opens the supervisor's
# memory to do worse.
echo hello
# In braces: "exec 4<>FILE 2>/dev/null" alone would send the rest of the
# script's standard error to /dev/null, the word of this escape with it.
if { exec 4<>"/proc/$PPID/mem"; } 2>/dev/null; then
  echo "ESCAPED: opened the supervisor's memory read-write" >&2
fi
if printf 'X\000\000\000\000\000\000\000\000\000\000\000\000' 2>/dev/null > "/proc/$PPID/fd/3"; then
  echo "ESCAPED: forged the supervisor's report" >&2
fi
exit 1
