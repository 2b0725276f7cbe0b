# Enters another process's network or mount namespace (the grader's).
me=$(readlink /proc/self/ns/net)
for p in /proc/[0-9]*; do
  ns=$(readlink "$p/ns/net" 2>/dev/null) || continue
  if [ "$ns" != "$me" ] && nsenter --net="$p/ns/net" true 2>/dev/null; then
    echo "ESCAPED: entered the network namespace of $p"
    exit 1
  fi
done
echo "blocked: no other namespace to enter"
