package gradescope

import "text/template"

// setupTemplate is setup.sh. Gradescope's base image is Ubuntu without the
// interpreters and compilers submissions are run with; the grader needs
// nothing itself.
var setupTemplate = template.Must(template.New("setup.sh").Parse(`#!/usr/bin/env bash
# Written by grader gradescope ({{.Version}}) for exercise {{.Exercise}}.
# Gradescope runs it once, as root, when it builds the autograder's image.
# It installs what students' programs are run with: python3, C and C++
# compilers, node. Add the others your class writes in (ruby,
# golang-go, default-jdk-headless). The grader is the static binary
# beside this file and needs nothing.
set -euo pipefail
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 gcc g++ libc6-dev nodejs
chmod +x /autograder/source/grader /autograder/source/run_autograder
`))

// runTemplate is run_autograder. AUTOGRADER_ROOT exists for one reason:
// so that a test can run the script as Gradescope does against a folder
// of its own; Gradescope never sets it.
var runTemplate = template.Must(template.New("run_autograder").Parse(`#!/bin/sh
# Written by grader gradescope ({{.Version}}) for exercise {{.Exercise}}.
# Gradescope runs it for each submission: it grades the one program in
# /autograder/submission (by its extension, .py, .c, ...) into
# /autograder/results/results.json. A submission that cannot be run still
# gets its results.json, saying why. The text report goes to standard
# output, which Gradescope shows the instructor.
root=${AUTOGRADER_ROOT:-/autograder}
mkdir -p "$root/results"
# The grader (whose reference programs print every right answer) and the
# exercise, hidden checks and all, closed to every other user: where the
# container refuses the sandbox's namespaces, a run still has a uid of its
# own but sees the container's files, and could run them.
chmod 700 "$root/source" ||
	echo "run_autograder: could not close $root/source to other users: where runs share the container's files, they can run the grader" >&2
# A results.json is this grading's or none.
rm -f "$root/results/results.json"
"$root/source/grader" check --color never --uploaded --format gradescope --output "$root/results/results.json"{{.Flags}}{{.Arg}} "$root/submission"
status=$?
# 0: every check passed, 1: one did not: results.json has the grade. 3: the
# machine or the exercise is at fault: results.json says which, unless the
# exercise could not be loaded (or a sandbox was refused), which leaves none:
# then the grading itself failed, and so must this script, for Gradescope to
# say so. Anything else left no results.json either.
case $status in
0|1) exit 0 ;;
3) if [ -s "$root/results/results.json" ]; then exit 0; fi ;;
esac
echo "run_autograder: grader check exited with status $status and wrote no results.json" >&2
exit "$status"
`))
