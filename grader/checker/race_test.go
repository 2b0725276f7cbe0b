//go:build race

package checker

// raceEnabled slows time-bounded tests' expectations: the race detector
// makes code several times slower.
const raceEnabled = true
