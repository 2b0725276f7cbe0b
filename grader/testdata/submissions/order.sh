#!/bin/sh
# Run as order.sh MARKS ARGS...: with -count, waits until the checks listed
# after count (and the others that run) have finished, as the test's OnCheck
# appends their names to the file MARKS: count then finishes last, out of the
# exercise's order, whatever the machine's load. MARKS is an argument, not a
# folder in the environment, because a run sees no file of the grader's
# but its submission's own (read-only, and live: the appends show). Without
# ORDER_MARK=seen (Options.Env), count does not wait, and so does not finish
# last.
marks=$1
shift
if [ "$1" = -count ] && [ "$ORDER_MARK" = seen ]; then
	i=0
	while [ $i -lt 300 ]; do
		if grep -qx usage "$marks" && grep -qx matrix "$marks" && grep -qx tour "$marks" &&
			grep -qx stdin "$marks" && grep -qx env "$marks"; then
			break
		fi
		sleep 0.1
		i=$((i + 1))
	done
fi
exit 3
