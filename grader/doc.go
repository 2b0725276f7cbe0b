// Package grader grades one submission against one exercise and returns a
// report.Report of verdicts: pass, fail, skip or error.
//
//	ex, err := exercise.Lookup("nqueens")
//	...
//	rep, err := grader.GradePath(ctx, ex, "0-nqueens.py", grader.Options{})
//
// GradePath prepares the submission (package submission), reporting a
// compile error or a script that does not start as the report's first,
// failing check; Grade schedules the exercise's checks, each run by package
// scenario: a check starts once the checks it needs have finished (and is
// skipped if one of them did not pass), at most Options.Parallel at a time,
// and the report lists them in the exercise's order. UngradableReport is
// the report of a submission that cannot be run at all; DigestPath and
// ExerciseDigest say what a report was graded from, so that a stale one can
// be told (package batch).
//
// The packages below, in the order data flows through them: exercise
// (loading and validating exercise folders, in the scenario language of
// package script), submission (a file or folder as a command; builtin makes
// the reference programs built into the grader one), sandbox (a run under
// limits), scenario (one check's scenario), checker (judging
// output), report (the verdicts as data), render (the verdicts as output).
// Above grading: author (grader verify, verify -update, new) and batch (a
// class).
package grader
