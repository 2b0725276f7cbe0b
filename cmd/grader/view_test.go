//go:build linux

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestRunSeesWhatREADMESays grades a submission that lists its own root,
// through a real grader, and compares what it sees with README's list of
// what a run sees: the system's folders the machine has, /proc, /dev and
// its nodes, the folder of the tool the run starts (here a sh of its own,
// first on PATH, outside the system's folders), the submission, the run's
// own folders, and the empty folders on the way to them. Nothing else: not
// another folder of PATH. find -xdev lists the run's root itself: every
// folder made on the way, and each mount point, without going into it.
func TestRunSeesWhatREADMESays(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	system, devices := readmeRunView(t, string(readme))

	base := t.TempDir()
	// As root, runs are a user of their own: the folders on the way to the
	// tool must be open to others for it to be theirs.
	// Only up to the temporary folder, not it: it is the machine's (/tmp,
	// 1777), shared with every other user and test.
	for d := base; d != filepath.Clean(os.TempDir()) && d != filepath.Dir(d); d = filepath.Dir(d) {
		os.Chmod(d, 0o755)
	}
	tool, other := filepath.Join(base, "tool"), filepath.Join(base, "other")
	for _, d := range []string{filepath.Join(tool, "bin"), filepath.Join(other, "bin"), filepath.Join(base, "sub"), filepath.Join(base, "tmp")} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(filepath.Join(tool, "bin", "sh"), []byte("#!/bin/sh\nexec /bin/sh \"$@\"\n"), 0o755)
	os.WriteFile(filepath.Join(other, "bin", "tool"), []byte("#!/bin/sh\necho other\n"), 0o755)
	sub := filepath.Join(base, "sub", "view.sh")
	os.WriteFile(sub, []byte("find / -xdev\necho --\nls -A /dev\n"), 0o644)
	tmp := filepath.Join(base, "tmp")

	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	grader := filepath.Join(t.TempDir(), "grader")
	if err := os.Symlink(exe, grader); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(grader, "check", "--format", "json", "--timeout", "60s", "../../testdata/hostile/exercise", sub)
	cmd.Env = []string{"PATH=" + filepath.Join(tool, "bin") + ":" + filepath.Join(other, "bin") + ":/usr/bin:/bin", "TMPDIR=" + tmp, "HOME=" + tmp}
	out, _ := cmd.Output()
	var rep struct {
		Protections []string `json:"protections"`
		Checks      []struct {
			Runs []struct {
				Stdout string `json:"stdout"`
			} `json:"runs"`
		} `json:"checks"`
	}
	if err := json.Unmarshal(out, &rep); err != nil || len(rep.Checks) == 0 || len(rep.Checks[0].Runs) == 0 {
		t.Fatalf("grader check: %v\n%s", err, out)
	}
	if !slices.ContainsFunc(rep.Protections, func(p string) bool { return strings.HasPrefix(p, "a root of its own") }) {
		t.Skip("runs have no root of their own on this machine: they see the machine's files, as grader -v says")
	}
	seen, dev, _ := strings.Cut(rep.Checks[0].Runs[0].Stdout, "--\n")
	t.Logf("the run sees:\n%s", seen)

	want := map[string]bool{"/": true, "/proc": true, "/dev": true}
	for _, d := range system {
		if _, err := os.Lstat(d); err == nil {
			want[d] = true
		}
	}
	// The tool's folder, the submission, and every folder on the way.
	for _, p := range []string{tool, sub} {
		for d := p; d != "/"; d = filepath.Dir(d) {
			want[d] = true
		}
	}
	for d := tmp; d != "/"; d = filepath.Dir(d) {
		want[d] = true
	}
	var extra []string
	got := map[string]bool{}
	for _, p := range strings.Split(strings.TrimSpace(seen), "\n") {
		got[p] = true
		// The run's own folders are under the grader's TMPDIR, named as
		// the grader likes.
		if !want[p] && !strings.HasPrefix(p, tmp+"/") {
			extra = append(extra, p)
		}
	}
	if len(extra) > 0 {
		t.Errorf("the run sees %q, which README's list does not name:\n%s", extra, seen)
	}
	var missing []string
	for p := range want {
		if !got[p] {
			missing = append(missing, p)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("the run does not see %q, which README's list names:\n%s", missing, seen)
	}
	if gotDev := strings.Fields(dev); !sameSet(gotDev, devices) {
		t.Errorf("the run's /dev holds %q; README says %q", gotDev, devices)
	}
}

// readmeRunView reads README's list of what a run sees: the system's
// folders, and the names in /dev.
func readmeRunView(t *testing.T, readme string) (system, devices []string) {
	t.Helper()
	_, view, ok := strings.Cut(readme, "**Its own view of the machine.**")
	view, _, _ = strings.Cut(view, "\n- **")
	if !ok {
		t.Fatal("README has no **Its own view of the machine.**")
	}
	ticked := regexp.MustCompile("`([^`]+)`")
	for _, item := range strings.Split(view, "\n  - ") {
		item = strings.Join(strings.Fields(item), " ")
		switch {
		case strings.HasPrefix(item, "the system's folders"):
			for _, m := range ticked.FindAllStringSubmatch(item, -1) {
				if strings.HasPrefix(m[1], "/") && !strings.Contains(m[1], " ") {
					system = append(system, m[1])
				}
			}
		case strings.HasPrefix(item, "a fresh `/proc`"):
			for _, m := range ticked.FindAllStringSubmatch(item, -1) {
				if !strings.HasPrefix(m[1], "/") {
					devices = append(devices, m[1])
				}
			}
		}
	}
	if len(system) < 5 || len(devices) < 5 {
		t.Fatalf("README's list of what a run sees names system folders %q and devices %q: it no longer reads as this test expects", system, devices)
	}
	return system, devices
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
