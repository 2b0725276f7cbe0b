#!/bin/sh
# Slow for N = 4 only, so that checks finish out of the exercise's order.
if [ "$1" = 4 ]; then sleep 1; fi
exit 3
