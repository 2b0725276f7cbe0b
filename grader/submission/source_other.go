//go:build !unix

package submission

// Elsewhere ReadSource relies on its Lstat and Stat alone.
const (
	openNoFollow = 0
	openNonblock = 0
)
