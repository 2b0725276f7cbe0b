#!/bin/bash
# Writes to a file descriptor the grader inherited from whoever started it
# (a CI runner's log, say).
if echo "ESCAPED: wrote to descriptor 40" 2>/dev/null >&40; then
  echo "ESCAPED: descriptor 40 was open"
else
  echo "blocked: no descriptor 40"
fi
