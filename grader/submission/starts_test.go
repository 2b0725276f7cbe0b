package submission

import "testing"

// TestErrorLine: the line quoted for a program that does not start is the
// one that explains it, with the line of the program at fault, as each
// interpreter words it.
func TestErrorLine(t *testing.T) {
	for _, tt := range []struct{ name, out, path, want string }{
		{"python", "  File \"w/sol.py\", line 5\n    for r in range(n):\n                      ^\nIndentationError: unindent does not match any outer indentation level\n",
			"w/sol.py", "IndentationError: unindent does not match any outer indentation level (line 5)"},
		{"node", "sol.js:2\n  return 1\n         ^\n\nSyntaxError: Unexpected number\n    at wrapSafe (node:internal/modules/cjs/loader:1464:18)\n\nNode.js v20.20.2\n",
			"sol.js", "SyntaxError: Unexpected number (line 2)"},
		{"dash", "sol.sh: 3: Syntax error: end of file unexpected (expecting \"fi\")\n",
			"sol.sh", `Syntax error: end of file unexpected (expecting "fi") (line 3)`},
		{"bash", "sol.sh: line 3: syntax error: unexpected end of file\n",
			"sol.sh", "syntax error: unexpected end of file (line 3)"},
		{"ruby", "sol.rb:2: syntax error, unexpected end-of-input\n",
			"sol.rb", "syntax error, unexpected end-of-input (line 2)"},
		{"no line", "something odd\n", "sol.sh", "something odd"},
	} {
		if got := ErrorLine(tt.out, tt.path); got != tt.want {
			t.Errorf("%s: errorLine = %q; want %q", tt.name, got, tt.want)
		}
	}
}
