//go:build !race

package submission

// raceDetector is true in a -race build, whose heap and speed are not the
// grader's.
const raceDetector = false
