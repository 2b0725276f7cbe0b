#!/bin/bash
# Looks for the grader's launcher (boardcheck-launcher, a child of the
# grader, which is this run's supervisor's parent), which forks the
# supervisor of every run and holds each run's program in its memory while
# it does (in grader batch, other students' files and arguments), and tries
# to read its memory and its environment. Whether the run may signal it is
# said, not counted here: signal.sh counts it.
sup=$PPID
grader=$(awk '/^PPid/{print $2}' "/proc/$sup/status" 2>/dev/null)
found=0
if [ -n "$grader" ] && [ "$grader" != 0 ]; then
  for pid in $(cat /proc/"$grader"/task/*/children 2>/dev/null); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = boardcheck-laun ] || continue
    found=1
    if [ -n "$(tr '\0' ' ' < "/proc/$pid/environ" 2>/dev/null)" ]; then echo "ESCAPED: read the launcher's environment"; fi
    if [ -n "$(cat "/proc/$pid/maps" 2>/dev/null)" ]; then echo "ESCAPED: read the launcher's memory map"; fi
    if kill -0 "$pid" 2>/dev/null; then echo "note: may signal the launcher $pid"; fi
  done
fi
if [ $found = 1 ]; then echo "blocked: saw the launcher, could not read it"; else echo "blocked: no launcher in sight"; fi
