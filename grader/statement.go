package grader

import (
	"fmt"
	"strings"
)

// The statement (README.md) has two parts the grader writes rather than the
// author: the table of checks, from the scenarios' titles and points, and
// the examples' outputs, from the reference. grader verify reports either
// when it has drifted from its source; grader verify --update rewrites them.

// checksTableHeader opens the statement's table of checks.
const checksTableHeader = "| check | points |"

// checksTable is the statement's table of checks as the scenarios give it:
// each check's title and points, in report order.
func checksTable(ex *Exercise) []string {
	rows := []string{checksTableHeader, "|---|---|"}
	for _, c := range ex.Checks {
		rows = append(rows, fmt.Sprintf("| %s | %d |", c.Title, c.Points))
	}
	return rows
}

// findChecksTable returns the lines [start, end) of the statement's table
// of checks: its header line and every table row after it. ok is false
// when the statement has no such table.
func findChecksTable(lines []string) (start, end int, ok bool) {
	for i, l := range lines {
		if strings.TrimSpace(l) != checksTableHeader {
			continue
		}
		end = i + 1
		for end < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[end]), "|") {
			end++
		}
		return i, end, true
	}
	return 0, 0, false
}

// statementTableProblem says how the statement's table of checks differs
// from the checks, or "" when it does not.
func statementTableProblem(ex *Exercise) string {
	lines := strings.Split(ex.Statement, "\n")
	start, end, ok := findChecksTable(lines)
	if !ok {
		return fmt.Sprintf("no table of checks: add one under a line %q, or let grader verify --update write it", checksTableHeader)
	}
	want := checksTable(ex)
	got := lines[start:end]
	for i := range max(len(got), len(want)) {
		line := start + i + 1
		switch {
		case i >= len(got):
			return fmt.Sprintf("the table of checks (line %d) lacks the row %q: run grader verify --update", start+1, want[i])
		case i >= len(want):
			return fmt.Sprintf("line %d: the table of checks has the row %q, which is no check of exercise.toml: run grader verify --update", line, got[i])
		case strings.TrimSpace(got[i]) != want[i]:
			return fmt.Sprintf("line %d: the table of checks has %q where the checks give %q: run grader verify --update", line, strings.TrimSpace(got[i]), want[i])
		}
	}
	return ""
}

// withChecksTable returns the statement with its table of checks rewritten
// from the checks; a statement without one gets it at its end, under a
// heading.
func withChecksTable(ex *Exercise, statement string) string {
	lines := strings.Split(statement, "\n")
	start, end, ok := findChecksTable(lines)
	if !ok {
		text := strings.TrimRight(statement, "\n")
		if text != "" {
			text += "\n\n"
		}
		return text + "## What is checked\n\n" + strings.Join(checksTable(ex), "\n") + "\n"
	}
	out := append([]string{}, lines[:start]...)
	out = append(out, checksTable(ex)...)
	out = append(out, lines[end:]...)
	return strings.Join(out, "\n")
}
