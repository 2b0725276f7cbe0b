package submission

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/handin"
)

// folders is p0/p1/.../pN-1, the folder the walk names past its bound.
func folders(n int) string {
	var parts []string
	for i := 0; i < n; i++ {
		parts = append(parts, "p"+strconv.Itoa(i))
	}
	return strings.Join(parts, "/")
}

// TestCheckBuilt: what a build wrote past the bounds of a run's copy of it
// (handin's walk: depth, entries, size) is the build's failure, a
// *CompileError saying what to change; within them it is no error.
func TestCheckBuilt(t *testing.T) {
	argv := []string{"javac", "-d", "classes", "Main.java"}
	for _, tc := range []struct {
		name  string
		build func(t *testing.T, classes string)
		want  string // "" for no error
	}{
		{"within", func(t *testing.T, classes string) {
			deep := classes
			for i := 0; i < handin.MaxDepth-1; i++ {
				deep = filepath.Join(deep, "p"+strconv.Itoa(i))
			}
			writeSized(t, filepath.Join(deep, "Main.class"), 0)
		}, ""},
		{"deep", func(t *testing.T, classes string) {
			deep := classes
			for i := 0; i < handin.MaxDepth; i++ {
				deep = filepath.Join(deep, "p"+strconv.Itoa(i))
			}
			writeSized(t, filepath.Join(deep, "Main.class"), 0)
		}, "what javac built, classes, holds folders more than 32 deep, the most the grader reads: " + folders(handin.MaxDepth) + ": give your classes a package name of at most 31 parts (package a.b.c; has three), or none"},
		{"many", func(t *testing.T, classes string) {
			for i := 0; i < handin.MaxEntries; i++ {
				writeSized(t, filepath.Join(classes, "Main$"+strconv.Itoa(i)+".class"), 0)
			}
		}, "what javac built, classes, holds more than 10000 files and folders, the most the grader reads: write fewer classes: each nested, local or anonymous class is a file of its own"},
		{"much", func(t *testing.T, classes string) {
			// Sparse: sizes, not bytes on the disk.
			for i := 0; i < 5; i++ {
				writeSized(t, filepath.Join(classes, "T"+strconv.Itoa(i)+".class"), handin.MaxTotalSize/4)
			}
		}, "what javac built, classes, holds more than 256 MiB of files, the most the grader reads: make your classes smaller: compute large tables when the program runs, not in its source"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			classes := filepath.Join(t.TempDir(), "classes")
			if err := os.Mkdir(classes, 0o755); err != nil {
				t.Fatal(err)
			}
			tc.build(t, classes)
			err := checkBuilt(context.Background(), classes, argv)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("checkBuilt = %v, want no error", err)
				}
				return
			}
			var ce *CompileError
			if !errors.As(err, &ce) || ce.Why == nil {
				t.Fatalf("checkBuilt = %#v, want a *CompileError with Why", err)
			}
			if got := English(*ce.Why); got != tc.want {
				t.Errorf("message:\n got %s\nwant %s", got, tc.want)
			}
			if !strings.Contains(ce.Error(), tc.want) {
				t.Errorf("Error() = %q, want it to hold the message", ce.Error())
			}
		})
	}
}

// writeSized makes the file at path, and its folders, size bytes long (sparse).
func writeSized(t *testing.T, path string, size int64) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Close()
}
