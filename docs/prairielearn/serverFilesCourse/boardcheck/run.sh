#!/bin/sh
# PrairieLearn's external grader entrypoint for boardcheck exercises. It
# grades the one program the student submitted (/grade/student, by its
# extension) against the exercise BOARDCHECK_EXERCISE (the question's
# externalGradingOptions.environment) into /grade/results/results.json. The
# grader binary sits beside this file: copy it here (cp "$(command -v
# grader)" serverFilesCourse/boardcheck/). GRADE_ROOT exists only so that a
# test can run this against a folder of its own; PrairieLearn never sets it.
root=${GRADE_ROOT:-/grade}
here=$root/serverFilesCourse/boardcheck
mkdir -p "$root/results"
"$here/grader" check --color never --format prairielearn --output "$root/results/results.json" "${BOARDCHECK_EXERCISE:?set BOARDCHECK_EXERCISE in the question's externalGradingOptions.environment}" "$root/student"
status=$?
# 0: every check passed, 1: one did not, 3: the machine or the exercise is
# at fault. With 0, 1, and 3 for a missing interpreter, results.json says
# which; 3 for an exercise folder that cannot be loaded (or, with
# --require-isolation, a sandbox refused) leaves none, only grader's
# message on standard error. Anything else left no results.json.
case $status in
0|1|3) exit 0 ;;
*) echo "run.sh: grader check exited with status $status" >&2; exit "$status" ;;
esac
