package puzzle

import (
	"fmt"
	"strconv"
	"strings"
)

// Expr is a whole-number expression of a program's arguments, as a
// manifest sizes a puzzle by them: "N", "2*N-2", "ROWS", "N+1". It has
// whole numbers, argument names, + - * and parentheses.
type Expr struct {
	text string
	root *node
}

type node struct {
	op          byte // 0 for a leaf; '+', '-', '*'
	value       int
	name        string
	left, right *node
}

// ParseExpr reads an expression; names are the argument names it may use.
func ParseExpr(text string, names []string) (Expr, error) {
	p := &exprParser{text: text, names: names}
	p.space()
	if p.i == len(p.text) {
		return Expr{}, fmt.Errorf("%q: an empty expression", text)
	}
	n, err := p.sum()
	if err != nil {
		return Expr{}, fmt.Errorf("%q: %w", text, err)
	}
	if p.i < len(p.text) {
		return Expr{}, fmt.Errorf("%q: unexpected %q at column %d", text, p.text[p.i:p.i+1], p.i+1)
	}
	return Expr{text: strings.TrimSpace(text), root: n}, nil
}

// String is the expression as written.
func (e Expr) String() string { return e.text }

// IsZero reports whether e was never set.
func (e Expr) IsZero() bool { return e.root == nil }

// Eval computes e with the arguments' values.
func (e Expr) Eval(values map[string]int) int { return e.root.eval(values) }

func (n *node) eval(values map[string]int) int {
	switch n.op {
	case '+':
		return n.left.eval(values) + n.right.eval(values)
	case '-':
		return n.left.eval(values) - n.right.eval(values)
	case '*':
		return n.left.eval(values) * n.right.eval(values)
	}
	if n.name != "" {
		return values[n.name]
	}
	return n.value
}

type exprParser struct {
	text  string
	i     int
	names []string
	depth int
}

func (p *exprParser) space() {
	for p.i < len(p.text) && p.text[p.i] == ' ' {
		p.i++
	}
}

func (p *exprParser) sum() (*node, error) {
	left, err := p.product()
	for err == nil && p.i < len(p.text) && (p.text[p.i] == '+' || p.text[p.i] == '-') {
		op := p.text[p.i]
		p.i++
		p.space()
		var right *node
		if right, err = p.product(); err == nil {
			left = &node{op: op, left: left, right: right}
		}
	}
	return left, err
}

func (p *exprParser) product() (*node, error) {
	left, err := p.atom()
	for err == nil && p.i < len(p.text) && p.text[p.i] == '*' {
		p.i++
		p.space()
		var right *node
		if right, err = p.atom(); err == nil {
			left = &node{op: '*', left: left, right: right}
		}
	}
	return left, err
}

func (p *exprParser) atom() (*node, error) {
	if p.i >= len(p.text) {
		return nil, fmt.Errorf("the expression ends too early")
	}
	defer p.space()
	switch ch := p.text[p.i]; {
	case ch == '(':
		if p.depth++; p.depth > 16 {
			return nil, fmt.Errorf("parentheses nested too deeply")
		}
		p.i++
		p.space()
		n, err := p.sum()
		if err != nil {
			return nil, err
		}
		if p.i >= len(p.text) || p.text[p.i] != ')' {
			return nil, fmt.Errorf("a ( without its )")
		}
		p.i++
		p.depth--
		return n, nil
	case ch >= '0' && ch <= '9':
		j := p.i
		for j < len(p.text) && p.text[j] >= '0' && p.text[j] <= '9' {
			j++
		}
		v, err := strconv.Atoi(p.text[p.i:j])
		if err != nil || v > 1<<20 {
			return nil, fmt.Errorf("%s is too big", p.text[p.i:j])
		}
		p.i = j
		return &node{value: v}, nil
	case isNameByte(ch):
		j := p.i
		for j < len(p.text) && isNameByte(p.text[j]) {
			j++
		}
		name := p.text[p.i:j]
		found := false
		for _, n := range p.names {
			found = found || n == name
		}
		if !found {
			return nil, fmt.Errorf("%s is no argument of the program (its arguments: %s)", name, strings.Join(p.names, ", "))
		}
		p.i = j
		return &node{name: name}, nil
	}
	return nil, fmt.Errorf("unexpected %q at column %d", p.text[p.i:p.i+1], p.i+1)
}

func isNameByte(ch byte) bool {
	return ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch == '_' || ch >= '0' && ch <= '9'
}
