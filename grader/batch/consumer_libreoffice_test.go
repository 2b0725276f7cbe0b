package batch

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// requireConsumers, set to 1 by .ci/run, makes a test whose reader is not
// installed fail rather than skip, as grader/render's consumer tests do.
const requireConsumers = "BOARDCHECK_REQUIRE_CONSUMERS"

// TestGradebookInLibreOffice opens gradebook.xlsx in LibreOffice Calc, as
// an instructor would, and has Calc write the sheet back as CSV with every
// text cell quoted (the CSV filter's option 7). Every cell must come back
// as written and of its kind: each name as text, exactly (not 0042 as 42,
// 2024-01-02 as a date, TRUE as a boolean, \x3d2+2 or a formula's result),
// each score a number, passed a boolean. Before the workbook, Calc read
// gradebook.csv in an 8-bit character set (josé as josÃ©) and turned those
// names into numbers, dates and booleans.
func TestGradebookInLibreOffice(t *testing.T) {
	soffice := ""
	for _, name := range []string{"soffice", "libreoffice"} {
		if p, err := exec.LookPath(name); err == nil {
			soffice = p
			break
		}
	}
	if soffice == "" {
		const install = "apt-get install libreoffice-calc-nogui (Debian's LibreOffice Calc without a display)"
		if os.Getenv(requireConsumers) == "1" {
			t.Fatalf("LibreOffice is not installed, and %s=1 requires it: %s", requireConsumers, install)
		}
		t.Skipf("LibreOffice is not installed: %s (set %s=1 to fail instead)", install, requireConsumers)
	}

	names := []string{"alice", "josé", "日本語", "0042", "2024-01-02", "TRUE", "false", "1e5", "3/4", "50%", "$5", "(1)",
		"=2+2", "\r=2+2", "+1", "-x", "@me", "line\nbreak", "inv\xff\xfe", "x\x01", "tab\there", `quote"d`, "comma,ed", "  spaced"}
	var rows []Row
	for i, n := range names {
		r := Row{Student: Spell(n), Score: i % 4, MaxScore: 3, Passed: i%4 == 3,
			Checks: []CheckCell{{Name: "usage", Status: "pass", Score: min(i%4, 1)}}}
		switch {
		case i%4 == 3:
			r.Checks = append(r.Checks, CheckCell{Name: "count", Status: "pass", Score: 2})
		case i%4 == 0:
			r.Checks[0].Status = "fail"
			r.FailedChecks, r.SkippedChecks = []string{"usage"}, []string{"count"}
			r.Checks = append(r.Checks, CheckCell{Name: "count", Status: "skip"})
		case i%4 == 2:
			// --run usage: count was not run, its cell is empty.
			r.Score, r.MaxScore = 1, 1
		default:
			r.FailedChecks = []string{"count"}
			r.Checks = append(r.Checks, CheckCell{Name: "count", Status: "fail"})
		}
		rows = append(rows, r)
	}
	dir := t.TempDir()
	if err := WriteGradebookXLSX(dir, rows); err != nil {
		t.Fatal(err)
	}

	// A profile of its own: LibreOffice keeps one per user, and two
	// instances on one profile wait for each other.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	out := filepath.Join(dir, "out")
	cmd := exec.CommandContext(ctx, soffice, "-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
		"--headless", "--norestore", "--convert-to",
		// separator ",", text in "", UTF-8 (76), from line 1, ..., quote every text cell, ..., cells as shown
		`csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,false,true`,
		"--outdir", out, filepath.Join(dir, GradebookSheet))
	cmd.Env = append(os.Environ(), "HOME="+dir)
	output, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, output)
	}
	data, err := os.ReadFile(filepath.Join(out, "gradebook.csv"))
	if err != nil {
		t.Fatalf("LibreOffice wrote no CSV: %v\n%s", err, output)
	}

	quote := func(s string) string {
		if s == "" {
			return ""
		}
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	want := []string{`"student","score","max_score","passed","failed_checks","skipped_checks","usage","count"`}
	for _, r := range sortedRows(rows) {
		line := []string{quote(r.Student), strconv.Itoa(r.Score), strconv.Itoa(r.MaxScore), strings.ToUpper(strconv.FormatBool(r.Passed)),
			quote(strings.Join(r.FailedChecks, " ")), quote(strings.Join(r.SkippedChecks, " "))}
		for _, c := range []string{"usage", "count"} {
			if n, ok := r.checkScore(c); ok {
				line = append(line, strconv.Itoa(n))
			} else {
				line = append(line, "")
			}
		}
		want = append(want, strings.Join(line, ","))
	}
	got := strings.Split(strings.TrimRight(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
	if len(got) != len(want) {
		t.Errorf("LibreOffice read %d rows; want %d:\n%s", len(got), len(want), data)
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Errorf("row %d: LibreOffice read\n\t%s\nwant\n\t%s", i+1, got[i], want[i])
		}
	}
}
