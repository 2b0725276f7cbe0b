package batch

import (
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"testing"

	"github.com/boardcheck/boardcheck/grader"
)

// classJUnit reads OUTDIR/junit.xml: each suite's name and failure count.
func classJUnit(t *testing.T, outDir string) map[string]int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(outDir, ClassJUnit))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Suites []struct {
			Name     string `xml:"name,attr"`
			Failures int    `xml:"failures,attr"`
			Cases    []struct {
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", ClassJUnit, err)
	}
	got := map[string]int{}
	for _, s := range doc.Suites {
		failed := 0
		for _, c := range s.Cases {
			if c.Failure != nil {
				failed++
			}
		}
		if failed != s.Failures {
			t.Errorf("suite %s says %d failures, has %d", s.Name, s.Failures, failed)
		}
		got[s.Name] = failed
	}
	return got
}

// TestClassJUnit checks that a batch, and a merge of its shards, write the
// class as one JUnit file with a suite per student.
func TestClassJUnit(t *testing.T) {
	ex, dir := class(t)
	only := grader.Options{Run: []string{"usage-no-argument"}}
	want := map[string]int{"nqueens: alice": 0, "nqueens: bob": 1}
	base := t.TempDir()
	whole := filepath.Join(base, "whole")
	if _, err := Run(context.Background(), Options{Exercise: ex, Dir: dir, Out: whole, Grade: only}); err != nil {
		t.Fatal(err)
	}
	var outs []string
	for k := 1; k <= 2; k++ {
		out := filepath.Join(base, "shard"+string(rune('0'+k)))
		if _, err := Run(context.Background(), Options{Exercise: ex, Dir: dir, Out: out, Shard: Shard{K: k, N: 2}, Grade: only}); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, out)
	}
	merged := filepath.Join(base, "merged")
	if _, err := Merge(merged, outs); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{whole, merged} {
		got := classJUnit(t, out)
		if len(got) != len(want) || got["nqueens: alice"] != 0 || got["nqueens: bob"] != 1 {
			t.Errorf("%s: suites and failures %v; want %v", filepath.Base(out), got, want)
		}
	}
}
