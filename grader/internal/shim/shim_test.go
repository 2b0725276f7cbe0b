//go:build linux

package shim

import (
	"encoding/binary"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// The grader decodes the status with encoding/binary and splits nothing
// itself: the shim's stand-ins must agree with the library.
func TestPutLE(t *testing.T) {
	for _, v := range []uint64{0, 1, 0x7f, 0x1234, 0xdeadbeef, 1<<40 + 5, ^uint64(0)} {
		var got [8]byte
		putLE(got[:], v)
		var want [8]byte
		binary.LittleEndian.PutUint64(want[:], v)
		if got != want {
			t.Errorf("putLE(8 bytes, %#x) = %x; want %x", v, got, want)
		}
		var got4 [4]byte
		putLE(got4[:], v)
		if w := binary.LittleEndian.Uint32(got4[:]); w != uint32(v) {
			t.Errorf("putLE(4 bytes, %#x) reads back %#x; want %#x", v, w, uint32(v))
		}
	}
}

func TestLines(t *testing.T) {
	for _, s := range []string{"", "/a", "/a\n/b", "/a\n\n/b\n", "\n"} {
		if got, want := lines(s), strings.Split(s, "\n"); !slices.Equal(got, want) {
			t.Errorf("lines(%q) = %q; want %q", s, got, want)
		}
	}
}

func TestFailed(t *testing.T) {
	err := failed("binding /tmp/x", syscall.EPERM)
	if want := "binding /tmp/x: operation not permitted"; err.Error() != want {
		t.Errorf("failed(...) = %q; want %q", err, want)
	}
}
