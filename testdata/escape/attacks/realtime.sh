# Takes real-time priority, from which it could starve the machine.
if chrt -f 1 true 2>/dev/null; then
  echo "ESCAPED: ran at real-time priority"
else
  echo "blocked: $(chrt -f 1 true 2>&1 | head -1)"
fi
