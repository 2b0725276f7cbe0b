//go:build unix

package handin

import "syscall"

// Opened so: a named pipe put in a file's place does not block the open.
const (
	nonblock  = syscall.O_NONBLOCK
	directory = syscall.O_DIRECTORY
)
