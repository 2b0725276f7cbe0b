//go:build !unix

package grader

const (
	syscallNoFollow = 0
	syscallNonblock = 0
)
