#!/bin/sh
# PrairieLearn's external grader entrypoint for boardcheck exercises. It
# grades the one program the student submitted (/grade/student, by its
# extension) against the exercise BOARDCHECK_EXERCISE (the question's
# externalGradingOptions.environment) into /grade/results/results.json. The
# grader binary sits beside this file: copy it here (cp "$(command -v
# grader)" serverFilesCourse/boardcheck/), a Linux build for the grading
# machine's processor (from a Mac: GOOS=linux GOARCH=amd64 go build
# ./cmd/grader). GRADE_ROOT exists only so that a
# test can run this against a folder of its own; PrairieLearn never sets it.
root=${GRADE_ROOT:-/grade}
here=$root/serverFilesCourse/boardcheck
mkdir -p "$root/results"
# The course's files (this grader, whose reference programs print every
# right answer, and any exercise folder, hidden checks and all) closed to
# every other user: where the container refuses the sandbox's namespaces, a
# run still has a uid of its own but sees the container's files, and could
# run them. grader itself runs as root here.
chmod 700 "$root/serverFilesCourse" ||
	echo "run.sh: could not close $root/serverFilesCourse to other users: where runs share the container's files, they can run the grader" >&2
# A results.json is this grading's or none.
rm -f "$root/results/results.json"
"$here/grader" check --color never --uploaded --lang "${BOARDCHECK_LANG:-en}" --format prairielearn --output "$root/results/results.json" "${BOARDCHECK_EXERCISE:?set BOARDCHECK_EXERCISE in externalGradingOptions.environment of the question}" "$root/student"
status=$?
# 0: every check passed, 1: one did not: results.json has the grade. 3: the
# machine or the exercise is at fault: for a missing interpreter results.json
# says which, but an exercise folder that cannot be loaded (or, with
# --require-isolation, a sandbox refused) leaves none, only grader's message
# on standard error, and then the grading itself failed: the job must fail,
# for PrairieLearn to show it to the course's staff. Anything else left no
# results.json either.
case $status in
0|1) exit 0 ;;
3) if [ -s "$root/results/results.json" ]; then exit 0; fi ;;
esac
echo "run.sh: grader check exited with status $status and wrote no results.json" >&2
exit "$status"
