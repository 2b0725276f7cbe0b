#!/bin/bash
# Looks for the supervisor the grader started ahead of the next run (a
# spare: a boardcheck-run that is a child of this run's grader, beside this
# run's own supervisor, with no child yet), and tries to signal it (SIGSTOP
# would make the next run, another student's in grader batch, time out),
# to read its environment and to open its status pipe. Only kill -0: it
# stops nothing.
sup=$PPID
grader=$(awk '/^PPid/{print $2}' "/proc/$sup/status" 2>/dev/null)
found=0
for try in $(seq 20); do
  if [ -n "$grader" ] && [ "$grader" != 0 ]; then
    for pid in $(cat /proc/"$grader"/task/*/children 2>/dev/null); do
      [ "$pid" = "$sup" ] && continue
      [ "$(tr -d '\0' < "/proc/$pid/cmdline" 2>/dev/null)" = boardcheck-run ] || continue
      [ -z "$(cat /proc/"$pid"/task/*/children 2>/dev/null)" ] || continue
      found=1
      if kill -0 "$pid" 2>/dev/null; then echo "ESCAPED: may signal the next run's supervisor $pid"; fi
      if [ -n "$(tr '\0' ' ' < "/proc/$pid/environ" 2>/dev/null)" ]; then echo "ESCAPED: read the next run's supervisor's environment"; fi
      if { : >> "/proc/$pid/fd/3"; } 2>/dev/null; then echo "ESCAPED: opened the next run's supervisor's status pipe"; fi
    done
  fi
  [ $found = 1 ] && break
  sleep 0.05
done
if [ $found = 1 ]; then echo "blocked: saw the next run's supervisor, could not reach it"; else echo "blocked: no other supervisor of this grader in sight"; fi
