// Package exercise loads and validates exercise folders: a manifest,
// exercise.toml, a statement, README.md, and one testscript scenario per
// check under tests/ (see CONTRIBUTING.md, "An exercise").
//
//	ex, err := exercise.Lookup("nqueens")      // one embedded in the binary
//	ex, err = exercise.LoadDir("my-exercise")  // a folder, for authors
//
// Builtin and Lookup return the exercises embedded in the binary (package
// exercises); LoadDir and LoadFS load a folder. Loading validates everything
// that can be known before a run: the manifest's keys and values, each
// scenario's header (title, points, needs, hint), that every command exists
// and is used as its usage says (package script), that `run` names the
// manifest's program, that needs name real checks and form no cycle. A
// malformed exercise is an *Error naming the file and line, so a typo costs
// its author a message rather than costing students points.
//
// An exercise's exact messages are its manifest's [messages]: its scenarios
// read them as variables ($too_small, compared by cmpenv), and a builtin
// reference (package builtin) prints them in their place.
package exercise
