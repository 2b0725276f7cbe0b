//go:build linux

package proctree

import (
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"
)

func TestParseStat(t *testing.T) {
	// A command name may hold spaces and parentheses: only the last ")"
	// ends it. Fields from the kernel's proc(5) order.
	line := "4242 (a) b (c)) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 50 7 3 20 0 3 0 123456 10000000 300 18446744073709551615\n"
	p, ok := parseStat([]byte(line))
	if !ok {
		t.Fatalf("parseStat(%q) failed", line)
	}
	want := Proc{PPID: 17, PGID: 4242, Start: 123456, RSS: 300 * pageSize, CPU: 3100 * time.Millisecond, Threads: 3}
	if p != want {
		t.Errorf("parseStat = %+v; want %+v", p, want)
	}
	for _, bad := range []string{"", "1 (x", "1 x) S", "1 (x) S 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21"} {
		if p, ok := parseStat([]byte(bad)); ok {
			t.Errorf("parseStat(%q) = %+v, true; want false (too few fields)", bad, p)
		}
	}
}

func TestScanFindsTheTree(t *testing.T) {
	cmd := exec.Command("sleep", "10")
	if err := cmd.Start(); err != nil {
		t.Skipf("no sleep command: %v", err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	self := os.Getpid()
	tab := Scan()
	me, ok := tab[self]
	if !ok {
		t.Fatalf("Scan has no entry for this process (%d)", self)
	}
	if me.PPID != os.Getppid() {
		t.Errorf("PPID = %d; want %d", me.PPID, os.Getppid())
	}
	if me.RSS <= 0 || me.Start == 0 {
		t.Errorf("this process: RSS %d, start %d; want both > 0", me.RSS, me.Start)
	}
	if ds := tab.Descendants(self); !slices.Contains(ds, cmd.Process.Pid) {
		t.Errorf("Descendants(%d) = %v; want it to hold the child %d", self, ds, cmd.Process.Pid)
	}
	if _, ok := ReadStat(1<<30, make([]byte, 1024)); ok {
		t.Errorf("ReadStat of a pid that cannot exist succeeded")
	}
}

func TestParsePageTables(t *testing.T) {
	status := "Name:\tcat\nVmRSS:\t    1284 kB\nVmPTE:\t 2101300 kB\nVmSwap:\t       0 kB\n"
	if got, want := parsePageTables([]byte(status)), int64(2101300)<<10; got != want {
		t.Errorf("parsePageTables = %d, want %d", got, want)
	}
	for _, s := range []string{"", "Name:\tkthreadd\nThreads:\t1\n", "VmPTE:\t kB\n", "VmPTEx: 5 kB\n"} {
		if got := parsePageTables([]byte(s)); got != 0 {
			t.Errorf("parsePageTables(%q) = %d, want 0", s, got)
		}
	}
	// This process's own: a Go program's page tables are never empty.
	if got := PageTables(os.Getpid(), make([]byte, 4096)); got <= 0 {
		t.Errorf("PageTables(self) = %d, want > 0", got)
	}
}
