//go:build linux && !amd64 && !arm64

package launcher

// sysSeccomp is unknown here: the grader sends no filter on such a machine
// (see package sandbox), and loading one fails plainly.
const sysSeccomp = ^uintptr(0)
