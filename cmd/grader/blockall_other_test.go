//go:build !linux

package main

import (
	"fmt"
	"os"
)

// blockAll is Linux's alone (hostile_signals.txtar skips elsewhere).
func blockAll() {
	fmt.Fprintln(os.Stderr, "blockall: Linux only")
	os.Exit(2)
}
