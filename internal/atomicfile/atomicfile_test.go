package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLongNames: a file whose name is as long as the folder allows is
// written, and leaves no temporary file behind; before, its temporary name
// (".NAME.tmp-NNN") was too long, and the write failed with "file name too
// long".
func TestLongNames(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{
		strings.Repeat("a", 255),
		strings.Repeat("a", 240) + ".html",
		strings.Repeat("é", 127) + "x", // two bytes a character: cut at a character's start
		"short.json",
	} {
		path := filepath.Join(dir, name)
		if err := Write(path, []byte("data")); err != nil {
			t.Fatalf("Write(%d-byte name): %v", len(name), err)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != "data" {
			t.Errorf("%d-byte name: read %q, %v; want \"data\"", len(name), got, err)
		}
		prefix := TempPrefix(name)
		if len(name) > shortName && len(prefix)+10 > len(name) {
			t.Errorf("TempPrefix(%d-byte name) is %d bytes: with its 10 digits, longer than the name", len(name), len(prefix))
		}
		if !utf8.ValidString(prefix) {
			t.Errorf("TempPrefix(%q) = %q: cut inside a character", name, prefix)
		}
		if !strings.HasPrefix(prefix, ".") || !strings.HasSuffix(prefix, ".tmp-") {
			t.Errorf("TempPrefix(%q) = %q: want .NAME.tmp-, which a reader tells from finished files", name, prefix)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left %s behind", e.Name())
		}
	}
}
