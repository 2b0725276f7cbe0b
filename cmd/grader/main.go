// Grader checks a student's program against a boardcheck exercise.
//
// Usage:
//
//	grader list
//	grader show ID
//	grader check [flags] ID SUBMISSION
//
// Run "grader help" for the flags of each command.
package main

import (
	"os"

	"github.com/boardcheck/boardcheck/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:])) }
