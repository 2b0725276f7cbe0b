//go:build !unix

package sandbox

import "syscall"

var unixSignalNames = map[syscall.Signal]string{}
