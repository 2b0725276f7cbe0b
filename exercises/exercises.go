// Package exercises embeds boardcheck's exercises into the binary, so that an
// installed grader needs no checkout. Each folder is one exercise (see
// CONTRIBUTING.md, "An exercise"); package grader/exercise loads and validates them.
package exercises

import "embed"

// FS holds every exercise folder: exercise.toml, README.md, tests/, good/
// and bad/. The pattern is `*` rather than a list of folders so that adding
// an exercise needs no Go change; it also matches this file, which readers
// skip as it is not a folder. Names starting with "." or "_" inside the
// folders are left out, as go:embed does for directories, except the
// __main__.py of a submission that is a Python package (good/NAME/ or
// bad/NAME/), which python3 runs the folder by: the second pattern names
// those, since go:embed keeps a file a pattern names itself.
//
// Embedded files have no execute bits: a good or bad submission must be
// runnable through its extension (.py, .sh, ...), not as a bare executable.
//
//go:embed *
//go:embed */*/*/__main__.py
var FS embed.FS
