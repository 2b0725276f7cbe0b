package main

import (
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// goListDeps lists the packages a package imports, itself included.
func goListDeps(t *testing.T, pkg string) []string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list dependencies with")
	}
	out, err := exec.Command(goTool, "list", "-deps", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	return strings.Fields(string(out))
}

// TestStaticBinary keeps cgo out of the grader. The grader re-executes its
// own binary for every run of a builtin reference program
// (grader/builtin), and once per grader as the launcher of the runs'
// supervisors (grader/sandbox/internal/launcher), so its start-up is paid
// again and again: linked with cgo, through package net, the binary is
// dynamic and every start loads libc first: 50 starts took 14.6 ms each
// dynamic and 11.0 ms static on a 2-core VM (a bash loop of the grader's
// start, timed). progressbar 3.18 and later import net/http; go.mod pins
// an earlier one for that reason.
func TestStaticBinary(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the launcher, whose start this guards, is Linux's alone")
	}
	deps := goListDeps(t, ".")
	for _, pkg := range []string{"runtime/cgo", "net"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("cmd/grader depends on %s: the grader binary would be linked dynamically, "+
				"and every run's supervisor would pay for it (find the importer with go list -deps -f '{{.ImportPath}}: {{.Imports}}' ./cmd/grader)", pkg)
		}
	}
}

// TestLauncherImports keeps the launcher's package small. Go runs package
// initialisers in import-path order among those whose imports are done; the
// launcher takes over the process from its init, so every package it waits
// for is start-up paid before a grader's first run. strconv, strings, fmt
// and reflect are initialised late in the grader's order.
func TestLauncherImports(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("grader/sandbox/internal/launcher builds on Linux alone")
	}
	deps := goListDeps(t, "github.com/boardcheck/boardcheck/grader/sandbox/internal/launcher")
	if !slices.Contains(deps, "os") {
		t.Fatalf("go list -deps of the launcher does not hold os: %v", deps)
	}
	for _, pkg := range []string{"strconv", "strings", "fmt", "reflect", "encoding/binary", "path/filepath"} {
		if slices.Contains(deps, pkg) {
			t.Errorf("grader/sandbox/internal/launcher depends on %s, which delays the launcher's start", pkg)
		}
	}
}
