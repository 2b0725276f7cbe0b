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
"$root/source/grader" check --color never --format gradescope --output "$root/results/results.json"{{.Flags}}{{.Arg}} "$root/submission"
status=$?
# 0: every check passed, 1: one did not, 3: the machine or the exercise is
# at fault: results.json says which. Anything else left no results.json.
case $status in
0|1|3) exit 0 ;;
*) echo "run_autograder: grader check exited with status $status" >&2; exit "$status" ;;
esac
`))
