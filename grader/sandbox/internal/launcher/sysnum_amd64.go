//go:build linux

package launcher

// sysSeccomp is seccomp(2)'s number, which package syscall does not have.
const sysSeccomp uintptr = 317
