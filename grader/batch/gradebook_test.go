package batch

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Shard
		err  bool
	}{
		{"1/1", Shard{1, 1}, false},
		{"2/4", Shard{2, 4}, false},
		{"4/4", Shard{4, 4}, false},
		{"0/4", Shard{}, true},
		{"5/4", Shard{}, true},
		{"1/0", Shard{}, true},
		{"2", Shard{}, true},
		{"a/b", Shard{}, true},
	} {
		got, err := ParseShard(tt.in)
		if (err != nil) != tt.err || (err == nil && got != tt.want) {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// TestShardsPartition: the N shards hold every student once.
func TestShardsPartition(t *testing.T) {
	var class []Student
	for i := range 23 {
		class = append(class, Student{Name: fmt.Sprintf("s%02d", i)})
	}
	for n := 1; n <= 5; n++ {
		seen := map[string]int{}
		for k := 1; k <= n; k++ {
			part := Shard{k, n}.Select(class)
			if len(part) < 23/n || len(part) > 23/n+1 {
				t.Errorf("shard %d/%d holds %d students; want %d or %d", k, n, len(part), 23/n, 23/n+1)
			}
			for _, s := range part {
				seen[s.Name]++
			}
		}
		for _, s := range class {
			if seen[s.Name] != 1 {
				t.Errorf("N=%d: %s is in %d shards; want 1", n, s.Name, seen[s.Name])
			}
		}
	}
}

func TestStudents(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"zoe.py", "adam.c", ".hidden.py", "mia/sol.py", "mia/readme.md", "noah/a.py", "noah/b.js", "olga/notes.txt", "out/gradebook.csv",
		"lena/main.go", "lena/board.go", "pia/__main__.py", "pia/board.py", "rui/a.py", "rui/b.py", "sam/main.c", "sam/board.h"} {
		write(t, filepath.Join(dir, f), "x")
	}
	got, err := Students(dir, "", filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"adam adam.c ",
		// One program of several files: the folder is the submission.
		"lena lena ",
		"mia mia/sol.py ",
		"noah  the folder holds 2 programs: a.py, b.js; the instructor's --pattern must pick one",
		"olga  the folder holds no program (a file ending in .c, .cpp, .go, .java, .js, .py, .rb, .sh)",
		"pia pia ",
		// Python files without a __main__.py are no package to run.
		"rui  the folder holds 2 programs: a.py, b.py; the instructor's --pattern must pick one",
		// A C file and its header: the folder, whose header the file
		// alone would not see.
		"sam sam ",
		"zoe zoe.py ",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d students %v; want %d", len(got), got, len(want))
	}
	for i, s := range got {
		rel, _ := filepath.Rel(dir, s.Path)
		if s.Path == "" {
			rel = ""
		}
		if line := s.Name + " " + filepath.ToSlash(rel) + " " + s.Problem; line != want[i] {
			t.Errorf("student %d: got %q; want %q", i, line, want[i])
		}
	}
	if got, _ := Students(dir, "*.js", ""); got[3].Path != filepath.Join(dir, "noah", "b.js") {
		t.Errorf("--pattern *.js picked %q for noah", got[2].Path)
	}
	// Entries that would be one student make that student's problem,
	// not the class's: the others are still listed.
	write(t, filepath.Join(dir, "zoe.c"), "x")
	write(t, filepath.Join(dir, "mia.sh"), "x")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, "paul.py")); err != nil {
		t.Fatal(err)
	}
	got, err = Students(dir, "", filepath.Join(dir, "out"))
	if err != nil {
		t.Fatalf("zoe.c beside zoe.py: %v; want zoe's problem", err)
	}
	problems := map[string]string{}
	for _, s := range got {
		problems[s.Name] = s.Problem
		if s.Problem != "" && s.Path != "" {
			t.Errorf("%s: a problem and a submission %s", s.Name, s.Path)
		}
	}
	for name, want := range map[string]string{
		"adam": "",
		"mia":  "mia and mia.sh would both be student mia: the instructor must rename one of them, or keep the submission in one folder",
		"paul": "paul.py is a link to " + Spell(filepath.Join(dir, "nowhere")) + ", which does not exist: hand in the file itself",
		"zoe":  "zoe.c and zoe.py would both be student zoe: the instructor must rename one of them, or keep the submission in one folder",
	} {
		if problems[name] != want {
			t.Errorf("%s: got problem %q; want %q", name, problems[name], want)
		}
	}
	if len(got) != 10 {
		t.Errorf("got %d students; want adam, lena, mia, noah, olga, paul, pia, rui, sam, zoe", len(got))
	}
}

// TestStudentsLinks: a class entry that is a link is refused and named,
// wherever it leads (issue 29): mallory.py -> alice/prog.py, as root, was
// graded as mallory's, past alice's closed folder.
func TestStudentsLinks(t *testing.T) {
	dir := t.TempDir()
	class := filepath.Join(dir, "class")
	for _, f := range []string{"class/alice/prog.py", "class/bob.py", "homes/eve/hw/prog.py"} {
		write(t, filepath.Join(dir, f), "x")
	}
	for link, target := range map[string]string{"class/mallory.py": "alice/prog.py", "class/eve": "../homes/eve/hw"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Students(class, "", "")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"alice alice/prog.py ",
		"bob bob.py ",
		"eve  eve is a link to ../homes/eve/hw: hand in the folder itself",
		"mallory  mallory.py is a link to alice/prog.py: hand in the file itself",
	}
	if len(got) != len(want) {
		t.Fatalf("got %d students %v; want %d", len(got), got, len(want))
	}
	for i, s := range got {
		rel, _ := filepath.Rel(class, s.Path)
		if s.Path == "" {
			rel = ""
		}
		if line := s.Name + " " + filepath.ToSlash(rel) + " " + s.Problem; line != want[i] {
			t.Errorf("student %d: got %q; want %q", i, line, want[i])
		}
	}
}

// TestGradebookCSV: RFC 4180 as encoding/csv reads it back, CRLF line ends,
// sorted, each name as it is spelt, failed and skipped checks apart.
func TestGradebookCSV(t *testing.T) {
	rows := []Row{
		{Student: "zed", Score: 1, MaxScore: 3, FailedChecks: []string{"count"}, SkippedChecks: []string{"n4"},
			Checks: []CheckCell{{Name: "usage", Status: "pass", Score: 1}, {Name: "count", Status: "fail", Score: 0}, {Name: "n4", Status: "skip", Score: 0}}},
		{Student: `ann, "the" best`, Score: 3, MaxScore: 3, Passed: true,
			Checks: []CheckCell{{Name: "usage", Status: "pass", Score: 1}, {Name: "n4", Status: "pass", Score: 2}}}, // --run n4: no count
		{Student: Spell("=HYPERLINK(1)"), Score: 0, MaxScore: 3, FailedChecks: []string{"submission"}, SkippedChecks: []string{"usage", "count", "n4"},
			Checks: []CheckCell{{Name: "submission", Status: "fail", Score: 0}, {Name: "usage", Status: "skip", Score: 0}, {Name: "count", Status: "skip", Score: 0}, {Name: "n4", Status: "skip", Score: 0}}},
	}
	data := Gradebook(rows)
	if !strings.HasSuffix(string(data), "\r\n") || strings.Count(string(data), "\r\n") != 4 {
		t.Errorf("want 4 CRLF-ended lines:\n%q", data)
	}
	recs, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		append(GradebookHeader, "usage", "count", "n4"),
		{`\x3dHYPERLINK(1)`, "0", "3", "false", "submission", "usage count n4", "0", "0", "0"},
		{`ann, "the" best`, "3", "3", "true", "", "", "1", "", "2"},
		{"zed", "1", "3", "false", "count", "n4", "1", "0", "0"},
	}
	for i := range want {
		if strings.Join(recs[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: got %q; want %q", i, recs[i], want[i])
		}
	}
}

// TestSpell: one spelling of a name, printable UTF-8, with no character a
// spreadsheet would start a formula with, and names that differ spelt
// apart, a typed-out escape too (=bob and \x3dbob were one student).
func TestSpell(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"alice", "alice"},
		{"josé", "josé"},
		{"0042", "0042"},
		{"inv\xff\xfe", `inv\xff\xfe`},
		{"line\nbreak", `line\nbreak`},
		{"\r=2+2", `\r=2+2`},
		{"=2+2", `\x3d2+2`},
		{"+1", `\x2b1`},
		{"-x", `\x2dx`},
		{"@me", `\x40me`},
		{"a=b", "a=b"},
		{"tab\there", `tab\there`},
		{"x\x01", `x\x01`},
		{"x\x02", `x\x02`},
		{"evil\u202e", `evil\u202e`},
		// A backslash of the name's own, written twice: no name is
		// spelt as another's escape.
		{`\x3dbob`, `\\x3dbob`},
		{`x\x01`, `x\\x01`},
		{`a\b`, `a\\b`},
		{`\`, `\\`},
	} {
		if got := Spell(tt.in); got != tt.want {
			t.Errorf("Spell(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestSpellApart: two names are never spelt alike, whatever escape one of
// them types out of the other's spelling.
func TestSpellApart(t *testing.T) {
	names := []string{"=bob", `\x3dbob`, `\\x3dbob`, "x\x01", `x\x01`, `x\\x01`, "inv\xff", `inv\xff`, "tab\t", `tab\t`,
		"line\nbreak", `line\nbreak`, "evil\u202e", `evil\u202e`, "\U0001F600", `\U0001f600`, `\`, `\\`, "+1", `\x2b1`, "a\\b", `a\b`}
	seen := map[string]string{}
	for _, n := range names {
		s := Spell(n)
		if other, dup := seen[s]; dup && other != n {
			t.Errorf("Spell(%q) = Spell(%q) = %q; want two spellings", n, other, s)
		}
		seen[s] = n
	}
}

// TestReportName: a report's file name fits a file system's 255 bytes
// with its extension, keeps the name where it fits, and tells long names
// apart.
func TestReportName(t *testing.T) {
	long := strings.Repeat("a", 250)
	if got := reportName(long); got != long {
		t.Errorf("reportName(250 bytes) = %d bytes; want the name itself", len(got))
	}
	a, b := reportName(strings.Repeat("é", 200)+"a"), reportName(strings.Repeat("é", 200)+"b")
	if a == b || len(a) > maxReportName || len(b) > maxReportName || !utf8.ValidString(a) {
		t.Errorf("reportName of two long names: %q and %q; want two valid names of at most %d bytes", a, b, maxReportName)
	}
}

func TestSummarize(t *testing.T) {
	s := Summarize([]Row{
		{Student: "a", Score: 3, MaxScore: 3, Passed: true},
		{Student: "b", Score: 1, MaxScore: 3, Checks: []CheckCell{{Name: "count", Status: "fail", Score: 0}}},
		{Student: "c", Score: 0, MaxScore: 3, Checks: []CheckCell{{Name: "submission", Status: "fail", Score: 0}, {Name: "count", Status: "skip", Score: 0}}},
		{Student: "d", Score: 0, MaxScore: 3, Checks: []CheckCell{{Name: "count", Status: "error", Score: 0}, {Name: "usage", Status: "fail", Score: 0}}},
	})
	got := fmt.Sprintf("%d %.2f %d %d %v %v", s.Students, s.MeanScore, s.MaxScore, s.AllPassed, s.Ungradable, s.MostFailed)
	want := "4 1.00 3 1 [c] [{count 2} {submission 1} {usage 1}]"
	if got != want {
		t.Errorf("got %s; want %s", got, want)
	}
}

func TestReadRowRejects(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"half.json":  `{"exercise": "steps", "score": 1`,
		"other.json": `{"name": "x"}`,
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(body), 0o644)
		if _, err := ReadRow(path); err == nil {
			t.Errorf("ReadRow accepted %s", body)
		}
	}
}
