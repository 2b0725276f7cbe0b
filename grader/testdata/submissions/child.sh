#!/bin/sh
# Prints the right count, then exits leaving a child that holds standard
# output open: the grader must not wait for it, and must not leave it behind.
echo 4
sleep 972 &
exit 0
