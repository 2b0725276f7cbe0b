//go:build unix

package grader

import "syscall"

const (
	syscallNoFollow = syscall.O_NOFOLLOW
	syscallNonblock = syscall.O_NONBLOCK
)
