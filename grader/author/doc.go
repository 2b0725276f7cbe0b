// Package author is what an exercise's author runs on its folder: Verify
// proves the exercise as a whole, Update writes what the folder takes from
// elsewhere, and Scaffold starts a new one (grader verify, grader verify
// -update, grader new).
//
// Verify grades the reference, every good/ and bad/ submission and the
// hand-written outputs through package grader, as students are graded, and
// checks the statement against the checks and the reference. Update writes
// the want files of cmp lines from the reference's output, the statement's
// table of checks and its examples (statement.go), and a builtin reference's
// messages in the manifest's wording.
package author
