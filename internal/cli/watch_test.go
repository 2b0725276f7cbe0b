package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boardcheck/boardcheck/grader/i18n"
	"github.com/boardcheck/boardcheck/grader/report"
)

// TestChanges: what --watch says changed since the last grading, by
// check name; in English, and in Arabic, whose verb agrees with one, two
// or more checks.
func TestChanges(t *testing.T) {
	rep := func(statuses ...string) *report.Report {
		r := &report.Report{}
		for _, s := range statuses {
			name, status, _ := strings.Cut(s, "=")
			r.Checks = append(r.Checks, report.CheckResult{Name: name, Status: report.Status(status)})
		}
		return r
	}
	tests := []struct {
		last, now *report.Report
		want      string
	}{
		{rep("n4=fail", "n6=pass", "n8=fail"), rep("n4=fail", "n6=pass", "n8=fail"), "n4 and n8 still fail"},
		{rep("n4=fail", "n6=fail", "n8=fail"), rep("n4=fail", "n6=pass", "n8=fail"), "n6 now passes; n4 and n8 still fail"},
		{rep("n4=pass", "n6=pass"), rep("n4=fail", "n6=pass"), "n4 now fails"},
		{rep("n4=fail", "n6=skip"), rep("n4=pass", "n6=pass"), "n4 and n6 now pass"},
		{rep("n4=fail", "n6=skip"), rep("n4=fail", "n6=skip"), "n4 still fails; n6 is still skipped"},
		{rep("n4=pass", "n6=skip"), rep("n4=fail", "n6=skip"), "n4 now fails; n6 is still skipped"},
		{rep("n4=pass"), rep("n4=pass"), "every check still passes"},
		// A check the last run did not have (the build, say) is new; a
		// check it needs failing, a check is skipped, which is no failure.
		{rep("n4=pass"), rep("build=fail", "n4=skip"), "build now fails; n4 is skipped now"},
		{rep("n4=fail", "n6=fail", "n8=pass"), rep("starts=fail", "n4=skip", "n6=skip", "n8=skip"), "starts now fails; n4, n6 and n8 are skipped now"},
	}
	for _, tt := range tests {
		if got := i18n.For(i18n.English).Say(changes(tt.last, tt.now)); got != tt.want {
			t.Errorf("changes(%v, %v) = %q, want %q", tt.last.Checks, tt.now.Checks, got, tt.want)
		}
	}
	ar := i18n.For("ar")
	for _, tt := range []struct {
		last, now *report.Report
		want      string
	}{
		{rep("n4=fail"), rep("n4=pass"), i18n.FSI + "n4" + i18n.PDI + " ينجح الآن"},
		{rep("n4=fail", "n6=fail"), rep("n4=pass", "n6=pass"), i18n.FSI + "n4" + i18n.PDI + " و" + i18n.FSI + "n6" + i18n.PDI + " ينجحان الآن"},
		{rep("n4=fail", "n6=fail", "n8=fail"), rep("n4=fail", "n6=fail", "n8=fail"), i18n.FSI + "n4" + i18n.PDI + "، " + i18n.FSI + "n6" + i18n.PDI + " و" + i18n.FSI + "n8" + i18n.PDI + " لا تزال تفشل"},
	} {
		if got := ar.Say(changes(tt.last, tt.now)); got != tt.want {
			t.Errorf("in Arabic, changes(%v, %v) = %q, want %q", tt.last.Checks, tt.now.Checks, got, tt.want)
		}
	}
}

// syncBuffer is a bytes.Buffer that a watch writes while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestWatchClearsScreen watches a file and a folder through watchCheck, with
// a grading that needs no sandbox: a save grades again (and an unrelated
// file or an editor's scratch file does not), each grading clears a
// terminal first and says what changed, and ending the context ends the
// watch without an error.
func TestWatchClearsScreen(t *testing.T) {
	for _, folder := range []bool{false, true} {
		dir := t.TempDir()
		sol := filepath.Join(dir, "sol.py")
		if err := os.WriteFile(sol, []byte("print()\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		path := sol
		if folder {
			path = dir
		}
		var mu sync.Mutex
		gradings := 0
		grade := func() (*report.Report, error) {
			mu.Lock()
			defer mu.Unlock()
			gradings++
			status := report.Fail
			if gradings > 1 {
				status = report.Pass
			}
			return &report.Report{Checks: []report.CheckResult{{Name: "n4", Status: status}, {Name: "n6", Status: report.Fail}}}, nil
		}
		count := func() int {
			mu.Lock()
			defer mu.Unlock()
			return gradings
		}
		out := &syncBuffer{}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- watchCheck(ctx, stdio{stdout: out, terminal: true}, path, grade) }()

		waitFor(t, out, "watching ")
		// Not the submission: no grading.
		unrelated := filepath.Join(dir, "other.txt")
		if folder {
			unrelated = filepath.Join(dir, ".sol.py.swp")
		}
		if err := os.WriteFile(unrelated, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * settle)
		if n := count(); n != 1 {
			t.Fatalf("folder=%v: writing %s graded again (%d gradings)", folder, filepath.Base(unrelated), n)
		}
		if err := os.WriteFile(sol, []byte("print('[[0, 1]]')\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		waitFor(t, out, "since the last run: n4 now passes; n6 still fails\n")
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("folder=%v: the watch ended with %v; want nil (exit status 0)", folder, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("folder=%v: the watch did not end 10 s after its context", folder)
		}
		if n := strings.Count(out.String(), clearScreen); n != 2 {
			t.Errorf("folder=%v: the screen was cleared %d times for 2 gradings:\n%q", folder, n, out.String())
		}
	}
}

func waitFor(t *testing.T, out *syncBuffer, text string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(out.String(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q after 30 s; the watch printed:\n%s", text, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
