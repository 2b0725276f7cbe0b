# Leaves the run's cgroup, where no limit would hold it.
for f in /sys/fs/cgroup/pids/cgroup.procs /sys/fs/cgroup/memory/cgroup.procs /sys/fs/cgroup/cgroup.procs /proc/[0-9]*/root/sys/fs/cgroup/pids/cgroup.procs; do
  if echo $$ 2>/dev/null > "$f"; then
    echo "ESCAPED: left the run's cgroup through $f"
    exit 1
  fi
done
echo "blocked: no cgroup.procs to write"
