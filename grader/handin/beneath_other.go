//go:build !linux

package handin

func openBeneath(path string) (beneath, error) {
	if testOpen != nil {
		return testOpen(path)
	}
	return openRoot(path)
}

// haveOpenat2 is Linux's alone.
func haveOpenat2() bool { return false }
