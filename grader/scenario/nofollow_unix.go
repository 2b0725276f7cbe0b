//go:build unix

package scenario

import "syscall"

const (
	syscallNoFollow = syscall.O_NOFOLLOW
	syscallNonblock = syscall.O_NONBLOCK
)
