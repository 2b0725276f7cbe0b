# Reads the grader's environment (CI tokens) from /proc.
for p in /proc/[0-9]*; do
  if tr '\0' '\n' < "$p/environ" 2>/dev/null | grep -q '^BOARDCHECK_CANARY='; then
    echo "ESCAPED: read the grader's environment in $p/environ"
    exit 1
  fi
done
echo "blocked: no process's environment holds the canary"
