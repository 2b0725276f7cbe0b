// Package grader runs one submission through one exercise's checks and
// returns a Report of verdicts: pass, fail, skip or error.
//
//	ex, err := grader.Lookup("nqueens")
//	...
//	report, err := grader.GradePath(ctx, ex, "0-nqueens.py", grader.Options{})
//
// # Exercises
//
// An exercise is a folder (see CONTRIBUTING.md, "An exercise"): a manifest,
// exercise.toml, a statement, README.md, and one testscript scenario per check
// under tests/. Builtin and Lookup return the exercises embedded in the
// binary (package exercises); LoadDir and LoadFS load a folder, for authors.
// Loading validates everything that can be known before a run: the manifest's
// keys and values, each scenario's header (title, points, needs, hint), that
// every command exists and is used as its usage says, that `run` names the
// manifest's program, that needs name real checks and form no cycle. A
// malformed exercise is an *ExerciseError naming the file and line, so a typo
// costs its author a message rather than costing students points.
//
// An exercise's exact messages are its manifest's [messages]: its scenarios
// read them as variables ($too_small, compared by cmpenv), a builtin
// reference prints them (BOARDCHECK_REFERENCE_TEXTS), and Update writes them
// into the statement. Verify proves the exercise as a whole, and Update
// writes what its folder takes from elsewhere: the want files of cmp lines
// from the reference's output, the statement's table of checks and its
// examples (statement.go).
//
// # Scenarios
//
// Each check's scenario runs under testscript (github.com/rogpeppe/go-internal)
// with the commands of scenario.go added: run, status, queens, tour and count.
// The grader drives testscript itself rather than through `go test`: scriptT
// is its testscript.T, and a scheduler in Grade starts each check once the
// checks it needs have finished (skipping it if one did not pass), at most
// Options.Parallel at a time, and reports them in the exercise's order.
//
// testscript's builtin exec cannot isolate a program, so `run` executes the
// submission in package sandbox (Execute): its limits, its own namespaces and
// root, and a folder of its own beside the scenario's, which it can neither
// see nor change (scenariofiles.go). What a run prints is handed to
// testscript through ts.Stdout and ts.Stderr, so the builtins stdout, stderr
// and cmp judge it as they would an exec's output.
//
// # Verdicts
//
// A check fails with a message a student can act on. The grader's commands
// say what is wrong with the output (through package checker) or the run
// ("nqueens 4: timed out after 10s"). When a builtin fails, its terse message
// ("no match for `^usage` found in stdout") is rewritten from the scenario
// line that failed: which stream, what was expected, and the common near
// misses (text on the wrong stream, Windows line endings, trailing spaces, a
// stray period). A scenario that breaks at run time for a reason that is not
// the submission's (a file missing from the archive) gives the check the
// status Error, never Fail.
package grader
