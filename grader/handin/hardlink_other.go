//go:build !unix

package handin

import "io/fs"

// links is how many names the file fi has: one, where the system does not
// say.
func links(fs.FileInfo) uint64 { return 1 }
