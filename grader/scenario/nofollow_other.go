//go:build !unix

package scenario

const (
	syscallNoFollow = 0
	syscallNonblock = 0
)
