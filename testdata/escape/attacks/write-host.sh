# Writes into the machine's /tmp, beside the marker the test left there: the
# test writes both paths (under its own folder in /tmp) in place of WRITTEN
# and MARKER, so that suites run at the same time each prove their own.
written=WRITTEN
marker=MARKER
if echo pwned 2>/dev/null > "$written" && [ -e "$marker" ]; then
  echo "ESCAPED: wrote $written beside the machine's files"
else
  echo "blocked: $( (echo x > "$written") 2>&1)"
fi
