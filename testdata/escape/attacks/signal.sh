#!/bin/bash
# Signals the grader (its supervisor's parent) and the grader's launcher
# (a child of the grader) with SIGCONT, which neither notices: a run that
# may send it may as well send SIGSTOP and stop the grading, or SIGKILL.
# Where there is no PID namespace and the run is the grader's own user (an
# ordinary user without user namespaces), only Landlock's signal scope
# refuses it.
sup=$PPID
grader=$(awk '/^PPid/{print $2}' "/proc/$sup/status" 2>/dev/null)
if [ -z "$grader" ] || [ "$grader" = 0 ]; then
  echo "blocked: no grader in sight"
  exit 0
fi
targets="$grader"
for pid in $(cat /proc/"$grader"/task/*/children 2>/dev/null); do
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = boardcheck-laun ] && targets="$targets $pid"
done
for pid in $targets; do
  if err=$(kill -CONT "$pid" 2>&1); then
    echo "ESCAPED: sent SIGCONT to $(cat "/proc/$pid/comm") ($pid)"
  else
    echo "blocked: SIGCONT to $(cat "/proc/$pid/comm" 2>/dev/null) ($pid): $err"
  fi
done
