#!/bin/sh
# Prints the right answer, then exits leaving a child that holds standard
# output open: the grader must not wait for it, and must not leave it behind.
echo '[[0, 1], [1, 3], [2, 0], [3, 2]]'
echo '[[0, 2], [1, 0], [2, 3], [3, 1]]'
sleep 972 &
exit 0
