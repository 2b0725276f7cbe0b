#!/bin/bash
# Connects to the grader's own loopback, where the test listens on the port
# in its first argument's place (the test writes it into this file).
port=PORT
if err=$( (exec 3<>/dev/tcp/127.0.0.1/$port) 2>&1); then
  echo "ESCAPED: connected to 127.0.0.1:$port"
else
  echo "blocked: no connection to 127.0.0.1:$port: ${err##*: }"
fi
