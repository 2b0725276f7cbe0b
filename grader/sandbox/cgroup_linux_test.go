//go:build linux

package sandbox

import (
	"fmt"
	"os"
	"path/filepath"
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
