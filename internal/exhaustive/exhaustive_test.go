package exhaustive

import (
	"strings"
	"testing"
)

func TestOn(t *testing.T) {
	tests := []struct {
		value   string
		on      bool
		problem string // a phrase of the error; "" for none
	}{
		{"", false, ""},
		{"0", false, ""},
		{"1", true, ""},
		{"yes", false, `BOARDCHECK_EXHAUSTIVE="yes": want 1`},
		{"true", false, `BOARDCHECK_EXHAUSTIVE="true": want 1`},
	}
	for _, tt := range tests {
		t.Setenv(Var, tt.value)
		on, err := On()
		if on != tt.on {
			t.Errorf("%s=%q: On() = %v; want %v", Var, tt.value, on, tt.on)
		}
		switch {
		case tt.problem == "" && err != nil:
			t.Errorf("%s=%q: error %v; want none", Var, tt.value, err)
		case tt.problem != "" && (err == nil || !strings.Contains(err.Error(), tt.problem)):
			t.Errorf("%s=%q: error %v; want one containing %q", Var, tt.value, err, tt.problem)
		}
	}
}
