//go:build race

package main

// raceDetector is true in a -race build, whose instrumented grader is
// several times slower and larger than the one users run.
const raceDetector = true
