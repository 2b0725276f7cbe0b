//go:build unix

package sandbox

import "syscall"

// unixSignalNames are the signals a run may die of that only Unix has.
var unixSignalNames = map[syscall.Signal]string{
	syscall.SIGUSR1: "SIGUSR1",
	syscall.SIGUSR2: "SIGUSR2",
	syscall.SIGXCPU: "SIGXCPU",
	syscall.SIGXFSZ: "SIGXFSZ",
	syscall.SIGSYS:  "SIGSYS",
}
