package main

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseTour(t *testing.T) {
	tests := []struct {
		text    string
		want    string // fmt's %v of the rows
		wantErr string
	}{
		{" 0 3\n 2  1\n", "[[0 3] [2 1]]", ""},
		{"0 3\r\n\n2 1", "[[0 3] [2 1]]", ""},
		{"", "[]", ""},
		{"0 1\n2 x3\n", "", `line 2: "x3" is not a move number`},
		{"0 -1\n", "", `line 1: "-1" is not a move number`},
	}
	for _, tt := range tests {
		rows, err := parseTour([]byte(tt.text))
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("parseTour(%q): got error %v; want %q", tt.text, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseTour(%q): %v", tt.text, err)
			continue
		}
		if got := fmt.Sprint(rows); got != tt.want && !(tt.want == "[]" && len(rows) == 0) {
			t.Errorf("parseTour(%q) = %s; want %s", tt.text, got, tt.want)
		}
	}
}
