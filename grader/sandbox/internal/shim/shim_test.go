//go:build linux

package shim

import (
	"encoding/binary"
	"os"
	"slices"
	"strconv"
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

// The grader writes a plan with AppendRecord; readPlan must read back
// every kind of record as it was written, and refuse one cut short.
func TestPlanRoundTrip(t *testing.T) {
	var b []byte
	rec := func(tag byte, v string) { b = AppendRecord(b, tag, v) }
	rec(TagMode, NS)
	rec(TagBindRO, "fd:0\x00/usr")
	rec(TagFresh, "/tmp/run1")
	rec(TagSymlink, "/bin\x00usr/bin")
	rec(TagLandlock, "")
	rec(TagLandlock, "/tmp/run1")
	rec(TagDropCaps, "")
	rec(TagUID, "\x01\x00\x00\x00\x02\x00\x00\x00")
	rec(TagRlimit, "\x06\xa0\x00\x00\x00\x00\x00\x00\x00")
	rec(TagPath, "/bin/sh")
	rec(TagArg, "sh")
	rec(TagArg, "")
	rec(TagEnv, "A=b")
	p, err := readPlan(sendPlan(t, b, 4))
	if err != nil {
		t.Fatal(err)
	}
	tree, ok := fdOf(p.mounts[0].source)
	if !ok || !sameFile(t, tree, p.stdio[0]) || sameFile(t, p.stdio[0], p.stdio[1]) {
		t.Fatalf("readPlan: the bind's tree is %q and the standard files %v; want the fourth file sent, and the first three", p.mounts[0].source, p.stdio)
	}
	p.mounts[0].source = "fd:0"
	want := []mountStep{{tag: TagBindRO, path: "/usr", source: "fd:0"}, {tag: TagFresh, path: "/tmp/run1"}, {tag: TagSymlink, path: "/bin", target: "usr/bin"}}
	if p.mode != NS || !slices.Equal(p.mounts, want) || !p.landlock || !slices.Equal(p.landlockRW, []string{"/tmp/run1"}) ||
		!p.dropCaps || p.uid != 1 || p.gid != 2 || len(p.rlimits) != 1 || p.rlimits[0] != (rlimit{6, 160}) ||
		p.path != "/bin/sh" || !slices.Equal(p.argv, []string{"sh", ""}) || !slices.Equal(p.env, []string{"A=b"}) {
		t.Errorf("readPlan = %+v", p)
	}
	if _, err := readPlan(sendPlan(t, b[:len(b)-2], 4)); err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Errorf("readPlan of a plan cut short: err = %v; want it refused", err)
	}
	if _, err := readPlan(sendPlan(t, b, 2)); err == nil || !strings.Contains(err.Error(), "standard input") {
		t.Errorf("readPlan of a plan without the standard files: err = %v; want it refused", err)
	}
	if _, err := readPlan(sendPlan(t, b, 3)); err == nil || !strings.Contains(err.Error(), "did not send") {
		t.Errorf("readPlan of a plan whose tree did not come: err = %v; want it refused", err)
	}
}

// sendPlan sends plan over a socket as the grader does, in messages of one
// byte of the plan each (with the one byte every message starts with), and
// with n files: a pipe, /dev/null twice, then the pipe again, so that the
// fourth file is the first's. It returns the shim's end.
func sendPlan(t *testing.T, plan []byte, n int) int {
	t.Helper()
	pair, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	fds := []int{int(r.Fd()), int(null.Fd()), int(null.Fd()), int(r.Fd())}[:n]
	for i := range plan {
		var oob []byte
		if i == 0 {
			oob = syscall.UnixRights(fds...)
		}
		if err := syscall.Sendmsg(pair[0], []byte{'p', plan[i]}, oob, nil, 0); err != nil {
			t.Fatal(err)
		}
	}
	syscall.Close(pair[0])
	return pair[1]
}

// sameFile says whether two descriptors are the same open file's.
func sameFile(t *testing.T, a, b int) bool {
	var sa, sb syscall.Stat_t
	if syscall.Fstat(a, &sa) != nil || syscall.Fstat(b, &sb) != nil {
		t.Fatalf("fstat %d or %d failed", a, b)
	}
	return sa.Dev == sb.Dev && sa.Ino == sb.Ino
}

func TestHelpers(t *testing.T) {
	for _, tt := range []struct{ in, want string }{{"/a/b/c", "/a/b"}, {"/a", "/"}, {"/", "/"}} {
		if got := parent(tt.in); got != tt.want {
			t.Errorf("parent(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
	for _, n := range []int{0, 7, 10, 123456} {
		if got := itoa(n); got != strconv.Itoa(n) {
			t.Errorf("itoa(%d) = %q", n, got)
		}
	}
	for in, want := range map[string]int{"fd:5": 5, "fd:123": 123, "/usr": -1, "fd:": -1, "fd:1x": -1} {
		n, ok := fdOf(in)
		if (want < 0) == ok || (ok && n != want) {
			t.Errorf("fdOf(%q) = %d, %v; want %d", in, n, ok, want)
		}
	}
	dir := t.TempDir()
	if err := mkdirAll(dir + "/x/y/z"); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dir + "/x/y/z"); err != nil || !fi.IsDir() {
		t.Errorf("mkdirAll made no folder: %v", err)
	}
}

func TestFailed(t *testing.T) {
	err := failed("binding /tmp/x", syscall.EPERM)
	if want := "binding /tmp/x: operation not permitted"; err.Error() != want {
		t.Errorf("failed(...) = %q; want %q", err, want)
	}
}
