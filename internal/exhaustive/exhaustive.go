// Package exhaustive is the one switch between the tests a contributor runs
// on every change and the exhaustive runs CI adds after them: with
// BOARDCHECK_EXHAUSTIVE=1 in the environment, every submission of every
// exercise goes through verify, the batch grades a class of 200, and the
// hostile and escape suites run; without it, each keeps a representative
// case, so that `go test ./...` stays within minutes.
package exhaustive

import (
	"fmt"
	"os"
	"testing"
)

// Var is the environment variable that turns the exhaustive runs on.
const Var = "BOARDCHECK_EXHAUSTIVE"

// On says whether the exhaustive runs are asked for: Var set to 1. Unset,
// empty or 0 is the default mode; any other value is an error, so that a
// typo (yes, true) does not quietly run the short suite in CI.
func On() (bool, error) {
	switch v := os.Getenv(Var); v {
	case "", "0":
		return false, nil
	case "1":
		return true, nil
	default:
		return false, fmt.Errorf("%s=%q: want 1 (the exhaustive runs) or 0 (the default)", Var, v)
	}
}

// Enabled reports On for a test, failing it when Var holds no valid value.
func Enabled(t testing.TB) bool {
	t.Helper()
	on, err := On()
	if err != nil {
		t.Fatal(err)
	}
	return on
}

// Skip skips the test unless the exhaustive runs are on, saying what it
// would run and how to ask for it.
func Skip(t testing.TB, what string) {
	t.Helper()
	if !Enabled(t) {
		t.Skipf("%s: exhaustive, %s=1 runs it", what, Var)
	}
}
