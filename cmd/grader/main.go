// Grader checks a student's program against a chessboard-puzzle exercise
// (N-Queens, N-Rooks, knight's tour) and says what to fix.
//
// Usage:
//
//	grader list
//	grader show [--lang LANG] ID
//	grader show --trace N [--format html] ID
//	grader check [flags] ID SUBMISSION
//	grader batch [flags] ID DIR --out OUTDIR
//	grader merge OUTDIR... --out DIR
//	grader gradescope [flags] ID --out DIR
//	grader verify [flags] ID|PATH
//	grader new [flags] ID
//	grader help [COMMAND]
//	grader version
//
// List prints the built-in exercises, one a line: ID and title. Show prints an
// exercise's statement; with --trace N, the reference solver's search for N
// queens step by step instead (--format html animates it).
//
// Check runs SUBMISSION through every check of exercise ID and prints a
// report: a line per check (✓ passed, ✗ failed, ~ skipped, ! broken exercise)
// with its points; under each failure, the command that was run, what went
// wrong, a diff of the expected output against the program's, a picture of
// the board or tour at fault, and a hint; then the score and the check to fix
// first. ID may also be the path of an exercise folder, for authors.
// SUBMISSION is an executable, or a source file run by its extension (.py,
// .rb, .js, .sh, .c, .cpp, .go, .java), or a folder holding a program of
// several files (Go files of package main, C or C++ files, Java classes, a
// Python package with a __main__.py or one file with if __name__ ==
// "__main__"), built as its language's tool would.
// The flags, before or after the arguments:
//
//	--timeout DURATION  override every run's CPU time limit (a positive duration: 30s, 2m)
//	--run NAME          run only the check NAME and the checks it needs (repeatable, or comma-separated)
//	-v                  show every run: the real command line, exit status, time, output
//	--color WHEN        auto (the default: on for a terminal, off if NO_COLOR is set), always or never
//	--format FORMAT     text (the default), json, junit, tap, gradescope, github, html,
//	                    classroom, prairielearn or vpl;
//	                    repeatable, paired in order with --output
//	--output FILE       write the report of the matching --format to FILE (written whole,
//	                    through a temporary file); the terminal still shows the text report
//	--pattern GLOB      when SUBMISSION is a folder, the file in it to grade (default: the
//	                    one file with a known extension)
//	--require-isolation refuse to run the submission unless the sandbox isolates it fully
//	                    (grader batch requires it by default: --require-isolation=false)
//	--uploaded          SUBMISSION is a platform's upload folder (Gradescope, PrairieLearn):
//	                    a problem with what it holds is said as what to upload ("upload
//	                    exactly one program file (you uploaded a.py and b.py)")
//	--watch             grade again each time the submission (a file, or a folder's files) is
//	                    saved, clearing the terminal and saying what changed since the last
//	                    run ("n6 now passes; n8 still fails"), until Ctrl-C: exit status 0
//	--lang LANG         say the report in LANG: en, bn (Bengali), ar (Arabic), ko (Korean) or
//	                    th (Thai); default: the environment's LANGUAGE, LC_ALL, LC_MESSAGES or
//	                    LANG, else the exercise's lang, else en (show and batch take it too)
//
// Exit status:
//
//	0    every check passed
//	1    a check failed, or was skipped because a check it needs failed,
//	     or the submission cannot be run (missing, empty, not executable):
//	     the report's check "submission" says what to do
//	2    a usage error, an unknown exercise or check
//	3    the grader, the exercise or the machine is broken (not the
//	     submission's fault; an interpreter missing: the report says what
//	     to install)
//	130  interrupted (Ctrl-C)
//
// Batch grades a whole class: every entry of DIR (a file, or a folder holding
// the submission) is a student; it writes OUTDIR/reports/STUDENT.json and
// OUTDIR/gradebook.csv, resumes where it stopped when run again, and with
// --shard K/N grades one slice of the class; merge joins the slices into the
// gradebook one run would have written. A report is kept by a rerun only
// when the student's files, the exercise and the grader's version are the
// ones it records; the others are graded again (--regrade: all of them). docs/ has GitHub Actions workflows
// for a class and for a student's repository.
//
// Gradescope writes the autograder of a Gradescope programming assignment:
// DIR/autograder.zip, holding setup.sh, run_autograder (which grades
// /autograder/submission into /autograder/results/results.json) and the
// grader itself. docs/ also has a GitHub Classroom workflow, a PrairieLearn
// question, a Moodle VPL evaluation script and a Kubernetes Indexed Job.
//
// Verify proves an exercise for its authors: the reference program and every
// good/ submission pass every check, every bad/ submission fails the checks
// its manifest names, the checkers accept valid-output/ and reject
// invalid-output/, and the time limits leave the reference room. New starts
// an exercise folder, empty or copied from an existing exercise.
//
// Run "grader help COMMAND" for the details of a command.
package main

import (
	"os"

	"github.com/boardcheck/boardcheck/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:])) }
