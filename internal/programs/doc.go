// Package programs holds boardcheck's five reference programs (nqueens,
// queens-matrix, queens-board, solvers and knights-tour) as functions, so
// that their mains stay one line and the end-to-end tests can register them
// with testscript.
//
// Each function takes the arguments after the program's name and its
// standard streams, and returns the exit status. Messages meant for the
// user, errors included, go to standard output, as the source articles'
// programs print them; only a failure to write standard output itself is
// reported on standard error. The messages an exercise may word its own way
// are each program's Texts (texts.go): WithTexts runs a program with them,
// which is how the grader's builtin reference speaks an exercise's words.
package programs
