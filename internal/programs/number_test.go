package programs

import (
	"math"
	"testing"
)

func TestParseNumber(t *testing.T) {
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"4", 4, true},
		{"+4", 4, true},
		{"04", 4, true},
		{" 4\t", 4, true},
		{"-3", -3, true},
		{"-0", 0, true},
		{"1_000", 1000, true},
		{"99999999999999999999", math.MaxInt, true},
		{"-99999999999999999999", math.MinInt, true},
		{"9223372036854775807", math.MaxInt, true},
		{"", 0, false},
		{" ", 0, false},
		{"abc", 0, false},
		{"4.5", 0, false},
		{"4 5", 0, false},
		{"0x10", 0, false},
		{"+", 0, false},
		{"--4", 0, false},
		{"_4", 0, false},
		{"4_", 0, false},
		{"4__0", 0, false},
		{"４", 0, false}, // a full-width digit: Python takes it, we do not
	}
	for _, tt := range tests {
		got, ok := parseNumber(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseNumber(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
