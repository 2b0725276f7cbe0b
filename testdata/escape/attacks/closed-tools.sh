# As root, runs are a user of their own, who may not enter a folder of mode
# 0700 on the host, as /root is: yet a tool on PATH under one (pyenv's
# Python under /root/.pyenv, ~/.cargo/bin) used to be bound into the run's
# root by the grader, as root, past that mode, and the run read what beside
# it only root could (/root/.cargo/env). The test puts such a folder's tool
# first on PATH: a sh, which runs this file, beside a file of its own.
closed=CLOSED
if [ -r "$closed/tool/secret.txt" ]; then
  echo "ESCAPED: read $closed/tool/secret.txt: $(cat "$closed/tool/secret.txt")"
else
  echo "blocked: nothing of $closed in sight"
fi
