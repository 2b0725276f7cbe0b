//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestRemoveStale: a run cgroup is removed as left behind only when no
// process of its grader's pid can be seen and it is older than staleAge. A
// fresh one may belong to a grader in another PID namespace, whose run has
// not joined it yet; one of a grader that can be seen is never removed.
func TestRemoveStale(t *testing.T) {
	parent := t.TempDir()
	const gone = 1 << 30 // above any pid_max
	now := time.Now()
	for _, tt := range []struct {
		name  string
		age   time.Duration
		stays bool
	}{
		{fmt.Sprintf("boardcheck-%d-1", gone), staleAge + time.Minute, false},
		{fmt.Sprintf("boardcheck-%d-2", gone), time.Second, true},
		{fmt.Sprintf("boardcheck-%d-1", os.Getpid()), staleAge + time.Minute, true},
		{"someone-else", staleAge + time.Minute, true},
	} {
		dir := filepath.Join(parent, tt.name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(dir, now.Add(-tt.age), now.Add(-tt.age)); err != nil {
			t.Fatal(err)
		}
		defer func() {
			_, err := os.Stat(dir)
			if stays := err == nil; stays != tt.stays {
				t.Errorf("%s, made %v ago: kept %v; want %v", tt.name, tt.age, stays, tt.stays)
			}
		}()
	}
	removeStaleAt(parent, now)
}

// TestEnableControllersInABusyCgroup: a cgroup that holds a process, as a
// privileged container's cgroup namespace root does on a cgroup v2 host,
// can hand the memory and pids controllers down to run cgroups once its
// processes are in a leaf of their own: enableControllers moves them there,
// if it may move every one (of a delegated cgroup, only the grader's).
// Without the move the kernel refused (EBUSY) and such a grader fell back
// to polling, memfd_create refused. It needs root and a cgroup v2 with both
// controllers, which .ci/cgroupv2 boots; elsewhere it skips.
func TestEnableControllersInABusyCgroup(t *testing.T) {
	root := findCgroupV2()
	if root == "" || os.Geteuid() != 0 {
		t.Skip("needs root and a cgroup v2 with the memory and pids controllers (.ci/cgroupv2 boots one)")
	}
	busy := filepath.Join(root, fmt.Sprintf("boardcheck-%d-busy", os.Getpid()))
	if err := os.Mkdir(busy, 0o755); err != nil {
		t.Fatal(err)
	}
	sleeper := exec.Command("sleep", "60")
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	pid := sleeper.Process.Pid
	defer func() {
		sleeper.Process.Kill()
		sleeper.Wait()
		os.Remove(filepath.Join(busy, leafCgroup))
		os.Remove(busy)
	}()
	if err := os.WriteFile(filepath.Join(busy, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
		t.Fatal(err)
	}
	if err := enableControllers(busy, func(p int) bool { return false }); !errors.Is(err, syscall.EBUSY) {
		t.Errorf("enableControllers(%s) with process %d not to be moved: %v; want the kernel's EBUSY", busy, pid, err)
	}
	if got := readPids(filepath.Join(busy, "cgroup.procs")); !slices.Equal(got, []int{pid}) {
		t.Errorf("%s holds %v after a refused move; want %d left there", busy, got, pid)
	}
	if err := enableControllers(busy, func(p int) bool { return p == pid }); err != nil {
		t.Fatalf("enableControllers(%s), which holds process %d: %v", busy, pid, err)
	}
	if sub, _ := os.ReadFile(filepath.Join(busy, "cgroup.subtree_control")); !hasWords(string(sub), "memory", "pids") {
		t.Errorf("cgroup.subtree_control = %q; want memory and pids", sub)
	}
	if got := readPids(filepath.Join(busy, leafCgroup, "cgroup.procs")); !slices.Equal(got, []int{pid}) {
		t.Errorf("%s holds %v; want the process moved there, %d", leafCgroup, got, pid)
	}
}
