package main

import (
	"fmt"
	"os"
)

// sweepSizes waits for the reference knight's tour solver (issue 2).
func sweepSizes(from, to string) int {
	fmt.Fprintln(os.Stderr, "tours: -sweep is not built: reference has no knight's tour solver yet")
	return 2
}
