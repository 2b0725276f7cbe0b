//go:build !linux

package handin

import "path/filepath"

func openBeneath(path string) (beneath, error) {
	if testOpen != nil {
		return testOpen(path)
	}
	return openRoot(path)
}

// haveOpenat2 is Linux's alone.
func haveOpenat2() bool { return false }

func openIn(base, rel string) (beneath, error) {
	if testOpen != nil {
		return testOpen(filepath.Join(base, filepath.FromSlash(rel)))
	}
	return openRootIn(base, rel)
}
