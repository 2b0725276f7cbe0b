//go:build !linux

package handin

func openBeneath(path string) (beneath, error) {
	if testOpen != nil {
		return testOpen(path)
	}
	return openRoot(path)
}
