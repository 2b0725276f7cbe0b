# Opens the terminal the grader was started from: raw escapes on the
# instructor's screen, and TIOCSTI to type into its shell.
if exec 3<>/dev/tty 2>/dev/null; then
  printf '\033]0;pwned\007' >&3
  echo "ESCAPED: opened /dev/tty"
  exit 1
fi
echo "blocked: $( (exec 3<>/dev/tty) 2>&1)"
