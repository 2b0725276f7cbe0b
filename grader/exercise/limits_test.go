package exercise

import (
	"strings"
	"testing"

	"github.com/boardcheck/boardcheck/grader/sandbox"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  string
	}{
		{"512MiB", 512 << 20, ""},
		{"16MiB", 16 << 20, ""},
		{"1GiB", 1 << 30, ""},
		{"100KiB", 100 << 10, ""},
		{"4096", 4096, ""},
		{" 64 MiB ", 64 << 20, ""},
		{"1MB", 1000000, ""},
		{"", 0, "empty"},
		{"MiB", 0, "want a whole number"},
		{"1.5GiB", 0, "want a whole number"},
		{"12 parsecs", 0, "want a whole number"},
		{"0", 0, "more than zero"},
		{"-5MiB", 0, "more than zero"},
		{"99999999999GiB", 0, "too large"},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParseSize(%q) error = %v; want one containing %q", tt.in, err, tt.err)
		}
	}
	for _, n := range []int64{512 << 20, 16 << 20, 1 << 30, 100 << 10} {
		if back, err := ParseSize(strings.ReplaceAll(sandbox.FormatSize(n), " ", "")); err != nil || back != n {
			t.Errorf("ParseSize(FormatSize(%d) = %q) = %d, %v; want %d", n, sandbox.FormatSize(n), back, err, n)
		}
	}
}
