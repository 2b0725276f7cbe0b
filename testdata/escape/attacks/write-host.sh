# Writes into the machine's /tmp.
if echo pwned 2>/dev/null > /tmp/boardcheck-escape-written && [ -e /tmp/boardcheck-escape-marker ]; then
  echo "ESCAPED: wrote /tmp/boardcheck-escape-written beside the machine's files"
else
  echo "blocked: $( (echo x > /tmp/boardcheck-escape-written) 2>&1)"
fi
