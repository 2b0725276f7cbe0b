//go:build unix

package submission

import "syscall"

// The flags ReadSource opens a file with: not through a link, and without
// waiting on a FIFO.
const (
	openNoFollow = syscall.O_NOFOLLOW
	openNonblock = syscall.O_NONBLOCK
)
