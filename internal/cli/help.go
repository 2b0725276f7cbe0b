package cli

import (
	"fmt"
	"strings"
)

// The long help. cmd/grader's doc comment says the same in Go doc form; keep
// the two in step (TestHelpMatchesDoc compares their exit statuses).

const exitStatusHelp = `Exit status:
  0    every check passed
  1    a check failed, or was skipped because a check it needs failed,
       or the submission cannot be run (missing, empty, not executable):
       the report's check "submission" says what to do
  2    a usage error, an unknown exercise or check
  3    the grader, the exercise or the machine is broken (not the
       submission's fault; an interpreter missing: the report says what
       to install)
  130  interrupted (Ctrl-C)
`

func usageText() string {
	var b strings.Builder
	b.WriteString(`Grader checks a program against a chessboard-puzzle exercise and says what to fix.

Usage:

  grader list                          list the exercises
  grader show ID                       print an exercise's statement
  grader check [flags] ID SUBMISSION   check a submission against an exercise
  grader batch [flags] ID DIR --out OUTDIR
                                       grade a whole class into reports and a gradebook
  grader merge OUTDIR... --out DIR     join the gradebooks of batch shards
  grader gradescope ID --out DIR       write a Gradescope autograder for an exercise
  grader verify [flags] ID|PATH        prove an exercise: reference, submissions, checkers
  grader new [flags] ID                start an exercise folder, or copy one to vary it
  grader help [COMMAND]                explain a command
  grader version                       print grader's version

Start with:

  grader list
  grader show nqueens
  grader check nqueens nqueens.py

Run "grader help check" for check's flags.

`)
	b.WriteString(exitStatusHelp)
	return b.String()
}

// helpText is the long help of a command, for "grader help NAME" and
// "grader NAME -h".
func helpText(name string) string {
	switch name {
	case "list":
		return `Usage: grader list

List prints the exercises built into grader, one a line: its ID, then its
title. Give the ID to "grader show" and "grader check".
`
	case "show":
		return `Usage: grader show ID
       grader show --trace N [--format html] ID

Show prints the statement of exercise ID: what the program must do, the
exact messages and exit statuses, what counts as correct, and examples.

ID is an exercise from "grader list", or the path of an exercise folder.

For the N-Queens exercises, --trace N prints instead the reference solver's
search for N queens step by step, each queen placed and each taken back, and
the number of placements tried; with --format html, a page that animates it.
Both are said in the language --lang (or the environment) chooses, as the
statement is:

  grader show nqueens --trace 4
  grader show nqueens --trace 6 --format html > search.html

` + showFlagDefaults()
	case "help":
		return `Usage: grader help [COMMAND]

Help explains grader, or one of its commands: ` + strings.Join(commandNames(), ", ") + `.
`
	case "version":
		return `Usage: grader version

Version prints grader's version, the Go version it was built with, and the
platform, then "build" and the sha256 digest of grader's own binary: what
names this grader in the reports it grades (graded.grader, with the
version). Every build from a checkout says "(devel)", so the digest is what
tells two builds apart; go run and go build make two different binaries of
one checkout.
`
	case "verify":
		return verifyHelp()
	case "new":
		return newHelp()
	case "batch":
		return batchHelp()
	case "merge":
		return mergeHelp()
	case "gradescope":
		return gradescopeHelp()
	case "check":
		fs, _ := checkFlagSet()
		return fmt.Sprintf(`Usage: grader check [flags] ID SUBMISSION

Check runs SUBMISSION through every check of exercise ID and prints a report:
a line per check (✓ passed, ✗ failed, ~ skipped, ! broken exercise) with its
points; under each failure, the command that was run, what went wrong, the
difference between the expected output and yours, a picture of the board or
tour at fault, and a hint; then one line to quote when asking for help: the
score, how many checks fail, and which to fix first.

ID is an exercise from "grader list", or, for exercise authors, the path of an
exercise folder: anything with a slash (./my-exercise), or a folder holding
exercise.toml.

SUBMISSION is the program to check: an executable file, or a source file run
by its extension: .py (python3), .rb (ruby), .js (node), .sh (sh), .c (cc),
.cpp (c++), .go (go build), .java (java). Compiled languages are compiled once;
a script is parsed first (python3, ruby -c, node --check, sh -n), and one its
interpreter refuses fails one check, "The program starts", quoting the error;
so does a script whose #! line names a program the grader cannot run where it
runs programs (#!/proc/self/exe), naming the line.
A program of several files is its folder: the Go files of package main (go
build), C or C++ files (cc main.c board.c), Java classes (javac, then java
runs the class with main), or a Python package (python3 runs its
__main__.py, or the one file with if __name__ == "__main__"); the report's
"folder:" line says what was built. Any other folder (a platform's upload
folder, a student's clone) is graded by the one file in it with such an
extension, or the one --pattern matches, as grader batch picks a student's;
with --uploaded, a problem with what the folder holds is said as what to
upload ("upload exactly one program file (you uploaded a.py and b.py)").
The grader reads a submission as regular files inside its own folder only
(the file's folder, or the folder given): a link that stays inside is read
as the file it leads to, and files whose names start with a dot (.git) are
no part of it; a link out of the folder, a named pipe, a device, a socket or
a file over 64 MiB is left out, and the report names it ("notes.txt is a link
to /dev/zero, outside your folder"); so, as root, is a hard link to a file
not every user may read. A file of a Python package that is a link out of
it is left out, and the rest graded; a source of a compiled program, or the
program itself, fails "The submission can be run". The submission's own
folder (the folder given, or the file's) must not itself be a link: its
owner chose where that leads, and the grader, as root, would read through
it what the run could not ("class/mallory is a link to ../homes/mallory/hw:
grade the folder itself, not a link to it"); the folders above it are the
caller's, and followed, but as root only through links root owns: a
student's link on the path given is refused and named ("its path leads
through homes/mallory/work, a link owned by user 1001, and as root the
grader follows only links that root owns": give the folder's own path).
A file or folder the grader's user may not read (as another user than
root) is left out and named, with what to do ("notes.txt cannot be read
by the grader: make it readable (chmod a+r notes.txt)"); a folder more
than 32 deep, or a path in it longer than 1024 bytes, fails, naming where.
Compilers and runs see the grader's copy
of the submission, a copy of its own for every run, where the student's
files are.
A submission that cannot be run at all (missing, empty, a folder without
exactly one program, not executable, a program the grader does not read)
still gets a report, in every format: a failing check "The submission can be
run" saying why, every other check skipped, exit status 1.
When the machine lacks its interpreter or compiler, that check is broken (!),
says what to install, and the exit status is 3.

Each run's time limit is on its CPU time, what all of its processes
compute, which does not depend on how busy the machine is: the exercise's
(limits.time in its exercise.toml), or --timeout's. A run that waits
rather than computes is stopped by the wall clock at twice that and a
second, the time it waited for a processor that the machine's other work
held not counted (its own threads' wait for each other is its own). A run out of CPU time fails its check ("it used all of
its 10s of CPU time"), and so does one stopped while it waited of its own
accord ("it was waiting, not computing"); one the machine kept waiting
for a processor is run again, alone, up to three times, then its check is
an error that is not the submission's fault (exit status 3). Each run has
an equal share of the processor, whatever it starts; grader check -v says
how this machine counts and shares it.

Flags may come before or after ID and SUBMISSION, with one dash or two
(-v, --timeout 30s, --color=never). After --, every argument is positional.

%s
%s
Colour is on when standard output is a terminal, unless NO_COLOR is set or
TERM is dumb; --color overrides both.

With --watch, check grades, then grades again each time the submission is
saved (the file, or any file of a folder), clearing the terminal and saying
what changed since the last run ("since the last run: n6 now passes; n8 still
fails"). Ctrl-C (SIGINT) or SIGTERM ends the watch, with exit status 0.

%s`, flagDefaults(fs), outputHelp, exitStatusHelp)
	}
	return ""
}
