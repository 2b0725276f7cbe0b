package render

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/boardcheck/boardcheck/grader/report"
)

// TestReadJSONRoundTrip reads every fixture's JSON report back: rendered
// again, it is the same JSON, byte for byte, and in JUnit, TAP and
// Gradescope it renders as the report it came from. Output that is not
// UTF-8 is the one thing JSON cannot carry (it reads back as U+FFFD, which
// encoding/json writes raw where it wrote \ufffd for the bad byte), so the
// fixtures holding such bytes are compared as decoded JSON values only.
func TestReadJSONRoundTrip(t *testing.T) {
	renderEach(t, renderJSON, func(t *testing.T, r *report.Report, buf *bytes.Buffer) {
		back, err := ReadJSON(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		if err := renderJSON(&again, back, Options{}); err != nil {
			t.Fatal(err)
		}
		var a, b any
		if json.Unmarshal(again.Bytes(), &a) != nil || json.Unmarshal(buf.Bytes(), &b) != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("the report read back renders other JSON:\n%s\nwant\n%s", again.String(), buf.String())
		}
		if !validUTF8(r) {
			return
		}
		if again.String() != buf.String() {
			t.Errorf("the report read back renders the same JSON in other bytes:\n%s\nwant\n%s", again.String(), buf.String())
		}
		for _, format := range []string{"junit", "tap", "gradescope"} {
			f, _ := Lookup(format)
			var want, got bytes.Buffer
			if err := f.Render(&want, r, Options{}); err != nil {
				t.Fatal(err)
			}
			if err := f.Render(&got, back, Options{}); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%s of the report read back:\n%s\nwant\n%s", format, got.String(), want.String())
			}
		}
	})
}

// validUTF8 reports whether every text a run of r captured is UTF-8.
func validUTF8(r *report.Report) bool {
	for _, c := range r.Checks {
		for _, run := range c.Runs {
			if !utf8.ValidString(run.Stdout + run.Stderr + run.Stdin) {
				return false
			}
		}
	}
	return true
}

func TestReadJSONRefuses(t *testing.T) {
	for _, tt := range []struct{ doc, want string }{
		{`{"version": 2, "exercise": "nqueens"}`, "version 2, written by a newer grader"},
		{`[1, 2]`, "not a grader report"},
	} {
		if _, err := ReadJSON([]byte(tt.doc)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadJSON(%s): error %v; want one saying %q", tt.doc, err, tt.want)
		}
	}
}
