//go:build !unix

package handin

// Elsewhere a named pipe cannot be made in a folder by a student.
const (
	nonblock  = 0
	directory = 0
)
